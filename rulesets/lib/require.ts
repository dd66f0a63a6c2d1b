// CommonJS modules the rules load on demand (Spectral's compiled OpenAPI schemas are large, and
// only the rules that need them should pay for them). Spectral's CLI evaluates a bundled ruleset
// with a CommonJS `require` and no `import.meta`: use that one there.
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';

let local: NodeJS.Require | undefined;

export function lazyRequire<T>(id: string): T {
  const req = typeof require === 'function' ? require : (local ??= createRequire(import.meta.url));
  return req(id) as T;
}

/**
 * The validator compiled from the schema `name` of rulesets/lib/validation-schemas.ts when the CLI
 * bundle was built. None outside the bundle: scripts/bundle.mjs gives the bundle's copy of this
 * function a body that requires them (scripts/precompile-validators.mjs).
 */
export function bundledValidator(_name: string): ValidateFunction | undefined {
  return undefined;
}

type SchemaFunction = typeof import('@stoplight/spectral-functions').schema;

/**
 * Spectral's `schema` function. Its package's index builds every core function (compiling their
 * options schemas) when loaded, so only this one module is loaded, and only when a rule needs it.
 */
const schemaFunction = (): SchemaFunction => lazyRequire<{ default: SchemaFunction }>('@stoplight/spectral-functions/dist/schema/index.js').default;

/**
 * The key under which every document's validations share their compiled schemas. The `schema`
 * function compiles with Ajv instances it keeps per `documentInventory` (it reads the field for
 * nothing else), so each document compiled the same schema again: 40 ms a document for the event
 * schemas' meta-schema, 10 ms for the rate limit schema, on every lint of an editor's buffer too.
 * The rules validate against schemas that are constants of apilint, so one key serves them all.
 */
const SHARED_COMPILATIONS = {} as Parameters<SchemaFunction>[2]['documentInventory'];

/** Validates `value` against a constant schema with Spectral's `schema` function, its results at `path` and below. */
export function validateWithSchema(value: unknown, options: Parameters<SchemaFunction>[1], context: Parameters<SchemaFunction>[2], path: Parameters<SchemaFunction>[2]['path']): ReturnType<SchemaFunction> {
  return schemaFunction()(value, options, { ...context, path, documentInventory: SHARED_COMPILATIONS });
}
