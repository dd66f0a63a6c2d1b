// The package's own name and version, read once from package.json: the first one up from this
// module (src/core/, dist/src/core/, or the bundle in dist/bundle/).
import { readFileSync } from 'node:fs';

function readPackage(): { name: string; version: string; homepage: string } {
  for (let url = new URL('package.json', import.meta.url); ; url = new URL('../package.json', url)) {
    try {
      return JSON.parse(readFileSync(url, 'utf8')) as { name: string; version: string; homepage: string };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || url.pathname === '/package.json') throw error;
    }
  }
}

const pkg = readPackage();

export const TOOL = { name: pkg.name, version: pkg.version, homepage: pkg.homepage } as const;
