// The shortcuts of src/engine/speedups.ts must answer as the code they skip.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { internalModulePath } from '../src/engine/internals.js';
import { dirnamePlain, extnamePlain, isAbsolutePlain, joinPlain, NORMAL_POSIX_PATH, stripRootPlain } from '../src/engine/speedups.js';

type StoplightPath = Record<'normalize' | 'extname' | 'dirname' | 'stripRoot', (path: string) => string> & { join: (...paths: string[]) => string; isAbsolute: (path: string) => boolean };

/** A fresh copy of @stoplight/path (the shared one has the shortcuts installed). */
function originalPath(): StoplightPath {
  const require = createRequire(import.meta.url);
  const file = internalModulePath('path');
  const shared = require.cache[file];
  delete require.cache[file];
  try {
    return require(file) as StoplightPath;
  } finally {
    if (shared) require.cache[file] = shared;
  }
}

describe('@stoplight/path normalize shortcut', () => {
  const { normalize } = originalPath();

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

describe('@stoplight/path join shortcut', () => {
  const { join } = originalPath();

  it('joins a folder and a plain relative path as the grammar does', () => {
    const cases: [string, string, string][] = [
      ['/api/paths', '../schemas/Order.yaml', '/api/schemas/Order.yaml'],
      ['/api', './a/./b//c/', '/api/a/b/c'],
      ['/a/b', '../../../x', '/x'],
      ['/a', '..', '/'],
      ['/a', '.', '/a'],
      ['/a b/é', '%2F/#x?y', '/a b/é/%2F/#x?y'],
    ];
    for (const [folder, relative, joined] of cases) {
      expect(join(folder, relative)).toBe(joined);
      expect(joinPlain(folder, relative)).toBe(joined);
    }
  });

  it('leaves to the grammar what it does not cover', () => {
    for (const [folder, relative] of [['/a', '/b'], ['/a', 'c:/b'], ['/a', 'http://x/y'], ['/a', 'b\\c'], ['/a', ''], ['a', 'b'], ['/a/', 'b'], ['/', 'b'], ['/c:/x', 'b']]) {
      expect(joinPlain(folder!, relative!)).toBeUndefined();
    }
  });

  it('agrees with the grammar on generated folders and relative paths', () => {
    const pieces = ['a', 'B', '.', '..', '...', ' ', '-', 'é', ':', '%2F', '\\', '', '~', '😀', '\ud800', '.git', 'x.', '#', '?'];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length;
    const path = (n: number) => Array.from({ length: 1 + (n % 5) }, () => pieces[next()]! + (n % 3 === 0 ? pieces[next()]! : '')).join('/');
    let taken = 0;
    for (let n = 0; n < 20_000; n++) {
      const folder = `/${path(n)}`;
      const relative = `${path(n + 1)}${n % 7 === 0 ? '/' : ''}`;
      const fast = joinPlain(folder, relative);
      if (fast === undefined) continue;
      taken++;
      expect(fast, `${folder} + ${relative}`).toBe(join(folder, relative));
    }
    expect(taken).toBeGreaterThan(2000);
  });
});

describe('@stoplight/path extname, dirname, stripRoot and isAbsolute shortcuts', () => {
  const original = originalPath();
  const pieces = ['a', 'B', '.', '..', '...', '.json', '.JSON', 'x.json', '.yaml', 'json', ' ', 'é', '%2E', '~', '#', '?', '😀', 'x.', '.x.y', '', ':', '\\'];
  /** 20,000 generated paths, absolute (a leading `/`) or relative, with the shortcut's answer and the grammar's. */
  function* generated(absolute: boolean, fast: (path: string) => string | boolean | undefined, name: 'extname' | 'dirname' | 'stripRoot' | 'isAbsolute') {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length;
    for (let n = 0; n < 20_000; n++) {
      const path = `${absolute ? '/' : ''}${Array.from({ length: 1 + (n % 4) }, () => pieces[next()]! + (n % 2 === 0 ? pieces[next()]! : '')).join('/')}`;
      yield { path, fast: fast(path), grammar: () => original[name](path) };
    }
  }

  for (const [name, fast, absolute] of [
    ['extname', extnamePlain, true],
    ['dirname', dirnamePlain, true],
    ['stripRoot', stripRootPlain, false],
    ['isAbsolute', isAbsolutePlain, true],
    ['isAbsolute', isAbsolutePlain, false],
  ] as const) {
    it(`${name}: agrees with the grammar on generated ${absolute ? 'absolute' : 'relative'} paths`, () => {
      let taken = 0;
      for (const { path, fast: answer, grammar } of generated(absolute, fast, name)) {
        if (answer === undefined) continue;
        taken++;
        expect(answer, path).toBe(grammar());
      }
      expect(taken).toBeGreaterThan(3000);
    });
  }

  it('leaves to the grammar what the shortcuts do not cover', () => {
    expect(extnamePlain('a/b.json')).toBeUndefined();
    expect(dirnamePlain('/a/../b')).toBeUndefined();
    for (const path of ['./', 'a//b', 'a/', '/a', 'c:/a', 'a\\b']) expect(stripRootPlain(path), path).toBeUndefined();
    expect(['./a', '././a', './../a'].map(stripRootPlain)).toEqual(['a', './a', '../a']);
    for (const path of ['http://x/y', 'C:\\x', '//a', '/a/../b']) expect(isAbsolutePlain(path), path).toBeUndefined();
  });
});
