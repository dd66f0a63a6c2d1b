// The language server's code action edits (src/lsp/edits.ts) on YAML in block and flow style and
// on JSON laid out in several ways: each edit is checked on the edited text, and the edited text
// is linted again with the CLI's lint session to prove the finding is gone and nothing new
// appeared (no unused-ignore, no other finding).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_CONFIG } from '../src/config/config.js';
import { jsonPointer, type Finding } from '../src/core/finding.js';
import { LintSession } from '../src/lint/session.js';
import { ignoreFix, quickFix, Syntax, type Fix } from '../src/lsp/edits.js';

const dir = mkdtempSync(path.join(tmpdir(), 'apilint-lsp-edits-'));
const session = new LintSession({ cwd: dir, config: EMPTY_CONFIG, allowRemote: false });

async function findings(text: string, name: string): Promise<Finding[]> {
  const result = await session.lintText(path.join(dir, name), text);
  return (result?.findings ?? []).filter(f => !f.suppression);
}

const apply = (text: string, fix: Fix) =>
  [...fix.edits].sort((a, b) => b.offset - a.offset).reduce((t, e) => t.slice(0, e.offset) + e.text + t.slice(e.offset + e.length), text);

const key = (f: Finding) => `${f.ruleId} ${jsonPointer(f.path)} ${f.message}`;

/**
 * Lints `text`, takes the finding of `ruleId` (at `pointer`, if given), applies the edit `make`
 * gives for it, and checks the edited text: exactly `expected`, and linted again, the same
 * findings less that one (`rename` maps the old findings' keys where the edit renames things).
 */
async function check(
  name: string,
  text: string,
  ruleId: string,
  make: (syntax: Syntax, finding: Finding) => Fix | undefined,
  expected: string,
  { pointer, rename = (k: string) => k }: { pointer?: string; rename?: (key: string) => string } = {},
): Promise<Fix> {
  const before = await findings(text, name);
  const target = before.find(f => f.ruleId === ruleId && (pointer === undefined || jsonPointer(f.path) === pointer));
  expect(target, `${ruleId} in ${before.map(key).join('\n')}`).toBeDefined();
  const fix = make(new Syntax(text, name.endsWith('.json')), target!);
  expect(fix).toBeDefined();
  const edited = apply(text, fix!);
  expect(edited).toBe(expected);
  const after = (await findings(edited, name)).map(key).sort();
  // Gone: the finding, and any other of its rule on the same node (api-meta-info names each missing field).
  const gone = (f: Finding) => f.ruleId === ruleId && jsonPointer(f.path) === jsonPointer(target!.path);
  expect(after).toEqual(before.filter(f => !gone(f)).map(key).map(rename).sort());
  return fix!;
}

const ignore = (syntax: Syntax, f: Finding) => ignoreFix(syntax, f.ruleId, f.path);
const fix = (syntax: Syntax, f: Finding) => quickFix(syntax, f.ruleId, f.path, new Date('2026-11-23T12:00:00Z'));

const yaml = (schemas: string, paths = '{}') => `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: ${paths}
components:
  schemas:
${schemas}`;

