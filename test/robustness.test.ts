// apilint runs in CI on specs from pull requests: untrusted input. These tests hold it to its
// documented bounds (README, "Security and limits"): no crash, no hang, bounded memory, no file
// read outside the project, no network without --allow-remote, nothing long or multi-line echoed
// into the output, every good file reported when others fail, and -o complete or absent.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Linter } from '../src/lint/linter.js';
import { formatSize, parseSize } from '../src/load/limits.js';
import { escapeControl, safeText } from '../src/core/text.js';
import { BIN, expectOneLine, hasStackTrace, runCli } from './helpers/cli.js';
import { runInProcess } from './helpers/inprocess.js';
import { ROOT } from './helpers/lint.js';

const MEASURE = path.join(ROOT, 'test/helpers/measure.mjs');
const TRACE = path.join(ROOT, 'test/helpers/trace-fs.cjs');
const HEAD = 'openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\n';

let tmp: string;
beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'apilint-robust-'));
  // Load the lint modules once, so the timings below measure the work, not the first import.
  await runInProcess(['lint', 'fixtures/reference-service.yaml'], ROOT);
});

afterAll(() => {
  // The 100 MB file and the 1,000-file folder do not outlive the run.
  rmSync(tmp, { recursive: true, force: true });
});

const write = (name: string, content: string | Buffer): string => {
  const file = path.join(tmp, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
};

interface Measured {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Time main() took, without node's start-up. */
  ms: number;
  /** Peak resident memory of the whole process. */
  maxRssMB: number;
}

/** Runs the built CLI with a heap limit (through helpers/measure.mjs) and reports its time and peak memory. */
async function runMeasured(args: string[], { cwd = ROOT, heapMB = 200, input }: { cwd?: string; heapMB?: number; input?: Buffer } = {}): Promise<Measured> {
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'apilint-measure-')), 'measure.json');
  const result = await runCli(args, { cwd, input, bin: MEASURE, nodeArgs: [`--max-old-space-size=${heapMB}`], env: { APILINT_MEASURE: report } });
  const measured = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as { ms: number; maxRssMB: number }) : { ms: Infinity, maxRssMB: Infinity };
  return { ...result, ...measured };
}

