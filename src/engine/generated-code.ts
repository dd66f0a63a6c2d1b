// Rewrites of compiled validator code (Spectral's minified module, Ajv's standalone code) that
// call a helper of apilint's: unique-items.ts and error-lists.ts.

/**
 * `code` with each match of `pattern` (global) replaced, and where there was one, the source of
 * `helper` put at the end of the module as `const <name>`, with the count of matches replaced. At
 * the end: a module starts with its "use strict" directive, and the rewritten code calls the
 * helper only once the module has loaded. The helper must be self-contained.
 */
export function rewriteCalling(code: string, pattern: RegExp, replace: (...groups: string[]) => string, name: string, helper: (...args: never[]) => unknown): { code: string; replaced: number } {
  let replaced = 0;
  const rewritten = code.replace(pattern, (_, ...groups: string[]) => {
    replaced++;
    return replace(...groups);
  });
  if (replaced === 0) return { code, replaced };
  return { code: `${rewritten}\nconst ${name} = ${helper.toString()};\n`, replaced };
}
