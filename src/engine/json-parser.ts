// JSON documents for Spectral without a syntax tree of every node.
//
// Spectral's JSON parser (@stoplight/json on jsonc-parser) builds an AST node with a position for
// every value and wraps every object in a key-order proxy, for a 13 MB spec about 1.5 s and most
// of a gigabyte, while a lint needs positions only for the few thousand nodes it reports. Here the
// data comes from JSON.parse, and one light scan of the text records where each object and array
// starts and ends; the members of a container are read from the text when a position inside it is
// first asked for. The result is the same as Spectral's parser gives:
// - values and key order: JSON.parse puts integer-like keys (`"200"`) first, Spectral keeps the
//   text order; the few objects where that differs become the same key-order proxies;
// - positions: the same ranges (start of the value to the end of its last character, lines
//   broken at CR, LF and CRLF) and the same lookup rules, "closest" included;
// - anything JSON.parse rejects or reads differently (comments, duplicate keys, `__proto__`,
//   extreme nesting) is left to Spectral's own parser, which then gives its usual diagnostics.
import parsers, { type IParser } from '@stoplight/spectral-parsers';
import type { IParserResult, IRange, JsonPath } from '@stoplight/types';
import { lineFeedStarts } from '../core/lines.js';
import { MAX_NESTING } from '../load/limits.js';
import { internalModule } from './internals.js';

const { Json } = parsers;
// The CommonJS build, which @stoplight/json uses: one module, one key-order symbol.
const createOrderedObject = internalModule<{ default: <T extends object>(target: T) => T }>('ordered-object-literal').default;


const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;

interface FastResult extends IParserResult {
  /** Set when this module parsed the text; absent when Spectral's parser did. */
  index?: TextIndex;
}

export const FastJson: IParser = {
  parse: (text: string): IParserResult => parseJson(text),
  getLocationForJsonPath(result: IParserResult, path: JsonPath, closest?: boolean) {
    const index = (result as FastResult).index;
    if (!index) return Json.getLocationForJsonPath(result as never, path, closest);
    const range = index.rangeAt(path, closest ?? false);
    return range ? { range } : undefined;
  },
  trapAccess: Json.trapAccess,
} as IParser;

export function parseJson(text: string): IParserResult {
  return parseJsonFast(text) ?? parseJsonWithSpectral(text);
}

/** Spectral's own JSON parser: recursive, so only for text whose nesting has been bounded. */
export const parseJsonWithSpectral = (text: string): IParserResult => Json.parse(text) as IParserResult;

/**
 * The fast reading, or undefined where Spectral's parser must read the text. What it reads nests
 * MAX_NESTING deep at most: deeper text is refused (src/load/parse.ts). Between 500 and 1,000
 * levels it was left to Spectral's parser, some 25 times slower per byte.
 */
export function parseJsonFast(text: string): IParserResult | undefined {
  // JSON.parse makes `__proto__` an own key; Spectral's parser sets the prototype (and the load
  // refuses the file). A key spelt with escapes is found by countKeys.
  if (text.includes('"__proto__"')) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const scan = scanText(text);
  if (!scan || scan.members !== countKeys(data)) return undefined;
  const index = new TextIndex(text, scan.starts, scan.ends);
  if (scan.reordered.length > 0) data = restoreKeyOrder(data, scan.reordered, index);
  const result: FastResult = { data, diagnostics: [], ast: undefined, lineMap: undefined, index } as unknown as FastResult;
  return result;
}

// ---------------------------------------------------------------------------------------------
// The scan: container offsets (pre-order), the number of object members, and the objects whose
// text key order JSON.parse does not keep. The text is known to be valid JSON.

type PathStep = { keyStart: number; keyEnd: number } | number;

interface Scan {
  /** Start and end (after the closing bracket) offsets of every object and array, in text order. */
  starts: number[];
  ends: number[];
  members: number;
  /** Paths (as key offsets and array indexes) of objects whose key order must be restored. */
  reordered: PathStep[][];
}

