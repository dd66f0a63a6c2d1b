// The tool's name and version, read once from package.json (works from src/ and dist/src/). Reports
// name the tool by its command, `apilint`; the npm package that installs it is `package`.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(
  readFileSync(new URL(import.meta.url.includes('/dist/') ? '../../package.json' : '../package.json', import.meta.url), 'utf8'),
) as { name: string; version: string; homepage: string; bin: Record<string, string> };

export const TOOL = { name: Object.keys(pkg.bin)[0]!, package: pkg.name, version: pkg.version, homepage: pkg.homepage } as const;
