// What the CLI bundle (scripts/bundle.mjs) changes in its dependencies as it bundles them. None
// changes what the code computes: two constructions run on first use instead of at load time,
// apilint's own validation schemas come compiled (the same Ajv code, compiled at build time),
// the compiled OpenAPI validators find duplicate items in linear time (unique-items.ts), they and
// better-ajv-errors gather errors by appending, not copying (error-lists.ts), the
// `uri` format accepts a plain http(s) URL before it compiles its full pattern, lodash
// comes as the methods the bundle uses (lodash's own per-method modules), and node-fetch,
// which only Spectral's default http resolver calls, is left out (apilint gives Spectral its own
// resolver, src/resolve/sandbox.ts, which uses the global fetch). They cannot be installed at run
// time, as they act while modules load, so the reference engine in the bundle has them too;
// APILINT_NO_BUNDLE=1 runs the published files as they are.

import { appendAll, withAppendedErrors } from './error-lists.js';
import { withLinearUniqueItems } from './unique-items.js';

/**
 * Texts replaced in one file of a package (the build fails if a text is not there), or the file
 * rewritten by a function (which throws where the file is not as expected).
 */
export interface FilePatch {
  /** The package (pinned exactly, src/engine/versions.ts) and the file in it, from its main file's folder. */
  pkg: '@stoplight/spectral-core' | '@stoplight/spectral-functions' | '@stoplight/spectral-rulesets' | '@stoplight/better-ajv-errors' | 'commander' | 'ajv-formats';
  file: string;
  why: string;
  replace?: readonly (readonly [before: string, after: string])[];
  rewrite?: (code: string) => string;
}

/** A file's text as the bundle has it; throws where the file is not as the patch expects (it changed). */
export function applyFilePatch(patch: FilePatch, code: string): string {
  let out = patch.rewrite ? patch.rewrite(code) : code;
  for (const [before, after] of patch.replace ?? []) {
    if (!out.includes(before)) throw new Error(`a text to replace is not there: ${JSON.stringify(before.slice(0, 60))}`);
    // A function, so that `$` in a replacement is not read as a replacement pattern.
    out = out.replace(before, () => after);
  }
  return out;
}

/**
 * Absolute http(s) URLs in their plainest form: a host of unreserved characters, a port, and a
 * path, query and fragment without percent-escapes. Every text it matches (case aside, as both
 * ignore it), ajv-formats' `uri` pattern matches too, character class by character class
 * (test/uri-format.test.ts).
 */
export const PLAIN_HTTP_URI = String.raw`^https?:\/\/[a-z0-9\-._~]+(?::\d+)?(?:\/[a-z0-9\-._~!$&'()*+,;=:@]*)*(?:\?[a-z0-9\-._~!$&'()*+,;=:@/?]*)?(?:#[a-z0-9\-._~!$&'()*+,;=:@/?]*)?$`;

/**
 * Compiled validator code with its uniqueItems loops made linear and its gatherings of errors
 * appending in place, with the count of each: Spectral's OpenAPI validators (below) and the
 * precompiled ones (scripts/precompile-validators.mjs).
 */
export function linearValidatorCode(code: string): { code: string; loops: number; gatherings: number } {
  const linear = withLinearUniqueItems(code);
  const appending = withAppendedErrors(linear.code);
  return { code: appending.code, loops: linear.replaced, gatherings: appending.replaced };
}

/** The uniqueItems loops that spectral-rulesets 1.23.1's compiled validators hold. */
const UNIQUE_ITEMS_LOOPS = 26;
/** The places where those validators gather a subschema's errors (error-lists.ts). */
const ERROR_GATHERINGS = 755;

