// Structural validation against the official OpenAPI schemas, using the validators Spectral
// compiles for its own `oas2-schema`/`oas3-schema` rules. Their raw errors are filtered and
// merged here so that each real problem gives one readable finding.
import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { lazyRequire } from '../lib/require.js';
import { atKey, isObject, keyMark, NAMED_MAPS, type Obj } from '../lib/oas.js';
import { refFileOf, sourcesOf, type Sources, type Target } from '../lib/sources.js';
import { quote } from '../lib/fields.js';
import { unescapePointerSegment } from '../lib/pointer.js';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}
type Validator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
type SchemaName = 'oas2_0' | 'oas3_0' | 'oas3_1' | 'oas3_2';

// The compiled validators are one large module: load them on the first lint, not at start-up.
// Deep path: spectral-rulesets has no `exports` map, and its index would load every ruleset.
let validators: Record<SchemaName, Validator> | undefined;
const validator = (name: SchemaName): Validator => {
  validators ??= lazyRequire<Record<SchemaName, Validator>>('@stoplight/spectral-rulesets/dist/oas/schemas/validators.js');
  return validators[name];
};

/**
 * The compiled schemas compare nodes with fast-deep-equal, which calls a node's `toString` or
 * `valueOf` as a method: a document key of that name (a string value) makes it throw. Then the
 * document is validated again as a copy with those keys renamed, and the errors renamed back.
 */
function validationErrors(validate: Validator, root: unknown): AjvError[] {
  try {
    return validate(root) ? [] : (validate.errors ?? []);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    if (validate(withoutShadowingKeys(root))) return [];
    return (validate.errors ?? []).map(e => ({
      ...e,
      instancePath: e.instancePath.split(RENAMED).join(''),
      params: Object.fromEntries(Object.entries(e.params).map(([k, v]) => [k, typeof v === 'string' ? v.split(RENAMED).join('') : v])),
    }));
  }
}

const RENAMED = '\u0000';
const SHADOWING = new Set(['toString', 'valueOf']);

function withoutShadowingKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutShadowingKeys);
  if (!isObject(node)) return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [SHADOWING.has(k) ? RENAMED + k : k, withoutShadowingKeys(v)]));
}

function schemaFor(root: Record<string, unknown>): SchemaName | undefined {
  if (root.swagger !== undefined) return 'oas2_0';
  const version = String(root.openapi);
  if (/^3\.0(?:\.|$)/.test(version)) return 'oas3_0';
  if (/^3\.1(?:\.|$)/.test(version)) return 'oas3_1';
  if (/^3\.2(?:\.|$)/.test(version)) return 'oas3_2';
  return undefined;
}

/** Properties that the specification forbids to use together (the schemas say it with `not`). */
const EXCLUSIVE: readonly (readonly [string, string])[] = [
  ['example', 'examples'], ['schema', 'content'], ['value', 'externalValue'], ['value', 'serializedValue'],
  ['serializedValue', 'externalValue'], ['value', 'dataValue'], ['identifier', 'url'], ['content', 'style'],
  ['content', 'explode'], ['content', 'allowReserved'], ['operationRef', 'operationId'],
];

/** Each error's instance path as segments, read once: collapseAlternatives asks for them again and again. */
const segments = new WeakMap<AjvError, readonly string[]>();
function segmentsOf(e: AjvError): readonly string[] {
  let path = segments.get(e);
  if (path === undefined) segments.set(e, (path = e.instancePath === '' ? [] : e.instancePath.slice(1).split('/').map(unescapePointerSegment)));
  return path;
}
const pathOf = (e: AjvError): string[] => [...segmentsOf(e)];
const isUnder = (path: readonly string[], prefix: readonly string[]) => prefix.every((s, i) => path[i] === s);
/** The longest instance path among `errors`, or `none`: a loop, since a spread of 100,000 errors overflows the call stack. */
const maxDepth = (errors: readonly AjvError[], none: number): number => errors.reduce((max, b) => Math.max(max, segmentsOf(b).length), none);

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const segment of path) node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
  return node;
}

/** Names the node for a message: `"title"`, or `parameters[0]` for a list entry. */
function nodeName(path: readonly string[]): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'The document';
  if (/^\d+$/.test(last)) return `${path[path.length - 2] ?? ''}[${last}]`;
  return `"${last}"`;
}

