// Exact shortcuts for the parts of Spectral's run that profiling showed to dominate once the
// rules were fast (bench/RESULTS.md). Each one returns what Spectral's own code returns; none
// changes a finding. They reach into modules the package does not export, as src/lint/linter.ts already
// does for key locations: the CommonJS `exports` objects are the only seam.
import { Document, Ruleset, type IRuleResult, type RulesetDefinition } from '@stoplight/spectral-core';
import type { JsonPath } from '@stoplight/types';
import { internalModule } from './internals.js';

/**
 * Spectral validates every ruleset it is given against its meta-schemas with ajv, compiling them
 * first: on a small spec that was a fifth of the run. apilint's ruleset is built by code from
 * defineRule() and the config, whose severities and options are validated when it is read, and
 * Spectral's CLI validates the very same ruleset (test/spectral-cli.test.ts). So the Ruleset is
 * built with that one check suspended.
 */
export function trustedRuleset(definition: RulesetDefinition): Ruleset {
  // Ruleset calls it through this module's exports.
  const assertions = internalModule<{ assertValidRuleset: (...args: unknown[]) => void }>('spectral-core/assertions');
  const original = assertions.assertValidRuleset;
  assertions.assertValidRuleset = () => undefined;
  try {
    return new Ruleset(definition);
  } finally {
    assertions.assertValidRuleset = original;
  }
}

/**
 * Characters that @stoplight/json's encodePointerUriFragment leaves as they are: neither escaped
 * (`~`, `/`) nor percent-encoded. A segment made only of them encodes to itself.
 */
