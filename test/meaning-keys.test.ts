// Findings matched by meaning (src/suppress/keys.ts) for baselines and --since: renaming a path key,
// fixing a property's case, reordering parameters, enum values, `required` names, security
// requirements or the paths themselves leaves the findings already there matched.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { meaningPointer } from '../src/suppress/keys.js';
import { runInProcess } from './helpers/inprocess.js';

const require = createRequire(import.meta.url);
const YAML = require('@stoplight/yaml') as { parse(text: string): unknown; safeStringify(value: unknown, options?: object): string };

describe('meaningPointer', () => {
  const doc = {
    paths: {
      '/orders/{order_id}/items/': {
        get: { parameters: [{ name: 'Page_Size', in: 'query' }, { $ref: '#/components/parameters/Sort' }] },
      },
    },
    components: { schemas: { OrderItem: { properties: { unitPrice: { type: 'number' } } } } },
  };

  it('reads path keys, parameters, schema and property names by meaning', () => {
    expect(meaningPointer(doc, ['paths', '/orders/{order_id}/items/', 'get', 'parameters', 0, 'name'])).toBe('/paths/~1orders~1{}~1items/get/parameters/query:pagesize/name');
    expect(meaningPointer(doc, ['paths', '/orders/{order_id}/items/', 'get', 'parameters', 1])).toBe('/paths/~1orders~1{}~1items/get/parameters/ref:sort');
    expect(meaningPointer(doc, ['components', 'schemas', 'OrderItem', 'properties', 'unitPrice', 'type'])).toBe('/components/schemas/orderitem/properties/unitprice/type');
  });

  it('reads list items whose place means nothing by their value, schemes or $ref', () => {
    const data = {
      security: [{ oauth2: [] }, { apiKey: [], basic: [] }],
      components: { schemas: { Kind: { enum: ['red', 3, null], required: ['b', 'a'], allOf: [{ $ref: '#/components/schemas/Base_Item' }, { type: 'object' }] } } },
    };
    expect(meaningPointer(data, ['security', 1, 'basic'])).toBe('/security/security:apiKey+basic/basic');
    expect(['red', 3, null].map((_, i) => meaningPointer(data, ['components', 'schemas', 'Kind', 'enum', i]))).toEqual(['/components/schemas/kind/enum/value:"red"', '/components/schemas/kind/enum/value:3', '/components/schemas/kind/enum/value:null']);
    expect(meaningPointer(data, ['components', 'schemas', 'Kind', 'required', 1])).toBe('/components/schemas/kind/required/value:"a"');
    expect(meaningPointer(data, ['components', 'schemas', 'Kind', 'allOf', 0])).toBe('/components/schemas/kind/allOf/ref:baseitem');
    expect(meaningPointer(data, ['components', 'schemas', 'Kind', 'allOf', 1, 'type'])).toBe('/components/schemas/kind/allOf/1/type');
  });

  it('keeps what the data does not hold as it is', () => {
    expect(meaningPointer(undefined, ['paths', '/a/', 'get'])).toBe('/paths/~1a/get');
    expect(meaningPointer(doc, ['info', 'contact', 'email'])).toBe('/info/contact/email');
  });
});

const V1 = `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}/items/:
    get:
      parameters:
        - {name: page_size, in: query, schema: {type: integer}}
        - {name: orderBy, in: query, schema: {type: string}}
      responses:
        '200': {description: OK}
`;
// The path key renamed (trailing slash, case, variable name) and the parameters reordered:
// the two findings of V1 (path-no-trailing-slash is fixed; parameters-snake-case stays) are
// the same findings by meaning.
const V2 = `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{id}/Items:
    get:
      parameters:
        - {name: orderBy, in: query, schema: {type: string}}
        - {name: page_size, in: query, schema: {type: integer}}
      responses:
        '200': {description: OK}
`;

const rules = 'rules:\n  path-kebab-case: off\n  path-plural-resources: off\n  sub-resource-depth: off\n';
const only = (args: string[]) => [...args, '-f', 'json'];
const ids = (stdout: string) => (JSON.parse(stdout) as { findings: { ruleId: string; pointer: string }[] }).findings.map(f => f.ruleId).sort();

