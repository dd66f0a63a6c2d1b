// The lint session (src/lint/session.ts) that the CLI, `apilint diff` and the language server
// share: a file from disk or a text held for a path, the config settings of that path, inline
// ignores, buffers that stand in for referenced files, and the files a document's refs read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import type { Finding } from '../src/core/finding.js';
import { installEngine } from '../src/engine/index.js';
import { LintSession } from '../src/lint/session.js';

const api = (schemas: string) => `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
${schemas}`;

/** A project folder with these files (and the config, if given). */
async function project(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-session-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const config = await loadConfig(dir);
  return { dir, file: (name: string) => path.join(dir, name), session: new LintSession({ cwd: dir, config, allowRemote: false }) };
}

const of = (ruleId: string, findings: Finding[] | undefined) =>
  (findings ?? []).filter(f => f.ruleId === ruleId).map(f => ({ file: path.basename(f.file), line: f.line, severity: f.severity }));

describe('LintSession', () => {
  it('lints a text held for a path rather than the file on disk, with that path\'s config overrides', async () => {
    const { file, session } = await project({
      '.apilint.yaml': 'overrides:\n  - files: [legacy/**]\n    rules:\n      properties-snake-case: warn\n',
      'orders.yaml': api('    Order: {type: object}\n'),
      'legacy/orders.yaml': api('    Order: {type: object}\n'),
    });
    const edited = api('    Order:\n      type: object\n      properties:\n        orderId: {type: string}\n');
    const onDisk = await session.lintFile(file('orders.yaml'));
    expect(of('properties-snake-case', onDisk?.findings)).toEqual([]);
    expect(of('properties-snake-case', (await session.lintText(file('orders.yaml'), edited))?.findings)).toEqual([
      { file: 'orders.yaml', line: 9, severity: 'error' },
    ]);
    expect(of('properties-snake-case', (await session.lintText(file('legacy/orders.yaml'), edited))?.findings)).toEqual([
      { file: 'orders.yaml', line: 9, severity: 'warn' },
    ]);
  });

  it('applies inline ignores and the configured severity of engine rules to a text', async () => {
    const { file, session } = await project({ '.apilint.yaml': 'rules:\n  invalid-ref: warn\n' });
    const text = api(
      "    Order:\n      type: object\n      x-apilint-ignore: [properties-snake-case]\n      properties:\n        orderId: {type: string}\n    Missing:\n      $ref: './nowhere.yaml'\n",
    );
    const result = await session.lintText(file('orders.yaml'), text);
    expect(result?.findings.find(f => f.ruleId === 'properties-snake-case')?.suppression?.kind).toBe('inSource');
    expect(of('invalid-ref', result?.findings)).toEqual([{ file: 'orders.yaml', line: 12, severity: 'warn' }]);
  });

  it('gives the files a document\'s refs read, through other files and from the cache, missing ones included', async () => {
    const { file, session } = await project({
      'a.yaml': api("    Order:\n      $ref: './schemas/order.yaml'\n    Gone:\n      $ref: './gone.yaml#/Gone'\n"),
      'b.yaml': api("    Order:\n      $ref: './schemas/order.yaml'\n"),
      'c.yaml': api('    Order: {type: object}\n'),
      'schemas/order.yaml': "type: object\nproperties:\n  item:\n    $ref: './item.yaml'\n",
      'schemas/item.yaml': 'type: object\n',
    });
    expect((await session.lintFile(file('a.yaml')))?.dependencies).toEqual([file('gone.yaml'), file('schemas/item.yaml'), file('schemas/order.yaml')]);
    // schemas/order.yaml now comes from the resolver's cache.
    expect((await session.lintFile(file('b.yaml')))?.dependencies).toEqual([file('schemas/item.yaml'), file('schemas/order.yaml')]);
    expect((await session.lintFile(file('c.yaml')))?.dependencies).toEqual([]);
    // The same path, its refs gone: none are left over from the first lint.
    expect((await session.lintText(file('a.yaml'), api('    Order: {type: object}\n')))?.dependencies).toEqual([]);
  });

  it('reads a buffer in place of a referenced file until it is set back, and rereads files that changed on disk', async () => {
    const { file, session } = await project({
      'orders.yaml': api("    Order:\n      $ref: './order.yaml'\n"),
      'order.yaml': 'type: object\nproperties:\n  order_id: {type: string}\n',
    });
    const lint = async () => of('properties-snake-case', (await session.lintFile(file('orders.yaml')))?.findings);
    expect(await lint()).toEqual([]);
    session.setBuffer(file('order.yaml'), 'type: object\nproperties:\n  total: {type: number}\n  orderId: {type: string}\n');
    expect(await lint()).toEqual([{ file: 'order.yaml', line: 4, severity: 'error' }]);
    session.setBuffer(file('order.yaml'), undefined);
    expect(await lint()).toEqual([]);
    writeFileSync(file('order.yaml'), 'type: object\nproperties:\n  orderId: {type: string}\n');
    session.filesChanged();
    expect(await lint()).toEqual([{ file: 'order.yaml', line: 3, severity: 'error' }]);
  });

  it('lints a buffer held for the document itself by lintFile, and skips a file that is no API document unless named', async () => {
    const { file, session } = await project({ 'orders.yaml': api('    Order: {type: object}\n'), 'notes.yaml': 'title: notes\n' });
    session.setBuffer(file('orders.yaml'), api('    Order:\n      type: object\n      properties:\n        orderId: {type: string}\n'));
    expect(of('properties-snake-case', (await session.lintFile(file('orders.yaml')))?.findings)).toEqual([{ file: 'orders.yaml', line: 9, severity: 'error' }]);
    expect(await session.lintFile(file('notes.yaml'), { explicit: false })).toBeUndefined();
    await expect(session.lintFile(file('notes.yaml'))).rejects.toThrow(/not an OpenAPI document/);
  });

  it('keeps a linted document parsed for meaning keys only when asked, and reads other files with the engine\'s readers', async () => {
    const { dir, file } = await project({ 'orders.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'Orders', version: '1.0.0' }, paths: {} }), 'other.json': '{"a": 1}' });
    const config = await loadConfig(dir);
    const kept = new LintSession({ cwd: dir, config, allowRemote: false, keepDocuments: true });
    const released = new LintSession({ cwd: dir, config, allowRemote: false });
    await kept.lintFile(file('orders.json'));
    await released.lintFile(file('orders.json'));
    // Gone from disk: only the kept parse can answer.
    rmSync(file('orders.json'));
    expect(kept.dataOf(file('orders.json'))).toMatchObject({ info: { title: 'Orders' } });
    expect(released.dataOf(file('orders.json'))).toBeUndefined();
    // A file read afterwards goes through the engine's fast JSON reader, as documents do.
    const readJson = vi.spyOn(installEngine().readers, 'readJson');
    try {
      expect(released.dataOf(file('other.json'))).toEqual({ a: 1 });
      expect(readJson).toHaveBeenCalledTimes(1);
    } finally {
      readJson.mockRestore();
    }
  });

  it('lints a document after another that shares its referenced files as it lints it alone', async () => {
    const root = "openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /orders: {$ref: 'paths/orders.yaml'}\n";
    const files = {
      'a.yaml': root,
      'b.yaml': root,
      'paths/orders.yaml': "get:\n  responses:\n    '200': {$ref: '../shared/ok.yaml'}\n",
      // A finding in a file reached through another referenced file: it lies in this file.
      'shared/ok.yaml': 'description: OK\ncontent:\n  application/json:\n    schema:\n      type: object\n      properties:\n        badName: {type: string}\n',
    };
    const place = (findings: Finding[] | undefined) => (findings ?? []).map(f => `${f.ruleId} ${path.relative(dir, f.file)}:${f.line}:${f.column}`).sort();
    const { dir, file, session } = await project(files);
    const fresh = new LintSession({ cwd: dir, config: await loadConfig(dir), allowRemote: false });
    const alone = place((await fresh.lintFile(file('a.yaml')))?.findings);
    expect(alone).toContain('properties-snake-case shared/ok.yaml:7:9');
    await session.lintFile(file('b.yaml'));
    expect(place((await session.lintFile(file('a.yaml')))?.findings)).toEqual(alone);
  });

  it('parses a referenced file that holds findings once: for the lint, its lines, its ignores and its meaning keys', async () => {
    const { dir, file } = await project({
      'orders.yaml': api("    Order: {$ref: 'schemas/order.yaml'}\n"),
      // A finding at a key (placed by the file's lines) and an ignore (read from its data).
      'schemas/order.yaml': 'type: object\nproperties:\n  orderId: {type: string}\n  lineItem:\n    type: array\n    x-apilint-ignore: [array-names-plural]\n    items: {type: string}\n',
    });
    const session = new LintSession({ cwd: dir, config: await loadConfig(dir), allowRemote: false, keepDocuments: true });
    const readYaml = vi.spyOn(installEngine().readers, 'readYaml');
    try {
      const result = await session.lintFile(file('orders.yaml'));
      expect(of('properties-snake-case', result?.findings)).toEqual([
        { file: 'order.yaml', line: 3, severity: 'error' },
        { file: 'order.yaml', line: 4, severity: 'error' },
      ]);
      expect(result?.findings.find(f => f.ruleId === 'properties-snake-case')?.column).toBe(3);
      expect(result?.findings.find(f => f.ruleId === 'array-names-plural')?.suppression?.kind).toBe('inSource');
      expect(session.dataOf(file('schemas/order.yaml'))).toMatchObject({ properties: { orderId: { type: 'string' } } });
      const parsed = readYaml.mock.calls.map(([text]) => (text.startsWith('openapi') ? 'orders.yaml' : 'order.yaml'));
      expect(parsed.sort()).toEqual(['order.yaml', 'orders.yaml']);
      // A session that keeps no documents keeps only the referenced file's text (a run over many
      // specs holds every such file): its data is parsed again when asked for.
      writeFileSync(file('schemas/order.yaml'), 'type: object\nproperties:\n  orderId: {type: string}\n');
      readYaml.mockClear();
      const plain = new LintSession({ cwd: dir, config: await loadConfig(dir), allowRemote: false });
      expect(of('properties-snake-case', (await plain.lintFile(file('orders.yaml')))?.findings)).toEqual([{ file: 'order.yaml', line: 3, severity: 'error' }]);
      expect(readYaml).toHaveBeenCalledTimes(2);
      expect(plain.dataOf(file('schemas/order.yaml'))).toMatchObject({ properties: { orderId: { type: 'string' } } });
      expect(readYaml).toHaveBeenCalledTimes(3);
    } finally {
      readYaml.mockRestore();
    }
  });
});
