// A dependency's CommonJS file with the bundle's change applied, loaded as Node loads the file
// (its own require, from its own folder): for tests that run it beside the published module.
// And the bundle's patch of such a file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FILE_PATCHES, type FilePatch } from '../../src/engine/bundle-patches.js';

export function loadChanged<T>(file: string, change: (code: string) => string): T {
  const module = { exports: {} as T };
  const code = change(readFileSync(file, 'utf8'));
  new Function('exports', 'require', 'module', '__filename', '__dirname', code)(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** The bundle's patch of one file of a package. */
export function filePatch(pkg: FilePatch['pkg'], file: string): FilePatch {
  const patch = FILE_PATCHES.find(p => p.pkg === pkg && p.file === file);
  if (!patch) throw new Error(`the bundle patches no file ${file} of ${pkg}`);
  return patch;
}
