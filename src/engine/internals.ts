// The modules the engine reaches into although their packages do not export them (or exports
// only as another build), and the packages they belong to. Each is required from the package that
// uses it, so that the engine adapts the very copy Spectral runs (package.json `overrides` keep
// one copy of each). The CLI bundle (scripts/bundle.mjs) replaces this module with static
// requires of the same files, so that the bundle adapts the copies it contains.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where each module is, as [package that uses it, specifier]; `./` is relative to that package's main file. */
export const INTERNAL_MODULES = {
  'spectral-core/assertions': ['@stoplight/spectral-core', './ruleset/validation/assertions.js'],
  'spectral-core/documentInventory': ['@stoplight/spectral-core', './documentInventory.js'],
  'spectral-core/errorMessages': ['@stoplight/spectral-core', './errorMessages.js'],
  'nimma/legacy': ['@stoplight/spectral-core', 'nimma/legacy'],
  yaml: ['@stoplight/spectral-parsers', '@stoplight/yaml'],
  'yaml-ast-parser': ['@stoplight/yaml', '@stoplight/yaml-ast-parser'],
  json: ['@stoplight/spectral-core', '@stoplight/json'],
  path: ['@stoplight/spectral-core', '@stoplight/path'],
  'ordered-object-literal': ['@stoplight/json', '@stoplight/ordered-object-literal'],
  'json-ref-resolver/crawler': ['@stoplight/spectral-ref-resolver', '@stoplight/json-ref-resolver/crawler.js'],
  'json-ref-resolver/utils': ['@stoplight/spectral-ref-resolver', '@stoplight/json-ref-resolver/utils.js'],
  'json-ref-resolver/runner': ['@stoplight/spectral-ref-resolver', '@stoplight/json-ref-resolver/runner.js'],
  'json-ref-resolver/uri': ['@stoplight/spectral-ref-resolver', '@stoplight/json-ref-resolver/uri.js'],
  immer: ['@stoplight/json-ref-resolver', 'immer'],
  'lodash/get': ['@stoplight/json-ref-resolver', 'lodash/get'],
  'lodash/set': ['@stoplight/json-ref-resolver', 'lodash/set'],
} as const satisfies Record<string, readonly [from: string, specifier: string]>;

export type InternalModule = keyof typeof INTERNAL_MODULES;

/**
 * The packages whose code the engine adapts, ports or reaches into, each with the package that
 * uses it (apilint itself: `.`). Their versions must equal apilint's exact pins (src/engine/versions.ts).
 */
export const ADAPTED_PACKAGES = {
  '@stoplight/spectral-core': '.',
  '@stoplight/spectral-parsers': '.',
  '@stoplight/spectral-ref-resolver': '.',
  '@stoplight/spectral-functions': '.',
  '@stoplight/spectral-rulesets': '.',
  '@stoplight/spectral-runtime': '@stoplight/spectral-core',
  '@stoplight/json': '@stoplight/spectral-core',
  '@stoplight/path': '@stoplight/spectral-core',
  nimma: '@stoplight/spectral-core',
  lodash: '@stoplight/spectral-core',
  '@stoplight/yaml': '@stoplight/spectral-parsers',
  '@stoplight/yaml-ast-parser': '@stoplight/yaml',
  '@stoplight/ordered-object-literal': '@stoplight/json',
  'jsonc-parser': '@stoplight/json',
  '@stoplight/json-ref-resolver': '@stoplight/spectral-ref-resolver',
  immer: '@stoplight/json-ref-resolver',
  'dependency-graph': '@stoplight/json-ref-resolver',
  commander: '.',
  'ajv-formats': '@stoplight/spectral-rulesets',
  '@stoplight/better-ajv-errors': '@stoplight/spectral-functions',
} as const;

export type AdaptedPackage = keyof typeof ADAPTED_PACKAGES;

const local = createRequire(import.meta.url);

/** The main file of a package, as the packages that use it resolve it (following ADAPTED_PACKAGES up to apilint). */
function mainFile(pkg: string, requireFrom: NodeJS.Require): string {
  const user = (ADAPTED_PACKAGES as Record<string, string>)[pkg];
  if (user === undefined || user === '.') return requireFrom.resolve(pkg);
  return createRequire(mainFile(user, requireFrom)).resolve(pkg);
}

/** Resolves an internal module to its file, as the package that uses it would. */
export function internalModulePath(name: InternalModule, requireFrom: NodeJS.Require = local): string {
  const [from, specifier] = INTERNAL_MODULES[name];
  const user = mainFile(from, requireFrom);
  return specifier.startsWith('./') ? path.join(path.dirname(user), specifier) : createRequire(user).resolve(specifier);
}

/** The package.json of an adapted package, found up from its main file (exports maps hide it). */
export function packageJsonPath(pkg: AdaptedPackage, requireFrom: NodeJS.Require = local): string {
  for (let dir = path.dirname(mainFile(pkg, requireFrom)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === pkg) return file;
    } catch {
      // No package.json here (or a partial one, such as dist/esm/package.json): go up.
    }
    if (path.dirname(dir) === dir) throw new Error(`apilint: no package.json found for ${pkg}`);
  }
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

/** The version of an adapted package as installed. */
export const packageVersion = (pkg: AdaptedPackage): string => (local(packageJsonPath(pkg)) as { version: string }).version;
