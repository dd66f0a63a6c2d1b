// apilint's own placing of rule results. A rule reports a path in the `$ref`-resolved document;
// the finding belongs where that node is written: in the document itself, or in the file and at
// the node a `$ref` on the way leads to. This follows Spectral's mapping (DocumentInventory's
// findAssociatedItemForPath and lintNode), reading only the inventory's public fields, with three
// differences that are apilint's own: a result about a mapping key (a path ending in an AT_KEY
// mark) lies at the key in the document that holds it, not at its `$ref` target; ref-map keys are
// decoded as they were encoded (Spectral decodes `~0`/`~1` but not the `%2B` of
// `application/problem+json`, so such nodes behind a `$ref` landed on their parent); and a path
// whose first segment marks a file (rulesets/lib/sources.ts) is a path in that file.
import { decodePointerFragment, hasRef as isRefObject, isLocalRef, isPlainObject } from '@stoplight/json';
import type { IRange, JsonPath } from '@stoplight/types';
import type { Reported } from '../../rulesets/rule.js';
import { keyMark, type KeyPart } from '../../rulesets/lib/oas.js';
import { markedFile, refFileOf } from '../../rulesets/lib/sources.js';
import { SEVERITIES, SEVERITY_RANK, type Severity } from '../core/severity.js';
import { pointerUriSegment } from '../engine/ref-graph.js';

/** A rule's result, placed. */
export interface Placed {
  ruleId: string;
  severity: Severity;
  message: string;
  /** The file holding the node; undefined when the result could not be placed (then: the document). */
  source: string | undefined;
  path: JsonPath;
  range: IRange;
  /** For a result about a mapping key: the key (null) or the part of it the rule names. */
  mark: KeyPart | null | undefined;
}

interface DocumentLike {
  source: string | null;
  data: unknown;
  getRangeForJsonPath(path: JsonPath, closest?: boolean): IRange | undefined;
}

/** The public fields of Spectral's DocumentInventory that placing reads. */
interface Inventory {
  document: DocumentLike;
  resolved: unknown;
  unresolved: unknown;
  graph: { getNodeData(source: string): { refMap: Record<string, string> } } | null;
  referencedDocuments: Record<string, DocumentLike>;
}

interface Item {
  document: DocumentLike;
  path: JsonPath;
}

/** Spectral's Document.DEFAULT_RANGE. */
const DEFAULT_RANGE: IRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * Places every result of one document's run, in the order the rules reported them, dropping
 * repeats as Spectral does (one per rule, place, file and message: a node reached through several
 * `$ref`s is reported once).
 */
export function placeResults(reports: readonly Reported[]): Placed[] {
  const placed: Placed[] = [];
  // Results with one fingerprint lie at one range of one file: a result is only compared with the
  // others at its range (Kubernetes: 12,723 results, 2,128 of them at a range taken already).
  const placedAt = new Map<string, Map<number, AtRange>>();
  for (const report of reports) {
    const inventory = report.documentInventory as unknown as Inventory;
    const ruleSeverity = SEVERITIES[report.severity] ?? 'error';
    for (const result of report.results) {
      const given = result.path ?? report.targetPath;
      const file = markedFile(given[0]);
      const escaped = (file === undefined ? given : given.slice(1)).map(decodeSegment);
      const mark = keyMark(escaped[escaped.length - 1]);
      const item = locate(inventory, escaped, report.resolved, file);
      const itemPath = item?.path ?? (file === undefined ? closestPath(inventory.resolved, escaped) : []);
      const document = item?.document ?? inventory.document;
      const range = document.getRangeForJsonPath(itemPath, true) ?? DEFAULT_RANGE;
      const source = item?.document.source ?? undefined;
      const message = result.message.trim();
      // A rule may report part of what it checks at a lower severity than its own (a "should"
      // beside a "must"); never higher than the configured one.
      const severity = result.severity && SEVERITY_RANK[result.severity] > SEVERITY_RANK[ruleSeverity] ? result.severity : ruleSeverity;
      const one: Placed = { ruleId: report.ruleId, severity, message, source, path: itemPath, range, mark };
      let atRange = placedAt.get(source ?? '');
      if (!atRange) placedAt.set(source ?? '', (atRange = new Map()));
      const spot = range.start.line * 2 ** 21 + range.start.character;
      const there = atRange.get(spot);
      if (there === undefined) atRange.set(spot, one);
      else if (there instanceof Set) {
        const print = fingerprint(one);
        if (there.has(print)) continue;
        there.add(print);
      } else {
        const others = Array.isArray(there) ? there : [there];
        if (others.some(other => sameResult(other, one))) continue;
        others.push(one);
        atRange.set(spot, others.length > MAX_COMPARED ? new Set(others.map(fingerprint)) : others);
      }
      placed.push(one);
    }
  }
  return placed;
}

