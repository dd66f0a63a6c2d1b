// operationsAbove (src/diff/compare.ts): the operations a diff finding belongs to, found up the
// graph of compared pairs and the pairs (or operations) they were reached from. It reads each pair
// once, component by component; checked here against a walk up from each pair alone, on generated
// graphs with cycles, shared parents and pairs no operation reaches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationsAbove } from '../src/diff/compare.js';

/** The definition: every operation reached from `pair`, one parent at a time. */
function walkUp(parents: ReadonlyMap<string, ReadonlySet<string>>, pair: string): string[] {
  const found = new Set<string>();
  const seen = new Set([pair]);
  const todo = [pair];
  while (todo.length > 0) {
    for (const parent of parents.get(todo.pop()!) ?? []) {
      if (seen.has(parent)) continue;
      seen.add(parent);
      if (parent.startsWith('op:')) found.add(parent.slice(3));
      else todo.push(parent);
    }
  }
  return [...found].sort();
}

describe('operationsAbove', () => {
  it('finds for each pair the operations a walk up from it alone finds', () => {
    const parent = fc.oneof(fc.nat(11).map(i => `p${i}`), fc.constantFrom('op:GET /a', 'op:PUT /a', 'op:GET /b'));
    let reached = 0;
    fc.assert(
      fc.property(fc.array(fc.array(parent, { maxLength: 3 }), { minLength: 1, maxLength: 12 }), fc.array(fc.nat(11), { minLength: 1, maxLength: 8 }), (lists, picks) => {
        const parents = new Map(lists.map((list, i) => [`p${i}`, new Set(list)]));
        const starts = picks.map(i => `p${i % lists.length}`);
        const above = operationsAbove(parents, starts);
        for (const start of starts) {
          const expected = walkUp(parents, start);
          expect([...above.get(start)!].sort(), start).toEqual(expected);
          reached += expected.length;
        }
      }),
      { numRuns: 3000 },
    );
    expect(reached).toBeGreaterThan(3000);
  });

  it('reads a chain of 100,000 pairs, and a ring of as many, without recursion', () => {
    const n = 100_000;
    const chain = new Map(Array.from({ length: n }, (_, i) => [`p${i}`, new Set([i === 0 ? 'op:GET /a' : `p${i - 1}`])]));
    expect([...operationsAbove(chain, [`p${n - 1}`, 'p5']).get(`p${n - 1}`)!]).toEqual(['GET /a']);
    const ring = new Map(Array.from({ length: n }, (_, i) => [`p${i}`, new Set([`p${(i + 1) % n}`, ...(i === 7 ? ['op:PUT /b'] : [])])]));
    const above = operationsAbove(ring, ['p0', 'p500']);
    expect([...above.get('p0')!]).toEqual(['PUT /b']);
    expect(above.get('p500')).toBe(above.get('p0'));
  });
});