interface Level {
  array: boolean;
  id: number;
  /** Array: index of the current element. Object: current key offsets. */
  count: number;
  keyStart: number;
  keyEnd: number;
  /** Object: the last integer-like key seen, or -1. */
  lastInteger: number;
  sawName: boolean;
  reorder: boolean;
}

/** Offset after the string token starting at `start` (a quote). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    let b = q - 1;
    while (text.charCodeAt(b) === BACKSLASH) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    i = q + 1;
  }
}

/** Offset after a number, `true`, `false` or `null` starting at `start`. */
function literalEnd(text: string, start: number): number {
  let i = start;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === 32 || c === 10 || c === 13 || c === 9 || Number.isNaN(c)) return i;
    i++;
  }
}

/** An array index key (`"0"` … `"4294967294"`), which JS objects order first. */
function integerKey(text: string, keyStart: number, keyEnd: number): number {
  const raw = text.slice(keyStart + 1, keyEnd - 1);
  const key = raw.includes('\\') ? (JSON.parse(text.slice(keyStart, keyEnd)) as string) : raw;
  if (!/^(?:0|[1-9]\d{0,9})$/.test(key)) return -1;
  const n = Number(key);
  return n <= 4294967294 ? n : -1;
}

/** The characters scanText acts on outside strings: brackets, braces, quotes and commas. */
const STRUCTURAL = new Uint8Array(128);
for (const c of [OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, QUOTE, COMMA]) STRUCTURAL[c] = 1;

function scanText(text: string): Scan | undefined {
  const starts: number[] = [];
  const ends: number[] = [];
  const reordered: PathStep[][] = [];
  const stack: Level[] = [];
  let members = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    // Whitespace, numbers and literals: most of an indented document's characters outside strings.
    if (STRUCTURAL[c] !== 1) {
      i++;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (stack.length >= MAX_NESTING) return undefined;
      starts.push(i);
      ends.push(0);
      stack.push({ array: c === OPEN_BRACKET, id: starts.length - 1, count: 0, keyStart: -1, keyEnd: -1, lastInteger: -1, sawName: false, reorder: false });
      i++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      const level = stack.pop()!;
      ends[level.id] = i + 1;
      if (level.reorder) reordered.push(stack.map(l => (l.array ? l.count : { keyStart: l.keyStart, keyEnd: l.keyEnd })));
      i++;
    } else if (c === QUOTE) {
      const end = stringEnd(text, i);
      const level = stack[stack.length - 1];
      // A string right after `{` or `,` in an object is a key.
      let j = end;
      while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 10 || text.charCodeAt(j) === 13 || text.charCodeAt(j) === 9) j++;
      if (level && !level.array && text.charCodeAt(j) === COLON) {
        members++;
        level.keyStart = i;
        level.keyEnd = end;
        const integer = text.charCodeAt(i + 1) >= 48 && text.charCodeAt(i + 1) <= 57 ? integerKey(text, i, end) : end - i > 2 && text.charCodeAt(i + 1) === BACKSLASH ? integerKey(text, i, end) : -1;
        if (integer >= 0) {
          if (level.sawName || integer < level.lastInteger) level.reorder = true;
          level.lastInteger = integer;
        } else level.sawName = true;
        i = j + 1;
      } else i = end;
    } else {
      const level = stack[stack.length - 1]!;
      if (level.array) level.count++;
      i++;
    }
  }
  return { starts, ends, members, reordered };
}

/**
 * The number of members of the objects in the parsed data (JSON.parse keeps one per duplicated
 * key); -1 for a `__proto__` key (an own key, as JSON.parse makes it).
 */
function countKeys(data: unknown): number {
  let count = 0;
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') stack.push(item);
    } else {
      for (const key in value) {
        if (key === '__proto__') return -1;
        count++;
        const item = (value as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') stack.push(item);
      }
    }
  }
  return count;
}

