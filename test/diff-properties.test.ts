// mergeProperties (src/diff/properties.ts): the properties of a schema and its `allOf` members,
// merged without copying the members' maps. Checked against the merge as a reader does it, one map
// after another into a copy (a name stands where it is first declared, with the schemas of all its
// declarations, required where one is, then where a part lists it as required without declaring
// it), on generated layers that repeat names and nest merges in merges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Loc, PropertyView, SchemaNode } from '../rulesets/diff-rule.js';
import { mergeProperties, partsOf } from '../src/diff/properties.js';

type Properties = ReadonlyMap<string, PropertyView>;
/** A layer of properties (and names it lists as required without declaring them), or a merge of some. */
type Part = { names: { name: string; required: boolean; readOnly?: boolean }[]; elsewhere?: string[] } | { merged: Part[] };

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f'];

const property = (name: string, required: boolean, layer: number, readOnly = false): PropertyView =>
  ({
    name,
    required,
    ...(required ? { requiredAt: { file: 'f.yaml', path: [`L${layer}`, 'required', name] } } : {}),
    loc: { file: 'f.yaml', path: [`L${layer}`, 'properties', name] },
    schema: { value: {}, loc: { file: 'f.yaml', path: [] } },
    readOnly,
    writeOnly: false,
    deprecated: false,
  }) as PropertyView;

/**
 * The definition: each map's properties added to a copy of what came before (a name declared
 * again adds its schema: `schemas` lists them), then the names listed elsewhere required.
 */
function reference(maps: readonly Properties[], required: ReadonlyMap<string, Loc>): Properties {
  const out = new Map<string, PropertyView>();
  for (const map of maps) {
    for (const [name, view] of map) {
      const mine = out.get(name);
      if (!mine) out.set(name, view);
      else {
        const both = { ...mine, schemas: [...schemasOf(mine), ...schemasOf(view)], readOnly: mine.readOnly || view.readOnly } as PropertyView;
        out.set(name, !mine.required && view.required ? { ...both, required: true, ...(view.requiredAt ? { requiredAt: view.requiredAt } : {}) } : both);
      }
    }
  }
  for (const [name, at] of required) {
    const mine = out.get(name);
    if (mine && !mine.required) out.set(name, { ...mine, required: true, requiredAt: at });
  }
  return out;
}

/** The schemas a view of the definition stands for. */
const schemasOf = (view: PropertyView): SchemaNode[] => (view as PropertyView & { schemas?: SchemaNode[] }).schemas ?? [view.schema];

/** A view as the definition spells it: its schema as the list of the schemas it stands for. */
function spelt(view: PropertyView | undefined): unknown {
  if (view === undefined) return undefined;
  const { schema, schemas, ...rest } = view as PropertyView & { schemas?: SchemaNode[] };
  return { ...rest, schemas: schemas ?? partsOf(schema.value) ?? [schema] };
}
const speltEntries = (properties: Properties) => [...properties.entries()].map(([name, view]) => [name, spelt(view)]);

/** The part built both ways: merged by the implementation, and by the definition; and the names its parts list elsewhere. */
function build(part: Part, counter: { layer: number }): { merged: Properties; expected: Properties; elsewhere: Map<string, Loc> } {
  if ('names' in part) {
    const layer = counter.layer++;
    const map = new Map(part.names.map(({ name, required, readOnly }) => [name, property(name, required, layer, readOnly)]));
    const declared = (name: string) => part.names.some(p => p.name === name);
    const elsewhere = new Map((part.elsewhere ?? []).filter(name => !declared(name)).map(name => [name, { file: 'f.yaml', path: [`L${layer}`, 'required', name] }]));
    return { merged: map, expected: map, elsewhere };
  }
  const parts = part.merged.map(p => build(p, counter));
  const elsewhere = new Map<string, Loc>();
  for (const p of parts) for (const [name, at] of p.elsewhere) if (!elsewhere.has(name)) elsewhere.set(name, at);
  return { merged: mergeProperties(parts.map(p => p.merged), elsewhere), expected: reference(parts.map(p => p.expected), elsewhere), elsewhere };
}

const layer = (elsewhere: boolean) =>
  fc.record({
    names: fc.uniqueArray(fc.record({ name: fc.constantFrom(...NAMES), required: fc.boolean(), readOnly: fc.boolean() }), { selector: p => p.name, maxLength: 5 }),
    ...(elsewhere ? { elsewhere: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 2 }) } : {}),
  });
const nested = (elsewhere: boolean): fc.Arbitrary<Part> =>
  fc.letrec<{ part: Part }>(tie => ({
    part: fc.oneof({ depthSize: 'small', withCrossShrink: true }, layer(elsewhere), fc.record({ merged: fc.array(tie('part'), { maxLength: 5 }) })),
  })).part;

describe('mergeProperties', () => {
  it('lists, finds and counts the properties as the merge into a copy does, in its order', () => {
    let repeated = 0;
    fc.assert(
      fc.property(fc.array(nested(false), { minLength: 1, maxLength: 6 }), parts => {
        const counter = { layer: 0 };
        const { merged, expected } = build({ merged: parts }, counter);
        expect(speltEntries(merged)).toEqual(speltEntries(expected));
        expect([...merged.keys()]).toEqual([...expected.keys()]);
        expect(merged.size).toBe(expected.size);
        for (const name of [...NAMES, 'g']) {
          expect(merged.has(name), name).toBe(expected.has(name));
          expect(spelt(merged.get(name)), name).toEqual(spelt(expected.get(name)));
        }
        const upgraded = [...expected.values()].filter(v => v.requiredAt && v.requiredAt.path[0] !== v.loc.path[0]).length;
        repeated += upgraded;
      }),
      { numRuns: 3000 },
    );
    // The runs made properties required by a later layer than the one that declares them.
    expect(repeated).toBeGreaterThan(300);
  });

  it('requires a property where a part lists it without declaring it: where it lists it, one merge deep; at all, nested', () => {
    let listed = 0;
    fc.assert(
      fc.property(fc.array(layer(true), { minLength: 1, maxLength: 6 }), fc.array(nested(true), { minLength: 1, maxLength: 4 }), (layers, parts) => {
        const flat = build({ merged: layers }, { layer: 0 });
        expect(speltEntries(flat.merged)).toEqual(speltEntries(flat.expected));
        listed += [...flat.expected.values()].filter(v => v.requiredAt?.path[2] === v.name && flat.elsewhere.get(v.name) === v.requiredAt).length;
        // Nested, a name may be required by a part listed first and by a later declaration: either place will do.
        const deep = build({ merged: parts }, { layer: 0 });
        const required = (map: Properties) => [...map.values()].map(v => [v.name, v.required]);
        expect(required(deep.merged)).toEqual(required(deep.expected));
      }),
      { numRuns: 2000 },
    );
    expect(listed).toBeGreaterThan(200);
  });

  it('keeps a member that alone holds properties as it is, and an empty view empty', () => {
    const own = new Map<string, PropertyView>();
    const base = new Map([['id', property('id', false, 0)]]);
    expect(mergeProperties([own, base], new Map())).toBe(base);
    expect(mergeProperties([own, new Map()], new Map()).size).toBe(0);
    // Required by a part that does not declare it: no longer the member's map.
    const at = { file: 'f.yaml', path: ['required', 0] };
    expect(mergeProperties([own, base], new Map([['id', at]])).get('id')).toEqual({ ...base.get('id'), required: true, requiredAt: at });
  });
});