function aliasBomb(levels: number, merge = false): string {
  const names = 'abcdefghijklmnopqrstuvwxyz';
  const lines = [HEAD.trimEnd(), `x-a: &a ${merge ? '{a0: lol, a1: lol, a2: lol, a3: lol, a4: lol, a5: lol, a6: lol, a7: lol, a8: lol}' : '[lol, lol, lol, lol, lol, lol, lol, lol, lol]'}`];
  for (let i = 1; i < levels; i++) {
    const n = names[i]!;
    const p = names[i - 1]!;
    lines.push(merge ? `x-${n}: &${n} {${Array.from({ length: 9 }, (_, k) => `${n}${k}: {<<: *${p}}`).join(', ')}}` : `x-${n}: &${n} [${Array(9).fill(`*${p}`).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}

describe('resource bounds', () => {
  it('an alias bomb is refused in under a second and 200 MB, with one line', async () => {
    for (const [name, text] of [
      ['bomb.yaml', aliasBomb(9)],
      ['bomb-20.yaml', aliasBomb(20)],
      ['bomb-merge.yaml', aliasBomb(12, true)],
    ] as const) {
      const file = write(`bounds/${name}`, text);
      const inProcess = await runInProcess(['lint', file], ROOT);
      expect(inProcess.code).toBe(2);
      expect(inProcess.ms, name).toBeLessThan(1000);
      expectOneLine(inProcess, /YAML aliases expand to more than 1,000,000 nodes: refused/);
      const spawned = await runMeasured(['lint', file], { heapMB: 200 });
      expect(spawned.code).toBe(2);
      expect(spawned.maxRssMB, name).toBeLessThan(200);
      expectOneLine(spawned, /YAML aliases expand to more than 1,000,000 nodes: refused/);
    }
  });

  it('aliases that expand to just under the limit are linted within bounds', async () => {
    const file = write('bounds/under.yaml', aliasBomb(6)); // 9^5 × 9 lol ≈ 531,000 nodes
    const result = await runMeasured(['lint', file, '-f', 'json'], { heapMB: 400 });
    expect([0, 1]).toContain(result.code);
    expect(result.ms).toBeLessThan(20_000);
    expect(result.maxRssMB).toBeLessThan(400);
    expect(JSON.parse(result.stdout).files).toHaveLength(1);
  });

  it('a 100 MB file is refused by default in well under a second, without reading it', async () => {
    const file = path.join(tmp, 'bounds/huge.yaml');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${HEAD}x-pad: "${'a'.repeat(100 * 1024 * 1024)}"\n`);
    const inProcess = await runInProcess(['lint', file], ROOT);
    expect(inProcess.code).toBe(2);
    expect(inProcess.ms).toBeLessThan(500);
    expectOneLine(inProcess, /huge\.yaml: file too large \(104,857,6\d\d bytes\): the limit is 20 MB, raise it with --max-file-size$/);
    // Not read: the process stays far below the file's size.
    const spawned = await runMeasured(['lint', file], { heapMB: 100 });
    expect(spawned.code).toBe(2);
    expect(spawned.maxRssMB).toBeLessThan(150);
  });

  it('with --max-file-size 200MB the same 100 MB file is linted within 60 s and 1 GB', async () => {
    const file = path.join(tmp, 'bounds/huge.yaml');
    if (!existsSync(file)) writeFileSync(file, `${HEAD}x-pad: "${'a'.repeat(100 * 1024 * 1024)}"\n`);
    const result = await runMeasured(['lint', file, '--max-file-size', '200MB', '-f', 'json'], { heapMB: 1024 });
    expect(result.stderr).toBe('');
    expect([0, 1]).toContain(result.code);
    expect(result.ms).toBeLessThan(60_000);
    expect(result.maxRssMB).toBeLessThan(1024);
    expect(JSON.parse(result.stdout).files).toHaveLength(1);
  });

  it('--max-file-size applies to stdin and to referenced files, and rejects nonsense', async () => {
    const big = Buffer.from(`${HEAD}x-pad: "${'a'.repeat(2 * 1024 * 1024)}"\n`);
    const stdin = await runMeasured(['lint', '-', '--max-file-size', '1MB'], { input: big });
    expect(stdin.code).toBe(2);
    expectOneLine(stdin, /^apilint: <stdin>: file too large \(more than 1 MB\): the limit is 1 MB, raise it with --max-file-size$/);

    write('bounds/refs/big.yaml', `Big:\n  type: object\n  description: "${'b'.repeat(2 * 1024 * 1024)}"\n`);
    const spec = write('bounds/refs/openapi.yaml', `${HEAD}components:\n  schemas:\n    Big: {$ref: './big.yaml#/Big'}\n`);
    const refs = await runInProcess(['lint', 'openapi.yaml', '-f', 'json', '--max-file-size', '1MB'], path.dirname(spec));
    const finding = JSON.parse(refs.stdout).findings.find((f: { ruleId: string }) => f.ruleId === 'invalid-ref');
    expect(finding).toMatchObject({ line: 6, message: 'Cannot resolve $ref: big.yaml is larger than the 1 MB limit (--max-file-size)' });

    for (const bad of ['', 'lots', '-1MB', '0', '1TB']) {
      const result = await runInProcess(['lint', spec, '--max-file-size', bad], ROOT);
      expect(result.code, bad).toBe(2);
      expectOneLine(result, /invalid --max-file-size/);
    }
  });

  it('a 15 MB string and a 100,000-character key are linted, and messages quote them short', async () => {
    const key = `propertyName${'X'.repeat(100_000)}`;
    const file = write(
      'bounds/strings.yaml',
      `${HEAD}components:\n  schemas:\n    Thing:\n      type: object\n      description: "${'d'.repeat(15 * 1024 * 1024)}"\n      properties:\n        ${key}: {type: string}\n`,
    );
    const result = await runMeasured(['lint', file, '-f', 'json'], { heapMB: 1024 });
    expect([0, 1]).toContain(result.code);
    expect(result.ms).toBeLessThan(30_000);
    // The long key appears once, as the finding's JSON pointer (exact by design), never in a message.
    expect(result.stdout).not.toContain('d'.repeat(200));
    const report = JSON.parse(result.stdout);
    const onKey = report.findings.filter((f: { message: string }) => f.message.includes('propertyNameXXX'));
    expect(onKey.length).toBeGreaterThan(0);
    for (const f of report.findings) expect(f.message.length).toBeLessThanOrEqual(400);
  });

  describe('10,000-level nesting: refused with one line, or linted, fast and never a crash', () => {
    const depth = 10_000;
    const cases: [string, string][] = [
      ['flow.yaml', `${HEAD}x-deep: ${'['.repeat(depth)}1${']'.repeat(depth)}\n`],
      ['block.yaml', `${HEAD}x-deep:\n  ${'- '.repeat(depth)}1\n`],
      ['mapping.yaml', `${HEAD}x-deep: ${'{a: '.repeat(depth)}1${'}'.repeat(depth)}\n`],
      ['array.json', `{"openapi": "3.0.3", "info": {"title": "t", "version": "1.0.0"}, "paths": {}, "x-deep": ${'['.repeat(depth)}1${']'.repeat(depth)}}`],
      ['object.json', `{"openapi": "3.0.3", "info": {"title": "t", "version": "1.0.0"}, "paths": {}, "x-deep": ${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`],
      ['schema.json', `{"openapi": "3.0.3", "info": {"title": "t", "version": "1.0.0"}, "paths": {}, "components": {"schemas": {"S": ${'{"type": "object", "properties": {"a": '.repeat(depth)}{"type": "string"}${'}}'.repeat(depth)}}}}`],
    ];
    it.each(cases)('%s', async (name, text) => {
      const file = write(`deep/${name}`, text);
      const result = await runMeasured(['lint', file, '-f', 'json'], { heapMB: 400 });
      expect([0, 1, 2]).toContain(result.code);
      expect(result.ms).toBeLessThan(10_000);
      expect(result.maxRssMB).toBeLessThan(400);
      expect(hasStackTrace(result.stderr + result.stdout)).toBe(false);
      expect(() => JSON.parse(result.stdout)).not.toThrow();
      expect(result.code).toBe(2);
      expectOneLine(result, /nesting deeper than 1,000 levels: refused/);
    });
  });

  it('a directory of 1,000 small documents is linted in bounded time, every file reported', async () => {
    const dir = path.join(tmp, 'thousand');
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 1000; i++) {
      writeFileSync(path.join(dir, `spec-${String(i).padStart(4, '0')}.yaml`), `openapi: 3.0.3\ninfo: {title: t${i}, version: 1.0.0}\npaths:\n  /orders-${i}/:\n    get:\n      responses:\n        '200': {description: ok}\n`);
    }
    const result = await runMeasured(['lint', dir, '-f', 'json'], { heapMB: 400 });
    expect(result.code).toBe(1);
    expect(result.ms).toBeLessThan(90_000);
    expect(result.maxRssMB).toBeLessThan(400);
    const report = JSON.parse(result.stdout);
    expect(report.files).toHaveLength(1000);
    expect(report.findings.filter((f: { ruleId: string }) => f.ruleId === 'path-no-trailing-slash')).toHaveLength(1000);
  }, 120_000);
});

