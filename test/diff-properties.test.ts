// mergeProperties (src/diff/properties.ts): the properties of a schema and its `allOf` members,
// merged without copying the members' maps. Checked against the merge as a reader does it, one map
// after another into a copy (the first declaration wins, required where a later one is), on
// generated layers that repeat names and nest merges in merges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PropertyView } from '../rulesets/diff-rule.js';
import { mergeProperties } from '../src/diff/properties.js';

type Properties = ReadonlyMap<string, PropertyView>;
/** A layer of properties, or a merge of some. */
type Part = { names: { name: string; required: boolean }[] } | { merged: Part[] };

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f'];

const property = (name: string, required: boolean, layer: number): PropertyView =>
  ({
    name,
    required,
    ...(required ? { requiredAt: { file: 'f.yaml', path: [`L${layer}`, 'required', name] } } : {}),
    loc: { file: 'f.yaml', path: [`L${layer}`, 'properties', name] },
    schema: { value: {}, loc: { file: 'f.yaml', path: [] } },
    readOnly: false,
    writeOnly: false,
    deprecated: false,
  }) as PropertyView;

/** The definition: each map's properties added to a copy of what came before. */
function reference(maps: readonly Properties[]): Properties {
  const out = new Map<string, PropertyView>();
  for (const map of maps) {
    for (const [name, view] of map) {
      const mine = out.get(name);
      if (!mine) out.set(name, view);
      else if (!mine.required && view.required) out.set(name, { ...mine, required: true, ...(view.requiredAt ? { requiredAt: view.requiredAt } : {}) });
    }
  }
  return out;
}

/** The part built both ways: merged by the implementation, and by the definition. */
function build(part: Part, counter: { layer: number }): { merged: Properties; expected: Properties } {
  if ('names' in part) {
    const layer = counter.layer++;
    const map = new Map(part.names.map(({ name, required }) => [name, property(name, required, layer)]));
    return { merged: map, expected: map };
  }
  const parts = part.merged.map(p => build(p, counter));
  return { merged: mergeProperties(parts.map(p => p.merged)), expected: reference(parts.map(p => p.expected)) };
}

const layer = fc.record({ names: fc.uniqueArray(fc.record({ name: fc.constantFrom(...NAMES), required: fc.boolean() }), { selector: p => p.name, maxLength: 5 }) });
const part: fc.Arbitrary<Part> = fc.letrec<{ part: Part }>(tie => ({
  part: fc.oneof({ depthSize: 'small', withCrossShrink: true }, layer, fc.record({ merged: fc.array(tie('part'), { maxLength: 5 }) })),
})).part;

describe('mergeProperties', () => {
  it('lists, finds and counts the properties as the merge into a copy does, in its order', () => {
    let repeated = 0;
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), parts => {
        const counter = { layer: 0 };
        const { merged, expected } = build({ merged: parts }, counter);
        expect([...merged.entries()]).toEqual([...expected.entries()]);
        expect([...merged.keys()]).toEqual([...expected.keys()]);
        expect(merged.size).toBe(expected.size);
        for (const name of [...NAMES, 'g']) {
          expect(merged.has(name), name).toBe(expected.has(name));
          expect(merged.get(name), name).toEqual(expected.get(name));
        }
        const upgraded = [...expected.values()].filter(v => v.requiredAt && v.requiredAt.path[0] !== v.loc.path[0]).length;
        repeated += upgraded;
      }),
      { numRuns: 3000 },
    );
    // The runs made properties required by a later layer than the one that declares them.
    expect(repeated).toBeGreaterThan(300);
  });

  it('keeps a member that alone holds properties as it is, and an empty view empty', () => {
    const own = new Map<string, PropertyView>();
    const base = new Map([['id', property('id', true, 0)]]);
    expect(mergeProperties([own, base])).toBe(base);
    expect(mergeProperties([own, new Map()]).size).toBe(0);
  });
});
