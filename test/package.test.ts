// The npm package as users get it: `npm pack` on a copy of the source (the build runs in its
// prepack script), the tarball's contents, a global install into an empty prefix without
// devDependencies, and the installed `apilint` run from a folder outside the repository; an
// install from git, which npm builds. The README's GitLab recipe runs against the tarball,
// installed into a project.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol/node';
import { REFERENCE_SPEC, ROOT } from './helpers/lint.js';
import { LspClient, uriOf } from './helpers/lsp-client.js';
import { copySource, type SourceCopy } from './helpers/source.js';

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; devDependencies: Record<string, string> };
const TARBALL = `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`;
const MAX_PACKED = 1.5 * 1024 * 1024;

const tmp = mkdtempSync(path.join(tmpdir(), 'apilint-package-'));
const reference = readFileSync(REFERENCE_SPEC, 'utf8');
const withSlash = reference.replace('\n  /shipments:\n', '\n  /shipments/:\n');
const slashLine = withSlash.split('\n').indexOf('  /shipments/:') + 1;

/** npm with no user config (a developer's registry or prefix must not leak into the test). */
function npm(args: string[], cwd: string) {
  return spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_userconfig: path.join(tmp, 'no-npmrc'), npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
  });
}

// The installs hold some 60 MB of dependencies.
afterAll(() => rmSync(tmp, { recursive: true, force: true }), 120_000);

let pack: { status: number | null; stdout: string; stderr: string };
let tarball: string;
let source: SourceCopy;

beforeAll(() => {
  // The source as a clone has it; node_modules from this checkout, as `npm ci` would make it.
  source = copySource(path.join(tmp, 'source'));
  const { dir } = source;
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  mkdirSync(path.join(tmp, 'out'));
  pack = npm(['pack', '--pack-destination', path.join(tmp, 'out')], dir);
  tarball = path.join(tmp, 'out', TARBALL);
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
}, 300_000);

describe('npm pack', () => {
  it('prints only the tarball name on stdout, which is what pre-commit and other tools read', () => {
    expect(pack.stdout).toBe(`${TARBALL}\n`);
    expect(existsSync(tarball)).toBe(true);
    // The source's package.json is restored after packing.
    expect(readFileSync(path.join(tmp, 'source/package.json'), 'utf8')).toBe(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  });

  it(`holds LICENSE, README, CHANGELOG and only what runs, under ${MAX_PACKED / 1024 / 1024} MiB`, () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').map(f => f.replace(/^package\//, ''));
    for (const required of ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json', 'bin/apilint.js', 'dist/bundle/cli.cjs', 'dist/src/cli.js', 'dist/rulesets/spectral.js', 'rulesets/x-rate-limit.schema.json']) {
      expect(files).toContain(required);
    }
    const unexpected = files.filter(f => !/^(LICENSE|README\.md|CHANGELOG\.md|package\.json|bin\/[\w.-]+\.js(on)?|dist\/(bundle|src|rulesets)\/[\w./-]+\.c?js|rulesets\/x-rate-limit\.schema\.json)$/.test(f));
    expect(unexpected).toEqual([]);
    expect(statSync(tarball).size).toBeLessThan(MAX_PACKED);
    const license = execFileSync('tar', ['-xzOf', tarball, 'package/LICENSE'], { encoding: 'utf8' });
    expect(license).toMatch(/^MIT License\n/);
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { name: string; bin: Record<string, string>; scripts: Record<string, string> };
    expect(manifest.name).toBe('@apilint/cli');
    expect(manifest.bin).toEqual({ apilint: 'bin/apilint.js' });
    // Nothing runs at install: npm 11 lists even `prepare` as an install script to approve.
    expect(Object.keys(manifest.scripts).filter(s => ['preinstall', 'install', 'postinstall', 'prepare'].includes(s))).toEqual([]);
  });
});

