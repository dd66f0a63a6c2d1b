// One walk over every schema of a document, shared by all schema rules and cached per document.
// It runs on the `$ref`-resolved document, where a shared `$ref` target is one object reached from
// several places: tracking object identity visits each schema once, and Spectral maps the first
// path that reached it back to the schema's own file and line. Rules then iterate plain arrays
// instead of each running its own `$..` scan.
import { pointerToPath } from '@stoplight/json';
import type { JsonPath } from '@stoplight/types';
import { HTTP_METHODS, isExtensionKey, isObject, isOas2, pathItemEntries, type Obj } from './oas.js';
import { isEventType, isOpenApi } from '../formats.js';
import { firstSight } from './remember.js';
import { refsAllLocal, sourcesOf, type Sources, type Written } from './sources.js';

export type SchemaOrigin = 'component' | 'parameter' | 'header' | 'request' | 'response' | 'event';

export interface SchemaNode {
  schema: Obj;
  /** Built when first read: read it for the schemas a rule reports on. */
  readonly jsonPath: JsonPath;
  /** Where the walk first met the schema's tree. */
  origin: SchemaOrigin;
  /** Property name when this schema was first reached as `properties[name]`. */
  name?: string;
  /**
   * A Swagger 2.0 non-body parameter or header: schema-like (`type`, `format`, `items`) but not a
   * Schema Object.
   */
  simple?: boolean;
}

export interface PropertyNode {
  name: string;
  /** The property's schema (resolved). */
  schema: unknown;
  parent: SchemaNode;
  /** JSON path of the property's schema, built when read; `atKey(jsonPath)` reports at the property name. */
  readonly jsonPath: JsonPath;
}

/** The names of each schema's `properties`, by schema (see declaredProperties). */
const declared = new WeakMap<object, ReadonlySet<string>>();
const NONE: ReadonlySet<string> = new Set();

/**
 * The names a schema's `properties` declares, one set per schema: what a property's siblings are
 * asked from. A list per property cost the square of the properties of a schema (11 s for 8,000).
 */
export function declaredProperties(schema: Obj): ReadonlySet<string> {
  if (!isObject(schema.properties)) return NONE;
  let names = declared.get(schema);
  if (!names) declared.set(schema, (names = new Set(Object.keys(schema.properties))));
  return names;
}

export interface SchemaIndex {
  schemas: SchemaNode[];
  /** Every `properties` entry of every schema, once per (schema, name). */
  properties: PropertyNode[];
}

const cache = new WeakMap<object, SchemaIndex>();

export function schemaIndex(root: unknown): SchemaIndex {
  // An object: an OpenAPI document or one event type definition; a list: a file of definitions.
  if (root === null || typeof root !== 'object') return { schemas: [], properties: [] };
  let index = cache.get(root);
  if (!index) {
    index = buildIndex(root as Obj);
    cache.set(root, index);
  }
  return index;
}

// Exported so walks of schemas outside the index (event schemas held as JSON strings) use the same keywords.
export const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
export const SUBSCHEMA_SINGLE = ['additionalProperties', 'not', 'contains', 'if', 'then', 'else', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'] as const;
export const SUBSCHEMA_MAPS = ['patternProperties', 'dependentSchemas', '$defs', 'definitions'] as const;

/** The direct subschemas of one schema (properties, items, combinators, ...): for reachability from particular schemas. */
export function subschemas(schema: Obj): Obj[] {
  const out: Obj[] = [];
  const add = (child: unknown) => {
    if (isObject(child)) out.push(child);
  };
  const map = (key: string) => {
    const value = schema[key];
    if (isObject(value)) Object.values(value).forEach(add);
  };
  map('properties');
  if (Array.isArray(schema.items)) schema.items.forEach(add);
  else add(schema.items);
  for (const key of SUBSCHEMA_SINGLE) add(schema[key]);
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach(add);
  }
  SUBSCHEMA_MAPS.forEach(map);
  return out;
}

/**
 * Every schema reachable from these (nested properties, items, combinators, ...), each once: what
 * a body can carry, whichever of its uses the index met first. In `document` (the resolved one), a
 * `$ref` the resolver left where schemas close a cycle is followed to its target: an enum behind a
 * schema that refers back to its parent is still in the body.
 */
