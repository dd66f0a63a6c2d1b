// Node built-ins that only some runs need, required on first use. A static import is hoisted to
// the top of the bundle and loaded on every run: node:crypto takes 5 ms (SARIF fingerprints and
// -o temporary names need it), node:child_process 3 ms (--since), node:zlib (the size of a large SARIF upload).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A built-in required on first use and kept: callers ask once per finding (SARIF fingerprints),
 * and 12,723 requires of a loaded module still cost 2–12 ms.
 */
function onFirstUse<T>(id: string): () => T {
  let module: T | undefined;
  return () => (module ??= require(id) as T);
}

export const crypto = onFirstUse<typeof import('node:crypto')>('node:crypto');
export const childProcess = onFirstUse<typeof import('node:child_process')>('node:child_process');
export const zlib = onFirstUse<typeof import('node:zlib')>('node:zlib');
