// Ajv's generated code and better-ajv-errors gather errors with `concat`, copying the list so far
// each time; the bundle makes them append in place (src/engine/error-lists.ts, bundle-patches.ts).
// The published code and the rewritten code run side by side here and must give the same verdict
// and the same errors, in the same order.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFilePatch } from '../src/engine/bundle-patches.js';
import { appendAll, withAppendedErrors } from '../src/engine/error-lists.js';
import { validationSchema } from '../rulesets/lib/validation-schemas.js';
import { filePatch, loadChanged } from './helpers/patched-module.js';

const require = createRequire(import.meta.url);

type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type Validators = Record<'oas2_0' | 'oas3_0' | 'oas3_1', Validator>;

/** The gathering the rewrite looks for, in either spelling. */
const GATHERING = /\.concat\([\w$.]+\.errors\)/;

describe('appendAll', () => {
  it('gives what concat gives, for a list or a single value', () => {
    fc.assert(
      fc.property(fc.array(fc.anything()), fc.oneof(fc.array(fc.anything()), fc.anything()), (list, more) => {
        expect(appendAll([...list], more)).toEqual(list.concat(more));
      }),
      { numRuns: 2000, seed: 2026_11_27 },
    );
  });
});

describe("Spectral's compiled OpenAPI validators, as the bundle has them", () => {
  const FILE = require.resolve('@stoplight/spectral-rulesets/dist/oas/schemas/validators.js');
  const published = require(FILE) as Validators;
  const rewritten = loadChanged<Validators>(FILE, code => applyFilePatch(filePatch('@stoplight/spectral-rulesets', 'oas/schemas/validators.js'), code));

  it('gather no errors by copying', () => {
    expect(readFileSync(FILE, 'utf8')).toMatch(GATHERING);
    expect(applyFilePatch(filePatch('@stoplight/spectral-rulesets', 'oas/schemas/validators.js'), readFileSync(FILE, 'utf8'))).not.toMatch(GATHERING);
  });

  // Parameters and schemas, each valid or broken in one of several ways, in bulk.
  const parameter = fc.oneof(
    fc.record({ name: fc.constantFrom('id', 'limit'), in: fc.constantFrom('query', 'header', 'path', 'cookie', 'body', 'nowhere'), type: fc.constantFrom('string', 'text', 1), required: fc.constantFrom(true, 'yes') }, { requiredKeys: ['in'], noNullPrototype: true }),
    fc.constantFrom({ $ref: '#/parameters/Limit' }, { $ref: 1 }, 'parameter', null, { in: 'query', unknown: true }),
  );
  const schema = fc.oneof(
    fc.record({ type: fc.constantFrom('object', 'strin', 1), required: fc.constantFrom(['id'], 'id'), properties: fc.constantFrom({ id: { type: 'string' } }, { id: { type: 'text' } }, []), enum: fc.constantFrom(['A'], 'A') }, { requiredKeys: [], noNullPrototype: true }),
    fc.constantFrom({ $ref: '#/definitions/Thing' }, { allOf: {} }, 'schema'),
  );
  const documents = fc.record(
    {
      parameters: fc.array(parameter, { maxLength: 30 }),
      schemas: fc.array(schema, { maxLength: 30 }),
      responses: fc.array(fc.constantFrom({ description: 'OK' }, {}, { description: 1 }, 'OK', { description: 'x', headers: { 'X-A': { type: 'text' } } }), { maxLength: 10 }),
    },
    { noNullPrototype: true },
  );

  it('give the published verdict and errors on generated documents with many errors', () => {
    let most = 0;
    fc.assert(
      fc.property(documents, ({ parameters, schemas, responses }) => {
        const named = <T,>(list: T[], prefix: string) => Object.fromEntries(list.map((item, i) => [`${prefix}${i}`, item]));
        const responseMap = Object.fromEntries(responses.map((r, i) => [String(200 + i), r]));
        const oas2 = { swagger: '2.0', info: { title: 'T', version: '1' }, parameters: named(parameters, 'P'), definitions: named(schemas, 'S'), paths: { '/a': { get: { parameters, responses: responseMap } } } };
        const oas3 = { openapi: '3.0.3', info: { title: 'T', version: '1' }, components: { parameters: named(parameters, 'P'), schemas: named(schemas, 'S') }, paths: { '/a': { get: { parameters, responses: responseMap } } } };
        for (const [name, doc] of [['oas2_0', oas2], ['oas3_0', oas3], ['oas3_1', { ...oas3, openapi: '3.1.0' }]] as const) {
          const valid = published[name](doc);
          expect(rewritten[name](doc)).toBe(valid);
          expect(rewritten[name].errors ?? null).toEqual(published[name].errors ?? null);
          most = Math.max(most, published[name].errors?.length ?? 0);
        }
      }),
      { numRuns: 300, seed: 2026_11_27 },
    );
    expect(most).toBeGreaterThan(100);
  });
});

