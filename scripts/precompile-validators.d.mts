// Types of scripts/precompile-validators.mjs, for its test.
/** `require` as Spectral's `schema` function (dist/schema/ajv.js) resolves. */
export function schemaFunctionRequire(): NodeJS.Require;
/** The source of the CommonJS module of precompiled validators that the CLI bundle carries. */
export function precompiledValidatorsSource(): Promise<string>;
