// The validators the CLI bundle carries compiled (scripts/precompile-validators.mjs) against the ones
// Spectral compiles at run time, as published: the same verdict and the same errors, error by
// error, on schemas from the corpus, each also broken in several ways (duplicate items among
// them), and on other samples.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import parsers from '@stoplight/spectral-parsers';
import { createRulesetFunction } from '@stoplight/spectral-core';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { precompiledValidatorsSource, schemaFunctionRequire } from '../scripts/precompile-validators.mjs';
import { SCHEMA_FUNCTION_OPTIONS, VALIDATION_SCHEMAS, schemaFunctionOptions, validationSchema, type ValidationSchemaName } from '../rulesets/lib/validation-schemas.js';
import { CORPUS, ROOT } from './helpers/lint.js';
import { runCli } from './helpers/cli.js';
import { openapi, edit, GENERAL_EVENT } from './helpers/events.js';

/** The generated module, evaluated as the bundle evaluates it. */
async function bundled(): Promise<(name: string) => ValidateFunction> {
  const module = { exports: {} as { validator: (name: string) => ValidateFunction } };
  new Function('module', 'exports', 'require', await precompiledValidatorsSource())(module, module.exports, createRequire(path.join(ROOT, 'package.json')));
  return module.exports.validator;
}

/** Spectral's compiled-schema cache as published (dist/schema/ajv.js), for `allErrors`. */
function spectralValidator(name: ValidationSchemaName): ValidateFunction {
  const { createAjvInstances } = schemaFunctionRequire()('./ajv.js') as { createAjvInstances: () => (schema: object, dialect: string, allErrors: boolean) => ValidateFunction };
  return createAjvInstances()(validationSchema(name), VALIDATION_SCHEMAS[name].dialect, true);
}

const outcome = (validate: ValidateFunction, sample: unknown) => {
  const valid = validate(sample);
  return { valid, errors: JSON.parse(JSON.stringify(validate.errors ?? null)) as unknown };
};

/** Schemas of a few corpus documents (components and definitions, and each one's properties). */
function corpusSchemas(): unknown[] {
  const out: unknown[] = [];
  for (const file of ['kubernetes-swagger.json', 'azure-arm-cdn.json', 'asana-api.yaml', 'openai-api.yaml', 'zalando-nakadi-event-bus-api.yaml']) {
    const text = readFileSync(path.join(CORPUS, file), 'utf8');
    const doc = (file.endsWith('.json') ? JSON.parse(text) : parsers.Yaml.parse(text).data) as { definitions?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };
    const schemas = Object.values(doc.definitions ?? doc.components?.schemas ?? {}).slice(0, 60);
    for (const schema of schemas) {
      out.push(schema);
      const properties = (schema as { properties?: Record<string, unknown> }).properties;
      if (properties) out.push(...Object.values(properties).slice(0, 3));
    }
  }
  return out;
}

/** Each schema broken in several ways (wrong types, unknown keywords, bad formats, a bad Reference, duplicate items). */
function broken(schema: unknown): unknown[] {
  const s = typeof schema === 'object' && schema !== null ? schema : {};
  return [
    { ...s, type: 'text' },
    { ...s, required: 'id', properties: [] },
    { ...s, additionalProperties: 'yes', nullable: 'true' },
    { ...s, $ref: 42 },
    { ...s, items: [{ type: 'string' }], minimum: '1', maxLength: -1 },
    { ...s, format: 3, enum: {}, unknownKeyword: true },
    { ...s, discriminator: { propertyName: 1 }, xml: { name: 1 }, externalDocs: { url: 'a b' } },
    { ...s, allOf: {}, not: [], example: undefined },
    // Past the few items that are compared pair by pair (src/engine/unique-items.ts).
    { ...s, enum: [...ENUM, 'v3'], required: [...ENUM, 'v7'] },
    { ...s, enum: [...ENUM, { a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }], type: ['string', 'integer', 'string', 'null', 'array', 'object', 'number', 'boolean', 'null'] },
  ];
}

const ENUM = Array.from({ length: 10 }, (_, i) => `v${i}`);