describe("Ajv's standalone code", () => {
  const ajvRequire = createRequire(require.resolve('@stoplight/spectral-functions/dist/schema/ajv.js'));
  const Ajv = (ajvRequire('ajv') as { default: new (options: object) => { compile(schema: object): unknown } }).default;
  const standaloneCode = (ajvRequire('ajv/dist/standalone') as { default: (ajv: unknown, validate: unknown) => string }).default;
  // A subschema that is not inlined: its errors are gathered after each call.
  const schema = {
    type: 'array',
    items: { anyOf: [{ $ref: '#/$defs/item' }, { type: 'string' }] },
    $defs: { item: { type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { $ref: '#/$defs/item' } } } },
  };
  const load = (code: string): Validator => {
    const module = { exports: {} as Validator };
    new Function('module', 'exports', 'require', code)(module, module.exports, ajvRequire);
    return module.exports;
  };
  const item: fc.Arbitrary<unknown> = fc.letrec<{ item: unknown }>(tie => ({
    item: fc.oneof({ depthSize: 'small' }, fc.constantFrom('s', 1, null, {}, { a: 1 }, { a: 'x' }), fc.record({ a: fc.constantFrom('x', 2), b: tie('item') }, { requiredKeys: [], noNullPrototype: true })),
  })).item;

  it('with allErrors: the gatherings are rewritten, with the same verdict and errors', () => {
    const ajv = new Ajv({ allErrors: true, inlineRefs: false, code: { source: true } });
    const code = standaloneCode(ajv, ajv.compile(schema));
    const { code: appending, replaced } = withAppendedErrors(code);
    expect(replaced).toBeGreaterThan(0);
    expect(appending).not.toMatch(GATHERING);
    const [before, after] = [load(code), load(appending)];
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), items => {
        expect(after(items)).toBe(before(items));
        expect(after.errors ?? null).toEqual(before.errors ?? null);
      }),
      { numRuns: 2000, seed: 2026_11_27 },
    );
  });
});

describe('better-ajv-errors, as the bundle has it', () => {
  const FILE = require.resolve('@stoplight/better-ajv-errors', { paths: [path.dirname(require.resolve('@stoplight/spectral-functions'))] });
  type Words = (schema: object, errors: unknown[], options: { propertyPath: unknown[]; targetValue: unknown }) => unknown[];
  const published = require(FILE) as Words;
  const patched = loadChanged<Words>(FILE, code => applyFilePatch(filePatch('@stoplight/better-ajv-errors', 'index.js'), code));
  const ajvRequire = createRequire(require.resolve('@stoplight/spectral-functions/dist/schema/ajv.js'));
  const Ajv = (ajvRequire('ajv') as { default: new (options: object) => { compile(schema: object): Validator } }).default;
  const validate = new Ajv({ allErrors: true, strict: false }).compile(validationSchema('x-rate-limit'));

  // Policies with a few fields written wrong: enum fields alone (whose node is dropped when
  // another node beside it has errors, and kept when it is the only one), types, unknown or
  // missing fields, and tiers of them.
  const mostly = <T,>(good: T, ...bad: unknown[]) => fc.oneof({ weight: 4, arbitrary: fc.constant(good) }, { weight: 1, arbitrary: fc.constantFrom(...bad) });
  const policy = fc.record(
    {
      limit: mostly(10, 'ten', -1),
      window: mostly('PT1M', 'a minute'),
      key: mostly('USER', 'user', 'X'),
      algorithm: mostly('TOKEN_BUCKET', 'bucket'),
      excess: fc.constantFrom('REJECT', 'DROP'),
      extra: fc.constant(1),
    },
    { requiredKeys: ['limit', 'window', 'key', 'algorithm'], noNullPrototype: true },
  );
  const tier = fc.record({ limit: mostly(5, 'five'), window: mostly('PT1S', 'second'), key: fc.constant('USER') }, { requiredKeys: ['limit'], noNullPrototype: true });
  const value = fc.tuple(policy, fc.array(tier, { maxLength: 12 }), fc.boolean()).map(([top, tiers, tiered]) => (tiered ? { ...top, tiers: Object.fromEntries(tiers.map((t, i) => [`T${i}`, t])) } : top));

  it('words the errors of generated x-rate-limit values as published', () => {
    let worded = 0;
    fc.assert(
      fc.property(value, target => {
        if (validate(target)) return;
        const errors = validate.errors ?? [];
        const options = { propertyPath: ['x-rate-limit'], targetValue: target };
        const expected = published(validationSchema('x-rate-limit'), structuredClone(errors), options);
        expect(patched(validationSchema('x-rate-limit'), structuredClone(errors), options)).toEqual(expected);
        worded += expected.length;
      }),
      { numRuns: 1000, seed: 2026_11_27 },
    );
    expect(worded).toBeGreaterThan(1000);
  });

  it("Spectral's schema function appends the worded errors one by one", () => {
    const file = path.join(path.dirname(require.resolve('@stoplight/spectral-functions')), 'schema/index.js');
    const code = applyFilePatch(filePatch('@stoplight/spectral-functions', 'schema/index.js'), readFileSync(file, 'utf8'));
    expect(code).not.toMatch(/results\.push\(\.\.\./);
  });
});