/**
 * The results placed at one range: the first, those placed there so far, or, past MAX_COMPARED
 * (a rule that reports many operations at the one response they share, each in its own words),
 * their fingerprints.
 */
type AtRange = Placed | Placed[] | Set<string>;

/** Most results at one range compared with each other one by one. */
const MAX_COMPARED = 8;

/** Spectral's fingerprint of a result: its rule, path (its range where the path is empty), file and message. */
const fingerprint = (p: Placed): string => `${p.ruleId}${p.path.length > 0 ? JSON.stringify(p.path) : JSON.stringify(p.range)}${p.source ?? ''}${p.message}`;

/**
 * Whether two results have one fingerprint, told field by field without spelling it: a rule id
 * holds no bracket, and a path or range spelt as JSON ends where its brackets close, so the
 * fingerprints are equal exactly when the fields are.
 */
function sameResult(a: Placed, b: Placed): boolean {
  if (a.ruleId !== b.ruleId || a.message !== b.message || (a.source ?? '') !== (b.source ?? '') || a.path.length !== b.path.length) return false;
  if (a.path.length === 0) return a.range.start.line === b.range.start.line && a.range.start.character === b.range.start.character && a.range.end.line === b.range.end.line && a.range.end.character === b.range.end.character;
  for (let i = 0; i < a.path.length; i++) if (a.path[i] !== b.path[i]) return false;
  return true;
}

/** spectral-runtime's decodeSegmentFragment. */
const decodeSegment = (segment: string | number): string => (typeof segment !== 'string' ? String(segment) : segment.includes('~') ? decodePointerFragment(segment) : segment);

/**
 * Where the node at `path` of the resolved (or the unresolved) document is written; or, for a path
 * into another file (rulesets/lib/sources.ts), at `path` of that `file`.
 */
function locate(inventory: Inventory, path: JsonPath, resolved: boolean, file: string | undefined): Item | null {
  if (keyMark(path[path.length - 1]) !== undefined) {
    // The key's parent mapping is placed; the key lies in it, whatever its value refers to.
    const key = path[path.length - 2]!;
    const parent = locate(inventory, path.slice(0, -2), resolved, file);
    return parent === null ? null : { document: parent.document, path: [...parent.path, key] };
  }
  if (file !== undefined) return associatedItem(inventory, path, file);
  if (!resolved) return { document: inventory.document, path: closestPath(inventory.unresolved, path) };
  return directItem(inventory, path) ?? associatedItem(inventory, path);
}

/** The path as it is, in the document, when it runs through the document with no `$ref` on the way (most results). */
function directItem(inventory: Inventory, path: JsonPath): Item | undefined {
  let piece = inventory.unresolved;
  for (const segment of path) {
    if (piece === null || typeof piece !== 'object' || hasRef(piece) || !(segment in piece)) return undefined;
    piece = (piece as Record<string | number, unknown>)[segment];
  }
  return hasRef(piece) ? undefined : { document: inventory.document, path };
}

const hasRef = (node: unknown): boolean => node !== null && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string';

const child = (node: unknown, segment: string | number): unknown => (node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[segment] : undefined);

