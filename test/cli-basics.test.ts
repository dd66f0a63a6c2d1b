// CLI basics through the real CLI: usage, mistyped commands, help, baselines, --since from the
// inputs' repository, --stdin-filepath, and the README's options table against --help.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { project } from './helpers/project.js';
import { REFERENCE_SPEC, ROOT } from './helpers/lint.js';

const reference = readFileSync(REFERENCE_SPEC, 'utf8');
const slash = (text: string, route: string) => text.replace(`\n  /${route}:\n`, `\n  /${route}/:\n`);
/** The reference spec with one path-no-trailing-slash error. */
const oneError = slash(reference, 'shipments');
const twoErrors = slash(oneError, 'pickup-points');

const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });
const paths = (stdout: string) => (JSON.parse(stdout) as { findings: { file: string; message: string }[] }).findings.map(f => `${f.file} ${/Path "([^"]+)"/.exec(f.message)?.[1]}`);

describe('arguments', () => {
  it('no arguments: usage on stderr, exit 2', async () => {
    const result = await runCli([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Usage: apilint \[lint\] <inputs\.\.\.> \[options\] \| diff <base> <revision> \[options\] \| rules \[id\] \| lsp --stdio \| --help\n/);
    expect(result.stderr).toMatch(/^ {2}lint \[options\] \[inputs\.\.\.\] /m);
  });

  it('a mistyped command gets a did-you-mean; a bare word that is neither a command nor a file says so', async () => {
    const typo = await runCli(['lnt', 'x.yaml']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe('apilint: unknown command "lnt": did you mean "lint"? (apilint --help)\n');
    expect((await runCli(['ruls'])).stderr).toBe('apilint: unknown command "ruls": did you mean "rules"? (apilint --help)\n');
    expect((await runCli(['frobnicate'])).stderr).toBe('apilint: "frobnicate" is neither a command (lint, diff, rules, lsp, help) nor a file or directory (apilint --help)\n');
  });

  it('a file named like a word is linted; a path-like name that does not exist is a missing file', async () => {
    const dir = project({ lnt: oneError });
    const file = await runCli(['lnt', '-f', 'json'], { cwd: dir });
    expect(file.code).toBe(1);
    expect(paths(file.stdout)).toEqual(['lnt /shipments/']);
    const missing = await runCli(['specs/api.yaml'], { cwd: dir });
    expect(missing.stderr).toBe('apilint: specs/api.yaml: no such file or directory\n');
  });

  it('lint with no inputs: one line, exit 2', async () => {
    const result = await runCli(['lint']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('apilint: no inputs: give files, directories or globs to lint, or - for stdin (apilint --help)\n');
  });

  it('help shows clean defaults', async () => {
    const help = (await runCli(['lint', '--help'])).stdout;
    expect(help).not.toMatch(/\(default: \[\]\)|\(default: false\)|\(default: undefined\)/);
    expect(help.match(/default:\s+stylish/g)).toHaveLength(1);
    expect(help).toMatch(/default: "20MB"/);
  });
});

describe('baselines', () => {
  it('--write-baseline exits 0 once written and says what it wrote', async () => {
    const dir = project({ 'api.yaml': oneError });
    const result = await runCli(['lint', 'api.yaml', '--write-baseline', 'baseline.json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('apilint: wrote the baseline baseline.json with 1 finding\n');
    expect(JSON.parse(readFileSync(path.join(dir, 'baseline.json'), 'utf8')).findings).toHaveLength(1);
  });

  it('--baseline X --write-baseline X reports the new findings, says what it adds, and records them all', async () => {
    const dir = project({ 'api.yaml': oneError });
    // The first time the baseline does not exist yet: everything is new.
    const first = await runCli(['lint', 'api.yaml', '--baseline', 'b.json', '--write-baseline', 'b.json', '-f', 'json'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('apilint: wrote the baseline b.json: 1 finding added, 0 fixed findings removed, 1 in all\n');
    writeFileSync(path.join(dir, 'api.yaml'), twoErrors);
    const second = await runCli(['lint', 'api.yaml', '--baseline', 'b.json', '--write-baseline', 'b.json', '-f', 'json'], { cwd: dir });
    expect(second.code).toBe(0);
    expect(paths(second.stdout)).toEqual(['api.yaml /pickup-points/']);
    expect(second.stderr).toBe('apilint: wrote the baseline b.json: 1 finding added, 0 fixed findings removed, 2 in all\n');
    expect(JSON.parse(readFileSync(path.join(dir, 'b.json'), 'utf8')).findings).toHaveLength(2);
    // Now both are known.
    expect((await runCli(['lint', 'api.yaml', '--baseline', 'b.json'], { cwd: dir })).code).toBe(0);
  });

  it('a missing baseline is one line and exit 2, with no report', async () => {
    const dir = project({ 'api.yaml': oneError });
    const result = await runCli(['lint', 'api.yaml', '--baseline', 'nope.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('apilint: nope.json: baseline file not found (write one with --write-baseline)\n');
  });
});

describe('--since', () => {
  function repository(): string {
    const dir = project({ 'specs/api.yaml': oneError, '.apilint.yaml': 'rules: {}\n' });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'one violation');
    writeFileSync(path.join(dir, 'specs/api.yaml'), twoErrors);
    return dir;
  }

  it('finds the repository from the inputs, run from outside it', async () => {
    const dir = repository();
    const outside = mkdtempSync(path.join(tmpdir(), 'apilint-outside-'));
    const result = await runCli(['lint', path.join(dir, 'specs/api.yaml'), '--since', 'HEAD', '--no-breaking', '-f', 'json'], { cwd: outside });
    expect(paths(result.stdout)).toEqual([`${path.join(dir, 'specs/api.yaml')} /pickup-points/`]);
    expect(result.code).toBe(1);
  });

  it('a bad ref: one line, exit 2, no report', async () => {
    const dir = repository();
    const result = await runCli(['lint', 'specs', '--since', 'no-such-ref'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('apilint: no-such-ref: --since: unknown git revision "no-such-ref"\n');
  });

  it('an input outside any repository: one line, exit 2, no report', async () => {
    const dir = project({ 'api.yaml': oneError });
    const result = await runCli(['lint', 'api.yaml', '--since', 'HEAD'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('apilint: api.yaml: --since needs a git repository, and this file is not in one\n');
  });
});

describe('--stdin-filepath', () => {
  const config = "overrides:\n  - files: ['legacy/**']\n    rules:\n      path-no-trailing-slash: off\nignore: ['generated/**']\n";

  it('names stdin in the report and for config overrides', async () => {
    const dir = project({ '.apilint.yaml': config });
    const named = await runCli(['lint', '-', '--stdin-filepath', 'specs/api.yaml', '-f', 'json'], { cwd: dir, input: oneError });
    expect(paths(named.stdout)).toEqual(['specs/api.yaml /shipments/']);
    expect(JSON.parse(named.stdout).files).toEqual(['specs/api.yaml']);
    // Without -, stdin is read all the same.
    const legacy = await runCli(['lint', '--stdin-filepath', 'legacy/api.yaml', '-f', 'json'], { cwd: dir, input: oneError });
    expect(paths(legacy.stdout)).toEqual([]);
    expect(legacy.code).toBe(0);
  });

  it('a name the config ignores is not linted: exit 0, one line on stderr', async () => {
    const dir = project({ '.apilint.yaml': config });
    const result = await runCli(['lint', '--stdin-filepath', 'generated/api.yaml'], { cwd: dir, input: oneError });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("apilint: generated/api.yaml: matches the config's ignore list: not linted\n");
  });

  it('matches the baseline by the name', async () => {
    const dir = project({ 'specs/api.yaml': oneError });
    expect((await runCli(['lint', 'specs/api.yaml', '--write-baseline', 'b.json'], { cwd: dir })).code).toBe(0);
    const result = await runCli(['lint', '--stdin-filepath', 'specs/api.yaml', '--baseline', 'b.json', '-f', 'json'], { cwd: dir, input: twoErrors });
    expect(paths(result.stdout)).toEqual(['specs/api.yaml /pickup-points/']);
  });

  it('compares with the named file at the --since revision', async () => {
    const dir = project({ 'specs/api.yaml': oneError });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'x');
    const result = await runCli(['lint', '--stdin-filepath', 'specs/api.yaml', '--since', 'HEAD', '-f', 'json'], { cwd: dir, input: twoErrors });
    expect(paths(result.stdout)).toEqual(['specs/api.yaml /pickup-points/']);
  });

  it('needs - among the inputs when there are inputs', async () => {
    const result = await runCli(['lint', 'a.yaml', '--stdin-filepath', 'b.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('apilint: --stdin-filepath names standard input: add - to the inputs (apilint lint - --stdin-filepath b.yaml)\n');
  });
});

describe('README', () => {
  it("the options table lists exactly the lint command's options, in --help's order", async () => {
    const help = (await runCli(['lint', '--help'])).stdout;
    const fromHelp = [...help.matchAll(/^ {2}(-[^ ].*?)(?: {2,}|$)/gm)].map(m => m[1]!.trim()).filter(flags => flags !== '-h, --help');
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| option | |'));
    const fromReadme = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([^`]+)` \|/gm)].map(m => m[1]!);
    expect(fromHelp.length).toBeGreaterThan(10);
    expect(fromReadme).toEqual(fromHelp);
  });
});