describe('reference sandbox', () => {
  // outside/secret.yaml holds a canary; project/ is the working directory.
  const CANARY = 'canarySecretValue';
  let root: string;
  let project: string;
  let secret: string;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'apilint-sandbox-'));
    project = path.join(root, 'project');
    secret = path.join(root, 'outside/secret.yaml');
    mkdirSync(path.join(project, 'schemas'), { recursive: true });
    mkdirSync(path.dirname(secret), { recursive: true });
    writeFileSync(secret, `Secret:\n  type: object\n  description: ${CANARY}\n  properties:\n    ${CANARY}Name: {type: string}\n`);
    writeFileSync(path.join(root, 'outside/other.yaml'), 'Other:\n  $ref: "./secret.yaml#/Secret"\n');
    symlinkSync(secret, path.join(project, 'schemas/link-out.yaml'));
    symlinkSync(path.dirname(secret), path.join(project, 'schemas/dir-out'));
    writeFileSync(path.join(project, 'schemas/inside.yaml'), 'Inside:\n  type: object\n  properties:\n    escape: {$ref: "../../outside/secret.yaml#/Secret"}\n');
    writeFileSync(path.join(project, 'schemas/fine.yaml'), 'Fine:\n  type: object\n  properties:\n    name: {type: string}\n');
    symlinkSync(path.join(project, 'schemas/fine.yaml'), path.join(project, 'schemas/link-in.yaml'));
  });

  const spec = (refs: string[]) =>
    `${HEAD}components:\n  schemas:\n${refs.map((ref, i) => `    S${i}:\n      $ref: '${ref}'\n`).join('')}`;
  const refLine = (i: number) => 7 + i * 2;

  it('refuses every way out of the project with a ref-outside-project finding, and never opens the file', async () => {
    const refs = [
      '../outside/secret.yaml#/Secret',
      '../../../../../../../../..' + secret + '#/Secret',
      secret + '#/Secret',
      `file://${secret}#/Secret`,
      './schemas/link-out.yaml#/Secret',
      './schemas/dir-out/secret.yaml#/Secret',
      './schemas/inside.yaml#/Inside',
    ];
    writeFileSync(path.join(project, 'openapi.yaml'), spec(refs));
    const trace = path.join(root, 'trace.jsonl');
    const result = await runCli(['lint', 'openapi.yaml', '-f', 'json'], { cwd: project, nodeArgs: ['--require', TRACE], env: { APILINT_TRACE_FS: trace } });
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toContain(CANARY);
    const report = JSON.parse(result.stdout);
    const outside = report.findings.filter((f: { ruleId: string }) => f.ruleId === 'ref-outside-project');
    // One finding per escaping ref, also where several lead to the same file.
    expect(outside.map((f: { file: string; line: number }) => `${f.file}:${f.line}`).sort()).toEqual(
      [...[0, 1, 2, 3, 4, 5].map(i => `openapi.yaml:${refLine(i)}`), 'schemas/inside.yaml:4'].sort(),
    );
    for (const f of outside) {
      expect(f.severity).toBe('error');
      expect(f.message).toMatch(/^\$ref to .+ leaves the project \(the working directory\): refused, the file is not read\.$/);
    }
    const opened = readFileSync(trace, 'utf8').trim().split('\n').map(line => JSON.parse(line) as string);
    expect(opened).toContain(path.join(project, 'openapi.yaml'));
    expect(opened).toContain(path.join(project, 'schemas/inside.yaml'));
    expect(opened.filter(f => f.includes('outside') || f.includes('link-out') || f.includes('dir-out'))).toEqual([]);
    expect(result.code).toBe(1);
  });

  it('resolves refs inside the project: relative, absolute, and through a symlink that stays inside', async () => {
    const refs = ['./schemas/fine.yaml#/Fine', path.join(project, 'schemas/fine.yaml') + '#/Fine', './schemas/link-in.yaml#/Fine'];
    writeFileSync(path.join(project, 'inside.yaml'), spec(refs));
    const result = await runInProcess(['lint', 'inside.yaml', '-f', 'json'], project);
    const report = JSON.parse(result.stdout);
    expect(report.findings.filter((f: { ruleId: string }) => /ref/.test(f.ruleId))).toEqual([]);
  });

  it('a document outside the working directory may reach its own folder only', async () => {
    writeFileSync(path.join(root, 'outside/openapi.yaml'), spec(['./other.yaml#/Other', '../project/schemas/fine.yaml#/Fine']));
    const result = await runInProcess(['lint', path.join(root, 'outside/openapi.yaml'), '-f', 'json'], project);
    const report = JSON.parse(result.stdout);
    const refs = report.findings.filter((f: { ruleId: string }) => /ref/.test(f.ruleId));
    expect(refs).toEqual([
      expect.objectContaining({
        ruleId: 'ref-outside-project',
        line: refLine(1),
        message: "$ref to ../project/schemas/fine.yaml leaves the project (the document's folder): refused, the file is not read.",
      }),
    ]);
    // other.yaml, in the document's folder, resolved, and so did its ref to secret.yaml beside it.
    expect(report.findings.some((f: { file: string }) => f.file === path.join(root, 'outside/secret.yaml'))).toBe(true);
  });

  it('the project of one document does not leak to the next through the resolver cache', async () => {
    // outside/openapi.yaml may read outside/other.yaml; project/b.yaml, linted after it in the same run, may not.
    writeFileSync(path.join(project, 'b.yaml'), spec(['../outside/other.yaml#/Other']));
    const result = await runInProcess(['lint', path.join(root, 'outside/openapi.yaml'), 'b.yaml', '-f', 'json'], project);
    const report = JSON.parse(result.stdout);
    expect(report.findings.filter((f: { file: string; ruleId: string }) => f.file === 'b.yaml' && f.ruleId === 'ref-outside-project')).toHaveLength(1);
  });

  it('the rule can be configured like any other (and the file is still not read when it is off)', async () => {
    writeFileSync(path.join(project, 'c.yaml'), spec(['../outside/secret.yaml#/Secret']));
    // In the project: the folder of the config file in use would be the project otherwise.
    writeFileSync(path.join(project, 'off.yaml'), 'rules:\n  ref-outside-project: off\n');
    const result = await runInProcess(['lint', 'c.yaml', '-f', 'json', '-c', 'off.yaml'], project);
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toContain(CANARY);
    expect(JSON.parse(result.stdout).findings.filter((f: { ruleId: string }) => f.ruleId === 'ref-outside-project')).toEqual([]);
  });

  describe('remote refs with --allow-remote', () => {
    let server: Server;
    let base: string;
    let bytesSent = 0;
    const requested: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (req.url === '/slow') return; // never answers
        if (req.url === '/endless') {
          // Streams without end and without a Content-Length: the cap must cut it off.
          res.writeHead(200, { 'content-type': 'application/yaml' });
          const chunk = Buffer.alloc(64 * 1024, 'a');
          const pump = () => {
            while (!res.destroyed && res.write(chunk)) bytesSent += chunk.length;
            if (!res.destroyed) res.once('drain', pump);
          };
          res.on('close', () => undefined);
          pump();
          return;
        }
        if (req.url === '/declared') {
          res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
          res.write('x');
          return;
        }
        requested.push(req.url ?? '');
        res.end('Thing:\n  type: object\n  properties:\n    a: {$ref: "file:///etc/passwd"}\n    b: {$ref: "/etc/hostname"}\n');
      });
      await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      server.closeAllConnections();
      server.close();
    });

    const lintRemote = async (url: string) => {
      const file = path.join(project, 'remote.yaml');
      writeFileSync(file, spec([url]));
      const linter = new Linter({ cwd: project, allowRemote: true, remote: { timeoutMs: 500, maxBytes: 1024 * 1024 } });
      const started = performance.now();
      const findings = await linter.lint(linter.parse(readFileSync(file, 'utf8'), file)!);
      return { findings: findings.filter(f => /ref/.test(f.ruleId)), ms: performance.now() - started };
    };

    it('a server that never answers is given up after the timeout', async () => {
      const { findings, ms } = await lintRemote(`${base}/slow#/Thing`);
      expect(ms).toBeLessThan(3000);
      expect(findings).toEqual([expect.objectContaining({ ruleId: 'invalid-ref', message: expect.stringMatching(/did not answer within 0\.5 s/) })]);
    });

    it('an endless body is cut off at the size cap while streaming', async () => {
      const { findings, ms } = await lintRemote(`${base}/endless#/Thing`);
      expect(ms).toBeLessThan(3000);
      expect(findings).toEqual([expect.objectContaining({ ruleId: 'invalid-ref', message: expect.stringMatching(/is larger than 1 MB: not fetched/) })]);
      // Read no further than the cap plus what was in flight.
      expect(bytesSent).toBeLessThan(16 * 1024 * 1024);
    });

    it('a declared Content-Length over the cap is refused before the body is read', async () => {
      const { findings } = await lintRemote(`${base}/declared#/Thing`);
      expect(findings).toEqual([expect.objectContaining({ message: expect.stringMatching(/is larger than 1 MB: not fetched/) })]);
    });

    it("a fetched document's file: and absolute refs stay on its server, never local files", async () => {
      const { findings } = await lintRemote(`${base}/doc.yaml#/Thing`);
      expect(findings).toEqual([]);
      expect(requested).toEqual(['/doc.yaml', '/etc/passwd', '/etc/hostname']);
    });
  });
});

