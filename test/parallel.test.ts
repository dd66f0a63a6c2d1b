// Many files are linted on worker threads as well as the main thread (src/lint/parallel.ts). The
// report must not depend on it: the same findings, input errors and exit code, in input order,
// with workers (APILINT_JOBS=2) and without (APILINT_JOBS=0). The CLI is the bundled one.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { CORPUS } from './helpers/lint.js';

function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-parallel-'));
  const specs = path.join(dir, 'specs');
  mkdirSync(specs);
  const docs = ['oai-petstore-expanded.yaml', 'zalando-zally-api.yaml', 'oai-uspto.json', 'redocly-museum.yaml', 'zalando-fashion-store.json', 'oai-tictactoe.yaml'];
  docs.forEach((name, i) => cpSync(path.join(CORPUS, name), path.join(specs, `${String(i).padStart(2, '0')}-${name}`)));
  cpSync(path.join(CORPUS, 'swagger-parser-circular'), path.join(specs, 'circular'), { recursive: true });
  writeFileSync(path.join(specs, '10-broken.yaml'), 'openapi: 3.0.3\ninfo: {title: x\n');
  writeFileSync(path.join(specs, '11-not-an-api.yaml'), 'name: just some config\n');
  writeFileSync(path.join(specs, '12-missing-ref.yaml'), "openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths:\n  /a:\n    $ref: './nowhere.yaml'\n");
  return dir;
}

describe('linting many files in parallel', () => {
  it('reports exactly what a single thread reports', { timeout: 120_000 }, async () => {
    const cwd = project();
    for (const format of ['json', 'stylish']) {
      const args = ['lint', '--no-config', '-f', format, 'specs', path.join(CORPUS, 'oai-webhook-example.yaml')];
      const single = await runCli(args, { cwd, env: { APILINT_JOBS: '0' } });
      const parallel = await runCli(args, { cwd, env: { APILINT_JOBS: '2' } });
      expect(single.stderr).toContain('10-broken.yaml');
      expect(parallel).toEqual(single);
    }
  });

  /**
   * Thirty documents (enough that the workers, once loaded, take some), each with its path item in
   * a file of its own, committed; `change` renames the query parameter of half of those files.
   */
  function thirtySpecs(): { cwd: string; changed: number[]; change: () => void } {
    const cwd = mkdtempSync(path.join(tmpdir(), 'apilint-parallel-specs-'));
    mkdirSync(path.join(cwd, 'specs/parts'), { recursive: true });
    const item = (parameter: string) => `get:\n  parameters:\n    - {name: ${parameter}, in: query, schema: {type: string}}\n  responses:\n    '200': {description: OK}\n`;
    for (let i = 0; i < 30; i++) {
      writeFileSync(path.join(cwd, `specs/${i}.yaml`), `openapi: 3.0.3\ninfo: {title: t${i}, version: 1.0.0}\npaths:\n  /things:\n    $ref: './parts/${i}.yaml'\n`);
      writeFileSync(path.join(cwd, `specs/parts/${i}.yaml`), item('page_size'));
    }
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'pipe' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'specs');
    const changed = Array.from({ length: 15 }, (_, i) => 2 * i + 1);
    return { cwd, changed, change: () => changed.forEach(i => writeFileSync(path.join(cwd, `specs/parts/${i}.yaml`), item('pageSize'))) };
  }
  const newFindings = (stdout: string) => (JSON.parse(stdout) as { findings: { file: string; ruleId: string }[] }).findings.map(f => `${f.file} ${f.ruleId}`);

  it('--since: workers report the files each document read and its findings\' meaning pointers', { timeout: 60_000 }, async () => {
    const { cwd, changed, change } = thirtySpecs();
    // The referenced files of half of the documents change; the documents themselves do not.
    change();
    const args = ['lint', '--no-config', '-f', 'json', '--since', 'HEAD', '--no-breaking', 'specs'];
    const single = await runCli(args, { cwd, env: { APILINT_JOBS: '0' } });
    const parallel = await runCli(args, { cwd, env: { APILINT_JOBS: '2' } });
    expect(newFindings(single.stdout)).toEqual(changed.map(i => `specs/parts/${i}.yaml parameters-snake-case`).sort());
    expect(parallel).toEqual(single);
  });

  it('baselines: the same file written, and the same findings new, with workers', { timeout: 60_000 }, async () => {
    const { cwd, changed, change } = thirtySpecs();
    const write = (jobs: string, file: string) => runCli(['lint', '--no-config', '--write-baseline', file, 'specs'], { cwd, env: { APILINT_JOBS: jobs } });
    expect((await write('0', 'single.json')).code).toBe(0);
    expect((await write('2', 'parallel.json')).code).toBe(0);
    expect(readFileSync(path.join(cwd, 'parallel.json'), 'utf8')).toBe(readFileSync(path.join(cwd, 'single.json'), 'utf8'));
    change();
    const args = ['lint', '--no-config', '-f', 'json', '--baseline', 'single.json', 'specs'];
    const single = await runCli(args, { cwd, env: { APILINT_JOBS: '0' } });
    const parallel = await runCli(args, { cwd, env: { APILINT_JOBS: '2' } });
    expect(newFindings(single.stdout)).toEqual(changed.map(i => `specs/parts/${i}.yaml parameters-snake-case`).sort());
    expect(parallel).toEqual(single);
  });

  it('reads standard input on the main thread beside files on workers', { timeout: 60_000 }, async () => {
    const cwd = project();
    const input = "openapi: 3.0.3\ninfo: {title: stdin, version: '1'}\npaths: {}\n";
    const args = ['lint', '--no-config', '-f', 'json', '-', 'specs/00-oai-petstore-expanded.yaml', 'specs/02-oai-uspto.json'];
    const single = await runCli(args, { cwd, input, env: { APILINT_JOBS: '0' } });
    const parallel = await runCli(args, { cwd, input, env: { APILINT_JOBS: '2' } });
    expect(JSON.parse(single.stdout).files).toEqual(['<stdin>', 'specs/00-oai-petstore-expanded.yaml', 'specs/02-oai-uspto.json']);
    expect(parallel).toEqual(single);
  });
});
