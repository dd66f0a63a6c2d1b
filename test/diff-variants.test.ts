// pairVariants (src/diff/compare.ts): how `apilint diff` pairs the members of a `oneOf`/`anyOf`
// across versions. It finds names in a map and counts shared property names through the base
// members that hold each one; checked here against the definition, written as a plain scan of
// what is left, on generated unions: names that repeat, members with no properties, overlaps that
// tie, and members that moved.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairVariants, type Member } from '../src/diff/compare.js';
import type { SchemaNode } from '../rulesets/diff-rule.js';

type Pairs = [SchemaNode | undefined, SchemaNode | undefined][];

/**
 * The definition: by name and detail, the first left; then by name, the first left; then by the
 * best overlap (nameless members only where names decide), the closer in size between equals, then
 * the same detail, then the same place, else the first; then in order.
 */
function reference(base: Member[], revision: Member[], byName: boolean): Pairs {
  const out: Pairs = [];
  const left = [...base];
  const others: Member[] = [];
  const exact = revision.map(r => {
    const i = r.key.name === undefined ? -1 : left.findIndex(b => b.key.name === r.key.name && b.key.detail === r.key.detail);
    return i < 0 ? undefined : left.splice(i, 1)[0]!;
  });
  revision.forEach((r, place) => {
    const i = exact[place] !== undefined || r.key.name === undefined ? -1 : left.findIndex(b => b.key.name === r.key.name);
    const b = exact[place] ?? (i >= 0 ? left.splice(i, 1)[0] : undefined);
    if (b) out.push([b.node, r.node]);
    else others.push(r);
  });
  /** The share of the smaller member's properties in the other, and of the larger's. */
  const overlap = (a: Member, b: Member): [number, number] => {
    const shared = [...a.key.properties].filter(p => b.key.properties.has(p)).length;
    const smaller = Math.min(a.key.properties.size, b.key.properties.size);
    return smaller === 0 ? [0, 0] : [shared / smaller, shared / Math.max(a.key.properties.size, b.key.properties.size)];
  };
  const unmatched: Member[] = [];
  for (const r of others) {
    if ((byName && r.key.name !== undefined) || r.key.properties.size === 0) {
      unmatched.push(r);
      continue;
    }
    let best = -1;
    let score: [number, number] = [0.5, 0];
    left.forEach((b, i) => {
      const o = b.key.name === undefined || !byName ? overlap(b, r) : ([0, 0] as [number, number]);
      const samePlace = base.indexOf(b) === revision.indexOf(r);
      const sameDetail = b.key.detail === r.key.detail;
      const bestDetail = best >= 0 && left[best]!.key.detail === r.key.detail;
      const tie = o[0] === score[0] && o[1] === score[1];
      if (o[0] > score[0] || (o[0] === score[0] && o[1] > score[1]) || (tie && (best < 0 || (sameDetail && !bestDetail) || (sameDetail === bestDetail && samePlace)))) [best, score] = [i, o];
    });
    if (best >= 0) out.push([left.splice(best, 1)[0]!.node, r.node]);
    else unmatched.push(r);
  }
  const inOrder = !byName && unmatched.length === left.length;
  const rest: Pairs = inOrder ? unmatched.map((r, i) => [left[i]!.node, r.node]) : [...unmatched.map((r): Pairs[number] => [undefined, r.node]), ...left.map((l): Pairs[number] => [l.node, undefined])];
  return [...out, ...rest];
}

const member = fc.record({
  name: fc.option(fc.constantFrom('#Card', '#Bank', 'title Wallet'), { nil: undefined, freq: 2 }),
  detail: fc.constantFrom('string', 'string enum', 'array[integer]'),
  properties: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 5 }),
});

const members = (list: { name: string | undefined; detail?: string; properties: string[] }[], side: string): Member[] =>
  list.map(({ name, detail, properties }, i) => ({
    node: { value: {}, loc: { file: side, path: ['oneOf', i] } },
    key: { ...(name === undefined ? {} : { name }), ...(detail === undefined ? {} : { detail }), properties: new Set(properties) },
  }));

/** A pair's nodes by their side and place, to compare and to read in a failure. */
const spelt = (pairs: Pairs) => pairs.map(pair => pair.map(node => (node ? `${node.loc.file}${node.loc.path[1]}` : '-')).join(' '));

describe('pairVariants', () => {
  it('pairs members as the plain scan does, in the same order', () => {
    let paired = 0;
    fc.assert(
      fc.property(fc.array(member, { maxLength: 12 }), fc.array(member, { maxLength: 12 }), fc.boolean(), (b, r, byName) => {
        const base = members(b, 'b');
        const revision = members(r, 'r');
        const got = spelt(pairVariants(base, revision, byName));
        expect(got).toEqual(spelt(reference(base, revision, byName)));
        paired += got.filter(pair => !pair.includes('-')).length;
      }),
      { numRuns: 3000 },
    );
    // The runs paired members, by each of the three ways among them.
    expect(paired).toBeGreaterThan(3000);
  });

  it('takes, between overlaps that tie, the member at the same place, else the first', () => {
    const base = members([{ name: undefined, properties: ['a', 'b'] }, { name: undefined, properties: ['a', 'c'] }, { name: undefined, properties: ['a', 'd'] }], 'b');
    // Each shares half with every base member: the second keeps its place, the others take the first left.
    const revision = members([{ name: undefined, properties: ['a', 'x'] }, { name: undefined, properties: ['a', 'y'] }, { name: undefined, properties: ['a', 'z'] }], 'r');
    expect(spelt(pairVariants(base, revision, true))).toEqual(['b0 r0', 'b1 r1', 'b2 r2']);
    // The member at the same place is taken (b1), or the first left where it is gone (b0).
    const moved = members([{ name: undefined, properties: ['a', 'd'] }, { name: undefined, properties: ['a', 'x'] }, { name: undefined, properties: ['a', 'y'] }], 'r');
    expect(spelt(pairVariants(base, moved, true))).toEqual(['b2 r0', 'b1 r1', 'b0 r2']);
  });

  it('takes, between members that hold all of a member, the one closest in size', () => {
    const base = members([{ name: undefined, properties: ['a', 'b', 'c'] }, { name: undefined, properties: ['a', 'b'] }], 'b');
    expect(spelt(pairVariants(base, members([{ name: undefined, properties: ['a', 'b'] }], 'r'), true))).toEqual(['b1 r0', 'b0 -']);
  });

  it('pairs named members by their properties where no name matches, unless names decide', () => {
    // oneOf: [Card, Bank] with both refs inlined and their order changed.
    const base = members([{ name: '#Card', properties: ['a', 'b', 'c'] }, { name: '#Bank', properties: ['a', 'b'] }], 'b');
    const inlined = members([{ name: undefined, properties: ['a', 'b'] }, { name: undefined, properties: ['a', 'b', 'c'] }], 'r');
    expect(spelt(pairVariants(base, inlined, false))).toEqual(['b1 r0', 'b0 r1']);
    // A schema that became a union: a member is the schema only by its name.
    expect(spelt(pairVariants(base, inlined, true))).toEqual(['- r0', '- r1', 'b0 -', 'b1 -']);
  });
});