describe('the precompiled validators give the errors of Spectral\'s own compilation', () => {
  const samples = corpusSchemas();

  for (const name of Object.keys(VALIDATION_SCHEMAS).filter(n => n !== 'x-rate-limit') as ValidationSchemaName[]) {
    it(`${name}: every corpus schema, and each broken ten ways`, async () => {
      const precompiled = (await bundled())(name);
      const spectral = spectralValidator(name);
      let invalid = 0;
      for (const sample of samples.flatMap(s => [s, ...broken(s)])) {
        const expected = outcome(spectral, sample);
        expect(outcome(precompiled, sample)).toEqual(expected);
        if (!expected.valid) invalid++;
      }
      expect(samples.length).toBeGreaterThan(300);
      expect(invalid).toBeGreaterThan(samples.length * 6);
    });
  }

  it('x-rate-limit: valid policies, and each field given a wrong value', async () => {
    const precompiled = (await bundled())('x-rate-limit');
    const spectral = spectralValidator('x-rate-limit');
    const policies: Record<string, unknown>[] = [
      { limit: 100, window: 'PT1M', key: 'USER', algorithm: 'TOKEN_BUCKET' },
      { limit: 5, window: 'P1D', key: 'IP', algorithm: 'FIXED_WINDOW', tiers: { FREE: { limit: 1, window: 'PT1S' } } },
      { exempt: true },
    ];
    const wrong = [10.5, -1, '1 minute', 'user', null, [], {}, true, 'PT', { limit: 'x' }];
    const samples: unknown[] = [...policies, null, 'x', [], {}];
    for (const policy of policies) for (const key of [...Object.keys(policy), 'burst', 'tiers']) for (const value of wrong) samples.push({ ...policy, [key]: value });
    let invalid = 0;
    for (const sample of samples) {
      const expected = outcome(spectral, sample);
      expect(outcome(precompiled, sample)).toEqual(expected);
      if (!expected.valid) invalid++;
    }
    expect(invalid).toBeGreaterThan(100);
  });

  it('the schema function\'s options: the verdict and the number of problems of spectral-core\'s compilation', async () => {
    const precompiled = (await bundled())(SCHEMA_FUNCTION_OPTIONS);
    const published = createRulesetFunction({ input: null, options: schemaFunctionOptions() as never }, () => undefined) as unknown as { validator: (o: unknown) => void };
    const samples = [
      { schema: {}, allErrors: true, prepareResults: () => undefined },
      { schema: { type: 'object' }, dialect: 'draft7' },
      { schema: {}, dialect: 'draft2020-12', allErrors: false },
      {},
      null,
      'schema',
      { schema: 1 },
      { schema: {}, dialect: 'draft5' },
      { schema: {}, allErrors: 'yes', extra: 1 },
      { dialect: 1, allErrors: 1 },
    ];
    for (const sample of samples) {
      let thrown: { errors?: unknown[] } | undefined;
      try {
        published.validator(sample);
      } catch (error) {
        thrown = error as { errors?: unknown[] };
      }
      const { valid, errors } = outcome(precompiled, sample);
      expect(valid).toBe(thrown === undefined);
      if (thrown?.errors) expect((errors as unknown[]).length).toBe(thrown.errors.length);
    }
  });
});

it('the bundle validates with the precompiled validators: its findings are those of the unbundled CLI, which compiles at run time', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-precompiled-'));
  const brokenEvent = edit(GENERAL_EVENT, 'delivered_at: {type: string, format: date-time}', 'delivered_at: {type: strin, format: 3, minLength: -1}');
  const rateLimit = 'x-rate-limit: {limit: 10.5, window: 1 minute, key: user, algorithm: TOKEN_BUCKET, burst: 20}\n';
  const files = (['2.0', '3.0.3', '3.1.0'] as const).map(version => {
    const file = path.join(dir, `events-${version}.yaml`);
    writeFileSync(file, openapi(version, brokenEvent, rateLimit));
    return file;
  });
  const args = ['lint', '--no-config', '-f', 'json', ...files];
  const bundle = await runCli(args);
  const unbundled = await runCli(args, { env: { APILINT_NO_BUNDLE: '1' } });
  expect(bundle.stderr).toBe('');
  expect(bundle.code).toBe(1);
  const findings = (out: string) => (JSON.parse(out) as { findings: { ruleId: string }[] }).findings.filter(f => f.ruleId === 'event-schema-valid' || f.ruleId === 'rate-limit-policy');
  expect(findings(bundle.stdout).length).toBeGreaterThanOrEqual(9);
  expect(bundle.stdout).toBe(unbundled.stdout);
});

it('the bundle asks for the precompiled validators in both places Spectral compiles them', () => {
  const bundle = readFileSync(path.join(ROOT, 'dist/bundle/cli.cjs'), 'utf8');
  expect(bundle).toMatch(/\.precompiledValidator\(schema, dialect, allErrors\);\s*if \(precompiled !== (?:undefined|void 0)\)\s*return precompiled;/);
  expect(bundle).toMatch(/\.precompiledOptionsValidator\(options\) \?\? ajv\(\)\.compile\(options\)/);
  for (const name of [...Object.keys(VALIDATION_SCHEMAS), SCHEMA_FUNCTION_OPTIONS]) expect(bundle).toContain(`case ${JSON.stringify(name)}: {`);
});
