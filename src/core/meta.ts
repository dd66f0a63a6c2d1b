// The package's own name, version and dependency pins, read once from package.json: the first one
// up from this module (src/core/, dist/src/core/, or the bundle in dist/bundle/).
import { readFileSync } from 'node:fs';

interface PackageJson {
  name: string;
  version: string;
  homepage: string;
  dependencies?: Record<string, string>;
}

function readPackage(): PackageJson {
  for (let url = new URL('package.json', import.meta.url); ; url = new URL('../package.json', url)) {
    try {
      return JSON.parse(readFileSync(url, 'utf8')) as PackageJson;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || url.pathname === '/package.json') throw error;
    }
  }
}

const pkg = readPackage();

export const TOOL = { name: pkg.name, version: pkg.version, homepage: pkg.homepage } as const;

/** The versions package.json asks for, by package name. */
export const DEPENDENCIES: Readonly<Record<string, string>> = pkg.dependencies ?? {};