/** Replaces the objects whose key order JSON.parse changed with key-order proxies, as Spectral's parser builds them. */
function restoreKeyOrder(data: unknown, paths: PathStep[][], index: TextIndex): unknown {
  let root = data;
  for (const steps of paths) {
    const keys = steps.map(step => (typeof step === 'number' ? step : index.keyAt(step.keyStart, step.keyEnd)));
    let parent: Record<string | number, unknown> | undefined;
    let node: unknown = root;
    for (const key of keys) {
      parent = node as Record<string | number, unknown>;
      node = parent[key];
    }
    const offset = keys.length === 0 ? index.rootOffset() : index.offsetOf(keys);
    const ordered = createOrderedObject({}) as Record<string, unknown>;
    for (const key of index.objectKeys(offset)) ordered[key] = (node as Record<string, unknown>)[key];
    if (parent === undefined) root = ordered;
    else parent[keys[keys.length - 1]!] = ordered;
  }
  return root;
}

// ---------------------------------------------------------------------------------------------
// Positions, read from the text on demand.

/** A container's keys (objects), and the start and end offsets of its values, in text order. */
type Members = { keys: string[]; values: number[]; ends: number[]; byKey?: Map<string, number> } | { keys: undefined; values: number[]; ends: number[] };

/** The index of the first member named `key` (a map for large objects, whose lookups repeat). */
function memberIndex(m: { keys: string[]; byKey?: Map<string, number> }, key: string): number {
  if (m.keys.length < 16) return m.keys.indexOf(key);
  if (!m.byKey) {
    m.byKey = new Map();
    m.keys.forEach((k, i) => {
      if (!m.byKey!.has(k)) m.byKey!.set(k, i);
    });
  }
  return m.byKey.get(key) ?? -1;
}

class TextIndex {
  private lineStarts: readonly number[] | undefined;
  /** The line of the last range's start. */
  private lastLine = 0;
  private readonly members = new Map<number, Members>();
  private root: number | undefined;
  /**
   * The steps of the last path rangeAt walked: its segments, and the offset and end of the value
   * each step reached. Results are placed rule by rule in document order, so a path mostly shares
   * its first steps with the one before it, and the walk resumes after them.
   */
  private readonly walked: { segments: JsonPath; offsets: number[]; ends: number[] } = { segments: [], offsets: [], ends: [] };

  constructor(
    private readonly text: string,
    private readonly starts: number[],
    private readonly ends: number[],
  ) {}

  rootOffset(): number {
    if (this.root === undefined) {
      let i = 0;
      while (/\s/.test(this.text.charAt(i))) i++;
      this.root = i;
    }
    return this.root;
  }

  keyAt(keyStart: number, keyEnd: number): string {
    const raw = this.text.slice(keyStart + 1, keyEnd - 1);
    return raw.includes('\\') ? (JSON.parse(this.text.slice(keyStart, keyEnd)) as string) : raw;
  }

