// The bundle's compiled OpenAPI validators find duplicate items in linear time
// (src/engine/unique-items.ts): run side by side with the published module, they give the same
// verdict and the same errors, and firstDuplicate finds the pair the published loop finds.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFilePatch } from '../src/engine/bundle-patches.js';
import { firstDuplicate, withLinearUniqueItems } from '../src/engine/unique-items.js';
import { filePatch, loadChanged } from './helpers/patched-module.js';

const require = createRequire(import.meta.url);
const FILE = require.resolve('@stoplight/spectral-rulesets/dist/oas/schemas/validators.js');
const ROOT = path.resolve(import.meta.dirname, '..');

type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type Validators = Record<'oas2_0' | 'oas3_0' | 'oas3_1', Validator>;

const published = require(FILE) as Validators;
/** The module as the bundle has it: rewritten. */
const patch = filePatch('@stoplight/spectral-rulesets', 'oas/schemas/validators.js');
const rewritten = loadChanged<Validators>(FILE, code => applyFilePatch(patch, code));

/** The inner loop of a pairwise comparison, as Spectral's module or Ajv's standalone code spells it. */
const PAIRWISE = /for\s*\((\w+) = \w+;\s*\1--;\s*\)/;

/** The loop the generated code runs. */
function loop(items: unknown[], equal: (a: unknown, b: unknown) => boolean): [number, number] | undefined {
  for (let i = items.length; i--; ) for (let j = i; j--; ) if (equal(items[i], items[j])) return [i, j];
  return undefined;
}

// ajv's equal, as the validators require it.
const equal = createRequire(FILE)('ajv/dist/runtime/equal').default as (a: unknown, b: unknown) => boolean;

/** Values that are often equal: few scalars, objects spelt in either key order, nesting. */
const values: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>(tie => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('a', 'b', 1, 0, -0, 1.5, true, false, null, '1'),
    fc.constantFrom({ x: 1, y: 'a' }, { y: 'a', x: 1 }, { x: 1 }, { x: [1, { y: 'a', z: null }] }, { x: [1, { z: null, y: 'a' }] }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.tuple(tie('value'), tie('value'), fc.boolean()).map(([x, y, flip]) => (flip ? { y, x } : { x, y })),
    fc.record({ name: fc.constantFrom('a', 'b'), in: fc.constantFrom('query', 'path') }, { requiredKeys: [], noNullPrototype: true }),
  ),
})).value;

describe('firstDuplicate', () => {
  it('finds the pair the generated loop finds', () => {
    fc.assert(
      fc.property(fc.array(values, { maxLength: 30 }), items => {
        expect(firstDuplicate(items, equal)).toEqual(loop(items, equal));
      }),
      { numRuns: 5000, seed: 2026_11_26 },
    );
  });

  it('leaves values it cannot group to the loop: an object that is not plain, a key equal would call, deep nesting', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 150; i++) deep = [deep];
    const cases: unknown[][] = [
      [/x/g, /x/g, /y/],
      [new Date(5), new Date(5)],
      [deep, [deep], deep],
      [Number.NaN, 1, Number.NaN],
      // Where equal calls a method that is not one (a null prototype, a string at `toString`), both throw.
      [Object.assign(Object.create(null), { a: 1 }), Object.assign(Object.create(null), { a: 1 })],
      [{ toString: 'x' }, { toString: 'x' }],
      [{ toString: 'x', a: 1 }, { toString: 'x', a: 2 }],
      [{ valueOf: 'x', a: 1 }, { valueOf: 'x', a: 2 }],
    ];
    const outcome = (find: () => unknown) => {
      try {
        return { found: find() };
      } catch (error) {
        return { threw: (error as Error).constructor.name };
      }
    };
    // Past the few items the loop takes directly.
    const padded = (items: unknown[]) => [...Array.from({ length: 8 }, (_, i) => `filler ${i}`), ...items];
    for (const items of cases.map(padded)) expect(outcome(() => firstDuplicate(items, equal))).toEqual(outcome(() => loop(items, equal)));
    expect(outcome(() => loop(padded(cases[5]!), equal))).toEqual({ threw: 'TypeError' });
  });
});