describe('installed from the tarball', () => {
  const prefix = path.join(tmp, 'prefix');
  let install: { status: number | null; stdout: string; stderr: string };
  const outside = path.join(tmp, 'elsewhere');

  beforeAll(() => {
    mkdirSync(prefix);
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'clean.yaml'), reference);
    writeFileSync(path.join(outside, 'failing.yaml'), withSlash);
    install = npm(['install', '--global', '--prefix', prefix, '--omit=dev', '--prefer-offline', tarball], outside);
    if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
  }, 300_000);

  const apilint = (args: string[]) =>
    spawnSync(path.join(prefix, 'bin/apilint'), args, { cwd: outside, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

  it('installs with no build step, no install script and no devDependencies', () => {
    expect(install.stderr).not.toMatch(/@apilint\/cli@[\d.]+ \(/); // npm 11's list of scripts to approve
    const installed = path.join(prefix, 'lib/node_modules/@apilint/cli');
    expect(existsSync(path.join(installed, 'dist/bundle/cli.cjs'))).toBe(true);
    const modules = existsSync(path.join(installed, 'node_modules')) ? readdirSync(path.join(installed, 'node_modules')) : [];
    const scoped = modules.filter(m => m.startsWith('@')).flatMap(s => readdirSync(path.join(installed, 'node_modules', s)).map(m => `${s}/${m}`));
    // Type packages come with the dependencies (spectral-core needs @types/node), and so does a
    // library that is both a dependency's dependency and a devDependency (the tests' LSP client,
    // vscode-languageserver-protocol); no tool may.
    const installedNames = [...modules, ...scoped].filter(m => existsSync(path.join(installed, 'node_modules', m, 'package.json')));
    const needed = new Set(installedNames.flatMap(m => Object.keys((JSON.parse(readFileSync(path.join(installed, 'node_modules', m, 'package.json'), 'utf8')) as { dependencies?: object }).dependencies ?? {})));
    const dev = installedNames.filter(m => m in pkg.devDependencies && !m.startsWith('@types/') && !needed.has(m));
    expect(dev).toEqual([]);
  });

  it("finds a config package installed beside it (npm install -g), for a project that has none", () => {
    const org = path.join(tmp, 'acme-apilint-config');
    mkdirSync(org);
    writeFileSync(path.join(org, 'package.json'), '{ "name": "@acme/apilint-config", "version": "1.0.0", "main": "apilint.yaml" }\n');
    writeFileSync(path.join(org, 'apilint.yaml'), 'rules:\n  path-no-trailing-slash: info\n');
    const add = npm(['install', '--global', '--prefix', prefix, '--install-links', org], outside);
    expect(add.status, add.stderr).toBe(0);
    const project = path.join(tmp, 'uses-acme');
    mkdirSync(project);
    writeFileSync(path.join(project, '.apilint.yaml'), "extends: '@acme/apilint-config'\n");
    writeFileSync(path.join(project, 'openapi.yaml'), withSlash);
    const run = apilint(['lint', path.join(project, 'openapi.yaml'), '-f', 'json']);
    expect(run.stderr).toBe('');
    expect((JSON.parse(run.stdout) as { findings: { ruleId: string; severity: string }[] }).findings.map(f => `${f.ruleId} ${f.severity}`)).toEqual(['path-no-trailing-slash info']);
    expect(run.status).toBe(0);
  });

  it('runs from a folder outside the repository: version, a clean spec, a failing spec', () => {
    expect(apilint(['--version']).stdout.trim()).toBe(pkg.version);
    const clean = apilint(['lint', 'clean.yaml']);
    expect(clean.stderr).toBe('');
    expect(clean.stdout).toMatch(/No problems in 1 file/);
    expect(clean.status).toBe(0);
    const failing = apilint(['lint', path.join(outside, 'failing.yaml'), '-f', 'json']);
    expect(failing.stderr).toBe('');
    const report = JSON.parse(failing.stdout) as { tool: { name: string }; findings: { ruleId: string; line: number; file: string }[] };
    expect(report.tool.name).toBe('apilint');
    expect(report.findings.map(f => [f.file, f.ruleId, f.line])).toEqual([['failing.yaml', 'path-no-trailing-slash', slashLine]]);
    expect(failing.status).toBe(1);
  });

  it('runs the language server: `apilint lsp --stdio` publishes the finding of an open spec', async () => {
    const client = new LspClient({ cwd: outside, command: [path.join(prefix, 'bin/apilint'), 'lsp', '--stdio'] });
    try {
      await client.initialize(outside);
      const uri = uriOf(path.join(outside, 'failing.yaml'));
      await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text: withSlash } });
      const diagnostics = await client.diagnostics(uri);
      expect(diagnostics.map(d => [d.code, d.range.start.line + 1])).toEqual([['path-no-trailing-slash', slashLine]]);
      expect(await client.shutdown()).toBe(0);
      expect(client.stderr).toBe('');
    } finally {
      client.kill();
    }
  });
});

describe('installed from git', () => {
  it('npm builds it from a clone (as `npm install github:apilint/apilint` does) and it runs', () => {
    const project = path.join(tmp, 'from-git');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), '{ "name": "orders-api", "private": true }\n');
    writeFileSync(path.join(project, 'openapi.yaml'), reference);
    const install = npm(['install', '--save-dev', '--prefer-offline', `git+file://${source.dir}#${source.commit}`], project);
    expect(install.status, install.stderr).toBe(0);
    expect(existsSync(path.join(project, 'node_modules/@apilint/cli/dist/bundle/cli.cjs'))).toBe(true);
    const run = spawnSync(path.join(project, 'node_modules/.bin/apilint'), ['lint', 'openapi.yaml'], { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.stdout).toMatch(/No problems in 1 file/);
    expect(run.status).toBe(0);
  }, 600_000);
});

describe("the README's GitLab recipe", () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const recipe = /### GitLab code quality\n+```yaml\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const script = [...recipe.matchAll(/^ {4}- (.+)$/gm)].map(m => m[1]!);

  it('installs this package and writes the code quality report it declares', () => {
    expect(script[0]).toBe(`npm install --no-save ${pkg.name}`);
    const report = /codequality: (\S+)/.exec(recipe)?.[1];
    expect(report).toBe('gl-code-quality-report.json');
    expect(script[1]).toContain(`-o ${report}`);

    // The recipe in a project, with the package from the tarball instead of the registry.
    const project = path.join(tmp, 'gitlab');
    mkdirSync(path.join(project, 'specs'), { recursive: true });
    writeFileSync(path.join(project, 'package.json'), '{ "name": "orders-api", "private": true }\n');
    writeFileSync(path.join(project, 'specs/orders.yaml'), withSlash);
    const install = npm(['install', '--no-save', '--prefer-offline', tarball], project);
    expect(install.status, install.stderr).toBe(0);
    const run = spawnSync('bash', ['-c', script[1]!], { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.stdout).toMatch(/path-no-trailing-slash/); // the stylish report in the job log
    expect(run.status).toBe(1);
    // Every field GitLab's Code Quality format requires.
    expect(JSON.parse(readFileSync(path.join(project, report!), 'utf8'))).toEqual([
      expect.objectContaining({
        description: expect.stringContaining('ends with a slash'),
        check_name: 'path-no-trailing-slash',
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
        severity: 'major',
        location: { path: 'specs/orders.yaml', lines: expect.objectContaining({ begin: slashLine }) },
      }),
    ]);
  }, 300_000);
});