export function reachableSchemas(roots: readonly unknown[], document?: Obj): Set<Obj> {
  const reachable = new Set<Obj>();
  const stack = roots.filter(isObject);
  while (stack.length > 0) {
    const schema = stack.pop()!;
    if (reachable.has(schema)) continue;
    reachable.add(schema);
    if (document !== undefined && typeof schema.$ref === 'string') {
      const target = leftRefTarget(document, schema.$ref, schema);
      if (target !== undefined) stack.push(target);
    }
    // One push at a time: a spread of a schema's 150,000 properties overflows the call stack.
    for (const sub of subschemas(schema)) stack.push(sub);
  }
  return reachable;
}

/**
 * Where a `$ref` the resolver left in `document` (`node`, written `ref`) leads: in a document spread
 * over files, the written target, in whichever file the `$ref` lies in (Sources); where every `$ref`
 * names a component of the document itself (refsAllLocal), the node it names in the resolved
 * document. Undefined for a ref that leads nowhere read, and where apilint's placing does not run.
 */
function leftRefTarget(document: Obj, ref: string, node: Obj): Obj | undefined {
  const sources = sourcesOf(document);
  if (sources !== undefined) {
    const target = sources.leftTarget(node)?.node;
    return isObject(target) ? target : undefined;
  }
  if (!refsAllLocal(document) || !ref.startsWith('#/')) return undefined;
  let path: JsonPath;
  try {
    path = pointerToPath(ref);
  } catch {
    return undefined;
  }
  let at: unknown = document;
  for (const segment of path) at = isObject(at) && Object.prototype.hasOwnProperty.call(at, segment) ? at[segment] : undefined;
  return isObject(at) ? at : undefined;
}

/**
 * A schema of the index, whose path is built when it is first read: from its parent's path and
 * the segments below it. Paths built for every schema cost the square of a nesting: down 490
 * schemas nested one in the next, 250 times over (a 4.5 MB document), they took 2 GB. Rules read
 * the paths of the schemas they report on.
 */
class IndexedSchema implements SchemaNode, PathLink {
  constructor(
    readonly schema: Obj,
    readonly origin: SchemaOrigin,
    /** The schema this one is `tail` below; none where `tail` is the whole path. */
    readonly up: IndexedSchema | undefined,
    readonly tail: JsonPath,
    readonly name: string | undefined,
    readonly simple: boolean | undefined,
  ) {}

  private path: JsonPath | undefined;

  get jsonPath(): JsonPath {
    return (this.path ??= joinedPath(this.up, this.tail));
  }
}

class IndexedProperty implements PropertyNode {
  constructor(
    readonly name: string,
    readonly schema: unknown,
    readonly parent: IndexedSchema,
  ) {}

  get jsonPath(): JsonPath {
    return joinedPath(this.parent, ['properties', this.name]);
  }
}

/** A node whose path is `tail` below `up`'s, or `tail` where there is no `up`. */
export interface PathLink {
  readonly up: PathLink | undefined;
  readonly tail: JsonPath;
}

/**
 * The path of `tail` below `up`, from the tails up to a whole path (not from the parents' own
 * paths: each would be kept). Walks that give every node a path of its own copy the path so far
 * at each level: the square of a nesting.
 */
export function joinedPath(up: PathLink | undefined, tail: JsonPath): JsonPath {
  if (up === undefined) return tail;
  const parts = [tail];
  for (let at: PathLink | undefined = up; at; at = at.up) parts.push(at.tail);
  const path: (string | number)[] = [];
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    for (let j = 0; j < part.length; j++) path.push(part[j]!);
  }
  return path;
}

/** Where a schema of a walk is written, if not where the walk met it (see SchemaHomes). */
export interface Home {
  /** The schema's own path: where it is defined, or where a `$ref` crossed on the way led. */
  path: JsonPath | undefined;
  /** Where the schema is written, for the steps below it; none where nothing below crosses a `$ref`. */
  written: Written | undefined;
}

