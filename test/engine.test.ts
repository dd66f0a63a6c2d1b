// The engine's door (src/engine/index.ts): the versions it finds against the pins, the reference
// switch that installs nothing, and the fallback to the reference engine with a one-line notice,
// in the bundle as shipped and in the unbundled build.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPENDENCIES } from '../src/core/meta.js';
import { ADAPTED_PACKAGES, packageVersion, type AdaptedPackage } from '../src/engine/internals.js';
import { mismatchNotice, versionMismatches } from '../src/engine/versions.js';
import { runCli } from './helpers/cli.js';
import { ROOT } from './helpers/lint.js';

const PACKAGE = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  overrides: Record<string, string>;
};

describe('pins', () => {
  it('every adapted package is a dependency pinned to an exact version, with an override for nested copies', () => {
    for (const pkg of Object.keys(ADAPTED_PACKAGES)) {
      expect(PACKAGE.dependencies[pkg], pkg).toMatch(/^\d+\.\d+\.\d+$/);
      expect(PACKAGE.overrides[pkg], pkg).toBe(`$${pkg}`);
    }
  });

  it('finds the pinned versions installed', () => {
    expect(versionMismatches(DEPENDENCIES)).toEqual([]);
  });

  it('reports a version that is not the pinned one, a range and a missing pin', () => {
    const pins = { ...DEPENDENCIES, '@stoplight/spectral-core': '1.0.0', nimma: '^0.2.3' };
    delete (pins as Record<string, string>).immer;
    expect(versionMismatches(pins).map(m => m.pkg).sort()).toEqual(['@stoplight/spectral-core', 'immer', 'nimma']);
    const found = (pkg: AdaptedPackage) => (pkg === 'lodash' ? '4.99.0' : packageVersion(pkg));
    const mismatches = versionMismatches(DEPENDENCIES, found);
    expect(mismatches).toEqual([{ pkg: 'lodash', pinned: DEPENDENCIES.lodash, found: '4.99.0' }]);
    expect(mismatchNotice(mismatches)).toBe(
      `apilint: lodash 4.99.0 is installed where apilint's engine was made for ${DEPENDENCIES.lodash}: running Spectral unadapted (same findings, slower); reinstall apilint to fix.`,
    );
  });
});

/** Installs the engine in a fresh process and says what it did. */
function installIn(reference: boolean): { reference: boolean; patched: string[] } {
  const script = `
    const { installEngine } = await import(${JSON.stringify(path.join(ROOT, 'dist/src/engine/index.js'))});
    const { internalModule } = await import(${JSON.stringify(path.join(ROOT, 'dist/src/engine/internals.js'))});
    const engine = installEngine({ reference: ${reference} });
    const mark = Symbol.for('apilint.engine.patched');
    const modules = ['nimma/legacy', 'path', 'json-ref-resolver/crawler', 'json-ref-resolver/runner', 'spectral-core/documentInventory', 'yaml-ast-parser', 'spectral-core/assertions'];
    // The runner is patched on its class's prototype (runner.js makes child runners from its own binding).
    const target = name => (name === 'json-ref-resolver/runner' ? internalModule(name).ResolveRunner.prototype : internalModule(name));
    console.log(JSON.stringify({ reference: engine.reference, patched: modules.filter(name => target(name)[mark]?.size > 0) }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as { reference: boolean; patched: string[] };
}

describe('the reference switch', () => {
  it('installs every adaptation by default', () => {
    expect(installIn(false)).toEqual({ reference: false, patched: ['nimma/legacy', 'path', 'json-ref-resolver/crawler', 'json-ref-resolver/runner', 'spectral-core/documentInventory', 'yaml-ast-parser'] });
  });

  it('installs none with reference: true', () => {
    expect(installIn(true)).toEqual({ reference: true, patched: [] });
  });
});

describe('another version installed', () => {
  /** A copy of the built package whose package.json pins another spectral-core than the one installed. */
  function packageWithOtherPin(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-pins-'));
    for (const part of ['bin', 'dist/src', 'dist/rulesets', 'dist/bundle/cli.cjs']) cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    pkg.dependencies['@stoplight/spectral-core'] = '1.24.0';
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
    return dir;
  }

  const doc = path.join(ROOT, 'fixtures/cli/directory/nested/customers.json');
  const notice = `apilint: @stoplight/spectral-core ${DEPENDENCIES['@stoplight/spectral-core']} is installed where apilint's engine was made for 1.24.0: running Spectral unadapted (same findings, slower); reinstall apilint to fix.\n`;

  it.each([
    ['the bundle', {}],
    ['the unbundled build', { APILINT_NO_BUNDLE: '1' }],
  ])('%s falls back to the reference engine with one line on stderr, and finds the same', async (_name, env) => {
    const dir = packageWithOtherPin();
    const expected = await runCli(['lint', '--no-config', '-f', 'json', doc]);
    const fallback = await runCli(['lint', '--no-config', '-f', 'json', doc], { bin: path.join(dir, 'bin/apilint.js'), env });
    expect(fallback.stderr).toBe(notice);
    expect(fallback.code).toBe(expected.code);
    expect(fallback.stdout).toBe(expected.stdout);
  });
});
