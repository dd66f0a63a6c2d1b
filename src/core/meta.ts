// The tool's name, version and dependency pins, read once from package.json: the first one up
// from this module (src/core/, dist/src/core/, or the bundle in dist/bundle/). Reports name the
// tool by its command, `apilint`; `package` is the npm package that installs it.
import { readFileSync } from 'node:fs';

interface PackageJson {
  name: string;
  version: string;
  homepage: string;
  bin: Record<string, string>;
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

export const TOOL = { name: Object.keys(pkg.bin)[0]!, package: pkg.name, version: pkg.version, homepage: pkg.homepage } as const;

/** The versions package.json asks for, by package name (src/engine/versions.ts compares them). */
export const DEPENDENCIES: Readonly<Record<string, string>> = pkg.dependencies ?? {};
