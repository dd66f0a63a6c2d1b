// CommonJS modules the rules load on demand (Spectral's compiled OpenAPI schemas are large, and
// only the rules that need them should pay for them). Spectral's CLI evaluates a bundled ruleset
// with a CommonJS `require` and no `import.meta`: use that one there.
import { createRequire } from 'node:module';

let local: NodeJS.Require | undefined;

export function lazyRequire<T>(id: string): T {
  const req = typeof require === 'function' ? require : (local ??= createRequire(import.meta.url));
  return req(id) as T;
}

/**
 * Spectral's `schema` function. Its package's index builds every core function (compiling their
 * options schemas) when loaded, so only this one module is loaded, and only when a rule needs it.
 */
export const schemaFunction = (): typeof import('@stoplight/spectral-functions').schema =>
  lazyRequire<{ default: typeof import('@stoplight/spectral-functions').schema }>('@stoplight/spectral-functions/dist/schema/index.js').default;