describe('no leaks in output', () => {
  it('long values are never echoed: messages quote them cut short', async () => {
    const long = 'v'.repeat(10_000);
    const version = write('leaks/version.yaml', `openapi: "4.0.${long}"\ninfo: {title: t, version: 1.0.0}\n`);
    const result = await runInProcess(['lint', version], ROOT);
    expectOneLine(result, /unsupported OpenAPI version "4\.0\.v+…: apilint reads 2\.0, 3\.0 and 3\.1$/);
    expect(result.stderr.length).toBeLessThan(300);
    const linted = await runInProcess(['lint', write('leaks/version3.yaml', `openapi: "3.9.${long}"\ninfo: {title: t, version: 1.0.0}\npaths: {}\n`), '-f', 'json'], ROOT);
    for (const f of JSON.parse(linted.stdout).findings) expect(f.message).not.toContain('v'.repeat(100));

    const spec = write('leaks/enum.yaml', `${HEAD}components:\n  schemas:\n    S:\n      type: object\n      properties:\n        badName${long}: {type: string}\n        status: {type: string, enum: [${long}]}\n`);
    const report = await runInProcess(['lint', spec, '-f', 'stylish'], ROOT);
    // Stylish shows messages only (JSON and SARIF also carry the exact JSON pointer of the node).
    expect(report.stdout).toMatch(/Property "badNamev+…" is not snake_case/);
    expect(report.stdout).toMatch(/Enum value "v+…" is not UPPER_SNAKE_CASE/);
    expect(report.stdout).not.toContain('v'.repeat(100));
  });

  it('a file that fails to parse is never echoed: only its position and the reason', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `  secretLine${i}: "token-${i}-do-not-print"`);
    lines.splice(20, 0, '  broken: [unclosed');
    for (const [name, text] of [
      ['broken.yaml', `openapi: 3.0.3\ninfo:\n${lines.join('\n')}\n`],
      ['broken.json', `{"openapi": "3.0.3", "info": {${lines.map(l => l.replace(/^ {2}(\w+): /, '"$1": ')).join(',\n')}}}`],
    ]) {
      for (const format of ['stylish', 'json', 'sarif']) {
        const result = await runInProcess(['lint', write(`leaks/${name}`, text!), '-f', format], ROOT);
        expect(result.code).toBe(2);
        expect(result.stdout + result.stderr).not.toMatch(/do-not-print|secretLine/);
        expectOneLine(result, /^apilint: \S+:\d+:\d+: invalid (YAML|JSON): [^\n]{1,120}$/);
      }
    }
    // A referenced file that does not parse: the finding gives the reason, not the content.
    write('leaks/ref/bad.yaml', 'Bad:\n  secret: "token-do-not-print"\n  broken: [unclosed\n');
    const spec = write('leaks/ref/openapi.yaml', `${HEAD}components:\n  schemas:\n    Bad: {$ref: './bad.yaml#/Bad'}\n`);
    const result = await runInProcess(['lint', 'openapi.yaml', '-f', 'json'], path.dirname(spec));
    expect(result.stdout).not.toContain('do-not-print');
  });

  it('control characters in names and file names cannot forge output lines', async () => {
    const spec = write('leaks/forge.json', JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1.0.0' }, paths: { '/a/\n  1:1  error  Forged finding  fake-rule\n/': { get: { responses: {} } } } }));
    const result = await runInProcess(['lint', spec], ROOT);
    expect(result.stdout).not.toMatch(/^\s+1:1\s+error\s+Forged/m);
    const badName = write('leaks/line\nbreak.yaml', 'not: [valid\n');
    const broken = await runInProcess(['lint', badName], ROOT);
    expectOneLine(broken, /line\\nbreak\.yaml/);
  });

  it('safeText: escapes control characters, cuts long quoted values and long messages', () => {
    expect(safeText('Property "a\nb" bad')).toBe('Property "a\\nb" bad');
    const cut = safeText(`Property "${'x'.repeat(500)}" is bad.`);
    expect(cut).toMatch(/^Property "x{79}…" is bad\.$/);
    expect(safeText('y'.repeat(5000))).toHaveLength(400);
    expect(parseSize('50MB')).toBe(50 * 1024 * 1024);
    expect(parseSize('1.5 GB')).toBe(1.5 * 1024 ** 3);
    expect(parseSize('512kb')).toBe(512 * 1024);
    expect(parseSize('1000')).toBe(1000);
    expect(parseSize('ten')).toBeUndefined();
    expect(formatSize(50 * 1024 * 1024)).toBe('50 MB');
  });

  it('safeText cuts a quoted value from 81 characters on, wherever it lies among other quotes', () => {
    const x = (n: number) => 'x'.repeat(n);
    expect(safeText(`Name "${x(80)}" is bad.`)).toBe(`Name "${x(80)}" is bad.`);
    expect(safeText(`Name "${x(81)}" is bad.`)).toBe(`Name "${x(79)}…" is bad.`);
    expect(safeText(`"a" and "${x(81)}" and "b"`)).toBe(`"a" and "${x(79)}…" and "b"`);
    expect(safeText(`"a" ${x(100)} "b"`)).toBe(`"a" ${x(100)} "b"`);
    // Escaped quotes inside the value count as its characters.
    expect(safeText(`Name "${x(40)}\\"${x(40)}" is bad.`)).toBe(`Name "${x(40)}\\"${x(37)}…" is bad.`);
  });

  it('safeText gives what its full rewrite gives, also where it returns the text at once (20,000 generated texts)', () => {
    // The rewrite every text took before the shortcut for texts with nothing to change: the oracle.
    const rewrite = (text: string, max: number): string => {
      let out = text.length > max * 4 ? `${text.slice(0, max * 4)}…` : text;
      out = escapeControl(out).replace(/"((?:[^"\\]|\\.){81,}?)"(?=[\s.,:;)\]}!?]|$)/g, (_, inner: string) => `"${inner.length <= 80 ? inner : `${inner.slice(0, 79)}…`}"`);
      return out.length <= max ? out : `${out.slice(0, max - 1)}…`;
    };
    const pieces = ['"', '"', '\\', '\\"', ' ', '.', 'b', 'x'.repeat(20), 'x'.repeat(79), '\n', '\u202e', ':', '"x"'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let unchanged = 0;
    for (let i = 0; i < 20_000; i++) {
      let text = '';
      for (let n = random(14); n > 0; n--) text += pieces[random(pieces.length)];
      const max = [40, 120, 400][random(3)]!;
      const expected = rewrite(text, max);
      expect(safeText(text, max), JSON.stringify(text)).toBe(expected);
      if (expected === text) unchanged++;
    }
    // Both ways are exercised: texts left as they are and texts rewritten.
    expect(unchanged).toBeGreaterThan(2_000);
    expect(unchanged).toBeLessThan(18_000);
  });
});