/** Where associatedItem's walk stands after a step: the node and the ref-map key it has reached. */
interface Walked {
  source: string;
  refMap: Record<string, string>;
  document: DocumentLike;
  refMapKey: string;
  /** How many segments of the path `refMapKey` has spelt. */
  spelt: number;
  /** The key the walk last stood at before spelling on (`#`, or where it last followed a `$ref`), and `spelt` there. */
  base: string;
  baseSpelt: number;
  node: unknown;
  tracking: boolean;
}

/**
 * The last walk through each inventory's `$ref`s, by the file it started in: its path, and where
 * it stood after each step (`steps[i]` after step i). Step i depends only on the first i segments,
 * and a rule's results come in document order: the next path resumes after the steps the two share.
 */
const walks = new WeakMap<Inventory, Map<string, { start: Walked; path: JsonPath; steps: Walked[] }>>();

/**
 * findAssociatedItemForPath for a path that meets a `$ref`: the path is spelt as ref-map keys,
 * prefix by prefix, and each key found in the ref map is followed, into other files too. A key is
 * only spelt and looked up where the document holds a `$ref` (the original hashes every prefix).
 * With `file`, the path is one in that file, walked the same way.
 */
function associatedItem(inventory: Inventory, path: JsonPath, file?: string): Item | null {
  try {
    if (file === undefined) {
      const newPath = closestPath(inventory.resolved, path);
      if (refOnTheWay(inventory.unresolved, newPath) === null) return { document: inventory.document, path: closestPath(inventory.unresolved, path) };
    }
    if (inventory.document.source === null || inventory.graph === null) return null;
    const startFile = file ?? inventory.document.source;
    const startDocument = startFile === inventory.document.source ? inventory.document : inventory.referencedDocuments[startFile];
    if (startDocument === undefined) return null;
    let byFile = walks.get(inventory);
    if (byFile === undefined) walks.set(inventory, (byFile = new Map()));
    let walk = byFile.get(startFile);
    if (walk === undefined) {
      const start = { source: startFile, refMap: inventory.graph.getNodeData(startFile).refMap, document: startDocument, refMapKey: '#', spelt: 0, base: '#', baseSpelt: 0, node: startDocument.data, tracking: true };
      byFile.set(startFile, (walk = { start, path, steps: [] }));
    }
    const { steps } = walk;
    let from = 0;
    while (from < steps.length && (from === 0 || path[from - 1] === walk.path[from - 1])) from++;
    walk.path = path;
    steps.length = from;
    let { source, refMap, document, refMapKey, spelt, base, baseSpelt, node, tracking } = from === 0 ? walk.start : steps[from - 1]!;
    const spell = (end: number) => {
      for (; spelt < end; spelt++) refMapKey += `/${pointerUriSegment(path[spelt]!)}`;
    };
    // The node at the key; `tracking` is off where it cannot be told, and then every key is
    // looked up, as in the original.
    for (let i = from; i <= path.length; i++) {
      // Step i looks up the key of the first i segments.
      if (i > 0 && tracking) node = child(node, path[i - 1]!);
      if (tracking && !hasRef(node)) {
        steps.push({ source, refMap, document, refMapKey, spelt, base, baseSpelt, node, tracking });
        continue;
      }
      spell(i);
      // The keys this step has followed, by file: a `$ref` cycle (a → b → a) has no node at its
      // end, and the result is placed at the `$ref` that closes it. (A later step may pass the same
      // key again, one turn further round a recursive schema.)
      const followed = new Set<string>();
      while ((!tracking || hasRef(node)) && refMapKey in refMap) {
        const here = `${source}${refMapKey}`;
        if (followed.has(here)) return { document, path: closestPath(document.data, refMapKeyToPath(refMapKey)) };
        followed.add(here);
        const target = refMap[refMapKey]!;
        if (isLocalRef(target)) {
          refMapKey = target;
        } else {
          const file = refFile(inventory, source, target);
          const next = file === null ? undefined : file === inventory.document.source ? inventory.document : inventory.referencedDocuments[file];
          if (next === undefined || file === null) return { document, path: closestPath(document.data, path) };
          source = file;
          document = next;
          refMap = inventory.graph.getNodeData(source).refMap;
          refMapKey = target.includes('#') ? target.slice(target.indexOf('#')) : '#';
        }
        base = refMapKey;
        baseSpelt = spelt;
        node = refMapKeyToPath(refMapKey).reduce<unknown>(child, document.data);
        tracking = node !== undefined;
      }
      steps.push({ source, refMap, document, refMapKey, spelt, base, baseSpelt, node, tracking });
    }
    let keyPath = pathAfter(base, path, baseSpelt);
    if (keyPath === undefined) {
      spell(path.length);
      keyPath = refMapKeyToPath(refMapKey);
    }
    return { document, path: closestPath(document.data, keyPath) };
  } catch {
    return null;
  }
}