describe('baselines and --since match findings by meaning', () => {
  it('--baseline: a renamed path key and reordered parameters leave the known findings known', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-keys-'));
    writeFileSync(path.join(dir, '.apilint.yaml'), rules);
    writeFileSync(path.join(dir, 'api.yaml'), V1);
    expect((await runInProcess(['lint', 'api.yaml', '--write-baseline', 'baseline.json'], dir)).code).toBe(0);
    const baseline = JSON.parse(readFileSync(path.join(dir, 'baseline.json'), 'utf8')) as { findings: { ruleId: string; key?: string }[] };
    expect(baseline.findings.find(f => f.ruleId === 'parameters-snake-case')?.key).toBe('/paths/~1orders~1{}~1items/get/parameters/query:orderby/name');
    const before = await runInProcess(only(['lint', 'api.yaml', '--baseline', 'baseline.json']), dir);
    writeFileSync(path.join(dir, 'api.yaml'), V2);
    const after = await runInProcess(only(['lint', 'api.yaml', '--baseline', 'baseline.json']), dir);
    expect(ids(before.stdout)).toEqual([]);
    expect(ids(after.stdout)).toEqual([]);
    expect(JSON.parse(after.stdout).summary).toMatchObject({ unchanged: baseline.findings.length - 1, fixed: 1 });
  });

  it('an older baseline (JSON pointers only) still matches by pointer, and loosely by path key', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-keys-'));
    writeFileSync(path.join(dir, '.apilint.yaml'), rules);
    writeFileSync(path.join(dir, 'api.yaml'), V1);
    await runInProcess(['lint', 'api.yaml', '--write-baseline', 'baseline.json'], dir);
    const baseline = JSON.parse(readFileSync(path.join(dir, 'baseline.json'), 'utf8')) as { findings: { key?: string }[] };
    for (const f of baseline.findings) delete f.key;
    writeFileSync(path.join(dir, 'baseline.json'), JSON.stringify(baseline));
    expect(ids((await runInProcess(only(['lint', 'api.yaml', '--baseline', 'baseline.json']), dir)).stdout)).toEqual([]);
  });

  it('--since: the old revision\'s findings match by meaning; the breaking changes come with the new findings', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-keys-'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    writeFileSync(path.join(dir, '.apilint.yaml'), rules);
    writeFileSync(path.join(dir, 'api.yaml'), V1);
    git('add', '.');
    git('commit', '-qm', 'v1');
    writeFileSync(path.join(dir, 'api.yaml'), V2);
    const result = await runInProcess(only(['lint', 'api.yaml', '--since', 'main', '--date', '2026-01-15']), dir);
    const report = JSON.parse(result.stdout) as { findings: { ruleId: string; file: string; line: number }[]; summary: { unchanged: number } };
    // No lint finding is new; the renamed path is a breaking change (clients call the old URL), and
    // info.version did not get the MAJOR bump it calls for.
    expect(report.findings.map(f => [f.ruleId, f.file, f.line])).toEqual([
      ['info-version-bump', 'api.yaml', 2],
      ['path-removed', 'main:api.yaml', 4],
    ]);
    expect(report.summary.unchanged).toBeGreaterThan(0);
    const without = await runInProcess(only(['lint', 'api.yaml', '--since', 'main', '--no-breaking']), dir);
    expect(ids(without.stdout)).toEqual([]);
  });
});

// Findings on enum values, on a security requirement and on a path segment that several paths
// share, in a document whose lists and paths are then reordered.
const LISTS = `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
security:
  - oauth2: []
  - apiKey: []
paths:
  /order_items/{id}:
    get:
      responses:
        '200': {description: OK, content: {application/json: {schema: {type: object, properties: {state: {type: string, enum: [open, CLOSED, shipped]}}}}}}
  /order_items:
    get:
      responses:
        '200': {description: OK}
components:
  securitySchemes:
    oauth2: {type: oauth2, flows: {clientCredentials: {tokenUrl: 'https://auth.example.com/token', scopes: {}}}}
    apiKey: {type: apiKey, in: header, name: X-Key}
`;
/** LISTS with its security requirements, enum values and paths in another order. */
function reorderedLists(): string {
  const doc = YAML.parse(LISTS) as { security: unknown[]; paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: { properties: { state: { enum: string[] } } } }> }> } }> };
  doc.security.reverse();
  doc.paths = Object.fromEntries(Object.entries(doc.paths).reverse());
  doc.paths['/order_items/{id}']!.get.responses['200']!.content!['application/json']!.schema.properties.state.enum.reverse();
  return YAML.safeStringify(doc, { indent: 2 });
}