describe('many files and partial failure', () => {
  it('100 files, some broken: every good file reported with all its findings, one line per broken file, exit 2', async () => {
    const dir = path.join(tmp, 'hundred');
    mkdirSync(dir, { recursive: true });
    const templates = {
      clean: readFileSync(path.join(ROOT, 'fixtures/reference-service.yaml'), 'utf8'),
      slash: readFileSync(path.join(ROOT, 'fixtures/cli/directory/orders.yaml'), 'utf8'),
      events: readFileSync(path.join(ROOT, 'fixtures/events/shipment-events.yaml'), 'utf8'),
    };
    const broken: Record<string, string> = {
      'dup.yaml': 'openapi: 3.0.3\ninfo:\n  title: a\n  title: b\n',
      'tabs.yaml': 'openapi: 3.0.3\ninfo:\n\ttitle: a\n',
      'empty.yaml': '',
      'bomb.yaml': aliasBomb(9),
      'comma.json': '{"openapi": "3.0.3", "paths": {},}',
      'deep.yaml': `${HEAD}x-deep: ${'['.repeat(3000)}${']'.repeat(3000)}\n`,
      'binary.yaml': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]).toString('latin1'),
    };
    // Expected findings per template, from linting each alone.
    const alone: Record<string, number> = {};
    for (const [name, text] of Object.entries(templates)) {
      const file = path.join(tmp, `alone-${name}.yaml`);
      writeFileSync(file, text);
      alone[name] = JSON.parse((await runInProcess(['lint', file, '-f', 'json', '--no-config'], tmp)).stdout).findings.length;
    }
    // In a directory, a file that cannot be read and shows no sign of being an API document is
    // skipped like any other YAML/JSON file; named on the command line, it is an error.
    const notDocuments = new Set(['empty.yaml', 'binary.yaml']);
    const names = Object.keys(templates) as (keyof typeof templates)[];
    const good: string[] = [];
    const bad: string[] = [];
    for (let i = 0; i < 100; i++) {
      const brokenName = Object.keys(broken)[i % 14];
      if (i % 14 < 7 && brokenName) {
        const name = `f${String(i).padStart(3, '0')}-${brokenName}`;
        writeFileSync(path.join(dir, name), broken[brokenName]!);
        if (!notDocuments.has(brokenName)) bad.push(name);
      } else {
        const template = names[i % names.length]!;
        const name = `f${String(i).padStart(3, '0')}-${template}.yaml`;
        writeFileSync(path.join(dir, name), templates[template]);
        good.push(name);
      }
    }
    const result = await runInProcess(['lint', dir, '-f', 'json', '--no-config'], tmp);
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(bad.length);
    for (const name of bad) expect(lines.filter(l => l.startsWith(`apilint: hundred/${name}`))).toHaveLength(1);
    const report = JSON.parse(result.stdout);
    expect(report.files.sort()).toEqual(good.map(n => `hundred/${n}`).sort());
    expect(report.inputErrors).toHaveLength(bad.length);
    for (const name of good) {
      const template = name.replace(/^f\d+-|\.yaml$/g, '');
      expect(report.findings.filter((f: { file: string }) => f.file === `hundred/${name}`).length, name).toBe(alone[template]);
    }
    // The real CLI (which may lint in parallel worker threads) gives the same report and lines.
    const spawned = await runCli(['lint', dir, '-f', 'json', '--no-config'], { cwd: tmp });
    expect(spawned.code).toBe(2);
    expect(spawned.stderr.trim().split('\n').sort()).toEqual([...lines].sort());
    expect(JSON.parse(spawned.stdout)).toEqual(report);
  }, 120_000);

  it('concurrent runs in one process give the same reports as one run alone', async () => {
    const inputs = ['fixtures/cli/directory', 'fixtures/reference-service.yaml', 'fixtures/cli/multi-file/openapi.yaml'];
    const alone = await Promise.all(inputs.map(async input => (await runInProcess(['lint', input, '-f', 'json'], ROOT)).stdout));
    const together = await Promise.all([...inputs, ...inputs].map(input => runInProcess(['lint', input, '-f', 'json'], ROOT)));
    together.forEach((result, i) => expect(result.stdout).toBe(alone[i % inputs.length]));
  });

  it('-o is complete or absent, never half a file, even when the process is killed while writing', async () => {
    const out = path.join(tmp, 'kill/report.json');
    mkdirSync(path.dirname(out), { recursive: true });
    const big = path.join(ROOT, '../shared/corpus/zalando-nakadi-event-bus-api.yaml');
    const input = existsSync(big) ? big : path.join(ROOT, 'fixtures/reference-service.yaml');
    for (const delay of [150, 400, 700, 1000, 1400, 2000]) {
      const child = spawn(process.execPath, [BIN, 'lint', input, '-f', 'json', '-o', out], { stdio: 'ignore' });
      const closed = new Promise(resolve => child.on('close', resolve));
      await new Promise(resolve => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      await closed;
      if (existsSync(out)) expect(() => JSON.parse(readFileSync(out, 'utf8'))).not.toThrow();
    }
    // A run that completes writes the whole report and leaves no temporary file behind.
    const done = await runCli(['lint', input, '-f', 'json', '-o', out]);
    expect([0, 1]).toContain(done.code);
    expect(JSON.parse(readFileSync(out, 'utf8')).files).toHaveLength(1);
  }, 60_000);

  it('-o to a place that cannot be written: one line, exit 2, nothing left behind', async () => {
    const dir = path.join(tmp, 'unwritable');
    mkdirSync(dir, { recursive: true });
    const target = path.join(dir, 'missing-folder/report.json');
    const result = await runInProcess(['lint', 'fixtures/reference-service.yaml', '-f', 'json', '-o', target], ROOT);
    expect(result.code).toBe(2);
    expectOneLine(result, /cannot write the report \(ENOENT\): nothing written$/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('regressions found by the fuzzer (test/fuzz.test.ts)', () => {
  it('a key named hasOwnProperty no longer crashes the $ref resolver', async () => {
    const spec = write('regressions/has-own.yaml', `${HEAD}components:\n  schemas:\n    S:\n      type: object\n      properties:\n        hasOwnProperty: {type: string}\n        next: {$ref: '#/components/schemas/S'}\n`);
    const result = await runInProcess(['lint', spec, '-f', 'json'], ROOT);
    expect(result.stderr).toBe('');
    expect([0, 1]).toContain(result.code);
    // The built CLI (bundled) patches its own copy of the resolver too.
    const spawned = await runCli(['lint', spec, '-f', 'json']);
    expect(spawned.stderr).toBe('');
    expect([0, 1]).toContain(spawned.code);
  });

  it('a !!binary value is an input error (the YAML parser threw), also in a referenced file', async () => {
    const doc = write('regressions/binary.yaml', `!!binary openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\n`);
    const result = await runInProcess(['lint', doc], ROOT);
    expect(result.code).toBe(2);
    expectOneLine(result, /binary\.yaml: invalid YAML: !!binary values are not supported$/);
    write('regressions/binary-ref/bin.yaml', 'Thing: !!binary aGVsbG8=\n');
    const spec = write('regressions/binary-ref/openapi.yaml', `${HEAD}components:\n  schemas:\n    Thing: {$ref: './bin.yaml#/Thing'}\n`);
    const referenced = await runInProcess(['lint', 'openapi.yaml', '-f', 'json'], path.dirname(spec));
    expect(referenced.stderr).toBe('');
    expect(JSON.parse(referenced.stdout).findings.filter((f: { ruleId: string }) => f.ruleId === 'invalid-ref')).toHaveLength(1);
  });

  it('a "__proto__" key is refused with its position, in the document and in a referenced file', async () => {
    // The parsers make the value the object's prototype (which leaked immer drafts as revoked
    // proxies), or keep the key in the YAML key-order proxy only (Object.freeze then threw).
    const cases: [string, string, RegExp][] = [
      ['proto.yaml', `${HEAD}components:\n  schemas:\n    A:\n      __proto__: {type: string}\n`, /proto\.yaml:7:7: a key named "__proto__" is not allowed: refused$/],
      ['proto-flow.yaml', `{"openapi": "3.0.0", "info": {}, "paths": {}, "components": {"schemas": {"A": {"items": {"$ref": "./missing.yaml"}}, "B": {"__proto__": "string"}}}}`, /proto-flow\.yaml:1:\d+: a key named "__proto__"/],
      ['proto-null.yaml', `{"openapi": "3.0.0", "info": {}, "paths": {}, "x-a": {"b": 1, "__proto__": null}}`, /proto-null\.yaml:1:\d+: a key named "__proto__"/],
      ['proto.json', `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}, "x-a": {"__proto__": {"polluted": true}}}`, /proto\.json:1:\d+: a key named "__proto__"/],
    ];
    for (const [name, text, pattern] of cases) {
      const result = await runInProcess(['lint', write(`regressions/${name}`, text)], ROOT);
      expect(result.code, name).toBe(2);
      expectOneLine(result, pattern);
    }
    write('regressions/proto-ref/p.yaml', 'P:\n  __proto__: {type: string}\n');
    const spec = write('regressions/proto-ref/openapi.yaml', `${HEAD}components:\n  schemas:\n    A: {$ref: './p.yaml#/P'}\n`);
    const result = await runInProcess(['lint', 'openapi.yaml', '-f', 'json'], path.dirname(spec));
    expect(JSON.parse(result.stdout).findings.filter((f: { ruleId: string }) => f.ruleId === 'invalid-ref')).toEqual([
      expect.objectContaining({ line: 6, message: 'Cannot resolve $ref: p.yaml:2:3: a key named "__proto__" is not allowed: refused' }),
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a rule that throws names itself in the one-line error instead of "Error running Nimma"', async () => {
    // Uses the known standard-codes crash below; when that is fixed, this test still holds.
    const spec = write('regressions/constructor.yaml', `${HEAD}components:\n  schemas:\n    S:\n      type: object\n      properties:\n        constructor: {type: string}\n`);
    const result = await runInProcess(['lint', spec, '-f', 'json'], ROOT);
    expect(result.stderr).not.toMatch(/Nimma/);
    expect(hasStackTrace(result.stderr)).toBe(false);
  });

  // Placing a result that lies behind a `$ref` cycle followed the cycle for ever (fuzz seed 1001,
  // case 12). Spawned: a hang then fails on the test's timeout instead of blocking the worker.
  it('a result behind a $ref cycle, within the document or across files, is placed at the ref that closes it', async () => {
    const dir = path.join(tmp, 'regressions/ref-cycle');
    // api-meta-info reports the contact's missing name at info.contact, which lies behind the cycle.
    const info = (contact: string) => `openapi: 3.0.3\ninfo:\n  title: t\n  version: 1.0.0\n  description: d\n  contact: {$ref: '${contact}'}\npaths: {}\n`;
    write('regressions/ref-cycle/local.yaml', `${info('#/x-a')}x-a: {$ref: '#/x-b'}\nx-b: {$ref: '#/x-a'}\n`);
    write('regressions/ref-cycle/files.yaml', info('./a.yaml#/A'));
    write('regressions/ref-cycle/a.yaml', "A: {$ref: './b.yaml#/B'}\n");
    write('regressions/ref-cycle/b.yaml', "B: {$ref: './a.yaml#/A'}\n");
    // Exit 1 for the local cycle: invalid-ref's error (src/lint/ref-cycles.ts); the findings about the contact are info.
    for (const [spec, place, code] of [
      ['local.yaml', { file: 'local.yaml', line: 8, pointer: '/x-a' }, 1],
      ['files.yaml', { file: 'a.yaml', line: 1, pointer: '/A' }, 0],
    ] as const) {
      const result = await runCli(['lint', spec, '-f', 'json', '--no-config'], { cwd: dir });
      expect(result.stderr, spec).toBe('');
      expect(result.code, spec).toBe(code);
      const findings = (JSON.parse(result.stdout) as { findings: { ruleId: string; message: string }[] }).findings.filter(f => f.ruleId === 'api-meta-info' && f.message.includes('no "name"'));
      expect(findings, spec).toEqual([expect.objectContaining(place)]);
    }
  });

  // json-ref-resolver's runner parses every `$ref` as a URI (urijs), which throws on a port that is
  // not a number: the whole file failed as an internal error (fuzz seed 1013, case 786).
  it('a $ref whose URI has an invalid port is an invalid-ref error, in the document and in a referenced file', async () => {
    write('regressions/bad-port/sub/ref.yaml', 'Thing: {$ref: "//127.0.0.1: *a/remote.yaml#/Thing"}\n');
    const spec = write('regressions/bad-port/openapi.yaml', `${HEAD}components:\n  schemas:\n    A: {$ref: "http://127.0.0.1:80a/x.yaml#/Thing"}\n    B: {$ref: "./sub/ref.yaml#/Thing"}\n`);
    const result = await runInProcess(['lint', 'openapi.yaml', '-f', 'json'], path.dirname(spec));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const invalid = (JSON.parse(result.stdout) as { findings: { ruleId: string; file: string; line: number }[] }).findings.filter(f => f.ruleId === 'invalid-ref');
    expect(invalid.map(f => [f.file, f.line])).toEqual([
      ['openapi.yaml', 6],
      ['sub/ref.yaml', 1],
    ]);
  });

  // statSync with throwIfNoEntry: false still throws for a name too long: a config's `extends`
  // (fuzz seed 1025, case 488), --write-baseline and diff's inputs were internal errors.
  it('a path too long for the file system, in a config\'s extends or on the command line, is an input error', async () => {
    const dir = path.join(tmp, 'regressions/long-name');
    write('regressions/long-name/openapi.yaml', HEAD);
    write('regressions/long-name/.apilint.json', JSON.stringify({ extends: 'x'.repeat(100_000) }));
    const config = await runInProcess(['lint', 'openapi.yaml'], dir);
    expect(config.code).toBe(2);
    expectOneLine(config, /^apilint: \.apilint\.json:1:12: invalid config: extends "x+…/);
    const long = `${'x'.repeat(300)}.json`;
    const baseline = await runInProcess(['lint', 'openapi.yaml', '--no-config', '--write-baseline', long], dir);
    expect(baseline.code).toBe(2);
    expectOneLine(baseline, /cannot write the report \(ENAMETOOLONG\): nothing written$/);
    const diff = await runInProcess(['diff', long, 'openapi.yaml', '--no-config'], dir);
    expect(diff.code).toBe(2);
    expectOneLine(diff, /: no such file or directory$/);
  });

  // Rule crashes the fuzzer found, now fixed: a property named like an Object.prototype member.
  it('standard-codes (and other name lookups) on a property named "constructor"', async () => {
    const spec = write('regressions/constructor2.yaml', `${HEAD}components:\n  schemas:\n    S:\n      type: object\n      properties:\n        constructor: {type: string}\n`);
    const result = await runInProcess(['lint', spec, '-f', 'json'], ROOT);
    expect(result.stderr).toBe('');
  });

  // Spectral's OpenAPI schema validators compare nodes with fast-deep-equal, which calls a node's
  // own `toString`/`valueOf` key as a method; openapi-valid validates a renamed copy instead.
  it('openapi-valid on a parameter with a "toString" key: no crash, the parameter is reported', async () => {
    const fuzzed = write('regressions/to-string.yaml', "swagger: '2.0'\npaths:\n  /orders:\n      parameters:\n        - name: status\n        - in: query\n          toString: sizes\n");
    expect((await runInProcess(['lint', fuzzed, '-f', 'json'], ROOT)).stderr).toBe('');
    const spec = write(
      'regressions/to-string-2.yaml',
      "swagger: '2.0'\ninfo: {title: t, version: 1.0.0}\npaths:\n  /orders:\n    get:\n      parameters:\n        - name: status\n          in: query\n          type: string\n          toString: sizes\n      responses:\n        200: {description: OK}\n",
    );
    const result = await runInProcess(['lint', spec, '-f', 'json'], ROOT);
    expect(result.stderr).toBe('');
    const findings = JSON.parse(result.stdout).findings.filter((f: { ruleId: string }) => f.ruleId === 'openapi-valid');
    expect(findings.map((f: { line: number; message: string }) => [f.line, f.message])).toEqual([[10, 'Property "toString" is not allowed here.']]);
  });
});
