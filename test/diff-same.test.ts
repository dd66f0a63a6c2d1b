// sameness (src/diff/same.ts): whether two parts of the diff's models are the same, `$ref`s
// followed. One instance keeps what each question learns (pairs found the same, pairs found to
// differ and the pairs that hold them) for the next. Checked on generated graphs, shared and
// circular, of models and document values: a run of questions to one instance must get the
// answers that a fresh instance gives to each question alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Side } from '../src/diff/side.js';
import { sameness } from '../src/diff/same.js';

type Graph = { keys: string[]; to: (number | string)[] }[];

/** A pool of objects from a graph: node i holds keys[i], each a primitive or another node. */
function build(graph: Graph, file: string): { models: object[]; side: Side } {
  // Even nodes are model objects, odd ones document values; a model refers to a value through a
  // node ({value, loc}), and a value to a value through a `$ref`.
  const values: Record<string, unknown>[] = graph.map(() => ({}));
  const models: Record<string, unknown>[] = graph.map(() => ({}));
  graph.forEach(({ keys, to }, i) => {
    keys.forEach((key, k) => {
      const target = to[k % to.length] ?? 'x';
      if (typeof target === 'string') {
        values[i]![key] = target;
        models[i]![key] = target;
      } else {
        // A `$ref` past the pool's end does not resolve.
        values[i]![key] = { $ref: `#/${target}` };
        const j = target % graph.length;
        models[i]![key] = j % 2 === 0 ? models[j] : { value: values[j], loc: { file, path: [String(j)] } };
      }
    });
  });
  const side = {
    target(value: unknown, from: string) {
      let v = value;
      for (let hop = 0; typeof v === 'object' && v !== null && typeof (v as { $ref?: unknown }).$ref === 'string'; hop++) {
        if (hop > graph.length) return undefined;
        v = values[Number((v as { $ref: string }).$ref.slice(2))];
        if (v === undefined) return undefined;
      }
      return { value: v, file: from };
    },
  } as unknown as Side;
  return { models, side };
}

describe('sameness', () => {
  it('answers a run of questions as it answers each alone, whatever the sharing and cycles', () => {
    const node = fc.record({
      keys: fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
      to: fc.array(fc.oneof(fc.nat(9), fc.constantFrom('x', 'y')), { minLength: 1, maxLength: 3 }),
    });
    const graphs = fc.record({
      graph: fc.array(node, { minLength: 2, maxLength: 5 }),
      // The revision: the same graph with a few values changed, or a few nodes replaced.
      edits: fc.array(fc.tuple(fc.nat(7), fc.nat(2), fc.oneof(fc.nat(9), fc.constantFrom('x', 'y'))), { maxLength: 2 }),
      replaced: fc.array(fc.tuple(fc.nat(7), node), { maxLength: 1 }),
      questions: fc.array(fc.tuple(fc.nat(7), fc.nat(7)), { minLength: 1, maxLength: 40 }),
    });
    const answers = new Set<boolean>();
    fc.assert(
      fc.property(graphs, ({ graph, edits, replaced, questions }) => {
        const revised = graph.map(n => ({ keys: n.keys, to: [...n.to] }));
        for (const [i, k, target] of edits) revised[i % revised.length]!.to[k % revised[i % revised.length]!.to.length] = target;
        for (const [i, n] of replaced) revised[i % revised.length] = n;
        const base = build(graph, 'base.json');
        const revision = build(revised, 'revision.json');
        const sides = { base: base.side, revision: revision.side };
        const learning = sameness(sides);
        for (const [i, j] of questions) {
          const b = base.models[i % base.models.length]!;
          const r = revision.models[j % revision.models.length]!;
          const answer = sameness(sides)(b, r);
          answers.add(answer);
          expect(learning(b, r)).toBe(answer);
        }
      }),
      { numRuns: 3000, seed: 20_261_127 },
    );
    expect([...answers].sort()).toEqual([false, true]);
  });
});

describe('sameness, by hand', () => {
  const sides = { base: {} as Side, revision: {} as Side };

  it('a pair found the same on the assumption that a pair around it is, when that pair differs: different', () => {
    // A holds X, X holds A again; A differs at a key compared after X.
    const base: Record<string, unknown> = { a: 'x' };
    const revision: Record<string, unknown> = { a: 'y' };
    const x = { c: base };
    const xr = { c: revision };
    base.b = x;
    revision.b = xr;
    const learning = sameness(sides);
    expect(learning(base, revision)).toBe(false);
    expect(learning(x, xr)).toBe(false);
  });
});
