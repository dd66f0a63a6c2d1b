// Whether a changed `pattern` still admits every value the old one did, for the diff rules. Two
// regular expressions cannot be compared in general, but the patterns APIs write are mostly runs
// of character sets (`^[0-9a-f]{40}$`, `^[a-z][a-z0-9-]*$`): for such an old pattern, values it
// admits are generated (every character of each set, at the shortest and longest lengths the
// quantifiers and the length bounds allow, and seeded random mixes between) and tried against the
// new one. A value refused is proof of a narrowing; all admitted is taken as none. Anything else
// (alternation, groups, lookarounds, an unanchored pattern) stays "cannot tell".
import { documentPattern } from './pattern.js';

/** One character set and how often it repeats. */
interface Run {
  chars: string[];
  min: number;
  max: number;
}

/** Characters a set may list, at most: a set wider than this (`.`, a negation) is not enumerable here. */
const MAX_SET = 256;
/** Values above this length are not tried: enough to tell bounds apart. */
const MAX_LENGTH = 160;
const SAMPLES = 200;

const range = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const CLASSES: Record<string, string[]> = {
  d: range(48, 57),
  w: [...range(48, 57), ...range(65, 90), ...range(97, 122), '_'],
  s: [' ', '\t', '\n', '\r', '\f', '\v'],
};
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v' };

/** The characters of a `[...]` body, or undefined when it is negated or holds what this does not read. */
function setChars(body: string): string[] | undefined {
  if (body.startsWith('^')) return undefined;
  const out = new Set<string>();
  const single = (i: number): [string[] | string, number] | undefined => {
    const c = body[i];
    if (c === undefined) return undefined;
    if (c !== '\\') return [c, i + 1];
    const e = body[i + 1];
    if (e === undefined) return undefined;
    if (CLASSES[e]) return [CLASSES[e]!, i + 2];
    if (/[A-Za-z0-9]/.test(e) && !ESCAPES[e]) return undefined;
    return [ESCAPES[e] ?? e, i + 2];
  };
  for (let i = 0; i < body.length; ) {
    const first = single(i);
    if (!first) return undefined;
    const [a, next] = first;
    if (typeof a === 'string' && body[next] === '-' && next + 1 < body.length) {
      const second = single(next + 1);
      if (!second || typeof second[0] !== 'string' || second[0] < a) return undefined;
      for (const c of range(a.charCodeAt(0), second[0].charCodeAt(0))) out.add(c);
      i = second[1];
    } else {
      for (const c of typeof a === 'string' ? [a] : a) out.add(c);
      i = next;
    }
    if (out.size > MAX_SET) return undefined;
  }
  return out.size > 0 ? [...out] : undefined;
}

/** `^...$` made of character sets with quantifiers, or undefined. */
export function parseRuns(pattern: string): Run[] | undefined {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return undefined;
  const body = pattern.slice(1, -1);
  const runs: Run[] = [];
  let i = 0;
  while (i < body.length) {
    let chars: string[] | undefined;
    const c = body[i]!;
    if (c === '[') {
      const end = body.indexOf(']', i + 2);
      if (end < 0) return undefined;
      chars = setChars(body.slice(i + 1, end));
      i = end + 1;
    } else if (c === '\\') {
      const e = body[i + 1];
      if (e === undefined) return undefined;
      chars = CLASSES[e] ?? (/[A-Za-z0-9]/.test(e) && !ESCAPES[e] ? undefined : [ESCAPES[e] ?? e]);
      i += 2;
    } else if ('()|.*+?{}^$'.includes(c)) {
      return undefined;
    } else {
      chars = [c];
      i += 1;
    }
    if (!chars) return undefined;
    let min = 1;
    let max = 1;
    const quantifier = /^(?:([*+?])|\{(\d+)(?:(,)(\d*))?\})/.exec(body.slice(i));
    if (quantifier) {
      const [text, symbol, low, comma, high] = quantifier;
      if (symbol) [min, max] = symbol === '*' ? [0, Infinity] : symbol === '+' ? [1, Infinity] : [0, 1];
      else [min, max] = [Number(low), comma ? (high ? Number(high) : Infinity) : Number(low)];
      if (min > max) return undefined;
      i += text.length;
      if (body[i] === '?' || body[i] === '+') return undefined;
    }
    runs.push({ chars, min, max });
  }
  return runs;
}

/** A small seeded generator, so that a diff says the same every run. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Whether `revision` admits every value `base` does, among strings `minLength`..`maxLength` long:
 * true (no value found that it refuses), false (one found), or undefined (cannot tell). Both run on
 * RE2 ({@link documentPattern}): a pattern from a pull request cannot make the diff backtrack.
 */
export function patternAdmits(base: string, revision: string, bounds: { minLength?: number; maxLength?: number }): boolean | undefined {
  const runs = parseRuns(base);
  if (!runs) return undefined;
  const re = documentPattern(revision);
  const old = documentPattern(base);
  if ('problem' in re || 'problem' in old) return undefined;
  const minLength = bounds.minLength ?? 0;
  const maxLength = Math.min(bounds.maxLength ?? Infinity, MAX_LENGTH);
  const shortest = runs.reduce((n, r) => n + r.min, 0);
  if (shortest > maxLength) return undefined;
  const random = mulberry32(0x5eed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // Repeats of each run: the fewest, then spread between what the length bounds leave.
  const counts = (spread: number): number[] => {
    const out = runs.map(r => r.min);
    let length = shortest;
    const target = Math.max(minLength, Math.round(minLength + spread * (maxLength === Infinity ? 64 : maxLength - minLength)));
    for (let guard = 0; length < Math.min(target, maxLength) && guard < 10_000; guard++) {
      const open = runs.map((_, i) => i).filter(i => out[i]! < runs[i]!.max);
      if (open.length === 0) break;
      const i = pick(open);
      out[i]!++;
      length++;
    }
    return out;
  };
  const values: string[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const repeat = counts(s === 0 ? 0 : s === 1 ? 1 : random());
    // The first samples walk each set's characters in order, so every one is tried.
    values.push(runs.map((r, i) => Array.from({ length: repeat[i]! }, (_, k) => (s < 8 ? r.chars[(k + s * repeat[i]!) % r.chars.length]! : pick(r.chars))).join('')).join(''));
  }
  const admitted = values.filter(v => v.length >= minLength && v.length <= (bounds.maxLength ?? Infinity) && old.test(v));
  if (admitted.length < SAMPLES / 4) return undefined;
  return admitted.every(v => re.test(v));
}