describe('Ignore <rule> here', () => {
  it('adds x-apilint-ignore as the first key of a block mapping, at its indentation', async () => {
    const text = yaml('    Order:\n      type: object\n      properties:\n        order_id:\n          type: integer\n');
    await check('a.yaml', text, 'number-format', ignore, yaml('    Order:\n      type: object\n      properties:\n        order_id:\n          x-apilint-ignore: [number-format]\n          type: integer\n'));
  });

  it('adds it inside a flow mapping, keeping its spacing', async () => {
    await check('a.yaml', yaml('    Order: {type: object, properties: {order_id: {type: integer}}}\n'), 'number-format', ignore, yaml('    Order: {type: object, properties: {order_id: {x-apilint-ignore: [number-format], type: integer}}}\n'));
    await check('a.yaml', yaml('    Order: { type: object, properties: { order_id: { type: integer } } }\n'), 'number-format', ignore, yaml('    Order: { type: object, properties: { order_id: { x-apilint-ignore: [number-format], type: integer } } }\n'));
  });

  it('puts it on the mapping of a sequence item, after the dash', async () => {
    const block = (p: string) =>
      `openapi: 3.0.3\ninfo: {title: Orders, version: 1.0.0}\npaths:\n  /orders:\n    get:\n      parameters:\n${p}      responses:\n        '200': {description: OK}\n`;
    await check(
      'a.yaml',
      block('        - name: sortBy\n          in: query\n          schema: {type: string}\n'),
      'parameters-snake-case',
      ignore,
      block('        - x-apilint-ignore: [parameters-snake-case]\n          name: sortBy\n          in: query\n          schema: {type: string}\n'),
    );
  });

  it('extends a list that is already there, in flow or block style', async () => {
    // properties-snake-case is reported on the property, so its ignore sits in the property's schema.
    const flow = (list: string) => yaml(`    Order:\n      type: object\n      properties:\n        orderId: {type: integer, x-apilint-ignore: ${list}}\n`);
    await check('a.yaml', flow('[properties-snake-case]'), 'number-format', ignore, flow('[properties-snake-case, number-format]'));
    await check('a.yaml', flow('[]').replace('orderId', 'order_id'), 'number-format', ignore, flow('[number-format]').replace('orderId', 'order_id'));
    const block = (items: string) => yaml(`    Order:\n      type: object\n      properties:\n        orderId:\n          x-apilint-ignore:\n${items}          type: integer\n`);
    await check('a.yaml', block('            - properties-snake-case # renamed in v2\n'), 'number-format', ignore, block('            - properties-snake-case # renamed in v2\n            - number-format\n'));
  });

  it('ignores a finding on the document root object and on info', async () => {
    const text = 'openapi: 3.0.3\ninfo:\n  title: Orders\n  version: 1.0.0\npaths: {}\n';
    await check('a.yaml', text, 'api-meta-info', ignore, 'openapi: 3.0.3\ninfo:\n  x-apilint-ignore: [api-meta-info]\n  title: Orders\n  version: 1.0.0\npaths: {}\n', { pointer: '/info' });
  });

  it('keeps CRLF line ends', async () => {
    const text = yaml('    Order:\n      type: object\n      properties:\n        order_id:\n          type: integer\n').replace(/\n/g, '\r\n');
    const expected = yaml('    Order:\n      type: object\n      properties:\n        order_id:\n          x-apilint-ignore: [number-format]\n          type: integer\n').replace(/\n/g, '\r\n');
    await check('a.yaml', text, 'number-format', ignore, expected);
  });

  const json = (schema: unknown, indent: string | number) =>
    JSON.stringify({ openapi: '3.0.3', info: { title: 'Orders', version: '1.0.0' }, paths: {}, components: { schemas: { Order: schema } } }, null, indent) + '\n';

  it('adds it to JSON objects laid out over several lines, with spaces or tabs', async () => {
    for (const indent of ['  ', '    ', '\t']) {
      const text = json({ type: 'object', properties: { order_id: { type: 'integer' } } }, indent);
      const at = `{\n${indent.repeat(6)}"type": "integer"`;
      expect(text).toContain(at);
      await check('a.json', text, 'number-format', ignore, text.replace(at, `{\n${indent.repeat(6)}"x-apilint-ignore": ["number-format"],\n${indent.repeat(6)}"type": "integer"`));
    }
  });

  it('adds it to JSON on one line and extends a JSON list on one line or several', async () => {
    const oneLine = JSON.stringify({ openapi: '3.0.3', info: { title: 'Orders', version: '1.0.0' }, paths: {}, components: { schemas: { Order: { type: 'object', properties: { order_id: { type: 'integer' } } } } } });
    await check('a.json', oneLine, 'number-format', ignore, oneLine.replace('{"type":"integer"}', '{"x-apilint-ignore": ["number-format"], "type":"integer"}'));
    const listed = json({ type: 'object', properties: { orderId: { type: 'integer', 'x-apilint-ignore': ['properties-snake-case'] } } }, 2);
    const list = '"x-apilint-ignore": [\n              "properties-snake-case"\n            ]';
    expect(listed).toContain(list);
    await check('a.json', listed, 'number-format', ignore, listed.replace(list, '"x-apilint-ignore": [\n              "properties-snake-case",\n              "number-format"\n            ]'));
    const inline = listed.replace(list, '"x-apilint-ignore": ["properties-snake-case"]');
    await check('a.json', inline, 'number-format', ignore, inline.replace('["properties-snake-case"]', '["properties-snake-case", "number-format"]'));
  });

  it('offers nothing where the node is gone or the text does not parse', () => {
    const syntax = new Syntax(yaml('    Order: {type: object}\n'), false);
    expect(ignoreFix(syntax, 'number-format', ['components', 'schemas', 'Missing'])).toBeUndefined();
    expect(ignoreFix(new Syntax('openapi: 3.0.3\ninfo: [\n', false), 'api-meta-info', ['info'])).toBeUndefined();
  });
});