/**
 * Where the schemas of a document's walks are written. A component schema is given the path where
 * it is defined, however a walk reaches it: placing maps the path of the `$ref` that reached it to
 * the same node, and the path stays as long as the schema's own nesting. Down a chain of n schemas
 * that each refer to the next, each path copied the one before it: n² segments (12,800 schemas
 * took 18 s and 4 GB). Chains that run through other files, or through targets that are no
 * components, are followed in the written documents (Sources): a subschema behind a `$ref` gets
 * the path of the ref's target, in the document or in the file it lies in.
 */
export class SchemaHomes {
  /** Component schemas by their definition, with nothing to follow below them in the written documents. */
  private readonly defined = new Map<object, Home>();
  private readonly sources: Sources | undefined;
  private readonly start: Written | undefined;

  constructor(root: Obj) {
    const components = isObject(root.components) ? root.components : {};
    for (const [map, base] of [[components.schemas, ['components', 'schemas']], [root.definitions, ['definitions']]] as const) {
      if (!isObject(map)) continue;
      for (const [name, schema] of Object.entries(map)) if (isObject(schema) && !this.defined.has(schema)) this.defined.set(schema, { path: [...base, name], written: undefined });
    }
    this.sources = sourcesOf(root);
    this.start = this.sources?.start();
  }

  /** A schema a walk starts from, at `jsonPath` of the document. */
  top(schema: Obj, jsonPath: JsonPath): Home {
    if (this.start === undefined) return this.defined.get(schema) ?? NOWHERE;
    const written = this.sources!.step(this.start, jsonPath);
    return { path: this.defined.get(schema)?.path, written: written && untouched(written, schema) };
  }

  /** A subschema `segments` below a schema written at `written`. */
  below(written: Written | undefined, schema: Obj, segments: JsonPath): Home {
    // Most schemas: nothing below their parent crosses a ref. No object made for them.
    if (written === undefined) return this.defined.get(schema) ?? NOWHERE;
    const below = this.sources!.step(written, segments);
    const next = below && untouched(below, schema);
    const defined = this.defined.get(schema);
    if (defined) return { path: defined.path, written: next };
    // Past a `$ref` crossed on this step, the path is where the target is written; a ref the
    // resolver left in place (a cycle) is a node of its own, where it is written.
    const relocated = below?.path !== undefined && typeof schema.$ref !== 'string';
    return { path: relocated ? this.sources!.pathOf(below.file, below.path!) : undefined, written: next };
  }

  /**
   * In a document spread over files: where a `$ref` the resolver left (one that closes a cycle)
   * leads, the written target and its home. Left in another file, its target may be a schema that
   * only the cycle leads to, which the resolved document does not hold.
   */
  leftTarget(schema: Obj): { schema: Obj; home: Home } | undefined {
    const target = this.sources?.leftTarget(schema);
    if (target === undefined || !isObject(target.node)) return undefined;
    return { schema: target.node, home: { path: this.sources!.pathOf(target.file, target.path), written: target } };
  }
}

const NOWHERE: Home = { path: undefined, written: undefined };

/**
 * The resolver copies every node on the way to a `$ref` it replaces, and shares the rest: where
 * the resolved schema is the written one, nothing below it crosses a ref (most schemas).
 */
const untouched = (written: Written, schema: unknown): Written | undefined => (written.node === schema ? undefined : written);

const homes = new WeakMap<Obj, SchemaHomes>();

/** The homes of a document's schemas, made once per resolved document. */
export function schemaHomes(root: Obj): SchemaHomes {
  let made = homes.get(root);
  if (!made) homes.set(root, (made = new SchemaHomes(root)));
  return made;
}

