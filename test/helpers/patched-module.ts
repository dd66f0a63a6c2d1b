// A dependency's CommonJS file with the bundle's change applied, loaded as Node loads the file
// (its own require, from its own folder): for tests that run it beside the published module.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export function loadChanged<T>(file: string, change: (code: string) => string): T {
  const module = { exports: {} as T };
  const code = change(readFileSync(file, 'utf8'));
  new Function('exports', 'require', 'module', '__filename', '__dirname', code)(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}
