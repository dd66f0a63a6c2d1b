// The bundled CLI loads with the V8 code cache that the build writes beside it (bin/apilint.js,
// scripts/bundle.mjs). V8 rejects a cache written under other flags, and a run that rejects it
// writes its own: these tests catch a cache that plain runs reject (each run would then compile
// everything and rewrite it) and runs with node flags taking the plain runs' cache over.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { LspClient } from './helpers/lsp-client.js';
import { REFERENCE_SPEC, ROOT } from './helpers/lint.js';

/** A copy of the installed CLI (launcher, bundle and cache), so that these runs write nowhere else. */
let install: string;
const bundleDir = () => path.join(install, 'dist/bundle');
const caches = () => readdirSync(bundleDir()).filter(f => f.endsWith('.v8cache')).sort();
const PLAIN = `cli.cjs.${process.version}-${process.arch}.v8cache`;
// Not inherited: the runs below choose their node flags themselves.
const env = { NODE_OPTIONS: undefined };

beforeAll(() => {
  install = mkdtempSync(path.join(tmpdir(), 'apilint-code-cache-'));
  // The build's files only: other tests' runs with node flags may have added caches of their own.
  for (const item of ['bin', 'package.json', 'dist/bundle/cli.cjs', `dist/bundle/${PLAIN}`]) cpSync(path.join(ROOT, item), path.join(install, item), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(install, 'node_modules'), 'dir');
});

describe('the code cache', () => {
  it('is written by the build and accepted by a plain run, which leaves it as it is', { timeout: 60_000 }, async () => {
    expect(caches()).toEqual([PLAIN]);
    const before = readFileSync(path.join(bundleDir(), PLAIN));
    const result = await runCli(['lint', REFERENCE_SPEC], { env, bin: path.join(install, 'bin/apilint.js') });
    expect(result.stdout).toContain('No problems');
    expect(result.code).toBe(0);
    expect(caches()).toEqual([PLAIN]);
    expect(readFileSync(path.join(bundleDir(), PLAIN)).equals(before)).toBe(true);
  });

  it('is accepted by the worker threads too, which read it under the flags the main thread set', { timeout: 60_000 }, async () => {
    const bin = path.join(install, 'bin/apilint.js');
    const before = caches();
    // Two files: one for each thread.
    const copy = path.join(install, 'copy.yaml');
    cpSync(REFERENCE_SPEC, copy);
    const result = await runCli(['lint', REFERENCE_SPEC, copy], { env: { ...env, APILINT_JOBS: '1', APILINT_CODE_CACHE_LOG: '1' }, bin });
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n').filter(line => line.includes('code cache')).sort()).toEqual([
      'apilint: code cache accepted on the main thread',
      'apilint: code cache accepted on the worker thread',
    ]);
    // Nor does the run write a cache of its own.
    expect(caches()).toEqual(before);
  });

  it('is written only by a run that lints, compares documents or serves an editor: after --version, --help or rules it would hold next to nothing', { timeout: 60_000 }, async () => {
    // An install without a cache, as npm installs the package.
    const bare = mkdtempSync(path.join(tmpdir(), 'apilint-code-cache-bare-'));
    for (const item of ['bin', 'package.json', 'dist/bundle/cli.cjs']) cpSync(path.join(ROOT, item), path.join(bare, item), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(bare, 'node_modules'), 'dir');
    const bin = path.join(bare, 'bin/apilint.js');
    const written = () => readdirSync(path.join(bare, 'dist/bundle')).filter(f => f.endsWith('.v8cache'));
    for (const args of [['--version'], ['--help'], ['rules'], ['rules', 'path-kebab-case']]) {
      expect((await runCli(args, { env, bin })).code, args.join(' ')).toBe(0);
      expect(written(), args.join(' ')).toEqual([]);
    }
    expect((await runCli(['lint', REFERENCE_SPEC], { env, bin })).code).toBe(0);
    expect(written()).toEqual([PLAIN]);
    // It holds the lint's code: about as much as the build's cache, which a warm-up lint wrote.
    const size = readFileSync(path.join(bare, 'dist/bundle', PLAIN)).length;
    expect(size).toBeGreaterThan(readFileSync(path.join(ROOT, 'dist/bundle', PLAIN)).length / 2);
    // A diff is such a run too.
    rmSync(path.join(bare, 'dist/bundle', PLAIN));
    expect((await runCli(['diff', REFERENCE_SPEC, REFERENCE_SPEC], { env, bin })).code).toBe(0);
    expect(written()).toEqual([PLAIN]);
    const next = await runCli(['lint', REFERENCE_SPEC], { env: { ...env, APILINT_CODE_CACHE_LOG: '1' }, bin });
    expect(next.stderr).toContain('apilint: code cache accepted on the main thread');
    // The language server, which lints in a thread of its own, writes its main thread's cache.
    rmSync(path.join(bare, 'dist/bundle', PLAIN));
    const client = new LspClient({ cwd: bare, command: [process.execPath, bin, 'lsp', '--stdio'] });
    await client.initialize(bare);
    expect(await client.shutdown()).toBe(0);
    expect(written()).toEqual([PLAIN]);
  });

  // A heap size (which NODE_OPTIONS may give too); and an optimisation budget of the run's own,
  // which the launcher then leaves as it is (it raises V8's own otherwise), and which Node refuses
  // in NODE_OPTIONS.
  it.each([['--max-old-space-size=333'], ['--interrupt-budget=100000']])(
    'is kept per set of node flags, so that runs with and without them do not replace each other (%s)',
    { timeout: 60_000 },
    async flag => {
      const plain = readFileSync(path.join(bundleDir(), PLAIN));
      const before = caches();
      const bin = path.join(install, 'bin/apilint.js');
      const flagged = await runCli(['lint', REFERENCE_SPEC], { env, bin, nodeArgs: [flag] });
      expect(flagged.code).toBe(0);
      const own = caches().filter(f => !before.includes(f));
      expect(own).toHaveLength(1);
      expect(own[0]).toMatch(/-flags\w+\.v8cache$/);
      const written = readFileSync(path.join(bundleDir(), own[0]!));
      // The second run with the same flags accepts the cache the first one wrote.
      const fromEnv = flag.startsWith('--max-old-space-size');
      expect((await runCli(['lint', REFERENCE_SPEC], fromEnv ? { env: { NODE_OPTIONS: flag }, bin } : { env, bin, nodeArgs: [flag] })).code).toBe(0);
      expect((await runCli(['lint', REFERENCE_SPEC], { env, bin, nodeArgs: [flag] })).code).toBe(0);
      expect(readFileSync(path.join(bundleDir(), own[0]!)).equals(written)).toBe(true);
      expect(readFileSync(path.join(bundleDir(), PLAIN)).equals(plain)).toBe(true);
    },
  );
});
