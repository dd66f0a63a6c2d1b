// Ajv's standalone code with `allErrors` gathers the errors of each subschema it calls with
//
//     errors = errors === null ? sub.errors : errors.concat(sub.errors)
//
// a copy of every error so far for each failing call: n failing entries cost n²/2 copies. 20,000
// parameter definitions of a Swagger 2.0 document without a `name` took 8 s in openapi-valid,
// 150,000 tiers of an `x-rate-limit` 280 s. better-ajv-errors, with which Spectral's `schema`
// function words the errors, gathers its results with `concat` the same way. The bundle rewrites
// both to append in place (bundle-patches.ts, scripts/precompile-validators.mjs);
// `test/error-lists.test.ts` runs the published code and the rewritten code side by side.
import { rewriteCalling } from './generated-code.js';

/**
 * `list.concat(more)`, made by appending to `list`: the gathering list is the caller's own, or an
 * error list of a call that nothing reads again (the generated code pushes its own errors onto it
 * as well). Self-contained: the rewritten modules inline its source.
 */
export function appendAll(list: unknown[], more: unknown): unknown[] {
  if (Array.isArray(more)) for (let i = 0; i < more.length; i++) list.push(more[i]);
  else list.push(more);
  return list;
}

/**
 * A compiled validator module with each gathering of a subschema's errors appending in place (the
 * source of appendAll put at the end of the module, where there was one), with the count of
 * gatherings replaced. Spectral's minified module and Ajv's standalone code spell it alike, up to
 * the order of the comparison with null.
 */
export function withAppendedErrors(code: string): { code: string; replaced: number } {
  const gathering = /([\w$]+) = (null === \1|\1 === null) \? ([\w$]+(?:\.[\w$]+)*)\.errors : \1\.concat\(\3\.errors\)/g;
  return rewriteCalling(code, gathering, (list, test, sub) => `${list} = ${test} ? ${sub}.errors : apilintAppendAll(${list}, ${sub}.errors)`, 'apilintAppendAll', appendAll);
}