function buildIndex(root: Obj): SchemaIndex {
  const seen = new Set<object>();
  const schemas: IndexedSchema[] = [];
  const properties: IndexedProperty[] = [];
  const oas2 = isOas2(root);
  const places = schemaHomes(root);
  const components = isObject(root.components) ? root.components : {};

  // Explicit stack: real specs nest deeply and a recursive walk would overflow on hostile input.
  const stack: { node: IndexedSchema; written: Written | undefined }[] = [];
  /** A schema not met yet, at `tail` below `up` unless it has a home of its own. */
  const push = (schema: Obj, up: IndexedSchema | undefined, tail: JsonPath, origin: SchemaOrigin, extra: Partial<SchemaNode>, home: Home) => {
    seen.add(schema);
    const node = home.path ? new IndexedSchema(schema, origin, undefined, home.path, extra.name, extra.simple) : new IndexedSchema(schema, origin, up, tail, extra.name, extra.simple);
    stack.push({ node, written: home.written });
  };
  // A subschema not met yet (most keywords are absent).
  const fresh = (schema: unknown): schema is Obj => isObject(schema) && !seen.has(schema);
  /** A subschema `segments` below a schema (fresh). */
  const sub = (from: IndexedSchema, written: Written | undefined, schema: Obj, segments: JsonPath, extra: Partial<SchemaNode> = {}) =>
    push(schema, from, segments, from.origin, extra, places.below(written, schema, segments));
  // Indexed loops: this runs once per schema, mostly before V8 has optimized it, and a for-of
  // loop there allocates an iterator result per step.
  const drain = () => {
    while (stack.length > 0) {
      const { node, written } = stack.pop()!;
      schemas.push(node);
      const { schema } = node;
      if (isObject(schema.properties)) {
        const names = Object.keys(schema.properties);
        for (let i = 0; i < names.length; i++) {
          const name = names[i]!;
          const child = schema.properties[name];
          properties.push(new IndexedProperty(name, child, node));
          if (fresh(child)) sub(node, written, child, ['properties', name], { name });
        }
      }
      const items = schema.items;
      if (Array.isArray(items)) items.forEach((s, i) => fresh(s) && sub(node, written, s, ['items', i]));
      else if (fresh(items)) sub(node, written, items, ['items'], node.simple ? { simple: true } : {});
      for (let k = 0; k < SUBSCHEMA_SINGLE.length; k++) {
        const single = schema[SUBSCHEMA_SINGLE[k]!];
        if (fresh(single)) sub(node, written, single, [SUBSCHEMA_SINGLE[k]!]);
      }
      for (let k = 0; k < SUBSCHEMA_LISTS.length; k++) {
        const list = schema[SUBSCHEMA_LISTS[k]!];
        if (Array.isArray(list)) list.forEach((s, i) => fresh(s) && sub(node, written, s, [SUBSCHEMA_LISTS[k]!, i]));
      }
      for (let k = 0; k < SUBSCHEMA_MAPS.length; k++) {
        const map = schema[SUBSCHEMA_MAPS[k]!];
        if (!isObject(map)) continue;
        const names = Object.keys(map);
        for (let i = 0; i < names.length; i++) {
          const member = map[names[i]!];
          if (fresh(member)) sub(node, written, member, [SUBSCHEMA_MAPS[k]!, names[i]!]);
        }
      }
      if (typeof schema.$ref === 'string') {
        const left = places.leftTarget(schema);
        if (left !== undefined && fresh(left.schema)) push(left.schema, node, [], node.origin, node.name === undefined ? {} : { name: node.name }, left.home);
      }
    }
  };
  // The schemas the walk starts from, where the document uses them: their paths are kept.
  const visit = (schema: unknown, jsonPath: JsonPath, origin: SchemaOrigin, extra: Partial<SchemaNode> = {}) => {
    if (!fresh(schema)) return;
    push(schema, undefined, jsonPath, origin, extra, places.top(schema, jsonPath));
    drain();
  };

  const parameter = (p: unknown, path: JsonPath) => {
    if (!isObject(p)) return;
    if (p.schema !== undefined) visit(p.schema, [...path, 'schema'], 'parameter');
    else if (oas2 && p.in !== 'body') visit(p, path, 'parameter', { simple: true });
    content(p.content, [...path, 'content'], 'parameter');
  };
  const content = (c: unknown, path: JsonPath, origin: SchemaOrigin) => {
    if (!isObject(c)) return;
    for (const [type, media] of Object.entries(c)) if (isObject(media)) visit(media.schema, [...path, type, 'schema'], origin);
  };
  const headers = (h: unknown, path: JsonPath) => {
    if (!isObject(h)) return;
    for (const [name, header] of Object.entries(h)) {
      if (!isObject(header)) continue;
      if (header.schema !== undefined) visit(header.schema, [...path, name, 'schema'], 'header');
      else if (oas2) visit(header, [...path, name], 'header', { simple: true });
    }
  };
  // A `$ref`'d response or request body is one object, met once per operation that uses it:
  // walked the first time.
  const first = firstSight();
  const response = (r: unknown, path: JsonPath) => {
    if (!isObject(r) || !first(r)) return;
    if (oas2) visit(r.schema, [...path, 'schema'], 'response');
    content(r.content, [...path, 'content'], 'response');
    headers(r.headers, [...path, 'headers']);
  };
  const each = (map: unknown, fn: (value: unknown, key: string) => void) => {
    if (isObject(map)) for (const [k, v] of Object.entries(map)) fn(v, k);
  };

  // Operations first, so an inline schema is attributed to its use; components then pick up
  // the unused ones and everything only reached from other components.
  for (const section of ['paths', 'webhooks'] as const) {
    for (const [path, item] of pathItemEntries(root, section)) {
      if (!isObject(item)) continue;
      const base: JsonPath = [section, path];
      if (Array.isArray(item.parameters)) item.parameters.forEach((p, i) => parameter(p, [...base, 'parameters', i]));
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        const opPath = [...base, method];
        if (Array.isArray(op.parameters)) op.parameters.forEach((p, i) => parameter(p, [...opPath, 'parameters', i]));
        if (isObject(op.requestBody) && first(op.requestBody)) content(op.requestBody.content, [...opPath, 'requestBody', 'content'], 'request');
        each(op.responses, (r, code) => isExtensionKey(code) || response(r, [...opPath, 'responses', code]));
      }
    }
  }
  each(components.schemas, (s, k) => visit(s, ['components', 'schemas', k], 'component'));
  each(root.definitions, (s, k) => visit(s, ['definitions', k], 'component'));
  each(components.parameters, (p, k) => parameter(p, ['components', 'parameters', k]));
  each(root.parameters, (p, k) => parameter(p, ['parameters', k]));
  each(components.requestBodies, (b, k) => isObject(b) && content(b.content, ['components', 'requestBodies', k, 'content'], 'request'));
  each(components.responses, (r, k) => response(r, ['components', 'responses', k]));
  each(root.responses, (r, k) => response(r, ['responses', k]));
  headers(components.headers, ['components', 'headers']);

  for (const [event, path] of eventDefinitions(root)) {
    if (isObject(event) && isObject(event.schema)) visit(event.schema.schema, [...path, 'schema', 'schema'], 'event');
  }
  return { schemas, properties };
}