describe('reordered lists and paths', () => {
  it('--baseline: enum values, security requirements and paths reordered leave every finding known', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-keys-'));
    writeFileSync(path.join(dir, 'api.yaml'), LISTS);
    await runInProcess(['lint', 'api.yaml', '--no-config', '--write-baseline', 'baseline.json'], dir);
    const baseline = JSON.parse(readFileSync(path.join(dir, 'baseline.json'), 'utf8')) as { findings: { ruleId: string; pointer: string }[] };
    // The findings this case is about are there to be matched.
    expect(baseline.findings.map(f => `${f.ruleId} ${f.pointer}`)).toEqual(
      expect.arrayContaining([
        'enum-upper-snake-case /paths/~1order_items~1{id}/get/responses/200/content/application~1json/schema/properties/state/enum/0',
        'scopes-defined /security/0/oauth2',
        'path-kebab-case /paths/~1order_items',
      ]),
    );
    writeFileSync(path.join(dir, 'api.yaml'), reorderedLists());
    const after = JSON.parse((await runInProcess(only(['lint', 'api.yaml', '--no-config', '--baseline', 'baseline.json']), dir)).stdout) as { findings: unknown[]; summary: { unchanged: number; fixed: number } };
    expect(after.findings).toEqual([]);
    expect(after.summary).toMatchObject({ unchanged: baseline.findings.length, fixed: 0 });
  });

  it('a baseline whose keys knew list items by their place still matches where nothing moved', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-keys-'));
    writeFileSync(path.join(dir, 'api.yaml'), LISTS);
    await runInProcess(['lint', 'api.yaml', '--no-config', '--write-baseline', 'baseline.json'], dir);
    const baseline = JSON.parse(readFileSync(path.join(dir, 'baseline.json'), 'utf8')) as { findings: { key: string }[] };
    // As an apilint before value keys wrote them.
    const older = baseline.findings.map(f => f.key.replace(/\/enum\/value:"open"/, '/enum/0').replace(/security:oauth2/, '0'));
    expect(older.filter((key, i) => key !== baseline.findings[i]!.key)).toHaveLength(2);
    baseline.findings.forEach((f, i) => (f.key = older[i]!));
    writeFileSync(path.join(dir, 'baseline.json'), JSON.stringify(baseline));
    const report = JSON.parse((await runInProcess(only(['lint', 'api.yaml', '--no-config', '--baseline', 'baseline.json']), dir)).stdout) as { findings: unknown[]; summary: { fixed: number } };
    expect(report.findings).toEqual([]);
    expect(report.summary.fixed).toBe(0);
  });
});

describe('lint --since options', () => {
  it('--no-breaking and --date need --since; a bad --date is one line and exit 2', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-keys-'));
    writeFileSync(path.join(dir, 'api.yaml'), V1);
    const noSince = await runInProcess(['lint', 'api.yaml', '--no-breaking'], dir);
    expect([noSince.code, noSince.stderr]).toEqual([2, 'apilint: --no-breaking applies to the changes since a git ref: add --since <git-ref>\n']);
    expect((await runInProcess(['lint', 'api.yaml', '--date', '2026-01-15'], dir)).code).toBe(2);
    const badDate = await runInProcess(['lint', 'api.yaml', '--since', 'HEAD', '--date', '15.01.2026'], dir);
    expect([badDate.code, badDate.stderr]).toEqual([2, 'apilint: invalid --date "15.01.2026": use a day such as 2027-06-30\n']);
  });
});
