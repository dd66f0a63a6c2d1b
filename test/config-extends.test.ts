// Shared configs: `extends` takes presets, paths to other config files and packages that export
// one; the chain is merged in order, cycles are reported, and a bad link names the file and line.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './helpers/inprocess.js';
import { REFERENCE_SPEC } from './helpers/lint.js';

const reference = readFileSync(REFERENCE_SPEC, 'utf8');
/** The reference spec with a trailing slash on /shipments (one path-no-trailing-slash error). */
const withSlash = reference.replace('\n  /shipments:\n', '\n  /shipments/:\n');

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-extends-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** An organisation's config package, installed in the project's node_modules. */
const ORG_PACKAGE = {
  'node_modules/@acme/apilint-config/package.json': '{ "name": "@acme/apilint-config", "version": "1.2.0", "main": "apilint.yaml" }\n',
  'node_modules/@acme/apilint-config/apilint.yaml': [
    'extends: apilint:all',
    'rules:',
    '  path-no-trailing-slash: warn',
    "  scope-naming: [error, { pattern: '^uid$' }]",
    'overrides:',
    "  - files: ['legacy/**']",
    '    rules:',
    '      path-no-trailing-slash: off',
    "ignore: ['generated/**']",
    '',
  ].join('\n'),
  'node_modules/@acme/apilint-config/strict.yaml': 'extends: ./apilint.yaml\nrules:\n  path-no-trailing-slash: error\n',
};

interface Report {
  files: string[];
  findings: { ruleId: string; severity: string; file: string }[];
}
async function lint(dir: string, ...args: string[]) {
  const result = await runInProcess(['lint', ...args, '-f', 'json'], dir);
  return { ...result, report: result.stdout ? (JSON.parse(result.stdout) as Report) : undefined };
}
const summary = (report: Report | undefined) => [...new Set(report!.findings.map(f => `${f.file} ${f.ruleId} ${f.severity}`))].sort();