/**
 * The event type definitions of a document, with their paths: an OpenAPI document's
 * `x-event-types`, or a standalone file's (a list of definitions, or one). Their schemas are
 * payloads like any other (guideline 2), wherever they are written.
 */
function eventDefinitions(root: Obj): [unknown, JsonPath][] {
  if (Array.isArray(root)) return root.map((event, i) => [event, [i]]);
  const list = root['x-event-types'];
  if (Array.isArray(list)) return list.map((event, i) => [event, ['x-event-types', i]]);
  return isEventType(root) && !isOpenApi(root) ? [[root, []]] : [];
}

/** The name a path gives the schema at its end: its key in a `schemas` or `definitions` map. */
export function schemaName(jsonPath: JsonPath): string | undefined {
  const [parent, key] = jsonPath.slice(-2);
  return (parent === 'schemas' || parent === 'definitions') && typeof key === 'string' ? key : undefined;
}

/** Keywords that describe a schema without changing what it admits (3.0's `nullable` is read as one here). */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', 'nullable', 'externalDocs', 'xml', '$comment']);

/** Whether a schema's key is an annotation or an extension: it does not change what the schema admits. */
export const isAnnotationKey = (key: string): boolean => ANNOTATIONS.has(key) || isExtensionKey(key);

/**
 * What a wrapper stands for, and the path to it from the wrapper: `{description: …, allOf: [{$ref:
 * X}]}`, the 3.0 way to describe a `$ref` (which ignores its siblings), is X, and so is a `oneOf`
 * or `anyOf` of X alone (`nullable: true, oneOf: [{$ref: X}]`). A schema with anything but
 * annotations and extensions beside its one part is its own. The depth bound guards odd input.
 */
