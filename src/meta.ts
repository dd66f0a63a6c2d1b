// The package's own name and version, read once from package.json (works from src/ and dist/src/).
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(
  readFileSync(new URL(import.meta.url.includes('/dist/') ? '../../package.json' : '../package.json', import.meta.url), 'utf8'),
) as { name: string; version: string; homepage: string };

export const TOOL = { name: pkg.name, version: pkg.version, homepage: pkg.homepage } as const;