describe('quick fixes', () => {
  const paths = (key: string) => `openapi: 3.0.3\ninfo: {title: Orders, version: 1.0.0}\npaths:\n  ${key}:\n    get:\n      responses:\n        '200': {description: OK}\n`;
  const renamed = (k: string) => k.replace(/\/orders\//g, '/orders').replace(/~1orders~1/g, '~1orders');

  it('removes a trailing slash from a path, quoted or not, in YAML and JSON', async () => {
    await check('a.yaml', paths('/orders/'), 'path-no-trailing-slash', fix, paths('/orders'), { rename: renamed });
    await check('a.yaml', paths("'/orders/'"), 'path-no-trailing-slash', fix, paths("'/orders'"), { rename: renamed });
    const json = (p: string) => JSON.stringify({ openapi: '3.0.3', info: { title: 'Orders', version: '1.0.0' }, paths: { [p]: { get: { responses: { 200: { description: 'OK' } } } } } }, null, 2);
    await check('a.json', json('/orders/'), 'path-no-trailing-slash', fix, json('/orders'), { rename: renamed });
  });

  it('offers no rename onto a path that exists', async () => {
    const text = `openapi: 3.0.3\ninfo: {title: Orders, version: 1.0.0}\npaths:\n  /orders/: {}\n  /orders: {}\n`;
    const finding = (await findings(text, 'a.yaml')).find(f => f.ruleId === 'path-no-trailing-slash')!;
    expect(fix(new Syntax(text, false), finding)).toBeUndefined();
  });

  it('adds the widest standard format after the type: int64 for integers, double for numbers', async () => {
    const block = (extra: string) => yaml(`    Order:\n      type: object\n      properties:\n        total:\n          type: number # the sum\n${extra}          description: The sum.\n`);
    const result = await check('a.yaml', block(''), 'number-format', fix, block('          format: double\n'));
    expect(result.title).toBe('Add format: double');
    await check('a.yaml', yaml('    Order: {type: object, properties: {count: {type: integer, minimum: 0}}}\n'), 'number-format', fix, yaml('    Order: {type: object, properties: {count: {type: integer, format: int64, minimum: 0}}}\n'));
    const json = (schema: object) => JSON.stringify({ openapi: '3.0.3', info: { title: 'Orders', version: '1.0.0' }, paths: {}, components: { schemas: { Count: schema } } }, null, 2);
    await check('a.json', json({ type: 'integer', minimum: 0 }), 'number-format', fix, json({ type: 'integer', format: 'int64', minimum: 0 }));
  });

  it('adds the format to a Swagger 2.0 parameter', async () => {
    const doc = (format: string) =>
      `swagger: '2.0'\ninfo: {title: Orders, version: 1.0.0}\npaths:\n  /orders:\n    get:\n      parameters:\n        - name: limit\n          in: query\n          type: integer\n${format}      responses:\n        '200': {description: OK}\n`;
    await check('a.yaml', doc(''), 'number-format', fix, doc('          format: int64\n'));
  });

  it('removes an unused ignore entry, or the whole key when it was the only one', async () => {
    const block = (entries: string) => yaml(`    Order:\n      type: object\n${entries}      properties:\n        order_id: {type: string}\n`);
    await check('a.yaml', block('      x-apilint-ignore: [path-kebab-case]\n'), 'unused-ignore', fix, block(''));
    await check('a.yaml', block('      x-apilint-ignore: [number-format, path-kebab-case]\n'), 'unused-ignore', fix, block('      x-apilint-ignore: [path-kebab-case]\n'), {
      pointer: '/components/schemas/Order/x-apilint-ignore/0',
      // Both entries silence nothing: the second moves up.
      rename: k => k.replace('x-apilint-ignore/1', 'x-apilint-ignore/0'),
    });
    await check('a.yaml', block('      x-apilint-ignore: [number-format, path-kebab-case]\n'), 'unused-ignore', fix, block('      x-apilint-ignore: [number-format]\n'), { pointer: '/components/schemas/Order/x-apilint-ignore/1' });
    await check('a.yaml', block('      x-apilint-ignore:\n        - number-format\n        - path-kebab-case # old\n'), 'unused-ignore', fix, block('      x-apilint-ignore:\n        - number-format\n'), { pointer: '/components/schemas/Order/x-apilint-ignore/1' });
    await check('a.yaml', yaml('    Order: {type: object, x-zally-ignore: [129], properties: {order_id: {type: string}}}\n'), 'unused-ignore', fix, yaml('    Order: {type: object, properties: {order_id: {type: string}}}\n'));
    const json = (extra: object) => JSON.stringify({ openapi: '3.0.3', info: { title: 'Orders', version: '1.0.0' }, paths: {}, components: { schemas: { Order: { type: 'object', ...extra } } } }, null, 2);
    const result = await check('a.json', json({ 'x-apilint-ignore': ['path-kebab-case'] }), 'unused-ignore', fix, json({}).replace('"type": "object"', '"type": "object"'));
    expect(result.title).toBe('Remove the unused x-apilint-ignore entry "path-kebab-case"');
  });

  it('adds x-sunset after deprecated: true, a year ahead', async () => {
    const op = (extra: string) =>
      `openapi: 3.0.3\ninfo: {title: Orders, version: 1.0.0}\npaths:\n  /orders:\n    get:\n      description: Use GET /shipments instead.\n      deprecated: true\n${extra}      responses:\n        '200': {description: OK}\n`;
    const result = await check('a.yaml', op(''), 'deprecation-documented', fix, op("      x-sunset: '2027-11-23'\n"));
    expect(result.title).toMatch(/^Add x-sunset: 2027-11-23/);
    const json = (extra: object) =>
      JSON.stringify({ openapi: '3.0.3', info: { title: 'Orders', version: '1.0.0' }, paths: { '/orders': { get: { description: 'Use GET /shipments instead.', deprecated: true, ...extra, responses: { 200: { description: 'OK' } } } } } }, null, 2);
    await check('a.json', json({}), 'deprecation-documented', fix, json({ 'x-sunset': '2027-11-23' }));
  });
});

describe('the syntax tree code actions walk', () => {
  it('builds a collection\'s members once, however often actions walk through it', () => {
    // Rebuilt on each walk, a document of 4,000 paths cost 1.2 ms an action: 24 s for the actions
    // of a minified spec's one line.
    for (const [text, json] of [['{"paths": {"/a": {"get": {}}, "/b": {}}, "tags": [{"name": "a"}]}', true], ['paths:\n  /a: {get: {}}\n  /b: {}\ntags: [{name: a}]\n', false]] as const) {
      const syntax = new Syntax(text, json);
      const root = syntax.root as Extract<Syntax['root'], { kind: 'map' }>;
      expect(root.entries).toBe(root.entries);
      expect(syntax.walk(['paths', '/a']).node).toBe(syntax.walk(['paths', '/a']).node);
      const tags = syntax.walk(['tags']).node as Extract<Syntax['root'], { kind: 'seq' }>;
      expect(tags.items).toBe(tags.items);
    }
  });

  it('finds a map\'s entry by key without scanning the map, the first of duplicate keys as a scan would', () => {
    // A scan per step made the actions of a minified spec's one line cost its findings times the
    // keys of the maps on their paths (20,002 findings under 4,000 paths: 280 ms; 100 ms indexed).
    for (const [text, json] of [['{"paths": {"/a": {"get": {}}, "/b": {}, "/a": 1}}', true], ['paths:\n  /a: {get: {}}\n  /b: {}\n  /a: 1\n', false]] as const) {
      const syntax = new Syntax(text, json);
      const paths = syntax.walk(['paths']).node as Extract<Syntax['root'], { kind: 'map' }>;
      expect(paths.entry('/a')).toBe(paths.entries[0]);
      const find = vi.spyOn(Array.prototype, 'find');
      const some = vi.spyOn(Array.prototype, 'some');
      try {
        for (let i = 0; i < 100; i++) expect(syntax.walk(['paths', '/a', 'get']).node?.kind).toBe('map');
        expect(find).not.toHaveBeenCalled();
        expect(some).not.toHaveBeenCalled();
      } finally {
        find.mockRestore();
        some.mockRestore();
      }
    }
  });
});
