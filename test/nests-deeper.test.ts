// nestsDeeperThan (rulesets/lib/events.ts): whether a value nests more than a limit of levels,
// `$ref` targets (shared objects) included, a cycle counting its turn once. It keeps the heights
// of values measured whole (no cycle below them) for later questions: event schemas that extend
// one base measure it once. Checked against a direct reading of the definition, asked afresh each
// time, on generated graphs whose nodes are shared and circular.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../rulesets/lib/events.js';

/** The height of `value` by the definition: a node on the path (a cycle) adds nothing. */
function height(value: unknown, path = new Set<object>()): number {
  if (value === null || typeof value !== 'object' || path.has(value)) return 0;
  path.add(value);
  const tallest = Math.max(0, ...Object.values(value).map(child => height(child, path)));
  path.delete(value);
  return tallest + 1;
}

describe('nestsDeeperThan', () => {
  it('answers a run of questions as the definition does, whatever the sharing and cycles', () => {
    const graphs = fc.record({
      // Node i's children: other nodes (by index) or leaves.
      children: fc.array(fc.array(fc.oneof(fc.nat(9), fc.constant('leaf')), { maxLength: 3 }), { minLength: 1, maxLength: 10 }),
      questions: fc.array(fc.tuple(fc.nat(9), fc.nat(6)), { minLength: 1, maxLength: 10 }),
    });
    fc.assert(
      fc.property(graphs, ({ children, questions }) => {
        const nodes: unknown[][] = children.map(() => []);
        children.forEach((list, i) => list.forEach(c => nodes[i]!.push(c === 'leaf' ? 'leaf' : nodes[c % nodes.length])));
        for (const [i, limit] of questions) {
          const root = nodes[i % nodes.length];
          expect(nestsDeeperThan(root, limit)).toBe(height(root) > limit);
        }
      }),
      { numRuns: 3000, seed: 20_261_127 },
    );
  });
});
