// Counts in reports are grouped by hand, without ICU (src/formatters/types.ts): the text must be
// what `toLocaleString('en-US')` writes.
import { expect, it } from 'vitest';
import { grouped } from '../src/formatters/types.js';

it('groups every number as toLocaleString("en-US") does', () => {
  const numbers = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 12_345, 123_456, 999_999, 1_000_000, 1_234_567, 12_723];
  const all = [...numbers, ...numbers.map(n => -n), Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 53, 1e21, 1234.5678, 0.5, -0, NaN, Infinity];
  for (const n of all) expect([n, grouped(n)]).toEqual([n, n.toLocaleString('en-US')]);
});