describe('extends', () => {
  it("a path to another config file: its settings apply, the file's own come after them", async () => {
    const dir = project({
      'org/apilint.yaml': 'rules:\n  path-no-trailing-slash: warn\n  path-kebab-case: warn\n',
      'api/.apilint.yaml': 'extends: ../org/apilint.yaml\nrules:\n  path-kebab-case: error\n',
      'api/openapi.yaml': withSlash.replace('\n  /shipments/{shipment_id}:\n', '\n  /shipmentItems/{shipment_id}:\n'),
    });
    const { report, code } = await lint(path.join(dir, 'api'), 'openapi.yaml');
    expect(summary(report)).toEqual(['openapi.yaml path-kebab-case error', 'openapi.yaml path-no-trailing-slash warn']);
    expect(code).toBe(1);
  });

  it('a list is merged in order, later over earlier; a severity alone keeps the options set before it', async () => {
    const dir = project({
      'a.yaml': "rules:\n  path-no-trailing-slash: warn\n  scope-naming: [error, { pattern: '^uid$' }]\n",
      'b.yaml': 'rules:\n  path-no-trailing-slash: info\n',
      '.apilint.yaml': 'extends: [./a.yaml, ./b.yaml]\nrules:\n  scope-naming: hint\n',
      'openapi.yaml': withSlash,
    });
    const { report } = await lint(dir, 'openapi.yaml');
    // scope-naming still has a.yaml's pattern (every scope of the reference spec breaks it), at hint.
    expect(summary(report)).toEqual(['openapi.yaml path-no-trailing-slash info', 'openapi.yaml scope-naming hint']);
  });

  it('presets: apilint:all in an extended config is inherited; a later apilint:recommended takes it back', async () => {
    const silent = reference.replace(/gzip/gi, 'compression');
    const dir = project({ 'base.yaml': 'extends: apilint:all\n', 'all/.apilint.yaml': 'extends: ../base.yaml\n', 'back/.apilint.yaml': 'extends: [../base.yaml, apilint:recommended]\n', 'all/openapi.yaml': silent, 'back/openapi.yaml': silent });
    expect((await lint(dir, 'all/openapi.yaml')).report!.findings.map(f => f.ruleId)).toContain('gzip-documented');
    expect((await lint(dir, 'back/openapi.yaml')).report!.findings.map(f => f.ruleId)).not.toContain('gzip-documented');
  });

  it("a package's config, its globs taken from the project that extends it; a subpath of the package", async () => {
    const dir = project({
      ...ORG_PACKAGE,
      '.apilint.yaml': "extends: '@acme/apilint-config'\n",
      'specs/orders.yaml': withSlash,
      'legacy/old.yaml': withSlash,
      'generated/gen.yaml': withSlash,
      'strict/.apilint.yaml': "extends: '@acme/apilint-config/strict.yaml'\n",
      'strict/orders.yaml': withSlash,
    });
    const { report } = await lint(dir, 'specs', 'legacy', 'generated', 'strict');
    // generated/ is ignored and legacy/ overridden by the package's globs, read from the project.
    expect(report!.files).toEqual(['specs/orders.yaml', 'legacy/old.yaml', 'strict/orders.yaml']);
    expect(summary({ ...report!, findings: report!.findings.filter(f => f.ruleId !== 'scope-naming' && f.ruleId !== 'gzip-documented') })).toEqual([
      'specs/orders.yaml path-no-trailing-slash warn',
      'strict/orders.yaml path-no-trailing-slash error',
    ]);
    expect(report!.findings.filter(f => f.ruleId === 'scope-naming').every(f => f.severity === 'error')).toBe(true);
  });

  it('a package that exports its config through "exports"', async () => {
    const dir = project({
      'node_modules/api-standards/package.json': '{ "name": "api-standards", "exports": { ".": "./config/apilint.json" } }\n',
      'node_modules/api-standards/config/apilint.json': '{ "rules": { "path-no-trailing-slash": "hint" } }\n',
      '.apilint.yaml': 'extends: api-standards\n',
      'openapi.yaml': withSlash,
    });
    expect(summary((await lint(dir, 'openapi.yaml')).report)).toEqual(['openapi.yaml path-no-trailing-slash hint']);
  });

  it.each([
    ['a missing file', { '.apilint.yaml': 'rules: {}\nextends: ./missing.yaml\n' }, 'apilint: .apilint.yaml:2:10: invalid config: extends "./missing.yaml": no such file missing.yaml'],
    [
      'a package that is not installed',
      { '.apilint.yaml': "extends:\n  - apilint:all\n  - '@acme/apilint-config'\n" },
      'apilint: .apilint.yaml:3:5: invalid config: extends "@acme/apilint-config": cannot find the package @acme/apilint-config from .: install it (npm install --save-dev @acme/apilint-config), or give a path (./file.yaml)',
    ],
    ['a file named like a package', { '.apilint.yaml': 'extends: org.yaml\n', 'org.yaml': 'rules: {}\n' }, 'apilint: .apilint.yaml:1:10: invalid config: extends "org.yaml": no package of that name; for the file beside the config, write "./org.yaml"'],
    [
      'a package whose main is code',
      { '.apilint.yaml': 'extends: eslint-like\n', 'node_modules/eslint-like/package.json': '{ "name": "eslint-like", "main": "index.js" }\n', 'node_modules/eslint-like/index.js': 'module.exports = {};\n' },
      'apilint: .apilint.yaml:1:10: invalid config: extends "eslint-like": node_modules/eslint-like/index.js is not a config file: a config package\'s "main" or "exports" names a YAML or JSON file',
    ],
    ['an unknown preset', { '.apilint.yaml': 'extends: apilint:everything\n' }, 'apilint: .apilint.yaml:1:10: invalid config: unknown preset "apilint:everything"; expected apilint:recommended or apilint:all'],
    ['not a string', { '.apilint.yaml': 'extends: [42]\n' }, 'apilint: .apilint.yaml:1:11: invalid config: extends takes presets (apilint:recommended, apilint:all), config file paths and package names, not 42'],
    ['a cycle', { '.apilint.yaml': 'extends: ./b.yaml\n', 'b.yaml': 'rules: {}\nextends: [./.apilint.yaml]\n' }, 'apilint: b.yaml:2:11: invalid config: extends "./.apilint.yaml" makes a cycle: .apilint.yaml → b.yaml → .apilint.yaml (extended from .apilint.yaml:1:10)'],
    ['a config that extends itself', { '.apilint.yaml': 'extends: ./.apilint.yaml\n' }, 'apilint: .apilint.yaml:1:10: invalid config: extends "./.apilint.yaml" makes a cycle: .apilint.yaml → .apilint.yaml'],
    [
      'an error in an extended file, two links down',
      { '.apilint.yaml': 'extends: ./team.yaml\n', 'team.yaml': 'extends: [./org.yaml]\n', 'org.yaml': 'rules:\n  path-kebab-cas: warn\n' },
      'apilint: org.yaml:2:3: invalid config: unknown rule "path-kebab-cas": did you mean "path-kebab-case"? (extended from team.yaml:1:11) (extended from .apilint.yaml:1:10)',
    ],
  ])('%s: exit 2, one line with the file and the line', async (_name, files, expected) => {
    const dir = project({ ...files, 'openapi.yaml': reference });
    const result = await runInProcess(['lint', 'openapi.yaml'], dir);
    expect(result.stderr).toBe(`${expected}\n`);
    expect(result.stdout).toBe('');
    expect(result.code).toBe(2);
  });
});

describe('the config of each document', () => {
  it('is the nearest from its folder upward, not from the working directory', async () => {
    const dir = project({
      '.apilint.yaml': 'rules:\n  path-no-trailing-slash: warn\n',
      'team-b/.apilint.yaml': 'rules:\n  path-no-trailing-slash: info\n',
      'team-a/openapi.yaml': withSlash,
      'team-b/openapi.yaml': withSlash,
    });
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'apilint-extends-'));
    const { report } = await lint(elsewhere, path.join(dir, 'team-a/openapi.yaml'), path.join(dir, 'team-b/openapi.yaml'));
    expect(report!.findings.map(f => [path.basename(path.dirname(f.file)), f.severity])).toEqual([
      ['team-a', 'warn'],
      ['team-b', 'info'],
    ]);
  });

  it('a broken config is reported once, and the documents that use it are not linted', async () => {
    const dir = project({ 'a/.apilint.yaml': 'rules:\n  nope: warn\n', 'a/one.yaml': reference, 'a/two.yaml': reference, 'b/three.yaml': withSlash });
    const { stderr, report, code } = await lint(dir, 'a', 'b');
    expect(stderr).toBe('apilint: a/.apilint.yaml:2:3: invalid config: unknown rule "nope"\n');
    expect(report!.files).toEqual(['b/three.yaml']);
    expect(code).toBe(2);
  });
});