const PLAIN_SEGMENT = /^[A-Za-z0-9_.!*'()-]*$/;

/** @stoplight/json's pathToPointer, with plain segments taken as they are. */
export function pathToPointer(jsonPath: readonly (string | number)[]): string {
  if (jsonPath.length === 0) return '#';
  let out = '#';
  for (const segment of jsonPath) out += `/${typeof segment === 'number' || PLAIN_SEGMENT.test(segment) ? segment : encodeSegment(segment)}`;
  return out;
}

const json = internalModule<{ encodePointerUriFragment: (segment: string | number) => string | number }>('json');
const encodeSegment = json.encodePointerUriFragment;

let installed = false;

export function installSpeedups(): void {
  if (installed) return;
  installed = true;

  // 1. Every finding's path is encoded as a JSON pointer, segment by segment, to follow the ref
  //    map (DocumentInventory.findAssociatedItemForPath). Most segments need no encoding.
  //    The others repeat from finding to finding (`/repos/{owner}/{repo}`): remember them.
  const encoded = new Map<string, string | number>();
  json.encodePointerUriFragment = segment => {
    if (typeof segment === 'number' || PLAIN_SEGMENT.test(segment)) return segment;
    let out = encoded.get(segment);
    if (out === undefined) {
      if (encoded.size >= 50_000) encoded.clear();
      out = encodeSegment(segment);
      encoded.set(segment, out);
    }
    return out;
  };

  // 2. Every finding's message goes through Spectral's template replacer twice (its own message,
  //    then the rule's `{{error}}`), and each call builds an expression parser first. A text with
  //    no `{{` comes back unchanged, and `{{error}}` is the `error` value: answer those directly.
  const messages = internalModule<{ message: (input: string, values: Record<string, unknown>) => string }>('spectral-core/message');
  const message = messages.message;
  messages.message = (input, values) => {
    if (!input.includes('{{')) return input;
    if (input === '{{error}}') return 'error' in values ? String(values.error) : '';
    return message(input, values);
  };

  installLintNode(messages.message);

  // 4. Spectral compiles the rules' JSONPath expressions into a query function for every
  //    document (runner.js: `new Nimma(expressions)`, then the first query compiles). A Nimma
  //    keeps nothing between queries but that function: one per set of expressions serves all.
  const nimma = internalModule<{ default: new (expressions: string[], options?: Record<string, unknown>) => object }>('nimma/legacy');
  const Nimma = nimma.default;
  const compiled = new Map<string, object>();
  const fallbacks = new Map<unknown, number>();
  function CachedNimma(expressions: string[], options: Record<string, unknown> = {}) {
    const { fallback, ...rest } = options;
    if (!fallbacks.has(fallback)) fallbacks.set(fallback, fallbacks.size);
    const key = JSON.stringify([expressions, fallbacks.get(fallback), rest]);
    let instance = compiled.get(key);
    if (!instance) {
      if (compiled.size >= 64) compiled.clear();
      instance = new Nimma(expressions, options);
      compiled.set(key, instance);
    }
    return instance;
  }
  CachedNimma.prototype = Nimma.prototype;
  nimma.default = CachedNimma as unknown as typeof Nimma;

  // 5. Spectral sorts each document's results comparing rule codes with
  //    `localeCompare(…, { numeric: true })`, which builds an ICU collator per call (3 % of the
  //    steady per-document time on small documents). For rule ids ([a-z0-9-], no two
  //    differing only in a number) code-unit order is the same order; sources are compared only
  //    when they differ, and paths (a tie-break) as before.
  const results = internalModule<{ sortResults: (list: IRuleResult[]) => IRuleResult[] }>('spectral-core/results');
  results.sortResults = list => [...list].sort(compareResults);

  // 7. Spectral normalizes each document's path twice (Document; the resolver's runner, which
  //    calls the same function as toFSPath), and @stoplight/path parses a path with a grammar,
  //    character by character (0.1 ms a call, cold). Most paths are normal already.
  const stoplightPath = internalModule<{ normalize: (path: string) => string; toFSPath: (path: string) => string }>('path');
  const normalize = stoplightPath.normalize;
  stoplightPath.normalize = stoplightPath.toFSPath = path => (NORMAL_POSIX_PATH.test(path) ? path : normalize(path));

  installAssociatedItem();
}

/**
 * An absolute POSIX path that @stoplight/path's normalize gives back unchanged: no `\\`, no
 * empty, `.` or `..` segment, and no `:` in the first segment (`/c:/` reads as a Windows drive).
 * Checked against the grammar on 14 million generated paths when written; the tests keep a sample.
 */
export const NORMAL_POSIX_PATH = /^\/(?!\.\.?(?:\/|$))[^/\\:]+(?:\/(?!\.\.?(?:\/|$))[^/\\]+)*$/;

function compareResults(left: IRuleResult, right: IRuleResult): number {
  if (left.source !== right.source) {
    if (left.source === undefined) return -1;
    if (right.source === undefined) return 1;
    const bySource = left.source.localeCompare(right.source);
    if (bySource !== 0) return Math.sign(bySource);
  }
  const a = left.range.start;
  const b = right.range.start;
  if (a.line !== b.line) return Math.sign(a.line - b.line);
  if (a.character !== b.character) return Math.sign(a.character - b.character);
  const leftCode = String(left.code);
  const rightCode = String(right.code);
  if (leftCode !== rightCode) return leftCode < rightCode ? -1 : 1;
  // Mostly findings of one rule at one path: equal paths compare equal without localeCompare,
  // whose first call sets up ICU's collator (some 9 ms, most of a small spec's result handling).
  const leftPath = left.path.join();
  const rightPath = right.path.join();
  return leftPath === rightPath ? 0 : Math.sign(leftPath.localeCompare(rightPath));
}

// ---------------------------------------------------------------------------------------------
// 3. Spectral's lintNode, for each finding a function returns, builds the values its message
//    templates may use: the node's value (a lookup by path), the path printed as a pointer and
//    the property printed as a dotted path. apilint's messages are plain text and its rules' message
//    is `{{error}}`: those values are only built when a template asks for them. Everything else is
//    runner/lintNode.js step by step; a function that throws goes back to Spectral's own lintNode,
//    which throws its usual error.

interface LintContext {
  documentInventory: {
    document: DocumentLike;
    resolved: unknown;
    unresolved: unknown;
    findAssociatedItemForPath(path: JsonPath, resolved: boolean): { path: JsonPath; missingPropertyPath: JsonPath; document: DocumentLike } | null;
  };
  results: IRuleResult[];
  promises: Promise<unknown>[];
}
interface DocumentLike {
  source: string | null;
  data: unknown;
  getRangeForJsonPath(path: JsonPath, closest?: boolean): IRuleResult['range'] | undefined;
}
interface RuleLike {
  name: string;
  message: string | null;
  description: string | null;
  documentationUrl: string | null;
  resolved: boolean;
  severity: number;
  then: { field?: string; function: (...args: unknown[]) => unknown; functionOptions?: unknown }[];
  getSeverityForSource(source: string, path: JsonPath): number;
}
type FunctionResult = { message: string; path?: JsonPath };
type FnContext = { document: unknown; documentInventory: unknown; rule: RuleLike; path: JsonPath };

function installLintNode(message: (input: string, values: Record<string, unknown>) => string): void {
  const module = internalModule<{ lintNode: (context: LintContext, node: { path: JsonPath; value: unknown }, rule: RuleLike) => void }>('spectral-core/lintNode');
  const { getLintTargets } = internalModule<{ getLintTargets: (value: unknown, field?: string) => { path: JsonPath; value: unknown }[] }>('spectral-core/getLintTargets');
  const { decodePointerFragment } = internalModule<{ decodePointerFragment: (segment: string) => string }>('json');
  const original = module.lintNode;
  const decodeSegment = (segment: string | number): string => (typeof segment !== 'string' ? String(segment) : segment.includes('~') ? decodePointerFragment(segment) : segment);
  const templated = (text: string | null): boolean => text !== null && text !== '{{error}}' && text.includes('{{');

  /** The template values of runner/lintNode.js, built only for a message that is a template. */
  function templateValues(rule: RuleLike, result: FunctionResult, path: JsonPath, document: DocumentLike, missingPropertyPath: JsonPath | undefined) {
    const runtime = internalModule<{ printPath(path: JsonPath, style: string): string; PrintStyle: { Dot: string; EscapedPointer: string } }>('spectral-runtime');
    const lodash = internalModule<{ get(data: unknown, path: JsonPath): unknown }>('lodash');
    const value = path.length === 0 ? document.data : lodash.get(document.data, path);
    return {
      property:
        missingPropertyPath !== undefined && missingPropertyPath.length > path.length
          ? runtime.printPath(missingPropertyPath.slice(path.length - 1), runtime.PrintStyle.Dot)
          : path.length > 0
            ? path[path.length - 1]
            : '',
      error: result.message,
      path: runtime.printPath(path, runtime.PrintStyle.EscapedPointer),
      description: rule.description,
      value,
    } as Record<string, unknown>;
  }

  function processTargetResults(context: LintContext, fnContext: FnContext, results: FunctionResult[]): void {
    const { rule, path: targetPath } = fnContext;
    const inventory = context.documentInventory;
    for (const result of results) {
      const escapedJsonPath = (result.path ?? targetPath).map(decodeSegment);
      const associatedItem = (rule.resolved ? directItem(inventory, escapedJsonPath) : undefined) ?? inventory.findAssociatedItemForPath(escapedJsonPath, rule.resolved);
      const path = associatedItem?.path ?? closestJsonPath(inventory.resolved, escapedJsonPath);
      const source = associatedItem?.document.source;
      const document = associatedItem?.document ?? inventory.document;
      const range = document.getRangeForJsonPath(path, true) ?? Document.DEFAULT_RANGE;
      let resultMessage: string;
      let ruleMessage: string;
      if (result.message.includes('{{') || templated(rule.message)) {
        const vars = templateValues(rule, result, path, document, associatedItem?.missingPropertyPath);
        resultMessage = message(result.message, vars);
        vars.error = resultMessage;
        ruleMessage = rule.message === null ? (rule.description ?? resultMessage) : message(rule.message, vars);
      } else {
        // No template: message() would hand back the text itself, and `{{error}}` the result's message.
        resultMessage = message(result.message, {});
        ruleMessage = rule.message === null ? (rule.description ?? resultMessage) : rule.message === '{{error}}' ? resultMessage : rule.message;
      }
      const severity = source !== null && source !== undefined ? rule.getSeverityForSource(source, path) : rule.severity;
      if (severity === -1) continue;
      context.results.push({
        code: rule.name,
        message: ruleMessage.trim(),
        path,
        severity,
        ...(source !== null ? { source } : null),
        range,
        documentationUrl: rule.documentationUrl ?? undefined,
      } as IRuleResult);
    }
  }

  module.lintNode = (context, node, rule) => {
    const givenPath = node.path.length > 0 && node.path[0] === '$' ? node.path.slice(1) : node.path.slice();
    const fnContext: FnContext = { document: context.documentInventory.document, documentInventory: context.documentInventory, rule, path: givenPath };
    for (const then of rule.then) {
      const targets = getLintTargets(node.value, then.field);
      for (const target of targets) {
        fnContext.path = target.path.length > 0 ? [...givenPath, ...target.path] : givenPath;
        let targetResults: FunctionResult[] | Promise<FunctionResult[] | undefined> | undefined;
        try {
          targetResults = then.function(target.value, then.functionOptions ?? null, fnContext) as typeof targetResults;
        } catch {
          // The rule's findings so far are moot: the run fails with Spectral's own error.
          original(context, node, rule);
          throw new Error(`Function "${then.function.name}" threw an exception`);
        }
        if (targetResults === undefined) continue;
        if ('then' in targetResults) {
          const copy = { ...fnContext };
          context.promises.push(targetResults.then(results => (results === undefined ? undefined : processTargetResults(context, copy, results))));
        } else {
          processTargetResults(context, fnContext, targetResults);
        }
      }
    }
  };
}

/**
 * DocumentInventory.findAssociatedItemForPath's answer for a path that runs through the document
 * itself with no `$ref` on the way (half the findings on the medium benchmark spec): the path as
 * it is, in the document. Its own search walks the resolved and unresolved documents up to three
 * times and spells the path as a ref-map key segment by segment; a path that meets a `$ref` still
 * goes there.
 */
function directItem(inventory: LintContext['documentInventory'], path: JsonPath) {
  let piece = inventory.unresolved;
  for (const segment of path) {
    if (piece === null || typeof piece !== 'object' || typeof (piece as { $ref?: unknown }).$ref === 'string' || !(segment in piece)) return undefined;
    piece = (piece as Record<string | number, unknown>)[segment];
  }
  if (piece !== null && typeof piece === 'object' && typeof (piece as { $ref?: unknown }).$ref === 'string') return undefined;
  return { document: inventory.document, path, missingPropertyPath: path };
}

/** spectral-runtime's getClosestJsonPath. */
function closestJsonPath(data: unknown, path: JsonPath): JsonPath {
  const closest: JsonPath = [];
  if (data === null || (typeof data !== 'object' && typeof data !== 'function')) return closest;
  let piece = data as Record<string | number, unknown>;
  for (const segment of path) {
    if (piece === null || (typeof piece !== 'object' && typeof piece !== 'function') || !(segment in piece)) break;
    closest.push(segment);
    piece = piece[segment] as Record<string | number, unknown>;
  }
  return closest;
}

// ---------------------------------------------------------------------------------------------
// 6. DocumentInventory.findAssociatedItemForPath maps a finding's path through the `$ref`s on its
//    way: it spells the path as a ref-map key segment by segment and asks the ref map for each
//    prefix, so every finding hashes its whole path once per segment (17 µs a finding, an eighth
//    of the lint on the medium benchmark spec). A ref-map key is where the document holds a
//    `$ref`: below, the search follows the document beside the key and asks the ref map only
//    where the node there has one. Otherwise it is documentInventory.js as it stands.

interface InventoryLike {
  document: DocumentLike;
  resolved: unknown;
  unresolved: unknown;
  source: string | null;
  graph: { getNodeData(source: string): { refMap: Record<string, string> } } | null;
  convertRefMapKeyToPath(refPath: string): JsonPath;
}
type AssociatedItem = { document: DocumentLike; path: JsonPath; missingPropertyPath: JsonPath } | null;

function installAssociatedItem(): void {
  const { DocumentInventory } = internalModule<{ DocumentInventory: { prototype: { findAssociatedItemForPath(path: JsonPath, resolved: boolean): AssociatedItem } } }>(
    'spectral-core/documentInventory',
  );
  const runtime = internalModule<{ getClosestJsonPath(data: unknown, path: JsonPath): JsonPath; traverseObjUntilRef(data: unknown, path: JsonPath): string | null }>(
    'spectral-runtime',
  );
  const { isLocalRef } = internalModule<{ isLocalRef(ref: string): boolean }>('json');
  const proto = DocumentInventory.prototype;
  const original = proto.findAssociatedItemForPath;
  const hasRefString = (node: unknown) => node !== null && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string';
  const child = (node: unknown, segment: string | number): unknown => (node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[segment] : undefined);

  proto.findAssociatedItemForPath = function (this: InventoryLike, path: JsonPath, resolved: boolean): AssociatedItem {
    if (!resolved || this.source === null || this.graph === null) return original.call(this, path, resolved);
    try {
      const newPath = runtime.getClosestJsonPath(this.resolved, path);
      if (runtime.traverseObjUntilRef(this.unresolved, newPath) === null) {
        return { document: this.document, path: runtime.getClosestJsonPath(this.unresolved, path), missingPropertyPath: path };
      }
      const missingPropertyPath = newPath.length === 0 ? [] : path.slice(path.lastIndexOf(newPath[newPath.length - 1]!) + 1);
      const refMap = this.graph.getNodeData(this.source).refMap;
      const data = this.document.data;
      // The key is spelt segment by segment, as the original does, but only once it is looked up:
      // it holds the segments before `spelt`.
      let refMapKey = '#';
      let spelt = 0;
      const spell = (end: number) => {
        for (; spelt < end; spelt++) refMapKey += `/${String(json.encodePointerUriFragment(path[spelt]!))}`;
      };
      // The node at the key; `tracking` is off where it cannot be told, and then every key is
      // looked up, as in the original.
      let node: unknown = data;
      let tracking = true;
      for (let i = 0; i <= path.length; i++) {
        // Step i looks up the key of the first i segments.
        if (i > 0 && tracking) node = child(node, path[i - 1]!);
        if (tracking && !hasRefString(node)) continue;
        spell(i);
        while ((!tracking || hasRefString(node)) && refMapKey in refMap) {
          const newRef = refMap[refMapKey]!;
          // A ref into another file: the original follows it into that document.
          if (!isLocalRef(newRef)) return original.call(this, path, resolved);
          refMapKey = newRef;
          node = this.convertRefMapKeyToPath(refMapKey).reduce<unknown>(child, data);
          tracking = node !== undefined;
        }
      }
      spell(path.length);
      const closestPath = runtime.getClosestJsonPath(data, this.convertRefMapKeyToPath(refMapKey));
      return { document: this.document, path: closestPath, missingPropertyPath: [...closestPath, ...missingPropertyPath] };
    } catch {
      return null;
    }
  };
}
