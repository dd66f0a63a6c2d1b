// `apilint diff` end to end: the real CLI on files, on `REV:path` in a real git repository (with
// `$ref`s across files), on stdin; every format, exit codes, config severities, inline ignores on
// the revision, baselines, and one clear line for every input it cannot compare.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from './helpers/cli.js';
import { runInProcess } from './helpers/inprocess.js';

const BASE = `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}:
    get:
      responses:
        '200':
          description: The order.
          content:
            application/json:
              schema: {$ref: 'schemas/order.yaml#/Order'}
    delete:
      responses:
        '204': {description: Deleted.}
`;
const ORDER_V1 = `Order:
  type: object
  required: [id]
  properties:
    id: {type: string}
    status: {type: string}
`;
const REVISION = `openapi: 3.0.3
info: {title: Orders, version: 1.1.0}
paths:
  /orders/{id}:
    get:
      responses:
        '200':
          description: The order.
          content:
            application/json:
              schema: {$ref: 'schemas/order.yaml#/Order'}
`;
const ORDER_V2 = `Order:
  type: object
  required: [id]
  properties:
    id: {type: string}
    note: {type: string}
`;

let repo: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' }).toString().trim();

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'apilint-diff-repo-'));
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Test');
  mkdirSync(path.join(repo, 'schemas'));
  writeFileSync(path.join(repo, 'api.yaml'), BASE);
  writeFileSync(path.join(repo, 'schemas/order.yaml'), ORDER_V1);
  git('add', '.');
  git('commit', '-q', '-m', 'v1');
  git('tag', 'v1');
  writeFileSync(path.join(repo, 'api.yaml'), REVISION);
  writeFileSync(path.join(repo, 'schemas/order.yaml'), ORDER_V2);
  git('commit', '-qam', 'v2');
  git('tag', 'v2');
  git('checkout', '-q', 'v1', '--', '.');
  git('commit', '-qam', 'back to v1');
  // The working tree holds v2, uncommitted; main is v1 again.
  writeFileSync(path.join(repo, 'api.yaml'), REVISION);
  writeFileSync(path.join(repo, 'schemas/order.yaml'), ORDER_V2);
});

const diff = (args: string[], cwd = repo) => runInProcess(['diff', ...args, '--date', '2026-01-15'], cwd);

