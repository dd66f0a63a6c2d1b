// The pre-commit hook with the real pre-commit tool (Debian's package; .ci/run installs it). The
// hook repository is a copy of this source with one commit, so pre-commit clones it, runs
// `npm install` and `npm pack` in the clone and installs the tarball, exactly as it does from
// GitHub. Each install takes a minute or more: try-repo installs into a store of its own, the
// commits into PRE_COMMIT_HOME, both empty at the start; the two run side by side.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_SPEC } from './helpers/lint.js';
import { copySource, git, type SourceCopy } from './helpers/source.js';

const version = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
const available = version.status === 0;
if (!available) console.warn('test/pre-commit.test.ts: skipped: the pre-commit tool is not installed (apt-get install pre-commit; .ci/run does it)');

const INSTALL_TIMEOUT = 600_000;
const reference = readFileSync(REFERENCE_SPEC, 'utf8');
const withSlash = reference.replace('\n  /shipments:\n', '\n  /shipments/:\n');
const slashLine = withSlash.split('\n').indexOf('  /shipments/:') + 1;
const PACKAGE_JSON = '{\n  "name": "orders-api",\n  "version": "1.0.0",\n  "private": true\n}\n';

describe.skipIf(!available)(`pre-commit (${available ? version.stdout.trim() : 'not installed'})`, { concurrent: true }, () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'apilint-pre-commit-'));
  const env = { ...process.env, PRE_COMMIT_HOME: path.join(tmp, 'cache'), PRE_COMMIT_COLOR: 'never', NO_COLOR: '1' };
  let hooks: SourceCopy;

  /** A repository of an API team: one spec, a package.json and the pre-commit config. */
  function userRepo(name: string): string {
    const dir = path.join(tmp, name);
    mkdirSync(path.join(dir, 'specs'), { recursive: true });
    git(dir, 'init', '--quiet', '--initial-branch=main');
    writeFileSync(path.join(dir, 'package.json'), PACKAGE_JSON);
    writeFileSync(path.join(dir, '.pre-commit-config.yaml'), `repos:\n  - repo: ${hooks.dir}\n    rev: ${hooks.commit}\n    hooks:\n      - id: apilint\n`);
    return dir;
  }

  /** Runs a command to its end, its stdout and stderr in the order it wrote them (as a terminal shows them). */
  const run = (command: string, args: string[], cwd: string) =>
    new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(command, args, { cwd, env: { ...env, ...GIT_IDENTITY }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.on('error', reject);
      child.on('close', code => resolve({ code, output }));
    });

  beforeAll(() => {
    hooks = copySource(path.join(tmp, 'apilint'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }), 120_000);

  it(
    'try-repo from an empty cache installs the hook and fails on the staged spec, showing the finding',
    async () => {
      const repo = userRepo('try');
      writeFileSync(path.join(repo, 'specs/orders.yaml'), withSlash);
      git(repo, 'add', '--all');
      const result = await run('pre-commit', ['try-repo', hooks.dir, 'apilint'], repo);
      expect(result.output).toMatch(/^apilint\.+Failed$/m);
      expect(result.output).toContain('specs/orders.yaml');
      expect(result.output).toMatch(new RegExp(`^ +${slashLine}:\\d+ +error +Path "/shipments/" ends with a slash.* path-no-trailing-slash$`, 'm'));
      expect(result.code).toBe(1);
    },
    INSTALL_TIMEOUT,
  );

  it(
    'as a git hook: a commit staging a failing spec is blocked; one staging a clean spec with package.json and the config passes',
    async () => {
      const repo = userRepo('commit');
      expect((await run('pre-commit', ['install'], repo)).code).toBe(0);

      writeFileSync(path.join(repo, 'specs/orders.yaml'), withSlash);
      git(repo, 'add', '--all');
      const blocked = await run('git', ['commit', '-m', 'Add the orders API'], repo);
      expect(blocked.output).toMatch(/^apilint\.+Failed$/m);
      expect(blocked.output).toMatch(/path-no-trailing-slash/);
      expect(blocked.code).not.toBe(0);
      expect(spawnSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: repo }).status).not.toBe(0);

      writeFileSync(path.join(repo, 'specs/orders.yaml'), reference);
      git(repo, 'add', '--all');
      expect(git(repo, 'diff', '--cached', '--name-only').trim().split('\n')).toEqual(['.pre-commit-config.yaml', 'package.json', 'specs/orders.yaml']);
      const passed = await run('git', ['commit', '-m', 'Add the orders API'], repo);
      expect(passed.output).toMatch(/^apilint\.+Passed$/m);
      expect(passed.code).toBe(0);
      expect(git(repo, 'log', '--format=%s').trim()).toBe('Add the orders API');
    },
    INSTALL_TIMEOUT,
  );
});

const GIT_IDENTITY = { GIT_AUTHOR_NAME: 'API team', GIT_AUTHOR_EMAIL: 'api@example.invalid', GIT_COMMITTER_NAME: 'API team', GIT_COMMITTER_EMAIL: 'api@example.invalid' };
