// Seeded randomness for generated test cases: the same cases for a seed on every machine.

export type Random = () => number;

/** mulberry32: a small, fast generator of numbers in [0, 1). */
export function random(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of the list in an order drawn from `rnd` (Fisher–Yates). */
export function shuffled<T>(rnd: Random, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A copy of a JSON value with every mapping's keys, and the lists held under `unordered` keys, in orders drawn from `rnd`. */
export function reordered<T extends Json>(rnd: Random, value: T, unordered: ReadonlySet<string>, key = ''): T {
  if (Array.isArray(value)) {
    const items = value.map(item => reordered(rnd, item, unordered));
    return (unordered.has(key) ? shuffled(rnd, items) : items) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(shuffled(rnd, Object.keys(value)).map(k => [k, reordered(rnd, value[k]!, unordered, k)])) as T;
}
