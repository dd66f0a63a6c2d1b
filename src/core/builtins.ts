// Node built-ins that only some runs need, required on first use. A static import is hoisted to
// the top of the bundle and loaded on every run: node:crypto takes 5 ms (SARIF fingerprints and
// -o temporary names need it), node:child_process 3 ms (--since), node:zlib (the size of a large SARIF upload).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const crypto = (): typeof import('node:crypto') => require('node:crypto') as typeof import('node:crypto');
export const childProcess = (): typeof import('node:child_process') => require('node:child_process') as typeof import('node:child_process');
export const zlib = (): typeof import('node:zlib') => require('node:zlib') as typeof import('node:zlib');