/** An error the document is not to blame for: inside an extension, or at a `$ref` that the loader resolves. */
function isExcused(root: unknown, e: AjvError): boolean {
  const path = pathOf(e);
  const extra = e.params.additionalProperty ?? e.params.unevaluatedProperty;
  if (typeof extra === 'string') path.push(extra);
  // An `x-` key is an extension unless it is a name in a map (a property or header named `x-…`).
  if (path.some((s, i) => /^x-/i.test(s) && !NAMED_MAPS.has(path[i - 1] ?? ''))) return true;
  // JSON References are resolved wherever they stand (operations, descriptions, path items in
  // multi-file specs, a schema's whole `properties`): the schemas only admit them where a
  // Reference Object may be. An error at a `$ref` object, or inside one, is about the reference.
  if (extra === '$ref') return true;
  let node = root;
  for (const segment of [undefined, ...pathOf(e)]) {
    if (segment !== undefined) node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
    if (isObject(node) && typeof node.$ref === 'string') return true;
  }
  return false;
}

/** Levenshtein distance, for "did you mean" on enum values. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

function suggestion(value: unknown, allowed: unknown[]): string {
  if (typeof value !== 'string') return '';
  const best = allowed
    .filter((v): v is string => typeof v === 'string')
    .map(v => ({ v, d: distance(value.toLowerCase(), v.toLowerCase()) }))
    .sort((x, y) => x.d - y.d)[0];
  return best && best.d < best.v.length ? ` Did you mean "${best.v}"?` : '';
}

interface Problem {
  message: string;
  path: JsonPath;
}

function describe(root: unknown, e: AjvError): Problem {
  const path: JsonPath = pathOf(e);
  const name = nodeName(pathOf(e));
  const raw = (e.message ?? '').replace(/NOT/g, 'not').replace(/'/g, '"');
  switch (e.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const extra = String(e.params.additionalProperty ?? e.params.unevaluatedProperty);
      return { message: `Property "${extra}" is not allowed here.`, path: atKey([...path, extra]) };
    }
    case 'required':
      return { message: `${name} is missing the required property "${String(e.params.missingProperty)}".`, path };
    case 'enum': {
      const allowed = (e.params.allowedValues as unknown[]) ?? [];
      const list = allowed.map(v => JSON.stringify(v)).join(', ');
      if (allowed.length === 1) return { message: `${name} must be ${list}.`, path };
      return { message: `${name} must be one of ${list}.${suggestion(valueAt(root, path as string[]), allowed)}`, path };
    }
    case 'const':
      return { message: `${name} must be ${JSON.stringify(e.params.allowedValue)}.`, path };
    case 'not': {
      const node = valueAt(root, path as string[]);
      const pair = isObject(node) ? EXCLUSIVE.find(([a, b]) => a in node && b in node) : undefined;
      if (pair) return { message: `${name} must not have both "${pair[0]}" and "${pair[1]}".`, path };
      return { message: `${name} is not allowed in this form.`, path };
    }
    case 'errorMessage': {
      const inner = (Array.isArray(e.params.errors) ? (e.params.errors as AjvError[]) : []).map(pathOf);
      const common = inner.reduce((a, b) => a.filter((s, i) => b[i] === s), inner[0] ?? []);
      return { message: ensureStop(String(e.message)), path: common.length > path.length ? common : path };
    }
    case 'format': {
      const value = valueAt(root, path as string[]);
      const shown = typeof value === 'string' ? ` (it is ${quote(value)})` : '';
      return { message: `${name} must match format "${String(e.params.format)}"${shown}.`, path };
    }
    case 'uniqueItems':
      return { message: `${name} must not have duplicate items (items ${String(e.params.j)} and ${String(e.params.i)} are identical).`, path };
    case 'oneOf':
      return { message: `${name} matches more than one of the allowed forms: make it match exactly one.`, path };
    case 'anyOf':
      return { message: `${name} matches none of the allowed forms.`, path };
    default:
      return { message: ensureStop(`${name} ${raw}`), path };
  }
}

/**
 * A summary error ("Invalid security securityDefinitions") in place of the errors it wraps, when
 * each of those, after their alternatives are collapsed, names a value below the summarized node:
 * they say what is wrong and point at it. Otherwise the summary stays.
 */
function unwrap(root: unknown, e: AjvError): AjvError[] {
  if (e.keyword !== 'errorMessage' || !Array.isArray(e.params.errors)) return [e];
  const causes = collapseAlternatives(root, e.params.errors as AjvError[]);
  const depth = segmentsOf(e).length;
  return causes.length > 0 && causes.every(c => c.keyword !== 'errorMessage' && segmentsOf(c).length > depth) ? causes : [e];
}