export const FILE_PATCHES: readonly FilePatch[] = [
  {
    pkg: '@stoplight/spectral-core',
    file: 'ruleset/function.js',
    why: 'builds an ajv instance (compiling ajv-errors\' meta-schema) when loaded, a sixth of a small spec\'s run, although apilint calls createRulesetFunction only when Spectral\'s CLI validates the ruleset and when a rule first validates with the `schema` function: built on first use, and the `schema` function\'s options schema comes compiled with the bundle (scripts/precompile-validators.mjs)',
    replace: [
      [
        "const ajv = new ajv_1.default({ allErrors: true, allowUnionTypes: true, strict: true, keywords: ['x-internal'] });\n(0, ajv_errors_1.default)(ajv);\n(0, ajv_formats_1.default)(ajv);",
        "let ajvInstance;\nconst ajv = () => {\n  if (ajvInstance === undefined) {\n    ajvInstance = new ajv_1.default({ allErrors: true, allowUnionTypes: true, strict: true, keywords: ['x-internal'] });\n    (0, ajv_errors_1.default)(ajvInstance);\n    (0, ajv_formats_1.default)(ajvInstance);\n  }\n  return ajvInstance;\n};",
      ],
      [
        'const validateOptions = options === null ? DEFAULT_OPTIONS_VALIDATOR : ajv.compile(options);\n    const validateInput = input !== null ? ajv.compile(input) : input;',
        // The `schema` function's options schema comes compiled (rulesets/lib/validation-schemas.ts).
        'const validateOptions = options === null ? DEFAULT_OPTIONS_VALIDATOR : (require("apilint:validation-schemas").precompiledOptionsValidator(options) ?? ajv().compile(options));\n    const validateInput = input !== null ? ajv().compile(input) : input;',
      ],
    ],
  },
  {
    pkg: '@stoplight/spectral-functions',
    file: 'schema/ajv.js',
    why: 'compiles each schema with Ajv on its first use in a process: OpenAPI 3.0\'s Schema Object, which the event schemas are validated against, took 40–90 ms of every run of a spec with event types. apilint\'s own constant schemas (rulesets/lib/validation-schemas.ts) come compiled with the bundle, by the same Ajv set up the same way (scripts/precompile-validators.mjs); any other schema is compiled as before',
    replace: [
      [
        'return function (schema, dialect, allErrors) {\n        var _a, _b, _c, _d;',
        'return function (schema, dialect, allErrors) {\n        var _a, _b, _c, _d;\n        const precompiled = require("apilint:validation-schemas").precompiledValidator(schema, dialect, allErrors);\n        if (precompiled !== undefined)\n            return precompiled;',
      ],
    ],
  },
  {
    pkg: '@stoplight/spectral-rulesets',
    file: 'oas/schemas/validators.js',
    why: 'checks `uniqueItems` by comparing every pair of items (26 loops): 16,000 parameters of one operation took 8 s in openapi-valid; each loop becomes a linear search for the same pair. And it copies the errors gathered so far for each subschema that fails (755 places): 20,000 parameter definitions without a name took 8 s; each gathering appends in place',
    rewrite: code => {
      const { code: linear, loops, gatherings } = linearValidatorCode(code);
      if (loops !== UNIQUE_ITEMS_LOOPS) throw new Error(`found ${loops} uniqueItems loops where ${UNIQUE_ITEMS_LOOPS} were expected`);
      if (gatherings !== ERROR_GATHERINGS) throw new Error(`found ${gatherings} gatherings of errors where ${ERROR_GATHERINGS} were expected`);
      return linear;
    },
  },
  {
    pkg: '@stoplight/spectral-functions',
    file: 'schema/index.js',
    why: "adds the worded errors to its results with `push(...list)`: past some 120,000 errors (an `x-rate-limit` with 150,000 tiers written wrong) the spread overflows the call stack, and the function reported \"Maximum call stack size exceeded\" in their place. They are appended one by one",
    replace: [
      ['const instances = new WeakMap();', `const instances = new WeakMap();\nconst apilintAppendAll = ${appendAll.toString()};`],
      ['results.push(...(0, better_ajv_errors_1.default)(schemaObj, validator.errors, {', 'apilintAppendAll(results, (0, better_ajv_errors_1.default)(schemaObj, validator.errors, {'],
    ],
  },
  {
    pkg: '@stoplight/better-ajv-errors',
    file: 'index.js',
    why: "words the errors of Spectral's `schema` function (event-schema-valid, rate-limit-policy), gathering them with `concat`, a copy of the list so far for each error and each node of errors, and asking every node whose errors are all `enum` errors for its siblings: 150,000 tiers of an `x-rate-limit` took minutes. The lists are appended in place, and a node's live children are counted once",
    replace: [
      [
        'ys.reduce((zs, z) => zs.concat(z), xs);',
        `ys.reduce((zs, z) => apilintAppendAll(zs, z), [...xs]);\nconst apilintAppendAll = ${appendAll.toString()};\n// How many children a node has left: those it has, less those deleted since.\nconst apilintLiveChildren = parent => (parent ? (parent.apilintLive ??= Object.keys(parent.children).length) : 0);`,
      ],
      ["return ret.concat(\n              new AdditionalPropValidationError(error, options),\n            );", 'return apilintAppendAll(ret, new AdditionalPropValidationError(error, options));'],
      ['return ret.concat(new RequiredValidationError(error, options));', 'return apilintAppendAll(ret, new RequiredValidationError(error, options));'],
      ['return ret.concat(new TypeValidationError(error, options));', 'return apilintAppendAll(ret, new TypeValidationError(error, options));'],
      ['return ret.concat(new ErrorMessageError(error, options));', 'return apilintAppendAll(ret, new ErrorMessageError(error, options));'],
      ['return ret.concat(new DefaultValidationError(error, options));', 'return apilintAppendAll(ret, new DefaultValidationError(error, options));'],
      [
        // Another child that is not undefined: children are objects, and the node itself is one.
        'getSiblings(parent)(root)\n        // Remove any reference which becomes `undefined` later\n        .filter(notUndefined)\n        .some(getErrors)\n    ) {\n      delete parent.children[key];',
        'apilintLiveChildren(parent) > 1\n    ) {\n      delete parent.children[key];\n      parent.apilintLive--;',
      ],
    ],
  },
  {
    pkg: 'ajv-formats',
    file: 'formats.js',
    why: 'compiles its 1 KB `uri` pattern on the first URI a document holds (2.6 ms) and again, to native code, on the second (1.1 ms): the OAuth, contact and licence URLs of a Swagger 2.0 spec cost every run 3.5 ms, where azure\'s whole run takes 190 ms. A plain http(s) URL is accepted by a small pattern first (0.3 ms), which accepts nothing the full one does not; every other text goes to the full pattern',
    replace: [
      [
        'function uri(str) {\n    // http://jmrware.com/articles/2009/uri_regexp/URI_regex.html + optional protocol + required "."\n    return NOT_URI_FRAGMENT.test(str) && URI.test(str);\n}',
        `const PLAIN_HTTP_URI = new RegExp(${JSON.stringify(PLAIN_HTTP_URI)}, "i");\nfunction uri(str) {\n    return PLAIN_HTTP_URI.test(str) || (NOT_URI_FRAGMENT.test(str) && URI.test(str));\n}`,
      ],
    ],
  },
  {
    pkg: 'commander',
    file: 'lib/command.js',
    why: 'requires child_process (and with it net and dgram, 3 ms of every start) when loaded, for executable subcommands, which apilint has none of: required when a subcommand would spawn',
    replace: [["const childProcess = require('node:child_process');", "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };"]],
  },
];

/**
 * The lodash methods the bundled packages use. lodash's full build takes some 7 ms to load (it
 * builds its 300 functions and their wrappers); the bundle's `lodash` holds these, each loaded
 * from lodash's own per-method module on first use. The build checks every use against the list.
 */
export const LODASH_METHODS: readonly string[] = ['cloneDeep', 'get', 'has', 'isError', 'isObject', 'isObjectLike', 'isString', 'omit', 'set', 'setWith', 'toPath', 'trimStart', 'uniqBy'];

/** Packages the bundle leaves out, with why nothing calls them. */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  'node-fetch': 'only Spectral\'s default http resolver calls it; apilint resolves remote refs with its own resolver and the global fetch',
};