describe('the rewritten validators', () => {
  it('replace the 26 pairwise loops, and the bundle holds them with those of its precompiled validators', () => {
    expect(withLinearUniqueItems(readFileSync(FILE, 'utf8')).replaced).toBe(26);
    const bundle = readFileSync(path.join(ROOT, 'dist/bundle/cli.cjs'), 'latin1');
    // Swagger 2.0's Schema Object (an `enum`, a `type` list) and JSON Schema 2020-12's (a `type` list).
    expect(bundle.split('apilintFirstDuplicate(').length - 1).toBe(26 + 3);
    expect(bundle).not.toMatch(PAIRWISE);
  });

  const tag = fc.record({ name: fc.constantFrom('orders', 'parcels'), description: fc.constantFrom('x', 'y') }, { requiredKeys: ['name'], noNullPrototype: true });
  const parameter = fc.oneof(
    fc.record({ name: fc.constantFrom('id', 'limit'), in: fc.constantFrom('query', 'header'), type: fc.constant('string') }, { noNullPrototype: true }),
    fc.constantFrom({ $ref: '#/parameters/Limit' }, { $ref: '#/parameters/Cursor' }),
  );
  const enumValue = fc.constantFrom('A', 'B', 1, 1.0, null, { k: 1 });
  const swagger = fc.record(
    {
    tags: fc.array(tag, { maxLength: 12 }),
    parameters: fc.array(parameter, { maxLength: 12 }),
    values: fc.array(enumValue, { minLength: 1, maxLength: 12 }),
      security: fc.array(fc.constantFrom({ key: [] }, { oauth: ['read'] }, { oauth: ['read', 'read'] }), { maxLength: 4 }),
    },
    { noNullPrototype: true },
  );

  it('give the published verdict and errors on Swagger 2.0 and OpenAPI 3 documents with duplicate items', () => {
    fc.assert(
      fc.property(swagger, ({ tags, parameters, values: enumValues, security }) => {
        const oas2 = {
          swagger: '2.0',
          info: { title: 'T', version: '1' },
          tags,
          security,
          paths: { '/orders': { get: { tags: tags.map(t => t.name), parameters, responses: { '200': { description: 'ok', schema: { type: 'string', enum: enumValues } } } } } },
        };
        const oas3 = {
          openapi: '3.0.3',
          info: { title: 'T', version: '1' },
          tags,
          security,
          paths: { '/orders': { get: { parameters: parameters.map(p => ('$ref' in p ? p : { name: p.name, in: p.in, schema: { type: p.type } })), responses: { '200': { description: 'ok' } } } } },
        };
        for (const [name, doc] of [['oas2_0', oas2], ['oas3_0', oas3], ['oas3_1', { ...oas3, openapi: '3.1.0' }]] as const) {
          const expected = published[name](doc);
          expect(rewritten[name](doc)).toBe(expected);
          expect(rewritten[name].errors ?? null).toEqual(published[name].errors ?? null);
        }
      }),
      { numRuns: 500, seed: 2026_11_26 },
    );
  });
});

describe("Ajv's standalone code", () => {
  // Ajv as it is installed for Spectral's `schema` function (one copy: package.json `overrides`).
  const ajvRequire = createRequire(require.resolve('@stoplight/spectral-functions/dist/schema/ajv.js'));
  const Ajv = (ajvRequire('ajv') as { default: new (options: object) => { compile(schema: object): unknown } }).default;
  const standaloneCode = (ajvRequire('ajv/dist/standalone') as { default: (ajv: unknown, validate: unknown) => string }).default;
  const schema = { type: 'array', uniqueItems: true, items: { anyOf: [{ type: 'string' }, { type: 'object' }, { type: 'array' }, { type: 'number' }, { type: 'null' }] } };
  const load = (code: string): Validator => {
    const module = { exports: {} as Validator };
    new Function('module', 'exports', 'require', code)(module, module.exports, ajvRequire);
    return module.exports;
  };

  for (const allErrors of [true, false]) {
    it(`${allErrors ? 'with' : 'without'} allErrors: its loop is replaced, with the same verdict and errors`, () => {
      const ajv = new Ajv({ allErrors, code: { source: true } });
      const code = standaloneCode(ajv, ajv.compile(schema)).replace(/require\("([^"]+)"\)/g, (_, id: string) => `require(${JSON.stringify(ajvRequire.resolve(id))})`);
      expect(code).toMatch(PAIRWISE);
      const { code: linear, replaced } = withLinearUniqueItems(code);
      expect(replaced).toBe(1);
      expect(linear).not.toMatch(PAIRWISE);
      const [before, after] = [load(code), load(linear)];
      let duplicates = 0;
      fc.assert(
        fc.property(fc.array(values, { maxLength: 30 }), items => {
          const valid = before(items);
          expect(after(items)).toBe(valid);
          expect(after.errors ?? null).toEqual(before.errors ?? null);
          if (!valid) duplicates++;
        }),
        { numRuns: 2000, seed: 2026_11_27 },
      );
      expect(duplicates).toBeGreaterThan(200);
    });
  }

  it('a module without such a loop is left as it is', () => {
    expect(withLinearUniqueItems('"use strict";module.exports = () => true;')).toEqual({ code: '"use strict";module.exports = () => true;', replaced: 0 });
  });
});