export function unwrapped(schema: unknown): { schema: unknown; path: JsonPath } {
  // Asked of every property by several rules: most are no wrapper, and cost no allocation.
  if (!mayWrap(schema)) return { schema, path: NO_PATH };
  let known = unwrappings.get(schema);
  if (!known) unwrappings.set(schema, (known = unwrap(schema)));
  return known;
}

/** unwrapped's schema alone. */
export const unwrappedSchema = (schema: unknown): unknown => (mayWrap(schema) ? unwrapped(schema).schema : schema);

const mayWrap = (schema: unknown): schema is Obj => isObject(schema) && ('allOf' in schema || 'oneOf' in schema || 'anyOf' in schema);
const NO_PATH: JsonPath = [];
const unwrappings = new WeakMap<object, { schema: unknown; path: JsonPath }>();

function unwrap(schema: Obj): { schema: unknown; path: JsonPath } {
  let current: unknown = schema;
  const path: JsonPath = [];
  while (path.length < 16 && mayWrap(current)) {
    const keys = Object.keys(current).filter(k => !isAnnotationKey(k));
    const key = keys.length === 1 ? keys[0]! : undefined;
    const parts = key === 'allOf' || key === 'oneOf' || key === 'anyOf' ? current[key] : undefined;
    if (!Array.isArray(parts) || parts.length !== 1 || !isObject(parts[0])) break;
    current = parts[0];
    path.push(key!, 0);
  }
  return { schema: current, path };
}

/** The schema's types as a list (`type: [string, "null"]` in 3.1, or a single type). */
export function schemaTypes(schema: Obj): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type.map(String);
  return typeof type === 'string' ? [type] : [];
}

/** The 3.1 form of an extensible enum: `examples` and a description starting "[Extensible enum]". */
export const isExtensible31 = (schema: Obj): boolean =>
  Array.isArray(schema.examples) && typeof schema.description === 'string' && /^\s*\[extensible enum\]/i.test(schema.description);

/** Nullable in any version: 3.0 `nullable`, 3.1 `type: [..., "null"]`, 2.0 `x-nullable`. */
export const isNullable = (schema: Obj): boolean =>
  schema.nullable === true || schema['x-nullable'] === true || schemaTypes(schema).includes('null');

export interface Nullability {
  /** The non-null types the schema admits: its own, else those of its `allOf`/`anyOf`/`oneOf` branches. */
  types: string[];
  /** The node that admits null: `nullable`, `x-nullable`, `type`, or a `{type: "null"}` branch. */
  at: JsonPath;
}

/** How a schema admits null, if it does (also 3.1 `oneOf: [{...}, {type: "null"}]`), and what else it admits. */
export function nullability(node: { schema: Obj; readonly jsonPath: JsonPath }): Nullability | undefined {
  const { schema } = node;
  // Most schemas admit no null in any of the ways below: answered before building anything.
  if (!isNullable(schema) && !Array.isArray(schema.anyOf) && !Array.isArray(schema.oneOf)) return undefined;
  const { jsonPath } = node;
  const branches = (['allOf', 'anyOf', 'oneOf'] as const).flatMap(key =>
    Array.isArray(schema[key]) ? (schema[key] as unknown[]).map((branch, i) => ({ key, branch, path: [...jsonPath, key, i] })) : [],
  );
  const isNull = (s: unknown) => isObject(s) && schemaTypes(s).join() === 'null';
  const types =
    schema.type !== undefined
      ? schemaTypes(schema).filter(t => t !== 'null')
      : branches.flatMap(b => (isObject(b.branch) ? schemaTypes(b.branch).filter(t => t !== 'null') : []));
  let at: JsonPath | undefined;
  if (schema.nullable === true) at = [...jsonPath, 'nullable'];
  else if (schema['x-nullable'] === true) at = [...jsonPath, 'x-nullable'];
  else if (schemaTypes(schema).includes('null')) at = [...jsonPath, 'type'];
  else at = branches.find(b => b.key !== 'allOf' && isNull(b.branch))?.path;
  return at ? { types, at } : undefined;
}
