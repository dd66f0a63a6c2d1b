// The shortcuts of src/engine/speedups.ts must answer as the code they skip.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { internalModulePath } from '../src/engine/internals.js';
import { NORMAL_POSIX_PATH } from '../src/engine/speedups.js';

/** A fresh copy of @stoplight/path (the shared one has the shortcut installed). */
function originalNormalize(): (path: string) => string {
  const require = createRequire(import.meta.url);
  const file = internalModulePath('path');
  const shared = require.cache[file];
  delete require.cache[file];
  try {
    return (require(file) as { normalize: (path: string) => string }).normalize;
  } finally {
    if (shared) require.cache[file] = shared;
  }
}

describe('@stoplight/path normalize shortcut', () => {
  const normalize = originalNormalize();

  it('takes the paths of documents as they are', () => {
    for (const path of ['/tmp/apilint-bench-x/many/pets-01.yaml', '/home/me/My APIs/orders v2.yaml', '/srv/.config/x..y/a.b', '/é/😀/%20/~/@/:/#?']) {
      expect(NORMAL_POSIX_PATH.test(path)).toBe(true);
      expect(normalize(path)).toBe(path);
    }
  });

  it('leaves every path the grammar would change to the grammar', () => {
    for (const path of ['/a/../b', '/a/./b', '/a//b', '/a/b/', '/..', '/.', '/', 'a/b', 'C:\\api\\x.yaml', '/c:/api/x.yaml', '/a\\b', '']) {
      expect(NORMAL_POSIX_PATH.test(path)).toBe(false);
    }
  });

  it('agrees with the grammar on generated paths', () => {
    const pieces = ['a', 'B', '.', '..', '...', ' ', '-', 'é', ':', '%2F', '\\', '', '~', '😀', '\ud800', '.git', 'x.'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length;
    let taken = 0;
    for (let n = 0; n < 5000; n++) {
      const segments = Array.from({ length: 1 + (n % 4) }, () => pieces[next()]! + (n % 3 === 0 ? pieces[next()]! : ''));
      const path = `${n % 5 === 0 ? '' : '/'}${segments.join('/')}${n % 7 === 0 ? '/' : ''}`;
      if (!NORMAL_POSIX_PATH.test(path)) continue;
      taken++;
      expect(normalize(path), path).toBe(path);
    }
    expect(taken).toBeGreaterThan(1000);
  });
});
