// The real CLI, end to end: exit codes, stderr lines, formats, inputs and $ref handling.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from './helpers/cli.js';
import { CORPUS, REFERENCE_SPEC, ROOT } from './helpers/lint.js';

const fixture = (...parts: string[]) => path.join(ROOT, 'fixtures/cli', ...parts);
let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'apilint-cli-'));
});

const write = (name: string, content: string | Buffer) => {
  const file = path.join(tmp, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
};

describe('program', () => {
  it('prints its version and help, exit 0', async () => {
    const version = await runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: apilint/);
    expect(help.stdout).toMatch(/lint \[options\] \[inputs\.\.\.\]/);
    expect(help.stdout).toMatch(/rules/);
  });

  it('rejects unknown options and formats with exit 2 and one line', async () => {
    for (const args of [['lint', REFERENCE_SPEC, '--bogus'], ['lint', REFERENCE_SPEC, '-f', 'xml'], ['lint', REFERENCE_SPEC, '--fail-severity', 'fatal'], ['lint']]) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^apilint: /);
    }
  });
});

describe('reference spec', () => {
  it('lints clean with exit 0', async () => {
    const result = await runCli(['lint', 'fixtures/reference-service.yaml']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('✔ No problems in 1 file\n');
    expect(result.code).toBe(0);
  });

  it('works without the lint command name (default command)', async () => {
    expect((await runCli(['fixtures/reference-service.yaml'])).code).toBe(0);
  });
});

describe('findings and exit codes', () => {
  it('reports an error finding with line:col, severity, message and rule id; exit 1', async () => {
    const result = await runCli(['lint', fixture('directory/orders.yaml')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('fixtures/cli/directory/orders.yaml');
    expect(result.stdout).toMatch(/^ {2}6:\d+ +error +Path "\/orders\/" ends with a slash.*path-no-trailing-slash$/m);
    expect(result.stdout).toMatch(/✖ \d+ problems? \(\d+ errors?/);
  });

  it('--fail-severity decides which findings fail the run', async () => {
    const spec = write('remote.yaml', 'openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /a:\n    get:\n      responses:\n        200:\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: "https://example.invalid/s.yaml#/S"}\n');
    // Only an info finding (remote-ref) with just the engine rules that fire here.
    const info = await runCli(['lint', spec, '-f', 'json']);
    const report = JSON.parse(info.stdout);
    const severities = new Set(report.findings.map((f: { severity: string }) => f.severity));
    const worst = ['error', 'warn', 'info', 'hint'].find(s => severities.has(s));
    expect(report.findings.some((f: { ruleId: string }) => f.ruleId === 'remote-ref')).toBe(true);
    // Failing at the worst severity present exits 1; failing only above it exits 0.
    expect((await runCli(['lint', spec, '--fail-severity', worst!])).code).toBe(1);
    if (worst !== 'error') expect((await runCli(['lint', spec, '--fail-severity', 'error'])).code).toBe(0);
    expect((await runCli(['lint', spec, '--fail-severity', 'hint'])).code).toBe(1);
  });
});

describe('inputs', () => {
  it('reads stdin with "-"', async () => {
    const result = await runCli(['lint', '-', '-f', 'json'], { input: readFileSync(fixture('directory/orders.yaml')) });
    const report = JSON.parse(result.stdout);
    expect(report.files).toEqual(['<stdin>']);
    expect(report.findings.find((f: { ruleId: string }) => f.ruleId === 'path-no-trailing-slash')).toMatchObject({ file: '<stdin>', line: 6 });
  });

  it('lints the documents of a directory, skipping node_modules and non-documents', async () => {
    const result = await runCli(['lint', 'fixtures/cli/directory', '-f', 'json']);
    const report = JSON.parse(result.stdout);
    expect(report.files).toEqual(['fixtures/cli/directory/nested/customers.json', 'fixtures/cli/directory/orders.yaml']);
    expect(result.stderr).toBe('');
  });

  it('expands quoted globs', async () => {
    const result = await runCli(['lint', 'fixtures/cli/directory/**/*.json', '-f', 'json']);
    expect(JSON.parse(result.stdout).files).toEqual(['fixtures/cli/directory/nested/customers.json']);
  });

  it('an explicitly named file that is not a document is an input error', async () => {
    const result = await runCli(['lint', 'fixtures/cli/directory/nested/settings.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('apilint: fixtures/cli/directory/nested/settings.yaml: not an OpenAPI document (no `openapi` or `swagger` field) nor an event type definition\n');
  });

  it('a directory with no documents is an input error', async () => {
    mkdirSync(path.join(tmp, 'empty-dir/sub'), { recursive: true });
    write('empty-dir/sub/config.yaml', 'a: 1\n');
    const result = await runCli(['lint', path.join(tmp, 'empty-dir')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^apilint: .*: no OpenAPI or event type documents found\n$/);
  });

  it('with several inputs, a bad one exits 2 while the others are still linted and reported', async () => {
    const bad = write('several/bad.yaml', 'openapi: 3.0.3\ninfo:\n  title: a\n  title: b\n');
    const result = await runCli(['lint', bad, fixture('directory/orders.yaml'), 'missing.yaml', '-f', 'json']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'apilint: missing.yaml: no such file or directory',
      `apilint: ${bad}:4:3: invalid YAML: duplicate key "title"`,
    ]);
    const report = JSON.parse(result.stdout);
    expect(report.files).toEqual(['fixtures/cli/directory/orders.yaml']);
    expect(report.findings.some((f: { ruleId: string }) => f.ruleId === 'path-no-trailing-slash')).toBe(true);
    expect(report.inputErrors).toHaveLength(2);
  });
});

describe('bad input: one clear line, exit 2, no stack trace', () => {
  const deepYaml = `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\nx-deep: ${'['.repeat(2000)}${']'.repeat(2000)}\n`;
  const deepJson = `{"openapi": "3.0.3", "info": {"title": "t", "version": "1.0.0"}, "paths": {}, "x-deep": ${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`;
  const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (const [name, prev] of [['b', 'a'], ['c', 'b'], ['d', 'c'], ['e', 'd'], ['f', 'e'], ['g', 'f'], ['h', 'g'], ['i', 'h']]) {
    laughs.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  const cases: [string, string, string | Buffer, RegExp][] = [
    ['duplicate keys', 'dup.yaml', 'openapi: 3.0.3\ninfo:\n  title: a\n  version: 1.0.0\npaths: {}\npaths: {}\n', /dup\.yaml:6:1: invalid YAML: duplicate key "paths"$/],
    ['tab indentation', 'tabs.yaml', 'openapi: 3.0.3\ninfo:\n\ttitle: a\n', /tabs\.yaml:3:1: invalid YAML: tab character used for indentation$/],
    ['unterminated string', 'string.yaml', 'openapi: "3.0.3\ninfo: {}\n', /string\.yaml:3:1: invalid YAML: unexpected end of the stream within a double quoted scalar$/],
    ['trailing comma in JSON', 'comma.json', '{"openapi": "3.0.3", "paths": {},}', /comma\.json:1:34: invalid JSON: trailing comma$/],
    ['empty file', 'empty.yaml', '', /empty\.yaml: empty file: not an OpenAPI or event type document$/],
    ['binary file', 'binary.yaml', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff, 0xfe]), /binary\.yaml: binary file: not YAML or JSON$/],
    ['YAML alias bomb', 'bomb.yaml', `${laughs.join('\n')}\n`, /bomb\.yaml: YAML aliases expand to more than 1,000,000 nodes: refused \(an alias bomb\?\)$/],
    ['2,000-level nested YAML', 'deep.yaml', deepYaml, /deep\.yaml: nesting deeper than 1,000 levels: refused$/],
    ['unsupported version', 'v4.yaml', 'openapi: 4.0.0\ninfo: {title: t, version: 1.0.0}\n', /v4\.yaml: unsupported OpenAPI version "4\.0\.0"/],
  ];
  it.each(cases)('%s', async (_name, file, content, expected) => {
    const target = write(`bad/${file}`, content);
    // A heap limit proves bounded memory: the alias bomb would need gigabytes if expanded.
    const result = await runCli(['lint', target], { nodeArgs: ['--max-old-space-size=200'] });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^apilint: /);
    expect(lines[0]).toMatch(expected);
    expect(hasStackTrace(result.stderr)).toBe(false);
  });

  it('a 2,000-level nested JSON document is linted or refused, never a crash', async () => {
    const result = await runCli(['lint', write('bad/deep.json', deepJson), '-f', 'json']);
    expect([0, 1, 2]).toContain(result.code);
    expect(hasStackTrace(result.stderr + result.stdout)).toBe(false);
    expect(() => JSON.parse(result.stdout)).not.toThrow();
  });

  it('--debug prints a stack trace for internal errors only', async () => {
    const result = await runCli(['lint', write('bad/dup2.yaml', 'a: 1\na: 2\n'), '--debug']);
    expect(result.code).toBe(2);
    expect(hasStackTrace(result.stderr)).toBe(false);
  });
});

describe('$refs', () => {
  it('resolves local files, nested and circular refs; a finding inside a referenced file is reported at that file and line', async () => {
    const result = await runCli(['lint', 'fixtures/cli/multi-file/openapi.yaml', '-f', 'json']);
    const report = JSON.parse(result.stdout);
    const refs = report.findings.filter((f: { ruleId: string }) => f.ruleId === 'invalid-ref');
    expect(refs).toEqual([
      expect.objectContaining({
        file: 'fixtures/cli/multi-file/schemas/order.yaml',
        line: 11,
        message: expect.stringContaining('customer.yaml does not exist'),
      }),
    ]);
    // Order is reached through components and through the page's items: reported once, at its own line.
    const snake = report.findings.filter((f: { ruleId: string }) => f.ruleId === 'properties-snake-case');
    expect(snake).toEqual([expect.objectContaining({ file: 'fixtures/cli/multi-file/schemas/order.yaml', line: 6, message: expect.stringContaining('"orderNumber"') })]);
    expect(result.stderr).toBe('');
  });

  it('does not fetch remote refs without --allow-remote (a local listener sees no request), and fetches with it', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end('Thing:\n  type: object\n');
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const spec = write('remote/openapi.yaml', `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    Thing:\n      $ref: 'http://127.0.0.1:${port}/thing.yaml#/Thing'\n`);
      const offline = JSON.parse((await runCli(['lint', spec, '-f', 'json'])).stdout);
      expect(requests).toBe(0);
      expect(offline.findings.filter((f: { ruleId: string }) => f.ruleId === 'remote-ref')).toEqual([
        expect.objectContaining({ severity: 'info', line: 7, message: expect.stringContaining('--allow-remote') }),
      ]);
      const online = JSON.parse((await runCli(['lint', spec, '-f', 'json', '--allow-remote'])).stdout);
      expect(requests).toBe(1);
      expect(online.findings.filter((f: { ruleId: string }) => f.ruleId === 'remote-ref' || f.ruleId === 'invalid-ref')).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('accepts the canonical remote Problem schema by its URL without a finding', async () => {
    const spec = write('problem/openapi.yaml', "openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    Problem:\n      $ref: 'https://opensource.zalando.com/problem/schema.yaml#/Problem'\n");
    const report = JSON.parse((await runCli(['lint', spec, '-f', 'json'])).stdout);
    expect(report.findings.filter((f: { ruleId: string }) => f.ruleId === 'remote-ref' || f.ruleId === 'invalid-ref')).toEqual([]);
  });
});

describe('output', () => {
  it('-o writes the report to a file and nothing to stdout', async () => {
    const out = path.join(tmp, 'out/report.json');
    mkdirSync(path.dirname(out), { recursive: true });
    const result = await runCli(['lint', 'fixtures/reference-service.yaml', '-f', 'json', '-o', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).summary).toMatchObject({ files: 1, errors: 0 });
    expect(existsSync(`${out}.tmp`)).toBe(false);
  });

  it('colours only when asked or on a terminal: NO_COLOR and FORCE_COLOR', async () => {
    const args = ['lint', fixture('directory/orders.yaml')];
    const esc = '\u001b[';
    expect((await runCli(args)).stdout).not.toContain(esc);
    expect((await runCli(args, { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } })).stdout).toContain(esc);
    expect((await runCli(args, { env: { NO_COLOR: '1', FORCE_COLOR: '1' } })).stdout).not.toContain(esc);
  });

  it('a report larger than the pipe holds arrives whole when the reader is slow', async () => {
    // The CLI exits as soon as its output is written (bin/apilint.js): never before.
    const petstore = readFileSync(path.join(CORPUS, 'oai-petstore-expanded.yaml'), 'utf8');
    for (let i = 0; i < 40; i++) write(`slow-reader/pets-${i}.yaml`, petstore);
    const args = ['lint', path.join(tmp, 'slow-reader'), '-f', 'json'];
    const slow = await runCli(args, { readAfterMs: 1000 });
    // More than a pipe holds: when the CLI is done, much of the report is still waiting in it.
    expect(slow.stdout.length).toBeGreaterThan(512 * 1024);
    expect(slow.code).toBe(1);
    expect(JSON.parse(slow.stdout)).toEqual(JSON.parse((await runCli(args)).stdout));
  });

  it('json: the documented stable shape', async () => {
    const report = JSON.parse((await runCli(['lint', fixture('directory/orders.yaml'), '-f', 'json'])).stdout);
    expect(Object.keys(report)).toEqual(['version', 'tool', 'summary', 'files', 'findings', 'inputErrors']);
    expect(report.version).toBe(1);
    expect(Object.keys(report.findings[0])).toEqual(['ruleId', 'severity', 'message', 'file', 'line', 'column', 'endLine', 'endColumn', 'pointer', 'documentationUrl']);
    const slash = report.findings.find((f: { ruleId: string }) => f.ruleId === 'path-no-trailing-slash');
    expect(slash.pointer).toBe('/paths/~1orders~1');
  });
});

describe('rules command', () => {
  it('lists every rule with severity, guideline reference and description', async () => {
    const text = await runCli(['rules']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^path-no-trailing-slash +error +4\.path\.2 +#136 +Paths have no trailing slash\.$/m);
    const json = JSON.parse((await runCli(['rules', '--format', 'json'])).stdout);
    expect(json.find((r: { id: string }) => r.id === 'path-no-trailing-slash')).toEqual({
      id: 'path-no-trailing-slash',
      kind: 'lint',
      severity: 'error',
      ref: '4.path.2',
      zalando: [136],
      description: 'Paths have no trailing slash.',
      recommended: true,
      docsUrl: expect.stringMatching(/docs\/rules\/path-no-trailing-slash\.md$/),
    });
  });
});