describe('apilint diff', () => {
  it('REV:path against the working tree: removals at the base named REV:path, in the file that holds them', async () => {
    const result = await diff(['main:api.yaml', 'api.yaml']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    // Grouped by operation, each change placed as file:line:col.
    expect(lines).toContain('GET /orders/{id}');
    expect(result.stdout).toMatch(/^ {2}main:schemas\/order\.yaml:6:5 +error +Property "status" of schema "Order" was removed from responses.*response-property-removed$/m);
    expect(result.stdout).toMatch(/^ {2}schemas\/order\.yaml:6:5 +info +Property "note" of schema "Order" was added to responses\. +api-added$/m);
    expect(lines).toContain('DELETE /orders/{order_id}');
    expect(result.stdout).toMatch(/^ {2}main:api\.yaml:12:5 +error +Operation "DELETE \/orders\/\{order_id\}" was removed/m);
    expect(result.stdout).toMatch(/2 breaking changes remain, but info\.version 1\.0\.0 → 1\.1\.0 is not a MAJOR bump/);
    expect(result.stdout).toMatch(/✖ 4 changes \(3 errors, 0 warnings, 1 info, 0 hints\) from main:api\.yaml to api\.yaml/);
  });

  it('REV:./path reads from the working directory; both sides may be revisions', async () => {
    // order.yaml alone is no OpenAPI document: one clear line naming it as typed, exit 2.
    const result = await diff(['v1:./order.yaml', 'v2:./order.yaml'], path.join(repo, 'schemas'));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'apilint: v1:schemas/order.yaml: not an OpenAPI document (no `openapi` or `swagger` field) nor an event type definition\n' +
        'apilint: v2:schemas/order.yaml: not an OpenAPI document (no `openapi` or `swagger` field) nor an event type definition\n',
    );
    const both = await diff(['v1:api.yaml', 'v2:api.yaml']);
    expect(both.stdout).toMatch(/v1:schemas\/order\.yaml:6:5 +error +Property "status"/);
    expect(both.stdout).toMatch(/v2:schemas\/order\.yaml:6:5 +info +Property "note"/);
  });

  it('-f json: each change with its operations, at the base or the revision', async () => {
    const result = await diff(['main:api.yaml', 'api.yaml', '-f', 'json']);
    const report = JSON.parse(result.stdout);
    const removed = report.findings.find((f: { ruleId: string }) => f.ruleId === 'response-property-removed');
    expect(removed).toMatchObject({ severity: 'error', file: 'main:schemas/order.yaml', line: 6, column: 5, pointer: '/Order/properties/status' });
    expect(report.summary).toMatchObject({ errors: 3, infos: 1 });
  });

  it('-f markdown: a changelog grouped by severity and operation', async () => {
    const result = await diff(['main:api.yaml', 'api.yaml', '-f', 'markdown']);
    expect(result.stdout).toContain('### apilint diff: `main:api.yaml` → `api.yaml`');
    expect(result.stdout).toContain('❌ **3 breaking changes**, 0 warnings, 1 compatible change.');
    // Texts from the spec (operation names, messages) are code spans: no HTML or mention renders.
    expect(result.stdout).toMatch(/#### ❌ Breaking changes\n\n\*\*`The document`\*\*\n\n- `2 breaking changes remain/);
    expect(result.stdout).toMatch(/#### ℹ️ Compatible changes\n\n\*\*`GET \/orders\/\{id\}`\*\*\n\n- `Property "note" of schema "Order" was added to responses\.` \(\[`api-added`\]\(.*docs\/rules\/api-added\.md\), `schemas\/order\.yaml:6`\)/);
  });

  it('-f github, junit and codeclimate place changes on their file and line', async () => {
    const github = await diff(['main:api.yaml', 'api.yaml', '-f', 'github']);
    // A removal sits in the base revision, which is no file of the checkout: a job annotation that names its place.
    expect(github.stdout).toMatch(/^::error title=apilint response-property-removed::main:schemas\/order\.yaml:6:5: Property "status" of schema "Order" was removed/m);
    const junit = await diff(['main:api.yaml', 'api.yaml', '-f', 'junit']);
    expect(junit.stdout).toContain('<testcase name="operation-removed at 12:5" classname="main:api.yaml">');
    const codeclimate = JSON.parse((await diff(['main:api.yaml', 'api.yaml', '-f', 'codeclimate'])).stdout);
    expect(codeclimate.find((i: { check_name: string }) => i.check_name === 'api-added').location).toEqual({ path: 'schemas/order.yaml', lines: { begin: 6, end: 6 } });
  });

  it('--fail-severity: only info left passes at error and fails at info', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    writeFileSync(path.join(dir, 'a.yaml'), BASE.replace("{$ref: 'schemas/order.yaml#/Order'}", '{type: object}'));
    writeFileSync(path.join(dir, 'b.yaml'), BASE.replace("{$ref: 'schemas/order.yaml#/Order'}", '{type: object}').replace('version: 1.0.0', 'version: 1.1.0').replace('The order.', 'One order.'));
    expect((await diff(['a.yaml', 'b.yaml'], dir)).code).toBe(0);
    expect((await diff(['a.yaml', 'b.yaml', '--fail-severity', 'info'], dir)).code).toBe(1);
    const same = await diff(['a.yaml', 'a.yaml'], dir);
    expect(same.code).toBe(0);
    expect(same.stdout).toBe('✔ No changes from a.yaml to a.yaml\n');
  });

  it('config: severities and off apply to diff rules', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    writeFileSync(path.join(dir, '.apilint.yaml'), 'rules:\n  operation-removed: warn\n  info-version-bump: off\n  api-added: off\n');
    writeFileSync(path.join(dir, 'a.yaml'), BASE.replace("{$ref: 'schemas/order.yaml#/Order'}", '{type: object}'));
    writeFileSync(path.join(dir, 'b.yaml'), REVISION.replace("{$ref: 'schemas/order.yaml#/Order'}", '{type: object}'));
    const result = await diff(['a.yaml', 'b.yaml'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/a\.yaml:12:5 +warn +Operation "DELETE/);
    expect(result.stdout).toMatch(/✖ 1 change \(0 errors, 1 warning, 0 info, 0 hints\)/);
  });

  it('x-apilint-ignore on the revision\'s node (or above it) silences a change; SARIF keeps it as suppressed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    writeFileSync(path.join(dir, 'a.yaml'), BASE.replace("{$ref: 'schemas/order.yaml#/Order'}", '{type: object, properties: {status: {type: string}}}'));
    const revision = REVISION.replace("{$ref: 'schemas/order.yaml#/Order'}", '{type: object, x-apilint-ignore: [response-property-removed]}').replace('  /orders/{id}:\n', '  /orders/{id}:\n    x-apilint-ignore: [operation-removed, path-kebab-case]\n');
    writeFileSync(path.join(dir, 'b.yaml'), revision.replace('version: 1.1.0', 'version: 2.0.0'));
    const result = await diff(['a.yaml', 'b.yaml'], dir);
    expect(result.stdout).toBe('✔ No changes from a.yaml to b.yaml\n');
    expect(result.code).toBe(0);
    const sarif = JSON.parse((await diff(['a.yaml', 'b.yaml', '-f', 'sarif'], dir)).stdout);
    expect(sarif.runs[0].results.map((r: { ruleId: string; suppressions: { kind: string }[] }) => [r.ruleId, r.suppressions[0]!.kind])).toEqual([
      ['response-property-removed', 'inSource'],
      ['operation-removed', 'inSource'],
    ]);
  });

  it('--write-baseline then --baseline: known changes are hidden', async () => {
    const written = await diff(['main:api.yaml', 'api.yaml', '--write-baseline', '.apilint-diff-baseline.json']);
    expect(written.code).toBe(0);
    expect(written.stderr).toBe('apilint: wrote the baseline .apilint-diff-baseline.json with 4 changes\n');
    const baseline = JSON.parse(readFileSync(path.join(repo, '.apilint-diff-baseline.json'), 'utf8'));
    expect(baseline.findings).toContainEqual({ ruleId: 'operation-removed', file: 'api.yaml', pointer: '/paths/~1orders~1{order_id}/delete', key: '/paths/~1orders~1{}/delete' });
    const result = await diff(['main:api.yaml', 'api.yaml', '--baseline', '.apilint-diff-baseline.json']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Compared with baseline .apilint-diff-baseline.json: 4 known changes hidden, 0 fixed since.');
  });

  it('a $ref that does not resolve in the revision is an invalid-ref finding; the rest is still compared', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    writeFileSync(path.join(dir, 'a.yaml'), BASE.replace("{$ref: 'schemas/order.yaml#/Order'}", '{type: object}'));
    writeFileSync(path.join(dir, 'b.yaml'), BASE.replace('schemas/order.yaml', 'missing.yaml'));
    const result = await diff(['a.yaml', 'b.yaml', '-f', 'json'], dir);
    const report = JSON.parse(result.stdout);
    expect(report.findings.map((f: { ruleId: string; line: number; message: string }) => [f.ruleId, f.line, f.message])).toEqual([
      ['invalid-ref', 11, 'Cannot resolve $ref: file missing.yaml does not exist Changes below it are not compared.'],
    ]);
  });

  it('a union member that is a oneOf of itself (through its $ref) is compared, not followed without end', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    const doc = (other: string) => `openapi: 3.0.3
info: {title: T, version: 1.0.0}
paths:
  /a:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                oneOf: [{$ref: '#/components/schemas/A'}, {type: ${other}}]
components:
  schemas:
    A:
      oneOf: [{$ref: '#/components/schemas/A'}]
`;
    writeFileSync(path.join(dir, 'a.yaml'), doc('string'));
    writeFileSync(path.join(dir, 'b.yaml'), doc('integer'));
    const result = await diff(['a.yaml', 'b.yaml', '-f', 'json'], dir);
    expect(JSON.parse(result.stdout).findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['info-version-bump', 'response-type-changed']);
  });

  it('a referenced file that cannot be read as YAML is an invalid-ref finding that names it as the user does', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    writeFileSync(path.join(dir, 'a.yaml'), BASE.replace("{$ref: 'schemas/order.yaml#/Order'}", '{type: object}'));
    const files: [string, string, string][] = [
      ['syntax.yaml', 'Order: {type: object\nx: 1\n', 'Referenced file cannot be parsed: invalid YAML: invalid mixed usage of block and flow styles (line 2)'],
      ['tabs.yaml', 'Order:\n\ttype: object\n', 'Referenced file cannot be parsed: invalid YAML: tab character used for indentation (line 2)'],
      ['empty.yaml', '\n', 'Referenced file cannot be parsed: empty file: not an OpenAPI or event type document'],
      ['deep.yaml', `Order: ${'['.repeat(1001)}${']'.repeat(1001)}\n`, 'Cannot resolve $ref: schemas/deep.yaml: nesting deeper than 1,000 levels: refused'],
      ['binary.yaml', 'Order:\u0000\n', 'Cannot resolve $ref: schemas/binary.yaml: binary file: not YAML or JSON'],
    ];
    mkdirSync(path.join(dir, 'schemas'));
    for (const [name, text, message] of files) {
      writeFileSync(path.join(dir, 'schemas', name), text);
      writeFileSync(path.join(dir, 'b.yaml'), BASE.replace('schemas/order.yaml', `schemas/${name}`));
      const report = JSON.parse((await diff(['a.yaml', 'b.yaml', '-f', 'json'], dir)).stdout);
      expect(report.findings.map((f: { ruleId: string; line: number; message: string }) => [f.ruleId, f.line, f.message]), name).toEqual([
        ['invalid-ref', 11, `${message} Changes below it are not compared.`],
      ]);
    }
  });

  it('follows a $ref to another file whose key is spelt with an escape, as the linter does', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    const api = (schema: string) => JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1.0.0' }, paths: { '/a': { get: { responses: { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: schema } } } } } } } } }).replace('"$ref"', '"\\u0024ref"');
    writeFileSync(path.join(dir, 'a.json'), api('one.json'));
    writeFileSync(path.join(dir, 'b.json'), api('two.json'));
    writeFileSync(path.join(dir, 'one.json'), '{"type": "object", "properties": {"id": {"type": "string"}}}');
    writeFileSync(path.join(dir, 'two.json'), '{"type": "object", "properties": {}}');
    const report = JSON.parse((await diff(['a.json', 'b.json', '-f', 'json'], dir)).stdout);
    expect(report.findings.map((f: { ruleId: string; file: string }) => [f.ruleId, f.file])).toEqual([
      ['info-version-bump', 'b.json'],
      ['response-property-removed', 'one.json'],
    ]);
  });

  it('stdin on one side', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    writeFileSync(path.join(dir, 'a.yaml'), BASE.replace("{$ref: 'schemas/order.yaml#/Order'}", '{type: object}'));
    const result = await runCli(['diff', 'a.yaml', '-', '--date', '2026-01-15'], { cwd: dir, input: REVISION.replace("{$ref: 'schemas/order.yaml#/Order'}", '{type: object}') });
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/a\.yaml:12:5 +error +Operation "DELETE/);
    expect(result.stdout).toMatch(/<stdin>:2:32 +error +1 breaking change remains/);
  });

  it('a chain of 12,800 schemas, each nested in the one before through a $ref: the change at its end', async () => {
    // The schemas were compared by recursion: 6,400 of them overflowed the call stack (an internal error).
    const n = 12_800;
    const version = (type: string) =>
      `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /things:\n    get:\n      responses:\n        "200":\n          description: OK\n          content:\n            application/json:\n              schema: {$ref: "#/components/schemas/S0"}\ncomponents:\n  schemas:\n` +
      Array.from({ length: n }, (_, i) => `    S${i}: {type: object, properties: {next: {$ref: "#/components/schemas/S${i + 1}"}}}\n`).join('') +
      `    S${n}: {type: object, properties: {name: {type: ${type}}}}\n`;
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    writeFileSync(path.join(dir, 'base.yaml'), version('string'));
    writeFileSync(path.join(dir, 'revision.yaml'), version('integer'));
    const result = await runCli(['diff', 'base.yaml', 'revision.yaml', '-f', 'json'], { cwd: dir });
    expect(result.stderr).toBe('');
    const findings = (JSON.parse(result.stdout) as { findings: { ruleId: string; severity: string; line: number; column: number; message: string }[] }).findings;
    expect(findings.filter(f => f.ruleId === 'response-type-changed').map(f => [f.severity, f.line, f.column, f.message])).toEqual([
      ['error', n + 14, 41, `Property "name" of schema "S${n}" changed from string to integer in responses: clients that parse it as string break.`],
    ]);
  }, 60_000);

  it('1,000 operations sharing a response of 1,000 headers and media types under a document security list of 1,000: each shared part compared once', async () => {
    // Each operation's models held the shared parts again, compared again: 1,000 operations took
    // 10 s and 1.6 GB (headers), 15 s and 2.1 GB (media types), 68 s (security).
    const n = 1_000;
    const range = Array.from({ length: n }, (_, i) => i);
    const version = (removed: number) => ({
      openapi: '3.0.3',
      info: { title: 't', version: '1.0.0' },
      security: range.map(i => ({ [`bearer${i}`]: [] })),
      paths: Object.fromEntries(range.map(i => [`/things${i}`, { get: { responses: { '200': { $ref: '#/components/responses/Shared' } } } }])),
      components: {
        securitySchemes: Object.fromEntries(range.map(i => [`bearer${i}`, { type: 'http', scheme: 'bearer', bearerFormat: `f${i}` }])),
        responses: {
          Shared: {
            description: 'OK',
            headers: Object.fromEntries(range.filter(i => i !== removed).map(i => [`X-Header-${i}`, { required: true, schema: { type: 'string' } }])),
            content: Object.fromEntries(range.map(i => [`application/x-type${i}+json`, { schema: { $ref: '#/components/schemas/Thing' } }])),
          },
        },
        schemas: { Thing: { type: 'object', properties: { id: { type: 'string' } } } },
      },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    writeFileSync(path.join(dir, 'base.json'), JSON.stringify(version(-1)));
    writeFileSync(path.join(dir, 'revision.json'), JSON.stringify(version(7)));
    const result = await runCli(['diff', 'base.json', 'revision.json', '-f', 'json'], { cwd: dir, killAfterMs: 30_000 });
    expect(result.stderr).toBe('');
    const findings = (JSON.parse(result.stdout) as { findings: { ruleId: string; message: string }[] }).findings.filter(f => f.ruleId === 'response-header-removed');
    // One per operation: the message names it.
    expect(findings).toHaveLength(n);
    expect(findings[0]!.message).toBe('Required header "X-Header-7" of the 200 response of GET /things0 was removed: clients that read it break.');
  }, 60_000);

  it('8,000 parameters moved and 8,000 media types given a new version in another order: paired in time linear in them', async () => {
    // Each parameter the revision added was matched against a list of every one the base lost, and
    // each media type against the base's list with its name normalized again: n² (4,000: 7.7 s).
    const n = 8_000;
    const range = Array.from({ length: n }, (_, i) => i);
    const version = (where: string, order: number[], v: number) => ({
      openapi: '3.0.3',
      info: { title: 't', version: '1.0.0' },
      paths: {
        '/things': {
          get: {
            parameters: range.map(i => ({ name: `p${i}`, in: where, schema: { type: 'string' } })),
            responses: { '200': { description: 'OK', content: Object.fromEntries(order.map(i => [`application/x-type${i}+json; version=${v}`, { schema: { type: 'object' } }])) } },
          },
        },
      },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    writeFileSync(path.join(dir, 'base.json'), JSON.stringify(version('query', range, 1)));
    writeFileSync(path.join(dir, 'revision.json'), JSON.stringify(version('header', [...range].reverse(), 2)));
    const result = await runCli(['diff', 'base.json', 'revision.json', '-f', 'json'], { cwd: dir, killAfterMs: 20_000 });
    expect(result.stderr).toBe('');
    const findings = (JSON.parse(result.stdout) as { findings: { ruleId: string; message: string }[] }).findings;
    const count = (ruleId: string) => findings.filter(f => f.ruleId === ruleId).length;
    // Each parameter is paired with itself in its new place, each media type with its new version.
    expect([count('parameter-moved'), count('media-type-removed')]).toEqual([n, n]);
  }, 60_000);

  it('8,000 paths renamed, and 1,000 operations under a document security list of 1,000 that lost one: time linear in them', async () => {
    // Each removed path searched every path of the revision for one that reads alike (4,000: 6 s);
    // each operation compared the document's two lists alternative by alternative (n³: 40 s).
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    const paths = (separator: string) => ({
      openapi: '3.0.3',
      info: { title: 't', version: '1.0.0' },
      paths: Object.fromEntries(Array.from({ length: 8_000 }, (_, i) => [`/order${separator}items${i}`, { get: { responses: { '200': { description: 'OK' } } } }])),
    });
    writeFileSync(path.join(dir, 'paths-base.json'), JSON.stringify(paths('-')));
    writeFileSync(path.join(dir, 'paths-revision.json'), JSON.stringify(paths('_')));
    const renamed = await runCli(['diff', 'paths-base.json', 'paths-revision.json', '-f', 'json'], { cwd: dir, killAfterMs: 20_000 });
    expect(renamed.stderr).toBe('');
    const removed = (JSON.parse(renamed.stdout) as { findings: { ruleId: string; message: string }[] }).findings.filter(f => f.ruleId === 'path-removed');
    expect(removed).toHaveLength(8_000);
    expect(removed[7_999]!.message).toContain('The revision has "/order_items7999": a renamed path breaks clients as well.');

    const n = 1_000;
    const range = Array.from({ length: n }, (_, i) => i);
    const secured = (first: number) => ({
      openapi: '3.0.3',
      info: { title: 't', version: '1.0.0' },
      security: range.slice(first).map(i => ({ [`key${i}`]: [] })),
      paths: Object.fromEntries(range.map(i => [`/things${i}`, { get: { responses: { '200': { description: 'OK' } } } }])),
      components: { securitySchemes: Object.fromEntries(range.map(i => [`key${i}`, { type: 'apiKey', in: 'header', name: `X-Key-${i}` }])) },
    });
    writeFileSync(path.join(dir, 'security-base.json'), JSON.stringify(secured(0)));
    writeFileSync(path.join(dir, 'security-revision.json'), JSON.stringify(secured(1)));
    const tightened = await runCli(['diff', 'security-base.json', 'security-revision.json', '-f', 'json'], { cwd: dir, killAfterMs: 20_000 });
    expect(tightened.stderr).toBe('');
    const refused = (JSON.parse(tightened.stdout) as { findings: { ruleId: string; message: string }[] }).findings.filter(f => f.ruleId === 'security-requirement-added');
    // One per operation: the message names it.
    expect(refused).toHaveLength(n);
    expect(refused[0]!.message).toMatch(/^GET \/things0 no longer accepts key0: it requires key1, or key2, /);
  }, 60_000);

  it('inputs it cannot compare: one line each, exit 2, never a stack trace', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-diff-'));
    writeFileSync(path.join(dir, 'a.yaml'), BASE);
    writeFileSync(path.join(dir, 'events.yaml'), 'name: orders.order-created\nowning_application: orders\ncategory: data\nschema: {type: json_schema, schema: "{}"}\n');
    writeFileSync(path.join(dir, 'broken.yaml'), 'openapi: 3.0.3\ninfo: {title: x\n');
    const cases: [string[], string, string][] = [
      [['missing.yaml', 'a.yaml'], dir, 'apilint: missing.yaml: no such file or directory\n'],
      [['-', '-'], dir, 'apilint: -: only one of the two versions can be read from stdin\n'],
      [['a.yaml', 'events.yaml'], dir, `apilint: events.yaml: not an OpenAPI document: apilint diff compares OpenAPI 2.0, 3.0 and 3.1 documents\n`],
      [['a.yaml', 'broken.yaml'], dir, 'apilint: broken.yaml:3:1: invalid YAML: unexpected end of the stream within a flow collection\n'],
      [['nosuchrev:api.yaml', 'api.yaml'], repo, 'apilint: nosuchrev:api.yaml: unknown git revision "nosuchrev"\n'],
      [['main:nothere.yaml', 'api.yaml'], repo, 'apilint: main:nothere.yaml: no file nothere.yaml at revision main\n'],
      [['main:api.yaml', 'api.yaml', '--date', '2026-02-30'], repo, 'apilint: invalid --date "2026-02-30": use a day such as 2027-06-30\n'],
    ];
    for (const [args, cwd, stderr] of cases) {
      const result = await runInProcess(['diff', ...args], cwd);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toBe(stderr);
      expect(hasStackTrace(result.stdout + result.stderr)).toBe(false);
    }
  });
});

describe('apilint diff -f sarif', () => {
  let multitool: string;
  beforeAll(() => {
    const require = createRequire(import.meta.url);
    multitool = path.join(path.dirname(require.resolve('@microsoft/sarif-multitool-linux/package.json')), 'Sarif.Multitool');
    chmodSync(multitool, 0o755);
  });

  it('passes the SARIF validator with GitHub rules, base-side locations included', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'apilint-diff-sarif-')), 'diff.sarif');
    const result = await diff(['main:api.yaml', 'api.yaml', '-f', 'sarif', '-o', file]);
    expect(result.code).toBe(1);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    const removal = log.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'response-property-removed');
    expect(removal.locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'main%3Aschemas/order.yaml', uriBaseId: '%SRCROOT%' });
    expect(log.runs[0].tool.driver.rules.some((r: { id: string }) => r.id === 'response-property-removed')).toBe(true);
    const out = `${file}.validation.sarif`;
    execFileSync(multitool, ['validate', '--rule-kind', 'Gh;Sarif', file, '-o', out, '--log', 'ForceOverwrite'], { stdio: 'pipe' });
    const validation = JSON.parse(readFileSync(out, 'utf8'));
    const problems = (validation.runs[0].results ?? []).filter((r: { level?: string }) => r.level !== 'note' && r.level !== 'none');
    expect(problems).toEqual([]);
  });
});

describe('apilint rules', () => {
  it('lists the diff rules beside the lint rules', async () => {
    const result = await runInProcess(['rules'], repo);
    expect(result.stdout).toMatch(/^response-property-removed +error +diff +9\.3, 9\.5 +#106 +A property that clients receive is removed/m);
    expect(result.stdout).toMatch(/diff: compares two versions \(apilint diff, 34 rules\)/);
  });
});