/** The files `$ref`s lead to, by the file that holds them and the ref, while one run's results are placed. */
const refFiles = new WeakMap<Inventory, Map<string, Map<string, string | null>>>();

/** The file a `$ref` in `source` leads to, if it names one; kept, as a multi-file spec crosses the same few refs for thousands of results. */
function refFile(inventory: Inventory, source: string, target: string): string | null {
  let bySource = refFiles.get(inventory);
  if (!bySource) refFiles.set(inventory, (bySource = new Map()));
  let byTarget = bySource.get(source);
  if (!byTarget) bySource.set(source, (byTarget = new Map()));
  let file = byTarget.get(target);
  if (file === undefined) {
    file = refFileOf(source, target);
    byTarget.set(target, file);
  }
  return file;
}

/** spectral-runtime's traverseObjUntilRef: the first `$ref` met on the way along `path`, or null. */
function refOnTheWay(data: unknown, path: JsonPath): string | null {
  let piece = data;
  for (const segment of path) {
    if (piece === null || (typeof piece !== 'object' && typeof piece !== 'function')) throw new TypeError('Segment is not a part of the object');
    if (segment in piece) piece = (piece as Record<string | number, unknown>)[segment];
    else if (isRefObject(piece)) return (piece as { $ref: string }).$ref;
    else throw new Error('Segment is not a part of the object');
  }
  return isPlainObject(piece) && isRefObject(piece) && Object.keys(piece).length === 1 ? (piece as { $ref: string }).$ref : null;
}

/** spectral-runtime's getClosestJsonPath: the longest prefix of `path` that exists in `data`. */
function closestPath(data: unknown, path: JsonPath): JsonPath {
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

/**
 * refMapKeyToPath of the key `base` with the segments of `path` from `from` on spelt after it,
 * without spelling and decoding them, where each reads back as itself (undefined otherwise): the
 * last part of a path, past its last `$ref`, is mostly new to each result.
 */
function pathAfter(base: string, path: JsonPath, from: number): JsonPath | undefined {
  if (from >= path.length) return refMapKeyToPath(base);
  const out: (string | number)[] = base === '#' ? [] : [...refMapKeyToPath(base)];
  for (let i = from; i < path.length; i++) {
    const segment = String(path[i]!);
    if (pointerUriSegment(segment) !== segment) return undefined;
    out.push(segment);
  }
  return out;
}

/** A ref-map key as a path: its segments decoded as they were encoded (pointer escapes and percent-encoding). */
const converted = new Map<string, JsonPath>();
function refMapKeyToPath(refMapKey: string): JsonPath {
  let result = converted.get(refMapKey);
  if (result === undefined) {
    result = (refMapKey.startsWith('#/') ? refMapKey.slice(2) : refMapKey).split('/').map(segment => {
      const decoded = decodePointerFragment(segment);
      try {
        return decodeURIComponent(decoded);
      } catch {
        return decoded;
      }
    });
    if (converted.size >= 10_000) converted.clear();
    converted.set(refMapKey, result);
  }
  return result;
}
