// pairPaths (src/diff/model.ts): the paths of two versions paired by their template, then by the
// template with its variables renamed, first with first; a document may hold two templates that
// differ in the names of their variables only.
import { describe, expect, it } from 'vitest';
import type { PathModel } from '../rulesets/diff-rule.js';
import { pairPaths } from '../src/diff/model.js';

const paths = (...names: string[]) => new Map(names.map(name => [name, { name } as PathModel]));
const names = (base: Map<string, PathModel>, revision: Map<string, PathModel>) => pairPaths(base, revision).map(p => [p.base?.name, p.revision?.name]);

describe('pairPaths', () => {
  it('pairs the same template first, then renamed variables first with first; the revision in its order, then removals', () => {
    const base = paths('/a/{x}', '/a/{y}', '/b', '/c/{id}', '/e/{one}', '/e/{two}');
    const revision = paths('/a/{y}', '/a/{p}', '/c/{key}', '/d', '/e/{three}', '/e/{four}');
    expect(names(base, revision)).toEqual([
      ['/a/{y}', '/a/{y}'],
      ['/a/{x}', '/a/{p}'],
      ['/c/{id}', '/c/{key}'],
      [undefined, '/d'],
      ['/e/{one}', '/e/{three}'],
      ['/e/{two}', '/e/{four}'],
      ['/b', undefined],
    ]);
  });

  it('is not moved by the order of templates that differ in their variables only', () => {
    expect(names(paths('/a/{x}', '/a/{y}'), paths('/a/{y}', '/a/{x}'))).toEqual([
      ['/a/{y}', '/a/{y}'],
      ['/a/{x}', '/a/{x}'],
    ]);
  });
});
