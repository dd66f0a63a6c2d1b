// The merged properties of a schema and its `allOf` parts (rulesets/lib/operations.ts), parts
// first, a later one replacing an earlier one. The rules that judge a resource's shape read them
// (collections-paginated, batch-207, ...). Checked against a direct reading of that definition, a
// map per part copied into its parent's, on generated schemas whose parts are shared, nested and
// circular.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasArrayProperty, hasNextPageField, mergedProperties } from '../rulesets/lib/operations.js';

type Schema = { properties?: Record<string, unknown>; allOf?: Schema[] };

/** The definition, read directly: each part's own map, copied into its parent's. */
function reference(schema: unknown, seen = new Set<object>()): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || seen.has(schema)) return out;
  seen.add(schema);
  const { allOf, properties } = schema as Schema;
  if (Array.isArray(allOf)) for (const part of allOf) for (const [k, v] of reference(part, seen)) out.set(k, v);
  if (properties) for (const [k, v] of Object.entries(properties)) out.set(k, v);
  return out;
}

/** A page's next link, by the definition: a field `next`, or one in `links` (and `links` in it). */
function referenceNext(schema: unknown, depth = 0): boolean {
  const merged = reference(schema);
  return merged.has('next') || (depth < 2 && merged.has('links') && referenceNext(merged.get('links'), depth + 1));
}

const NAMES = ['id', 'name', 'items', 'next', 'kind', 'links'];
const sorted = (entries: Iterable<readonly [string, unknown]>) => [...entries].sort(([a], [b]) => a.localeCompare(b));

describe('merged properties', () => {
  it('merges parts in order, then the schema\'s own, whatever the sharing and cycles of its parts', () => {
    const names = fc.constantFrom(...NAMES);
    const graphs = fc.record({
      properties: fc.array(fc.dictionary(names, fc.nat(9), { maxKeys: 3 }), { minLength: 1, maxLength: 8 }),
      parts: fc.array(fc.array(fc.nat(7), { maxLength: 3 }), { minLength: 1, maxLength: 8 }),
    });
    fc.assert(
      fc.property(graphs, ({ properties, parts }) => {
        // Schema i has the properties properties[i] and allOf the schemas parts[i] name: parts
        // may be shared by several schemas, refer back up, or to themselves.
        // A value is an array schema, a link container with a next link (one or two containers
        // deep, or three, too deep to count) or without, or plain.
        const links = (depth: number): object => (depth === 0 ? { next: {} } : { links: { properties: links(depth - 1) } });
        const value = (v: number) => [{ v, type: 'array' }, { v, properties: links(0) }, { v, properties: links(1) }, { v, properties: links(2) }, { v, properties: { id: {} } }, { v }][v % 6];
        const schemas: Schema[] = properties.map(p => ({ properties: Object.fromEntries(Object.entries(p).map(([k, v]) => [k, value(v)])) }));
        schemas.forEach((s, i) => {
          const named = (parts[i] ?? []).map(j => schemas[j % schemas.length]!);
          if (named.length > 0) s.allOf = named;
        });
        for (const schema of schemas) {
          const merged = reference(schema);
          expect(sorted(mergedProperties(schema))).toEqual(sorted(merged));
          // Each name once, with the very value the definition gives it.
          const view = new Map(mergedProperties(schema));
          expect(view.size).toBe(merged.size);
          for (const name of NAMES) expect(view.get(name)).toBe(merged.get(name));
          expect(hasArrayProperty(schema)).toBe([...merged.values()].some(v => (v as { type?: string }).type === 'array'));
          expect(hasNextPageField(schema)).toBe(referenceNext(schema));
        }
      }),
      { numRuns: 2000, seed: 20_261_126 },
    );
  });

  it('reads a chain of schemas, each extending the one before, to its root', () => {
    let schema: Schema = { properties: { id: 0 } };
    for (let i = 1; i <= 3000; i++) schema = { allOf: [schema], properties: { [`f${i % 7}`]: i } };
    // Each name with the value of the schema that gave it last: the largest i of its remainder.
    const last = (k: number) => 3000 - ((3000 - k) % 7);
    expect(sorted(mergedProperties(schema))).toEqual(sorted([['id', 0], ...[1, 2, 3, 4, 5, 6, 0].map(k => [`f${k}`, last(k)] as const)]));
  });
});
