// The constant JSON schemas the rules validate with Spectral's `schema` function: the Schema Object
// of each OpenAPI version (event schemas) and the `x-rate-limit` schema. Compiling one with Ajv
// took longer than the rest of a small spec's lint (OpenAPI 3.0's Schema Object: 40–90 ms, in
// every run of a pre-commit hook), and so did the `schema` function's own options schema, which
// Spectral compiles when the function is loaded. So the CLI bundle carries them compiled:
// scripts/precompile-validators.mjs compiles each with the Ajv that Spectral compiles it with, set
// up the same way (Ajv's standalone code), and the bundle's copies of Spectral's two places that
// compile them ask here first (src/engine/bundle-patches.ts). Outside the bundle there are none,
// and Ajv compiles as before.
import type { ValidateFunction } from 'ajv';
import { bundledValidator, lazyRequire } from './require.js';
import type { Obj } from './oas.js';
import rateLimitSchema from '../x-rate-limit.schema.js';

/** The JSON Schema dialect Spectral's `schema` function is told (or detects) for a schema. */
export type Dialect = 'draft7' | 'draft2020-12';

interface ValidationSchema {
  dialect: Dialect;
  build(): Obj;
}

// The OpenAPI schemas Spectral validates documents with (deep path: the package has no `exports`).
const schemaDefinitions = (version: string): Obj =>
  lazyRequire<{ definitions: Obj }>(`@stoplight/spectral-rulesets/dist/oas/schemas/oas/${version}.json`).definitions;

/** A meta-schema for one Schema Object: a Reference (`$ref` left unresolved, e.g. circular) or a schema. */
const schemaObjectOf = (definitions: Obj, reference: string, schema: string): Obj => ({
  definitions,
  if: { type: 'object', required: ['$ref'] },
  then: { $ref: `#/definitions/${reference}` },
  else: { $ref: `#/definitions/${schema}` },
});

/** Every constant schema, by name; the rules' validations use them with `allErrors`. */
export const VALIDATION_SCHEMAS = {
  /** Swagger 2.0's Schema Object. */
  'schema-object-2.0': { dialect: 'draft7', build: () => schemaObjectOf(schemaDefinitions('v2.0'), 'jsonReference', 'schema') },
  /** OpenAPI 3.0's Schema Object (also standalone event types'). */
  'schema-object-3.0': { dialect: 'draft7', build: () => schemaObjectOf(schemaDefinitions('v3.0'), 'Reference', 'Schema') },
  /** OpenAPI 3.1's schema dialect: JSON Schema 2020-12. */
  'schema-object-3.1': { dialect: 'draft2020-12', build: () => ({ $ref: 'https://json-schema.org/draft/2020-12/schema' }) },
  /** apilint's `x-rate-limit` extension (its `$schema` is draft-07). */
  'x-rate-limit': { dialect: 'draft7', build: () => rateLimitSchema },
} as const satisfies Record<string, ValidationSchema>;

export type ValidationSchemaName = keyof typeof VALIDATION_SCHEMAS;

const built = new Map<ValidationSchemaName, Obj>();
const names = new WeakMap<object, ValidationSchemaName>();

/** The schema `name`, one object per process (Spectral's compiled-schema cache is keyed by the object). */
export function validationSchema(name: ValidationSchemaName): Obj {
  let schema = built.get(name);
  if (schema === undefined) {
    schema = VALIDATION_SCHEMAS[name].build();
    built.set(name, schema);
    names.set(schema, name);
  }
  return schema;
}

/**
 * The validator compiled when the bundle was built for `schema`, where it is one of these and
 * Spectral asks for the dialect and error mode it was compiled with; otherwise undefined.
 */
export function precompiledValidator(schema: object, dialect: string, allErrors: boolean): ValidateFunction | undefined {
  const name = names.get(schema);
  if (name === undefined || !allErrors || VALIDATION_SCHEMAS[name].dialect !== dialect) return undefined;
  return bundledValidator(name);
}

/** The options schema of Spectral's `schema` function, which Spectral compiles when the function is created. */
export const schemaFunctionOptions = (): object =>
  lazyRequire<{ optionSchemas: { schema: object } }>('@stoplight/spectral-functions/dist/optionSchemas.js').optionSchemas.schema;

/** The name of the options validator of the `schema` function among the bundled validators. */
export const SCHEMA_FUNCTION_OPTIONS = 'schema-function-options';

/** The options validator compiled when the bundle was built, where `options` is the `schema` function's; otherwise undefined. */
export function precompiledOptionsValidator(options: object): ValidateFunction | undefined {
  return options === schemaFunctionOptions() ? bundledValidator(SCHEMA_FUNCTION_OPTIONS) : undefined;
}
