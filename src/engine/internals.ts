// Modules that apilint reaches into although their packages do not export them: Spectral
// internals it adjusts (src/lint/linter.ts, src/engine/speedups.ts, src/resolve/sandbox.ts), and the CommonJS
// build of a dual package that @stoplight/json uses. Each is required from the package that uses
// it, so that apilint adjusts the very copy Spectral runs. The CLI bundle (scripts/bundle.mjs)
// replaces this module with static imports of the same files, so that the bundle adjusts its own.
import { createRequire } from 'node:module';
import path from 'node:path';

export type InternalModule =
  | 'spectral-core/documentInventory'
  | 'spectral-core/assertions'
  | 'spectral-core/message'
  | 'spectral-core/lintNode'
  | 'spectral-core/getLintTargets'
  | 'spectral-core/results'
  | 'spectral-runtime'
  | 'lodash'
  | 'nimma/legacy'
  | 'yaml'
  | 'yaml-ast-parser'
  | 'json'
  | 'path'
  | 'ordered-object-literal'
  | 'json-ref-resolver/crawler'
  | 'json-ref-resolver/utils';

/** Where each module is, as [package that uses it, specifier]; `.` is spectral-core's dist folder. */
export const INTERNAL_MODULES: Record<InternalModule, [from: string, specifier: string]> = {
  'spectral-core/documentInventory': ['@stoplight/spectral-core', './documentInventory.js'],
  'spectral-core/assertions': ['@stoplight/spectral-core', './ruleset/validation/assertions.js'],
  'spectral-core/message': ['@stoplight/spectral-core', './runner/utils/message.js'],
  'spectral-core/lintNode': ['@stoplight/spectral-core', './runner/lintNode.js'],
  'spectral-core/getLintTargets': ['@stoplight/spectral-core', './runner/utils/getLintTargets.js'],
  'spectral-core/results': ['@stoplight/spectral-core', './runner/utils/results.js'],
  'spectral-runtime': ['@stoplight/spectral-core', '@stoplight/spectral-runtime'],
  lodash: ['@stoplight/spectral-core', 'lodash'],
  'nimma/legacy': ['@stoplight/spectral-core', 'nimma/legacy'],
  yaml: ['@stoplight/spectral-parsers', '@stoplight/yaml'],
  'yaml-ast-parser': ['@stoplight/yaml', '@stoplight/yaml-ast-parser'],
  json: ['@stoplight/spectral-core', '@stoplight/json'],
  path: ['@stoplight/spectral-core', '@stoplight/path'],
  'ordered-object-literal': ['@stoplight/json', '@stoplight/ordered-object-literal'],
  'json-ref-resolver/crawler': ['@stoplight/spectral-ref-resolver', '@stoplight/json-ref-resolver/crawler.js'],
  'json-ref-resolver/utils': ['@stoplight/spectral-ref-resolver', '@stoplight/json-ref-resolver/utils.js'],
};

const local = createRequire(import.meta.url);

/** Packages that use internal modules but are themselves dependencies of Spectral's packages. */
const NESTED: Record<string, string> = { '@stoplight/json': '@stoplight/spectral-core', '@stoplight/yaml': '@stoplight/spectral-parsers' };

/** The main file of a package that uses internal modules (the copy Spectral's packages use). */
function userFile(from: string, requireFrom: NodeJS.Require): string {
  const parent = NESTED[from];
  return parent ? createRequire(requireFrom.resolve(parent)).resolve(from) : requireFrom.resolve(from);
}

/** Resolves an internal module to its file, as the package that uses it would. */
export function internalModulePath(name: InternalModule, requireFrom: NodeJS.Require = local): string {
  const [from, specifier] = INTERNAL_MODULES[name];
  const user = userFile(from, requireFrom);
  return specifier.startsWith('./') ? path.join(path.dirname(user), specifier) : createRequire(user).resolve(specifier);
}

const cache = new Map<InternalModule, unknown>();

export function internalModule<T>(name: InternalModule): T {
  let module = cache.get(name);
  if (module === undefined) {
    module = local(internalModulePath(name));
    cache.set(name, module);
  }
  return module as T;
}
