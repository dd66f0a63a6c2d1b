// `apilint lsp --stdio` driven over JSON-RPC by vscode-languageserver-protocol's client side:
// the protocol flow, the same findings as `apilint lint -f json`, `$ref`'d files, the config,
// files that are no API documents, parse errors, cancellation and shutdown.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CodeActionRequest,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExecuteCommandRequest,
  ExitNotification,
  FileChangeType,
  HoverRequest,
  LogMessageNotification,
  ShowDocumentRequest,
  type CodeAction,
  type Diagnostic,
  type TextDocumentContentChangeEvent,
  type TextDocumentEdit,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BIN, LspClient, uriOf } from './helpers/lsp-client.js';

const CORPUS = path.resolve(import.meta.dirname, '../../shared/corpus');

const clients: LspClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.kill();
});

async function start(root: string, initializationOptions: unknown = { debounceMs: 0 }) {
  const client = new LspClient({ cwd: root });
  clients.push(client);
  const logs: string[] = [];
  client.connection.onNotification(LogMessageNotification.type, ({ message }) => {
    logs.push(message);
  });
  await client.initialize(root, { initializationOptions });
  return { client, logs };
}

function project(files: Record<string, string>): { dir: string; file: (name: string) => string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-lsp-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return { dir, file: name => path.join(dir, name) };
}

/** Opens a file with its text on disk (or `text`), as an editor does. */
async function open(client: LspClient, file: string, text = readFileSync(file, 'utf8')) {
  const languageId = file.endsWith('.json') ? 'json' : 'yaml';
  await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uriOf(file), languageId, version: 1, text } });
  return TextDocument.create(uriOf(file), languageId, 1, text);
}

async function change(client: LspClient, document: TextDocument, changes: TextDocumentContentChangeEvent[]): Promise<TextDocument> {
  const next = TextDocument.update(document, changes, document.version + 1);
  await client.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: document.uri, version: next.version }, contentChanges: changes });
  return next;
}