const ensureStop = (message: string) => (/[.?!]$/.test(message) ? message : `${message}.`);

/**
 * A failed `oneOf`/`anyOf` comes after the errors of each of its branches, all at or below its
 * own instance. One branch error says more than the list: take the deepest one, skipping
 * branch-selection mismatches (`in: query` against the header branch) while others remain. Among
 * the deepest, the one most branches report: an unknown key in a 2.0 query parameter fails every
 * branch, while "missing schema" comes from the body branch alone.
 */
const keyOf = (b: AjvError) => `${b.instancePath}\u0000${b.keyword}\u0000${JSON.stringify(b.params)}`;

function collapseAlternatives(root: unknown, errors: AjvError[]): AjvError[] {
  const out: AjvError[] = [];
  for (const e of errors) {
    if (e.keyword !== 'oneOf' && e.keyword !== 'anyOf') {
      out.push(e);
      continue;
    }
    const at = segmentsOf(e);
    let start = out.length;
    while (start > 0 && isUnder(segmentsOf(out[start - 1]!), at)) start--;
    const branch = out.splice(start);
    const isSelector = (b: AjvError) => {
      const allowed = b.keyword === 'enum' ? (b.params.allowedValues as unknown[]) : b.keyword === 'const' ? [b.params.allowedValue] : [];
      return allowed.length === 1 && typeof valueAt(root, segmentsOf(b)) === 'string';
    };
    const telling = branch.filter(b => !isSelector(b));
    const selectors = branch.filter(isSelector);
    // A value that selects the branch (`flow`, `type`) and that no branch accepts is the fault
    // when the other errors stand above it and none of them comes from every branch (an error
    // reported more often than branches were ruled out by a selector comes from the branch
    // the author meant too). Reported with every value the branches allow, at the selector that
    // most branches check.
    const tellingDepth = maxDepth(telling, -1);
    const selectorDepth = maxDepth(selectors, -1);
    const counts = new Map<string, number>();
    let mostCounted = 0;
    for (const b of telling) {
      const key = keyOf(b);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      mostCounted = Math.max(mostCounted, count);
    }
    if (selectorDepth > tellingDepth && mostCounted <= selectors.length) {
      const byPath = new Map<string, AjvError[]>();
      for (const b of selectors) {
        const group = byPath.get(b.instancePath);
        if (group) group.push(b);
        else byPath.set(b.instancePath, [b]);
      }
      const [instancePath, group] = [...byPath].reduce((a, b) => (b[1].length > a[1].length ? b : a));
      const allowedValues = [...new Set(group.flatMap(b => (b.keyword === 'enum' ? (b.params.allowedValues as unknown[]) : [b.params.allowedValue])))];
      out.push({ instancePath, keyword: 'enum', params: { allowedValues } });
      continue;
    }
    const candidates = telling.length > 0 ? telling : branch;
    const depth = maxDepth(candidates, -Infinity);
    const deepest = candidates.filter(b => segmentsOf(b).length === depth);
    const reports = new Map<string, number>();
    for (const b of deepest) reports.set(keyOf(b), (reports.get(keyOf(b)) ?? 0) + 1);
    const best = deepest.reduce<AjvError | undefined>((a, b) => (a && reports.get(keyOf(a))! >= reports.get(keyOf(b))! ? a : b), undefined);
    out.push(best ?? e);
  }
  return out;
}

/** Deepest a document with other files' content in place of their `$ref`s is built (odd input). */
const MAX_INLINED_DEPTH = 1000;

interface Bundle {
  root: unknown;
  /** Where each node put in place of a `$ref` to another file is written. */
  origins: Map<object, Target>;
}

/**
 * The document with the content of other files in place of the `$ref`s that lead there: what the
 * schema validates is then the API as its files spell it together. Each target is put in once, at
 * its first use (where the schema knows what it is); a `$ref` within a file stays a Reference
 * Object, which the schemas accept where one may stand. Undefined where no `$ref` leads to a file.
 */