  /** Offset after the value starting at `offset`. */
  private valueEnd(offset: number): number {
    const c = this.text.charCodeAt(offset);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) return this.ends[this.containerId(offset)]!;
    if (c === QUOTE) return stringEnd(this.text, offset);
    return literalEnd(this.text, offset);
  }

  private containerId(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.starts[mid]!;
      if (s === offset) return mid;
      if (s < offset) lo = mid + 1;
      else hi = mid - 1;
    }
    throw new Error(`apilint: no container at offset ${offset}`);
  }

  private skipSpace(i: number): number {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return i;
    }
  }

  /** The members of the container at `offset`: keys (objects) and value offsets, in text order. */
  private membersOf(offset: number): Members {
    let m = this.members.get(offset);
    if (m) return m;
    const t = this.text;
    const isObject = t.charCodeAt(offset) === OPEN_BRACE;
    const end = this.valueEnd(offset) - 1;
    const keys: string[] = [];
    const values: number[] = [];
    const ends: number[] = [];
    let i = this.skipSpace(offset + 1);
    while (i < end) {
      if (isObject) {
        const keyEnd = stringEnd(t, i);
        keys.push(this.keyAt(i, keyEnd));
        i = this.skipSpace(keyEnd) + 1; // the colon
        i = this.skipSpace(i);
      }
      const valueEnd = this.valueEnd(i);
      values.push(i);
      ends.push(valueEnd);
      i = this.skipSpace(valueEnd);
      if (t.charCodeAt(i) === COMMA) i = this.skipSpace(i + 1);
    }
    m = isObject ? { keys, values, ends } : { keys: undefined, values, ends };
    this.members.set(offset, m);
    return m;
  }

  objectKeys(offset: number): string[] {
    return this.membersOf(offset).keys ?? [];
  }

  /** Offset of the value at a path of exact keys (used to find reordered objects). */
  offsetOf(keys: readonly (string | number)[]): number {
    let offset = this.rootOffset();
    for (const key of keys) {
      const m = this.membersOf(offset);
      const i = typeof key === 'number' ? key : m.keys!.indexOf(key);
      offset = m.values[i]!;
    }
    return offset;
  }

  /** The line and column of `offset`, on line `from` or after it. */
  private position(offset: number, from = 0): { line: number; character: number } {
    const lines = (this.lineStarts ??= lineStarts(this.text));
    let lo = from;
    let hi = lines.length - 1;
    if (from > 0) {
      // Galloping from `from` first, then halving between the last two steps.
      let step = 1;
      for (; lo + step <= hi && lines[lo + step]! <= offset; step *= 2) lo += step;
      hi = Math.min(hi, lo + step - 1);
    }
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lines[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - lines[lo]! };
  }

  /**
   * The range of the value at `path`, found as @stoplight/json's findNodeAtPath finds it: a
   * segment that reads as an integer (`"200"`, `3`) is compared as `String(Number(segment))`,
   * and with `closest` a missing segment gives the deepest node found.
   */
  rangeAt(path: JsonPath, closest: boolean): IRange | undefined {
    const { segments, offsets, ends } = this.walked;
    let shared = 0;
    const most = Math.min(path.length, segments.length);
    while (shared < most && path[shared] === segments[shared]) shared++;
    segments.length = offsets.length = ends.length = shared;
    let offset = shared === 0 ? this.rootOffset() : offsets[shared - 1]!;
    // The end of the value at `offset`: read with its parent's members (the root's when asked for).
    let end = shared === 0 ? undefined : ends[shared - 1];
    for (let step = shared; step < path.length; step++) {
      const segment = path[step]!;
      const numeric = Number(segment);
      const t: string | number = Number.isInteger(numeric) ? numeric : segment;
      const c = this.text.charCodeAt(offset);
      let member: number;
      let m: Members;
      if (typeof t === 'string' || c !== OPEN_BRACKET) {
        if (c !== OPEN_BRACE) return closest ? this.rangeOf(offset, end) : undefined;
        m = this.membersOf(offset);
        member = memberIndex(m as { keys: string[] }, String(t));
        if (member < 0) return closest ? this.rangeOf(offset, end) : undefined;
      } else {
        m = this.membersOf(offset);
        if (t < 0 || t >= m.values.length) return closest ? this.rangeOf(offset, end) : undefined;
        member = t;
      }
      offset = m.values[member]!;
      end = m.ends[member]!;
      segments.push(segment);
      offsets.push(offset);
      ends.push(end);
    }
    return this.rangeOf(offset, end);
  }

  /** The range of the value from `offset` to `end` (found here when not known). */
  private rangeOf(offset: number, end = this.valueEnd(offset)): IRange {
    // Results come rule by rule in document order: the start is mostly at or a little after the
    // last one, and the end a few lines further. Both are searched for from there on.
    const lines = (this.lineStarts ??= lineStarts(this.text));
    const start = this.position(offset, lines[this.lastLine]! <= offset ? this.lastLine : 0);
    this.lastLine = start.line;
    return { start, end: this.position(end, start.line) };
  }
}

/** Line start offsets, with CR, LF and CRLF as line breaks (as jsonc-parser counts them). */
function lineStarts(text: string): readonly number[] {
  if (!text.includes('\r')) return lineFeedStarts(text);
  const out = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) out.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      out.push(i + 1);
    }
  }
  return out;
}