/** Findings as the CLI's JSON report gives them, per file (relative to `cwd`). */
function cliFindings(cwd: string, files: string[]): Map<string, string[]> {
  const run = spawnSync(process.execPath, [BIN, 'lint', '-f', 'json', ...files], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  const report = JSON.parse(run.stdout) as { findings: { file: string; ruleId: string; severity: string; line: number; column: number; endLine: number; endColumn: number; message: string }[] };
  const out = new Map<string, string[]>();
  for (const f of report.findings) out.set(f.file, [...(out.get(f.file) ?? []), `${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.severity} ${f.ruleId} ${f.message}`]);
  return out;
}

const SEVERITY = ['', 'error', 'warn', 'info', 'hint'];
const asCli = (d: Diagnostic) => `${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1} ${SEVERITY[d.severity!]} ${d.code} ${d.message}`;
const codes = (diagnostics: Diagnostic[]) => diagnostics.map(d => d.code);

const ORDERS = `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
paths:
  /orders/:
    get:
      responses:
        '200':
          description: OK
components:
  schemas:
    Order:
      type: object
      properties:
        orderId:
          type: integer
`;

describe('apilint lsp --stdio', () => {
  it('initialize, didOpen, diagnostics, codeAction, didChange, hover, the docs command, shutdown', async () => {
    const { dir, file } = project({ 'orders.yaml': ORDERS });
    const { client } = await start(dir);
    const shownDocs: string[] = [];
    client.connection.onRequest(ShowDocumentRequest.type, ({ uri }) => {
      shownDocs.push(uri);
      return { success: true };
    });
    let document = await open(client, file('orders.yaml'));
    const diagnostics = await client.diagnostics(document.uri);
    const numberFormat = diagnostics.find(d => d.code === 'number-format')!;
    expect(numberFormat).toEqual({
      range: { start: { line: 15, character: 8 }, end: { line: 16, character: 23 } },
      severity: 1,
      code: 'number-format',
      codeDescription: { href: 'https://github.com/apilint/apilint/blob/main/docs/rules/number-format.md' },
      source: 'apilint',
      message: 'Property "orderId" (integer) declares no format: add format "int32", "int64", "bigint".',
    });
    expect(codes(diagnostics)).toContain('properties-snake-case');
    // info → Information
    expect(diagnostics.find(d => d.code === 'rate-limit-policy')?.severity).toBe(3);

    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: document.uri },
      range: numberFormat.range,
      context: { diagnostics: [numberFormat] },
    })) as CodeAction[];
    expect(actions.map(a => a.title)).toEqual(['Add format: int64', 'Ignore number-format here (x-apilint-ignore)', 'Show documentation for number-format']);
    expect(actions[0]!.isPreferred).toBe(true);
    const edits = actions[0]!.edit!.documentChanges![0]! as TextDocumentEdit;
    expect(edits.textDocument.version).toBe(1);
    // Applied as the editor would, sent as an incremental change.
    const since = client.published.length;
    document = await change(client, document, (edits.edits as TextEdit[]).map(e => ({ range: e.range, text: e.newText })));
    expect(document.getText()).toContain('        orderId:\n          type: integer\n          format: int64\n');
    const after = await client.diagnostics(document.uri, undefined, { since });
    expect(codes(after)).not.toContain('number-format');
    expect(codes(after).sort()).toEqual(codes(diagnostics).filter(c => c !== 'number-format').sort());

    const snake = after.find(d => d.code === 'properties-snake-case')!;
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: document.uri }, position: snake.range.start });
    const text = (hover?.contents as { value: string }).value;
    expect(text).toContain('**properties-snake-case** (error)');
    expect(text).toContain('> Guideline 2: Property names: snake_case, never camelCase.');
    expect(text).toContain('Property names are snake_case, never camelCase');

    const docs = actions[2]!.command!;
    await client.connection.sendRequest(ExecuteCommandRequest.type, { command: docs.command, arguments: docs.arguments });
    expect(shownDocs).toEqual(['https://github.com/apilint/apilint/blob/main/docs/rules/number-format.md']);

    expect(await client.shutdown()).toBe(0);
    expect(client.protocolErrors).toEqual([]);
    expect(client.stderr).toBe('');
  });

  it('gives the findings `apilint lint -f json` gives, on corpus specs', async () => {
    const specs = ['zalando-zally-api.yaml', 'zalando-nakadi-event-bus-api.yaml', 'oai-uber-v2.json', 'redocly-museum.yaml', 'azure-arm-cdn.json'];
    const cli = cliFindings(CORPUS, specs);
    const { client } = await start(CORPUS);
    for (const spec of specs) {
      const document = await open(client, path.join(CORPUS, spec));
      const diagnostics = await client.diagnostics(document.uri);
      expect(diagnostics.map(asCli).sort(), spec).toEqual((cli.get(spec) ?? []).sort());
      expect(cli.get(spec)?.length, spec).toBeGreaterThan(0);
    }
  });

  it('gives the CLI\'s findings with a config, overrides, inline ignores, unused-ignore, the project root and $ref\'d files', async () => {
    const doc = (extra: string) => `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      $ref: './schemas/order.yaml'
    Secret:
      $ref: '../secret.yaml'
    Legacy:
      type: object
      x-apilint-ignore: [properties-snake-case, path-kebab-case]
      properties:
        legacyId: {type: string}
${extra}`;
    const { dir, file } = project({
      '.apilint.yaml': 'rules:\n  api-meta-info: off\n  rate-limit-policy: info\noverrides:\n  - files: [legacy/**]\n    rules:\n      properties-snake-case: warn\n',
      'orders.yaml': doc(''),
      'legacy/orders.yaml': doc('').replace(/\.\/schemas/, '../schemas').replace('../secret.yaml', '../../secret.yaml'),
      'schemas/order.yaml': 'type: object\nproperties:\n  orderId: {type: string}\n  total: {type: number}\n',
    });
    const names = ['orders.yaml', 'legacy/orders.yaml', 'schemas/order.yaml'];
    const cli = cliFindings(dir, ['orders.yaml', 'legacy/orders.yaml']);
    expect([...cli.keys()].sort()).toEqual(names.sort());
    const { client } = await start(dir);
    for (const name of names) {
      const document = await open(client, file(name));
      // The referenced file shows what the documents that use it found there.
      const expected = (cli.get(name) ?? []).sort();
      const diagnostics = await client.diagnostics(document.uri, d => d.length === new Set(expected).size, { timeoutMs: 5000 });
      expect(diagnostics.map(asCli).sort(), name).toEqual([...new Set(expected)]);
    }
    const all = cli.get('orders.yaml')!.join('\n');
    expect(all).toMatch(/ref-outside-project/);
    expect(all).toMatch(/unused-ignore x-apilint-ignore entry "path-kebab-case" silences nothing/);
    expect(all).not.toMatch(/api-meta-info|legacyId/);
    expect(cli.get('legacy/orders.yaml')!.join('\n')).not.toMatch(/legacyId/);
  });

  it('lints each document with its nearest config, as the CLI does, and reads an extended config again when it changes', async () => {
    const { dir, file } = project({
      '.apilint.yaml': 'rules:\n  properties-snake-case: off\n',
      'orders.yaml': ORDERS,
      'billing/.apilint.yaml': 'extends: [./team.yaml]\n',
      'billing/team.yaml': 'rules:\n  properties-snake-case: warn\n',
      'billing/orders.yaml': ORDERS,
    });
    const cli = cliFindings(dir, ['orders.yaml', 'billing/orders.yaml']);
    expect(cli.get('orders.yaml')!.join('\n')).not.toMatch(/properties-snake-case/);
    expect(cli.get('billing/orders.yaml')!.join('\n')).toMatch(/warn properties-snake-case/);
    const { client } = await start(dir);
    for (const name of ['orders.yaml', 'billing/orders.yaml']) {
      const document = await open(client, file(name));
      const expected = cli.get(name)!.sort();
      expect((await client.diagnostics(document.uri)).map(asCli).sort(), name).toEqual(expected);
    }
    const billing = uriOf(file('billing/orders.yaml'));
    const since = client.published.length;
    writeFileSync(file('billing/team.yaml'), 'rules:\n  properties-snake-case: error\n');
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(file('billing/team.yaml')), type: FileChangeType.Changed }] });
    const errors = await client.diagnostics(billing, d => d.some(x => x.code === 'properties-snake-case' && x.severity === 1), { since });
    expect(errors.filter(d => d.code === 'properties-snake-case').map(d => d.severity)).not.toContain(2);
  });

  it('re-lints the documents that use a $ref\'d file when its buffer changes, and publishes nothing for files that are no API document', async () => {
    const { dir, file } = project({
      'orders.yaml': "openapi: 3.0.3\ninfo: {title: Orders, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    Order:\n      $ref: './order.yaml'\n",
      'order.yaml': 'type: object\nproperties:\n  orderId: {type: string}\n',
      'notes.yaml': 'title: release notes\nitems: [a, b]\n',
      'package.json': '{"name": "x", "version": "1.0.0"}\n',
      'chart/templates/deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n  labels: {{- include "labels" . | nindent 4 }}\n',
    });
    const { client } = await start(dir);
    const orders = await open(client, file('orders.yaml'));
    let order = await open(client, file('order.yaml'));
    expect(codes(await client.diagnostics(order.uri, d => d.length > 0))).toEqual(['properties-snake-case']);
    expect(codes(await client.diagnostics(orders.uri))).not.toContain('properties-snake-case');
    const since = client.published.length;
    order = await change(client, order, [{ range: { start: { line: 2, character: 2 }, end: { line: 2, character: 9 } }, text: 'order_id' }]);
    expect(await client.diagnostics(order.uri, d => d.length === 0, { since })).toEqual([]);
    // Back on disk once closed: the finding returns.
    await client.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: order.uri } });
    order = await open(client, file('order.yaml'));
    expect(codes(await client.diagnostics(order.uri, d => d.length > 0))).toEqual(['properties-snake-case']);

    // A Helm template does not even parse as YAML: still nothing, as it shows no sign of being an API document.
    for (const name of ['notes.yaml', 'package.json', 'chart/templates/deployment.yaml']) {
      const document = await open(client, file(name));
      await client.diagnostics(document.uri);
      expect(client.published.filter(p => p.uri === document.uri).map(p => p.diagnostics)).toEqual([[]]);
    }
  });

  it('re-lints the documents whose $ref\'d file changed on disk', async () => {
    const { dir, file } = project({
      'orders.yaml': "openapi: 3.0.3\ninfo: {title: Orders, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    Order:\n      $ref: './schemas.yaml#/Order'\n",
      'schemas.yaml': 'Order:\n  type: object\n',
    });
    const { client } = await start(dir);
    const orders = await open(client, file('orders.yaml'));
    expect(codes(await client.diagnostics(orders.uri))).not.toContain('invalid-ref');
    const since = client.published.length;
    writeFileSync(file('schemas.yaml'), 'Purchase:\n  type: object\n');
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(file('schemas.yaml')), type: FileChangeType.Changed }] });
    const broken = (await client.diagnostics(orders.uri, d => codes(d).includes('invalid-ref'), { since })).find(d => d.code === 'invalid-ref')!;
    expect(broken.message).toBe("Cannot resolve $ref: '#/Order' does not exist @ 'schemas.yaml'");
  });

  it('fetches nothing over the network unless allowRemote is set, in initializationOptions or the settings', async () => {
    let requests = 0;
    const server = createServer((_, response) => {
      requests++;
      response.end('type: object\nproperties:\n  name: {type: string}\n');
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/customer.yaml`;
      const { dir, file } = project({ 'orders.yaml': `openapi: 3.0.3\ninfo: {title: Orders, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    Customer:\n      $ref: '${url}'\n` });
      const { client } = await start(dir);
      const orders = await open(client, file('orders.yaml'));
      const remote = (await client.diagnostics(orders.uri)).find(d => d.code === 'remote-ref');
      expect(remote?.severity).toBe(3);
      expect(remote?.message).toContain(url);
      expect(requests).toBe(0);
      const since = client.published.length;
      await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { apilint: { allowRemote: true } } });
      expect(codes(await client.diagnostics(orders.uri, d => !codes(d).includes('remote-ref'), { since }))).not.toContain('remote-ref');
      expect(requests).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });

  it('gives a document that does not parse one diagnostic at the parse error', async () => {
    const text = 'openapi: 3.0.3\ninfo: {title: Orders, version: 1.0.0}\npaths: {}\npaths: {}\n';
    const { dir, file } = project({ 'broken.yaml': text, 'broken.json': '{"openapi": "3.0.3",\n "paths": {},\n}\n' });
    const cli = spawnSync(process.execPath, [BIN, 'lint', 'broken.yaml', 'broken.json'], { cwd: dir, encoding: 'utf8' });
    expect(cli.stderr).toBe('apilint: broken.yaml:4:1: invalid YAML: duplicate key "paths"\napilint: broken.json:3:1: invalid JSON: trailing comma\n');
    const { client } = await start(dir);
    const yaml = await open(client, file('broken.yaml'));
    expect(await client.diagnostics(yaml.uri)).toEqual([
      { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 1 } }, severity: 1, source: 'apilint', message: 'invalid YAML: duplicate key "paths"' },
    ]);
    const json = await open(client, file('broken.json'));
    expect((await client.diagnostics(json.uri)).map(d => [d.range.start, d.message])).toEqual([[{ line: 2, character: 0 }, 'invalid JSON: trailing comma']]);
  });

  it('reads the config again when it changes, with or without a file watcher, and reports an invalid one', async () => {
    const { dir, file } = project({ '.apilint.yaml': 'rules:\n  properties-snake-case: off\n', 'orders.yaml': ORDERS });
    const { client } = await start(dir);
    let document = await open(client, file('orders.yaml'));
    expect(codes(await client.diagnostics(document.uri))).not.toContain('properties-snake-case');

    let since = client.published.length;
    writeFileSync(file('.apilint.yaml'), 'rules:\n  properties-snake-case: warn\n');
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(file('.apilint.yaml')), type: FileChangeType.Changed }] });
    const warned = await client.diagnostics(document.uri, d => codes(d).includes('properties-snake-case'), { since });
    expect(warned.find(d => d.code === 'properties-snake-case')?.severity).toBe(2);

    // No watcher: the next lint checks the config file.
    since = client.published.length;
    writeFileSync(file('.apilint.yaml'), 'rules:\n  properties-snake-cas: warn\n');
    document = await change(client, document, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' }]);
    expect(await client.diagnostics(document.uri, d => d.length === 1, { since })).toEqual([
      {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
        severity: 1,
        source: 'apilint',
        message: 'Not linted: the config is invalid: .apilint.yaml:2:3: invalid config: unknown rule "properties-snake-cas": did you mean "properties-snake-case"?',
      },
    ]);
  });

  it('skips files the config\'s ignore excludes', async () => {
    const { dir, file } = project({ '.apilint.yaml': 'ignore: [generated/**]\n', 'generated/orders.yaml': ORDERS });
    const { client } = await start(dir);
    const document = await open(client, file('generated/orders.yaml'));
    expect(await client.diagnostics(document.uri)).toEqual([]);
  });

  it('cancels a stale run when the text changes and keeps answering while it lints', async () => {
    const spec = path.join(CORPUS, 'slack-web-api.json');
    const { client, logs } = await start(CORPUS);
    let document = await open(client, spec);
    const first = await client.diagnostics(document.uri);
    const waitFor = async (pattern: RegExp) => {
      while (!logs.some(l => pattern.test(l))) await new Promise(resolve => setTimeout(resolve, 10));
    };
    const since = client.published.length;
    // Version 2 renames the API (a finding-neutral edit); version 3 adds a path with a trailing slash.
    const title = document.getText().indexOf('"title"');
    document = await change(client, document, [{ range: { start: document.positionAt(title), end: document.positionAt(title) }, text: '"x-note": "v2", ' }]);
    await waitFor(/version 2: linting/);
    const paths = document.getText().indexOf('"paths": {') + '"paths": {'.length;
    document = await change(client, document, [{ range: { start: document.positionAt(paths), end: document.positionAt(paths) }, text: '"/stale/": {}, ' }]);
    // Answered while version 3 is linted.
    const hover = client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: document.uri }, position: first[0]!.range.start }).then(() => client.published.length);
    const third = await client.diagnostics(document.uri, d => codes(d).includes('path-no-trailing-slash'), { since });
    expect(await hover).toBe(since);
    expect(logs.join('\n')).toMatch(/version 2: cancelled after \d+ ms/);
    expect(logs.join('\n')).toMatch(/version 3: linted, \d+ findings/);
    // Nothing was published for version 2.
    expect(client.published.slice(since).filter(p => p.uri === document.uri)).toHaveLength(1);
    expect(third.length).toBe(first.length + 1);
  });

  it('exits when stdin closes, and with 1 on exit without shutdown', async () => {
    const { dir } = project({});
    const closed = new LspClient({ cwd: dir });
    clients.push(closed);
    await closed.initialize(dir);
    closed.process.stdin.end();
    expect(await closed.exited).toBe(1);
    const abrupt = new LspClient({ cwd: dir });
    clients.push(abrupt);
    await abrupt.initialize(dir);
    await abrupt.connection.sendNotification(ExitNotification.type);
    expect(await abrupt.exited).toBe(1);
    expect(closed.protocolErrors.concat(abrupt.protocolErrors)).toEqual([]);
  });
});