function withFiles(root: Obj, sources: Sources): Bundle | undefined {
  const origins = new Map<object, Target>();
  const taken = new Set<unknown>();
  // Whether a ref leads to another file, by the file that holds it and its text (many refs repeat).
  const toFile = new Map<string, boolean>();
  const leadsToFile = (file: string, ref: string): boolean => {
    const key = `${file}\u0000${ref}`;
    let known = toFile.get(key);
    if (known === undefined) toFile.set(key, (known = !ref.startsWith('#') && refFileOf(file, ref) !== null));
    return known;
  };
  const visit = (node: unknown, file: string, depth: number): unknown => {
    if (depth > MAX_INLINED_DEPTH || node === null || typeof node !== 'object') return node;
    const ref = Array.isArray(node) ? undefined : (node as Obj).$ref;
    if (typeof ref === 'string' && leadsToFile(file, ref)) {
      const target = sources.target(file, node);
      if (target === undefined || target.node === null || typeof target.node !== 'object' || taken.has(target.node)) return node;
      taken.add(target.node);
      const content = visit(target.node, target.file, depth + 1) as object;
      origins.set(content, target);
      return content;
    }
    let copy: Obj | unknown[] | undefined;
    for (const key of Object.keys(node)) {
      const value = (node as Obj)[key];
      const seen = visit(value, file, depth + 1);
      if (seen === value) continue;
      copy ??= Array.isArray(node) ? [...node] : { ...(node as Obj) };
      (copy as Obj)[key] = seen;
    }
    return copy ?? node;
  };
  const bundled = visit(root, sources.start().file, 0);
  return origins.size === 0 ? undefined : { root: bundled, origins };
}

/** A path in the bundle as the rule reports it: in the document, or marked in the file that writes the node. */
function writtenPath(bundle: Bundle, sources: Sources, path: JsonPath): JsonPath {
  const marked = keyMark(path[path.length - 1]) !== undefined;
  const steps = marked ? path.slice(0, -1) : path;
  let node: unknown = bundle.root;
  let file = sources.start().file;
  let base: JsonPath = [];
  let from = 0;
  steps.forEach((segment, i) => {
    node = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[segment] : undefined;
    const origin = node !== null && typeof node === 'object' ? bundle.origins.get(node) : undefined;
    if (origin) [file, base, from] = [origin.file, origin.path, i + 1];
  });
  return sources.pathOf(file, [...base, ...steps.slice(from), ...(marked ? [path[path.length - 1]!] : [])]);
}

export default defineRule({
  id: 'openapi-valid',
  severity: 'error',
  ref: '1.3',
  zalando: [101],
  description: 'The document is valid OpenAPI 2.0, 3.0, 3.1 or 3.2 against the official schema.',
  rationale:
    'The interface is documented by an API specification written in OpenAPI (guideline 1, item 3). A document that does not follow the OpenAPI schema breaks code generators, documentation portals and gateways, and every other check reads it on shaky ground. JSON References (`$ref`) are accepted wherever they stand, since tools resolve them before reading the document. Content in other files is validated where the document uses it (a path item, a schema, a response), once, at its first use, and reported in its own file.',
  examples: {
    incorrect: 'openapi: 3.0.3\ninfo:\n  title: Orders\npaths:\n  /orders:\n    get:\n      parameters:\n        - name: limit\n          in: quer\n      responses:\n        "200": {description: OK}',
    correct: 'openapi: 3.0.3\ninfo:\n  title: Orders\n  version: 1.0.0\npaths:\n  /orders:\n    get:\n      parameters:\n        - name: limit\n          in: query\n          schema: {type: integer, format: int32}\n      responses:\n        "200": {description: OK}',
  },
  given: '$',
  // The schemas check the document as written, `$ref`s included; resolving would also inline cycles.
  resolved: false,
  check(document, _options, context) {
    if (!isObject(document)) return;
    const name = schemaFor(document);
    if (!name) {
      return [{ message: `OpenAPI version "${String(document.openapi).slice(0, 20)}" is not known: use 2.0, 3.0.x, 3.1.x or 3.2.x.`, path: ['openapi'] }];
    }
    const inventory = context.documentInventory as unknown as { resolved: unknown; referencedDocuments: Record<string, unknown> };
    const sources = isObject(inventory.resolved) && Object.keys(inventory.referencedDocuments).length > 0 ? sourcesOf(inventory.resolved) : undefined;
    const bundle = sources && withFiles(document, sources);
    const root = bundle?.root ?? document;
    const errors = validationErrors(validator(name), root);
    if (errors.length === 0) return;
    // `if` errors only repeat that a `then`/`else` branch failed; that branch reports the cause.
    const relevant = errors.filter(e => e.keyword !== 'if');
    const seen = new Set<string>();
    const problems: Problem[] = [];
    for (const e of collapseAlternatives(root, relevant).flatMap(error => unwrap(root, error))) {
      if (isExcused(root, e)) continue;
      const described = describe(root, e);
      const problem = bundle && sources ? { ...described, path: writtenPath(bundle, sources, described.path) } : described;
      const key = JSON.stringify(problem);
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
    }
    return problems;
  },
});
