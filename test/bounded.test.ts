// Issue #20, "Bounded everywhere": the attacks that got past the guards one step away from the
// main document (a referenced file, a remote document, the config, the baseline, an option value),
// each held to one line naming the file and exit 2, or an error finding, in bounded time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_CONFIG } from '../src/config/config.js';
import { escapeControl, safeText } from '../src/core/text.js';
import { Linter } from '../src/lint/linter.js';
import { LintSession } from '../src/lint/session.js';
import { MAX_REF_FILE_CHAIN, MAX_REF_SETS, normalizeText } from '../src/load/limits.js';
import { withoutContent } from '../src/load/parse.js';
import { expectOneLine, runCli } from './helpers/cli.js';
import { runInProcess } from './helpers/inprocess.js';
import { ROOT } from './helpers/lint.js';

const HEAD = 'openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\n';
/** Ten anchors, each repeating the one before ten times: 10^10 nodes from 600 bytes. */
const BOMB = Array.from({ length: 10 }, (_, i) => {
  const name = String.fromCharCode(97 + i);
  return `${name}: &${name} [${i === 0 ? 'x, x, x, x, x, x, x, x, x, x' : Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(', ')}]`;
}).join('\n');
const ALIAS_REFUSED = /YAML aliases expand to more than 1,000,000 nodes: refused \(an alias bomb\?\)/;
const PROTO_REFUSED = /a key named "__proto__" is not allowed: refused/;

let tmp: string;
let server: Server;
let base: string;
beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'apilint-bounded-'));
  server = createServer((req, res) => {
    if (req.url === '/bomb.yaml') return res.end(`${BOMB}\nThing: {type: object}\n`);
    if (req.url === '/proto.json') return res.end('{"Thing": {"\\u005f_proto__": {"type": "object"}}}');
    const slow = /^\/slow(\d+)\.yaml/.exec(req.url ?? '');
    // A chain of slow documents: each answers after 300 ms with a ref to the next.
    if (slow) return void setTimeout(() => res.end(`Thing:\n  $ref: "./slow${Number(slow[1]) + 1}.yaml#/Thing"\n`), 300);
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.closeAllConnections();
  server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const write = (name: string, content: string): string => {
  const file = path.join(tmp, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
};

const refFindings = (stdout: string) => (JSON.parse(stdout) as { findings: { ruleId: string; file: string; line: number; message: string }[] }).findings.filter(f => /ref/.test(f.ruleId));

describe('1. an alias bomb one step away', () => {
  it('in a $ref\'d file: an invalid-ref error at the $ref, in well under a second', async () => {
    write('bomb/bomb.yaml', `${BOMB}\nThing: {type: object}\n`);
    write('bomb/openapi.yaml', `${HEAD}components:\n  schemas:\n    T: {$ref: './bomb.yaml#/Thing'}\n`);
    const result = await runInProcess(['lint', 'openapi.yaml', '-f', 'json', '--no-config'], path.join(tmp, 'bomb'));
    expect(result.ms).toBeLessThan(5000);
    expect(refFindings(result.stdout)).toEqual([expect.objectContaining({ ruleId: 'invalid-ref', file: 'openapi.yaml', line: 6, message: expect.stringMatching(ALIAS_REFUSED) })]);
    expect(refFindings(result.stdout)[0]!.message).toMatch(/^Cannot resolve \$ref: bomb\.yaml: /);
  });

  it('the spawned CLI under a 200 MB heap: no V8 fatal error', async () => {
    const result = await runCli(['lint', 'openapi.yaml', '-f', 'json', '--no-config'], { cwd: path.join(tmp, 'bomb'), nodeArgs: ['--max-old-space-size=200'] });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(refFindings(result.stdout)[0]!.message).toMatch(ALIAS_REFUSED);
  });

  it('fetched with --allow-remote: an invalid-ref error', async () => {
    const file = write('remote/bomb.yaml', `${HEAD}components:\n  schemas:\n    T: {$ref: '${base}/bomb.yaml#/Thing'}\n`);
    const linter = new Linter({ cwd: path.dirname(file), allowRemote: true });
    const findings = await linter.lint(linter.parse(readFileSync(file, 'utf8'), file)!);
    expect(findings.filter(f => f.ruleId === 'invalid-ref')).toEqual([expect.objectContaining({ line: 6, message: expect.stringMatching(ALIAS_REFUSED) })]);
  });

  it('in the config: one line, exit 2', async () => {
    const config = write('config/bomb.yaml', `${BOMB}\nrules: {}\n`);
    const result = await runInProcess(['lint', 'fixtures/reference-service.yaml', '-c', config], ROOT);
    expect(result.code).toBe(2);
    expectOneLine(result, ALIAS_REFUSED);
  });
});

describe('2. __proto__ keys after unescaping, in every parser path', () => {
  const info = '{title: T, version: 1.0.0, description: d, contact: {name: n, url: "https://x.org", email: a@b.org}, x-api-id: d0184f38-b98d-11e7-9c56-68f728c1ba70, x-audience: company-internal}';
  const documents: [string, string, RegExp][] = [
    // Under `info`, the key made a whole info object inherited: api-meta-info saw a complete one.
    ['x5f.yaml', `openapi: 3.0.3\ninfo:\n  "\\x5f_proto__": ${info}\npaths: {}\n`, /x5f\.yaml:3:3: /],
    ['x70.yaml', `openapi: 3.0.3\ninfo:\n  title: t\n  version: 1.0.0\n  "__\\x70roto__": 1\npaths: {}\n`, /x70\.yaml:5:3: /],
    ['u005f.yaml', `openapi: 3.0.3\ninfo:\n  "\\u005f_proto__": {title: T}\npaths: {}\n`, /u005f\.yaml:3:3: /],
    ['joined.yaml', `openapi: 3.0.3\ninfo:\n  ? "__pro\\\n    to__"\n  : {title: T}\npaths: {}\n`, /joined\.yaml:3:5: /],
    ['flow.yaml', `{"openapi": "3.0.3", "info": {"\\U0000005f_proto__": {"title": "T"}}, "paths": {}}\n`, /flow\.yaml:1:31: /],
    ['u005f.json', '{"openapi": "3.0.3", "info": {"\\u005f_proto__": {"title": "T"}, "version": "1"}, "paths": {}}', /u005f\.json:1:31: /],
    // Comments send JSON to Spectral's parser, which sets the prototype.
    ['comment.json', '{"openapi": "3.0.3", "info": {"\\u005f_proto__": {"title": "T"}, "version": "1"}, // c\n "paths": {}}', /comment\.json:1:31: /],
  ];
  it.each(documents)('%s is refused with the key\'s position', async (name, text, at) => {
    const result = await runInProcess(['lint', write(`proto/${name}`, text), '--no-config'], ROOT);
    expect(result.code).toBe(2);
    expectOneLine(result, at);
    expectOneLine(result, PROTO_REFUSED);
    expect(({} as Record<string, unknown>).title).toBeUndefined();
  });

  it('in a $ref\'d file, YAML or JSON: an invalid-ref error naming the file and the key\'s line', async () => {
    write('proto-ref/p.yaml', 'P:\n  "\\x5f_proto__": {type: string}\n');
    write('proto-ref/p.json', '{"P": {"\\u005f_proto__": {"type": "string"}}}');
    write('proto-ref/openapi.yaml', `${HEAD}components:\n  schemas:\n    A: {$ref: './p.yaml#/P'}\n    B: {$ref: './p.json#/P'}\n`);
    const result = await runInProcess(['lint', 'openapi.yaml', '-f', 'json', '--no-config'], path.join(tmp, 'proto-ref'));
    expect(refFindings(result.stdout).map(f => [f.line, f.message])).toEqual([
      [6, 'Cannot resolve $ref: p.yaml:2:3: a key named "__proto__" is not allowed: refused'],
      [7, 'Cannot resolve $ref: p.json:1:8: a key named "__proto__" is not allowed: refused'],
    ]);
  });

  it('in a remote document', async () => {
    const file = write('remote/proto.yaml', `${HEAD}components:\n  schemas:\n    T: {$ref: '${base}/proto.json#/Thing'}\n`);
    const linter = new Linter({ cwd: path.dirname(file), allowRemote: true });
    const findings = await linter.lint(linter.parse(readFileSync(file, 'utf8'), file)!);
    expect(findings.filter(f => f.ruleId === 'invalid-ref')).toEqual([expect.objectContaining({ line: 6, message: expect.stringMatching(PROTO_REFUSED) })]);
  });

  it('in the config and in the baseline: one line with the position, exit 2', async () => {
    const config = write('config/proto.yaml', 'rules:\n  "\\x5f_proto__": {x: 1}\n');
    const configResult = await runInProcess(['lint', 'fixtures/reference-service.yaml', '-c', config], ROOT);
    expect(configResult.code).toBe(2);
    expectOneLine(configResult, /proto\.yaml:2:3: a key named "__proto__" is not allowed: refused$/);
    const baseline = write('baseline/proto.json', '{"version": 1, "findings": [], "\\u005f_proto__": {}}');
    const baselineResult = await runInProcess(['lint', 'fixtures/reference-service.yaml', '--baseline', baseline], ROOT);
    expect(baselineResult.code).toBe(2);
    expectOneLine(baselineResult, /proto\.json:1:32: a key named "__proto__" is not allowed: refused$/);
  });
});

describe('3. $ref resolution in time linear in the refs', () => {
  // Shapes that cost the square of their refs (or 2^n) in Spectral's resolver, at a size where
  // that took minutes: each must finish well inside the kill bound, with the finding at its end.
  const links = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => `    S${i}: {$ref: "${prefix}S${i + 1}"}\n`).join('') + `    S${n}: {type: object, properties: {BadName: {type: string}}}\n`;
  const snakeCase = (stdout: string) => (JSON.parse(stdout) as { findings: { ruleId: string; file: string }[] }).findings.filter(f => f.ruleId === 'properties-snake-case').map(f => path.basename(f.file));
  const lint = (spec: string) => runCli(['lint', spec, '-f', 'json', '--no-config'], { cwd: tmp, killAfterMs: 60_000 });

  it('a chain of 20,000 refs in the document, and in a referenced file', { timeout: 120_000 }, async () => {
    const inDocument = await lint(write('linear/chain.yaml', `${HEAD}components:\n  schemas:\n${links(20_000, '#/components/schemas/')}`));
    expect(inDocument.code).toBe(1);
    expect(snakeCase(inDocument.stdout)).toEqual(['chain.yaml']);
    write('linear/schemas.yaml', `x:\n${links(20_000, '#/x/')}`);
    const referenced = await lint(write('linear/uses.yaml', `${HEAD}components:\n  schemas:\n    Root: {$ref: "./schemas.yaml#/x/S0"}\n`));
    expect(referenced.code).toBe(1);
    expect(snakeCase(referenced.stdout)).toEqual(['schemas.yaml']);
  });

  it('20,000 refs to one schema in a shared file', { timeout: 120_000 }, async () => {
    write('linear/shared.yaml', 'Thing: {type: object, properties: {BadName: {type: string}}}\n');
    const refs = Array.from({ length: 20_000 }, (_, i) => `    S${i}: {$ref: "./shared.yaml#/Thing"}\n`).join('');
    const result = await lint(write('linear/fan-in.yaml', `${HEAD}components:\n  schemas:\n${refs}`));
    expect(result.code).toBe(1);
    expect(snakeCase(result.stdout)).toEqual(['shared.yaml']);
  });

  it('targets that each refer twice to the next, in a referenced file (2^n crawls before)', { timeout: 120_000 }, async () => {
    const targets = Array.from({ length: 40 }, (_, i) => `T${i}: {type: object, properties: {l: {$ref: "#/T${i + 1}"}, r: {$ref: "#/T${i + 1}"}}}\n`).join('');
    write('linear/doubling.yaml', `${targets}T40: {type: object, properties: {BadName: {type: string}}}\n`);
    const result = await lint(write('linear/doubling-uses.yaml', `${HEAD}components:\n  schemas:\n    Root: {$ref: "./doubling.yaml#/T0"}\n`));
    expect(result.code).toBe(1);
    expect(snakeCase(result.stdout)).toEqual(['doubling.yaml']);
  });

  it('a schema that includes the whole document, in a spec with file refs, is a cycle left as a $ref', { timeout: 120_000 }, async () => {
    write('linear/self/parts.yaml', 'Part: {type: object, properties: {BadName: {type: string}}}\n');
    const spec = write('linear/self/openapi.yaml', `${HEAD}components:\n  schemas:\n    A: {allOf: [{$ref: "#"}], properties: {p: {$ref: "./parts.yaml#/Part"}}}\n`);
    const result = await lint(spec);
    expect(result.code).toBe(1);
    expect(snakeCase(result.stdout)).toEqual(['parts.yaml']);
  });

  it('a schema that refers to itself, in a file of its own, used by 24 operations directly and through other schemas: resolved once, not once more per lookup', { timeout: 120_000 }, async () => {
    // Kubernetes' JSONSchemaProps: each lookup of the file resolved the refs the last one had left,
    // so the tree grew by the schema's refs to itself per lookup (more than 4 GB at about ten).
    const self = '{$ref: "#/Props"}';
    write(
      'linear/recursive/props.yaml',
      `Props: {type: object, properties: {BadName: {type: string}, items: ${self}, not: ${self}, all_of: {type: array, items: ${self}}, any_of: {type: array, items: ${self}}, ` +
        `properties: {type: object, additionalProperties: ${self}}, definitions: {type: object, additionalProperties: ${self}}}}\n` +
        Array.from({ length: 12 }, (_, i) => `W${i}: {type: object, properties: {schema: ${self}, next: {$ref: "#/W${(i + 1) % 12}"}}}\n`).join(''),
    );
    const operation = (ref: string) => `{get: {responses: {'200': {description: ok, content: {application/json: {schema: {$ref: "./props.yaml#/${ref}"}}}}}}}`;
    const paths = Array.from({ length: 12 }, (_, i) => `  /direct-${i}: ${operation('Props')}\n  /wrapped-${i}: ${operation(`W${i}`)}\n`).join('');
    const result = await lint(write('linear/recursive/openapi.yaml', `${HEAD.replace('paths: {}\n', '')}paths:\n${paths}`));
    expect(result.code).toBe(1);
    expect(snakeCase(result.stdout)).toEqual(['props.yaml']);
  });

  it(`a cycle of 5,000 refs: resolution stops past ${MAX_REF_SETS.toLocaleString('en-US')} steps, and says where`, { timeout: 120_000 }, async () => {
    const cycle = Array.from({ length: 5000 }, (_, i) => `    C${i}: {$ref: "#/components/schemas/C${(i + 1) % 5000}"}\n`).join('');
    const result = await lint(write('linear/cycle.yaml', `${HEAD}components:\n  schemas:\n${cycle}`));
    expect(result.code).toBe(1);
    // The cycle itself is reported too, once, with its ends (src/lint/ref-cycles.ts).
    expect(refFindings(result.stdout).map(f => f.message)).toEqual([
      'Cannot resolve $ref: it leads only to $refs and back to itself (#/components/schemas/C1 → #/components/schemas/C2 → #/components/schemas/C3 → … 4995 more … → #/components/schemas/C4999 → #/components/schemas/C0), never to a value: point one of them at the schema or object it stands for.',
      expect.stringMatching(new RegExp(`^Cannot resolve \\$ref: the \\$refs of this file form cycles too long to resolve \\(more than ${MAX_REF_SETS.toLocaleString('en-US')} steps\\): resolution stopped at #/components/schemas/C\\d+$`)),
    ]);
  });

  it('3,000 schemas, each referring to the next, in a line or round in a circle: resolved in full, below the bound', { timeout: 120_000 }, async () => {
    // A schema's stems (json-ref-resolver's check for circular places) are every schema after it:
    // listed per schema, they cost 4,500,000 steps in a line, 9,000,000 in a circle, and stopped
    // resolution at the bound with an error on a valid spec.
    for (const [name, next] of [['line', (i: number) => Math.min(i + 1, 2999)], ['ring', (i: number) => (i + 1) % 3000]] as const) {
      const schemas = Array.from({ length: 3000 }, (_, i) => `    C${i}: {type: object, properties: {next: {$ref: "#/components/schemas/C${next(i)}"}, Bad_Name: {type: string}}}\n`).join('');
      const result = await lint(write(`linear/${name}.yaml`, `${HEAD}components:\n  schemas:\n${schemas}`));
      expect(result.code).toBe(1);
      expect(refFindings(result.stdout)).toEqual([]);
      expect(snakeCase(result.stdout)).toHaveLength(3000);
    }
  });

  it('20,000 schemas each nested in the one before through a ref, in a referenced file or under targets that are no components: a finding at each', { timeout: 120_000 }, async () => {
    // The schema index gave each the path by which the resolved document reaches it, each one
    // longer than the last: the square of the chain in memory (25,600 of them, 2.3 MB, ran out of
    // heap). Each now has the path of its ref's target (rulesets/lib/sources.ts).
    const n = 20_000;
    const nested = (prefix: string, indent: string) =>
      Array.from({ length: n }, (_, i) => `${indent}S${i}: {type: object, properties: {next: {$ref: "${prefix}S${i + 1}"}, Bad_Name: {type: string}}}\n`).join('') + `${indent}S${n}: {type: string}\n`;
    const response = (ref: string) => `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /things:\n    get:\n      responses:\n        "200":\n          description: OK\n          content:\n            application/json:\n              schema: {$ref: "${ref}"}\n`;
    const placed = (stdout: string) =>
      (JSON.parse(stdout) as { findings: { ruleId: string; file: string; line: number; column: number; severity: string }[] }).findings
        .filter(f => f.ruleId === 'properties-snake-case')
        .map(f => [path.basename(f.file), f.line, f.column, f.severity]);
    write('nested/schemas.yaml', nested('#/', ''));
    const referenced = await lint(write('nested/uses.yaml', response('./schemas.yaml#/S0')));
    expect(referenced.code).toBe(1);
    const inFile = placed(referenced.stdout);
    expect(inFile).toHaveLength(n);
    expect([inFile[0], inFile[n - 1]]).toEqual([['schemas.yaml', 1, 55, 'error'], ['schemas.yaml', n, 63, 'error']]);
    const inDocument = placed((await lint(write('nested/x-schemas.yaml', `${response('#/x-schemas/S0')}x-schemas:\n${nested('#/x-schemas/', '  ')}`))).stdout);
    expect(inDocument).toHaveLength(n);
    expect([inDocument[0], inDocument[n - 1]]).toEqual([['x-schemas.yaml', 13, 67, 'error'], ['x-schemas.yaml', n + 12, 75, 'error']]);
  });

  it('12,800 schemas each extending the next through allOf, as a body and an event schema: linted, the finding at the end', { timeout: 120_000 }, async () => {
    // The walks of allOf parts (the merged properties of a body, whether it is an object, an event
    // schema's shape) recursed: "document nested too deeply to lint", exit 2; then 4.8 s.
    const n = 12_800;
    const schemas = Array.from({ length: n }, (_, i) => `    S${i}: {allOf: [{$ref: "#/components/schemas/S${i + 1}"}], properties: {a: {type: string}}}\n`).join('');
    const event = 'x-event-types:\n  - name: shipping.shipment-changed\n    owning_application: shipment-service\n    category: data\n    compatibility_mode: forward\n    schema: {type: json_schema, version: 1.0.0, schema: {$ref: "#/components/schemas/S0"}}\n';
    const body = 'paths:\n  /things:\n    post:\n      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/S0"}}}}\n      responses: {"201": {description: Created, content: {application/json: {schema: {$ref: "#/components/schemas/S0"}}}}}\n';
    const result = await lint(write('nested/all-of.yaml', `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\n${body}${event}components:\n  schemas:\n${schemas}    S${n}: {type: object, properties: {Bad_Name: {type: string}}}\n`));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const snake = (JSON.parse(result.stdout) as { findings: { ruleId: string; line: number; column: number; severity: string }[] }).findings.filter(f => f.ruleId === 'properties-snake-case');
    expect(snake.map(f => [f.line, f.column, f.severity])).toEqual([[n + 16, 41, 'error']]);
  });

  it('an event schema that is a chain of 25,600 schemas through refs: the finding at its end', { timeout: 120_000 }, async () => {
    // The event rules' walk gave each schema its path below the event schema: the square of the
    // chain (12,800 schemas: 33 s and 2.3 GB; 25,600: still running at the 60 s kill).
    const n = 25_600;
    const schemas = Array.from({ length: n }, (_, i) => `    S${i}: {type: object, properties: {next: {$ref: "#/components/schemas/S${i + 1}"}}}\n`).join('');
    const event = 'x-event-types:\n  - name: shipping.shipment-changed\n    owning_application: shipment-service\n    category: general\n    compatibility_mode: forward\n    schema: {type: json_schema, version: 1.0.0, schema: {$ref: "#/components/schemas/S0"}}\n';
    const result = await lint(write('nested/event.yaml', `${HEAD}${event}components:\n  schemas:\n${schemas}    S${n}: {type: object, properties: {password: {type: string}}}\n`));
    const sensitive = (JSON.parse(result.stdout) as { findings: { ruleId: string; line: number; column: number; severity: string }[] }).findings.filter(f => f.ruleId === 'event-no-sensitive-data');
    expect(sensitive.map(f => [f.line, f.column, f.severity])).toEqual([[n + 12, 41, 'warn']]);
  });
  it('an event schema that is a chain of 25,600 schemas through refs, a finding on each, in the document and in another file', { timeout: 120_000 }, async () => {
    // The event rules reported each finding below the event schema's path, down the chain: placing
    // walked the square of it (12,800 findings: 34 s; 25,600: past the 60 s kill). A schema written
    // elsewhere now takes the path where it is written (SchemaHomes), as in the schema index.
    const n = 25_600;
    const level = (i: number, prefix: string) => `S${i}: {type: object, properties: {next: {$ref: "${prefix}S${i + 1}"}, password: {type: string}}}\n`;
    const event = (ref: string) => `x-event-types:\n  - name: shipping.shipment-changed\n    owning_application: shipment-service\n    category: general\n    compatibility_mode: forward\n    schema: {type: json_schema, version: 1.0.0, schema: {$ref: "${ref}"}}\n`;
    const chain = (prefix: string, indent: string) => Array.from({ length: n }, (_, i) => indent + level(i, prefix)).join('') + `${indent}S${n}: {type: string}\n`;
    const sensitive = (stdout: string) =>
      (JSON.parse(stdout) as { findings: { ruleId: string; file: string; line: number; column: number; severity: string }[] }).findings
        .filter(f => f.ruleId === 'event-no-sensitive-data')
        .map(f => [path.basename(f.file), f.line, f.column, f.severity]);
    const inDocument = sensitive((await lint(write('nested/event-each.yaml', `${HEAD}${event('#/components/schemas/S0')}components:\n  schemas:\n${chain('#/components/schemas/', '    ')}`))).stdout);
    expect(inDocument).toHaveLength(n);
    expect([inDocument[0], inDocument[n - 1]]).toEqual([['event-each.yaml', 12, 78, 'warn'], ['event-each.yaml', n + 11, 86, 'warn']]);
    write('nested/event-schemas.yaml', chain('#/', ''));
    const inFile = sensitive((await lint(write('nested/event-file.yaml', `${HEAD}${event('./event-schemas.yaml#/S0')}`))).stdout);
    expect(inFile).toHaveLength(n);
    expect([inFile[0], inFile[n - 1]]).toEqual([['event-schemas.yaml', 1, 55, 'warn'], ['event-schemas.yaml', n, 63, 'warn']]);
  });
});

describe('4. a $ref chain through many files', () => {
  /** openapi.yaml → c0.yaml → … → c<n-1>.yaml, the last with a property that is not snake_case. */
  const chain = (name: string, n: number): string => {
    for (let i = 0; i < n; i++) write(`${name}/c${i}.yaml`, i + 1 < n ? `$ref: "./c${i + 1}.yaml"\n` : 'type: object\nproperties:\n  BadName: {type: string}\n');
    return write(`${name}/openapi.yaml`, `${HEAD}components:\n  schemas:\n    A: {$ref: "./c0.yaml"}\n`);
  };

  it('a chain of 300 files is followed to its end: the finding in the last file is reported', async () => {
    const result = await runInProcess(['lint', chain('chain300', 300), '-f', 'json', '--no-config'], tmp);
    const findings = (JSON.parse(result.stdout) as { findings: { ruleId: string; file: string }[] }).findings;
    expect(findings.filter(f => f.ruleId === 'properties-snake-case').map(f => path.basename(f.file))).toEqual(['c299.yaml']);
    expect(findings.filter(f => f.ruleId === 'invalid-ref')).toEqual([]);
  });

  it(`a chain past ${MAX_REF_FILE_CHAIN.toLocaleString('en-US')} files: an invalid-ref error at the ref where it stopped`, async () => {
    const result = await runInProcess(['lint', chain('chainmax', MAX_REF_FILE_CHAIN + 5), '-f', 'json', '--no-config'], tmp);
    expect(result.code).toBe(1);
    const stopped = refFindings(result.stdout);
    expect(stopped).toHaveLength(1);
    expect(path.basename(stopped[0]!.file)).toBe(`c${MAX_REF_FILE_CHAIN}.yaml`);
    expect(stopped[0]!.message).toBe(`Cannot resolve $ref: a chain of $refs through more than ${MAX_REF_FILE_CHAIN.toLocaleString('en-US')} files: not followed further`);
  });
});

describe('5. memory flat in the number of files', () => {
  it('a session keeps no document once it is linted: the heap after 60 documents is the heap after 10', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const text = readFileSync(path.join(ROOT, 'fixtures/reference-service.yaml'), 'utf8');
    const dir = path.join(tmp, 'many');
    mkdirSync(dir, { recursive: true });
    const session = new LintSession({ cwd: dir, config: EMPTY_CONFIG, allowRemote: false });
    const heapAfter = async (from: number, to: number) => {
      for (let i = from; i < to; i++) expect((await session.lintText(path.join(dir, `spec-${i}.yaml`), text))?.findings).toEqual([]);
      gc();
      return process.memoryUsage().heapUsed;
    };
    const after10 = await heapAfter(0, 10);
    const after60 = await heapAfter(10, 60);
    // Each document's resolved tree is about 0.4 MB: kept, 50 more would add some 20 MB.
    expect((after60 - after10) / 1024 / 1024).toBeLessThan(6);
  });
});

describe('6. the config and the baseline are bounded like documents', () => {
  it('a config nested 100,000 deep: one line, no stack overflow', async () => {
    const config = write('config/deep.yaml', `rules: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
    const result = await runInProcess(['lint', 'fixtures/reference-service.yaml', '-c', config], ROOT);
    expect(result.code).toBe(2);
    expectOneLine(result, /deep\.yaml: nesting deeper than 1,000 levels: refused$/);
  });

  it.runIf(existsSync('/dev/zero'))('-c /dev/zero and --baseline /dev/zero: one line at once, nothing read', async () => {
    for (const args of [['-c', '/dev/zero'], ['--baseline', '/dev/zero']]) {
      const result = await runInProcess(['lint', 'fixtures/reference-service.yaml', ...args], ROOT);
      expect(result.code).toBe(2);
      expect(result.ms).toBeLessThan(2000);
      expectOneLine(result, /^apilint: \/dev\/zero: not a regular file$/);
    }
  });

  // Fuzz seed 6001: a baseline finding replaced by null was an internal error.
  it('a baseline whose findings are not findings: one line naming the entry', async () => {
    for (const [name, entry] of [['null', 'null'], ['number', '0'], ['missing', '{"ruleId": "r", "file": "f"}'], ['array', '["r", "f", "/p"]']]) {
      const baseline = write(`baseline/entry-${name}.json`, `{"version": 1, "findings": [{"ruleId": "r", "file": "f", "pointer": "/p"}, ${entry}]}`);
      const result = await runInProcess(['lint', 'fixtures/reference-service.yaml', '--baseline', baseline], ROOT);
      expect(result.code, name).toBe(2);
      expectOneLine(result, new RegExp(`entry-${name}\\.json: not an apilint baseline: finding 2 is not an object with a ruleId, file and pointer$`));
    }
  });

  it('a config or a baseline past --max-file-size', async () => {
    const config = write('config/big.yaml', `rules: {}\n# ${'x'.repeat(2 * 1024 * 1024)}\n`);
    const result = await runInProcess(['lint', 'fixtures/reference-service.yaml', '-c', config, '--max-file-size', '1MB'], ROOT);
    expect(result.code).toBe(2);
    expectOneLine(result, /big\.yaml: file too large \(2,097,16\d bytes\): the limit is 1 MB, raise it with --max-file-size$/);
  });
});

describe('7. option values are values', () => {
  it('--since and --baseline take a value that starts with -- as their value, never as --output', async () => {
    const target = path.join(tmp, 'options/x.txt');
    mkdirSync(path.dirname(target), { recursive: true });
    for (const option of ['--since', '--baseline']) {
      const result = await runInProcess(['lint', 'fixtures/reference-service.yaml', '-f', 'json', option, `--output=${target}`], ROOT);
      expect(result.code, option).toBe(2);
      expect(existsSync(target), option).toBe(false);
      expectOneLine(result, option === '--since' ? /--since: unknown git revision "--output=/ : /baseline file not found/);
    }
    const attached = await runInProcess(['lint', 'fixtures/reference-service.yaml', '-f', 'json', '--baseline', '-o', target], ROOT);
    expect(attached.code).toBe(2);
    expect(existsSync(target)).toBe(false);
  });
});

describe('8. the smaller ones', () => {
  it('a quoted glob follows no symlinked folder: none out of the tree, no loop', async () => {
    const dir = path.join(tmp, 'glob');
    mkdirSync(path.join(dir, 'tree'), { recursive: true });
    mkdirSync(path.join(dir, 'outside'), { recursive: true });
    write('glob/outside/secret.yaml', `${HEAD}`);
    write('glob/tree/a.yaml', `${HEAD}`);
    symlinkSync('../outside', path.join(dir, 'tree/link'));
    symlinkSync('..', path.join(dir, 'tree/loop'));
    const result = await runInProcess(['lint', '**/*.yaml', '-f', 'json', '--no-config'], path.join(dir, 'tree'));
    expect(JSON.parse(result.stdout).files).toEqual(['a.yaml']);
  });

  it('a byte order mark and CR line endings give the positions of the same file without them', async () => {
    // The operation ends with a block scalar, which the YAML parser ends at the next line feed.
    const text = 'openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /orders/:\n    get:\n      responses: {}\n      description: |\n        Lists orders.\n';
    const positions = async (name: string, content: string) => {
      const result = await runInProcess(['lint', write(`positions/${name}`, content), '-f', 'json', '--no-config'], ROOT);
      type Placed = { ruleId: string; line: number; column: number; endLine: number; endColumn: number };
      return (JSON.parse(result.stdout) as { findings: Placed[] }).findings.map(f => `${f.ruleId}@${f.line}:${f.column}-${f.endLine}:${f.endColumn}`);
    };
    const plain = await positions('plain.yaml', text);
    expect(plain).toContain('path-no-trailing-slash@4:10-4:11');
    expect(plain).toContain('flow-id-header@5:5-8:22');
    expect(await positions('bom.yaml', `\ufeff${text}`)).toEqual(plain);
    expect(await positions('cr.yaml', text.replace(/\n/g, '\r'))).toEqual(plain);
    expect(await positions('crlf.yaml', text.replace(/\n/g, '\r\n'))).toEqual(plain);
    expect(normalizeText('\ufeffa\rb\r\nc')).toBe('a\nb\r\nc');
  });

  it('parse errors quote no document content', async () => {
    const tag = `tag:${'s'.repeat(94)}`;
    const result = await runInProcess(['lint', write('content/tag.yaml', `${HEAD}x: !<${tag}> 1\n`), '--no-config'], ROOT);
    expect(result.code).toBe(2);
    expectOneLine(result, /tag\.yaml:4:4: invalid YAML: unknown tag <…>$/);
    expect(result.stderr).not.toContain('sss');
    expect(withoutContent('tag name cannot contain such characters: !foo{bar')).toBe('tag name cannot contain such characters');
    expect(withoutContent('unidentified alias "secret"')).toBe('unidentified alias "…"');
  });

  it.runIf(existsSync('/dev/full'))('a report that cannot be written to stdout (a full disk) is exit 2 with one line', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync('sh', ['-c', `"${process.execPath}" bin/apilint.js lint fixtures/reference-service.yaml -f json > /dev/full`], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expectOneLine(result, /^apilint: <stdout>: cannot write the report \(ENOSPC\)$/);
  });

  it('remote fetches share one time budget: a chain of slow documents stops at the deadline, and says so', async () => {
    const file = write('remote/slow.yaml', `${HEAD}components:\n  schemas:\n    T: {$ref: '${base}/slow0.yaml#/Thing'}\n`);
    const linter = new Linter({ cwd: path.dirname(file), allowRemote: true, remote: { deadline: Date.now() + 1000 } });
    const started = performance.now();
    const findings = await linter.lint(linter.parse(readFileSync(file, 'utf8'), file)!);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(findings.filter(f => f.ruleId === 'invalid-ref').map(f => f.message)).toEqual([
      expect.stringMatching(/slow\d\.yaml is not fetched: remote \$refs used up their time \(--allow-remote fetches end 60 s after the run starts\)$/),
    ]);
  });
});

describe('bidirectional controls ("Trojan Source") are escaped in every text format', () => {
  it('escapeControl', () => {
    for (const c of ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(escapeControl(`a${c}b`)).toBe(`a\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}b`);
    }
    expect(safeText('Property "x\u202eyz" is bad')).toBe('Property "x\\u202eyz" is bad');
  });

  it('a property name and a file name with U+202E reach no report raw', async () => {
    const dir = path.join(tmp, 'bidi');
    write('bidi/\u202eevil.yaml', `${HEAD}components:\n  schemas:\n    S:\n      type: object\n      properties:\n        badName\u202e: {type: string}\n`);
    for (const format of ['stylish', 'github', 'markdown', 'junit', 'json', 'sarif', 'codeclimate']) {
      const result = await runInProcess(['lint', '\u202eevil.yaml', '-f', format, '--no-config'], dir);
      expect([0, 1]).toContain(result.code);
      // Machine formats keep the file's exact path, which their readers get as JSON; messages are escaped in all.
      const strings: string[] = [];
      JSON.stringify(['json', 'sarif', 'codeclimate'].includes(format) ? JSON.parse(result.stdout) : result.stdout, (key, value: unknown) => {
        if (/uri|file|path|pointer|fullyQualifiedName/i.test(key)) return undefined;
        if (typeof value === 'string') strings.push(value);
        return value;
      });
      const shown = strings.join('\n');
      expect(shown, format).toContain('badName\\u202e');
      expect(shown, format).not.toContain('\u202e');
    }
  });
});

describe('9. lists as long as a document allows', () => {
  // Errors gathered by copying the list so far (Ajv's code, better-ajv-errors), lists spread into
  // one call (past some 120,000 arguments the call stack overflows), and errors of one node taken
  // out of a list from its front: each of these documents took minutes, or failed with a stack
  // overflow reported as "nested too deeply" or as a finding. The CLI (the bundle, as shipped)
  // must lint each inside the kill bound, with the findings the document has.
  const N = 150_000;
  const range = Array.from({ length: N }, (_, i) => i);
  const info = { title: 'T', version: '1.0.0' };
  /** Lints `doc` with its report written to a file; the report's text and the run's result. */
  const lint = async (name: string, doc: object) => {
    const file = write(`lists/${name}.json`, JSON.stringify(doc));
    const report = path.join(tmp, `lists/${name}.report.json`);
    const result = await runCli(['lint', file, '--no-config', '-f', 'json', '-o', report], { cwd: tmp, killAfterMs: 90_000 });
    expect(result.stderr).toBe('');
    return { result, report: readFileSync(report, 'utf8') };
  };
  const count = (report: string, ruleId: string) => (JSON.parse(report) as { findings: { ruleId: string }[] }).findings.filter(f => f.ruleId === ruleId).length;

  it(`an x-rate-limit with ${N.toLocaleString('en-US')} tiers written wrong: a finding for each`, { timeout: 120_000 }, async () => {
    const tiers = Object.fromEntries(range.map(i => [`T${i}`, { limit: 'ten', window: 'PT1M' }]));
    const { result, report } = await lint('tiers', { openapi: '3.0.3', info, paths: {}, 'x-rate-limit': { limit: 1, window: 'PT1M', key: 'USER', algorithm: 'TOKEN_BUCKET', tiers } });
    expect(result.code).toBe(1);
    expect(count(report, 'rate-limit-policy')).toBe(N);
    expect(report).not.toContain('call stack');
  });

  it(`${N.toLocaleString('en-US')} Swagger 2.0 parameter definitions without a name: an openapi-valid finding for each`, { timeout: 120_000 }, async () => {
    const parameters = Object.fromEntries(range.map(i => [`p${i}`, { in: 'query', type: 'string' }]));
    const { result, report } = await lint('parameters', { swagger: '2.0', info, paths: {}, parameters });
    expect(result.code).toBe(1);
    expect(count(report, 'openapi-valid')).toBe(N);
  });

  it(`a Swagger 2.0 parameter with ${N.toLocaleString('en-US')} keys it may not have: one openapi-valid finding`, { timeout: 120_000 }, async () => {
    const parameter: Record<string, unknown> = { name: 'q', in: 'query', type: 'string' };
    for (const i of range) parameter[`k${i}`] = 1;
    const { result, report } = await lint('keys', { swagger: '2.0', info, paths: { '/a': { get: { parameters: [parameter], responses: { '200': { description: 'OK' } } } } } });
    expect(result.code).toBe(1);
    expect(count(report, 'openapi-valid')).toBe(1);
  });

  it(`a schema of ${N.toLocaleString('en-US')} properties`, { timeout: 120_000 }, async () => {
    const properties = Object.fromEntries(range.map(i => [`field_${i}`, { type: 'string' }]));
    const response = { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Big' } } } };
    const { result, report } = await lint('properties', { openapi: '3.0.3', info, paths: { '/bigs': { get: { responses: { '200': response } } } }, components: { schemas: { Big: { type: 'object', properties } } } });
    expect(result.code).toBe(1);
    expect(count(report, 'openapi-valid')).toBe(0);
  });

  it('6,000 event types that share one event schema of 6,000 properties: the schema read once, its findings once, where it is written', { timeout: 120_000 }, async () => {
    // Each event rule read the shared schema once per event type, its properties and `allOf`
    // parts again for every field path: 1,000 of each took 3.4 s, 6,000 past the kill bound.
    // Thing is the document's one resource (the event schema is none), which `data` does not match.
    const n = 6_000;
    const event = (i: number) => ({
      name: `shipping.thing${i}-changed`, owning_application: 'svc', category: 'data', compatibility_mode: 'forward',
      partition_strategy: 'hash', partition_key_fields: ['data.p_1'], ordering_key_fields: ['data.p_2'],
      schema: { type: 'json_schema', version: '1.0.0', schema: { $ref: '#/components/schemas/E' } },
    });
    const props = Object.fromEntries(range.slice(0, n).map(i => [`p_${i}`, { type: 'string' }]));
    const doc = { openapi: '3.0.3', info, paths: {}, 'x-event-types': range.slice(0, n).map(event), components: { schemas: { E: { type: 'object', properties: { data: { type: 'object', properties: props }, ...props } }, Thing: { type: 'object', properties: { id: { type: 'string' } } } } } };
    const { result, report } = await lint('shared-event-schema', doc);
    expect(result.code).toBe(1);
    const findings = (JSON.parse(report) as { findings: { ruleId: string; pointer: string; message: string }[] }).findings.filter(f => f.ruleId.startsWith('event-'));
    expect(findings.map(f => [f.ruleId, f.pointer])).toEqual([
      ['event-metadata', '/components/schemas/E'],
      ['event-metadata', '/components/schemas/E'],
      ['event-metadata', '/components/schemas/E'],
      ['event-matches-resource', '/components/schemas/E/properties/data'],
    ]);
  });

  it('8,000 operations that share one response of 8,000 headers, under a document security list of 8,000 alternatives: each read once', { timeout: 120_000 }, async () => {
    // Rules read a shared response's headers, and the document's security list, once for every
    // operation that uses them: the square of the document (4,000 of each took 31 s).
    const n = 8_000;
    const doc = {
      openapi: '3.0.3',
      info,
      security: range.slice(0, n).map(i => ({ [`bearer${i}`]: [] })),
      paths: Object.fromEntries(range.slice(0, n).map(i => [`/things${i}`, { get: { responses: { '200': { $ref: '#/components/responses/Shared' } } } }])),
      components: {
        responses: { Shared: { description: 'OK', headers: Object.fromEntries(range.slice(0, n).map(i => [`X-Header-${i}`, { schema: { type: 'string' } }])), content: { 'application/json': { schema: { type: 'object' } } } } },
        securitySchemes: { ...Object.fromEntries(range.slice(0, n - 1).map(i => [`bearer${i}`, { type: 'http', scheme: 'bearer' }])) },
      },
    };
    const { result, report } = await lint('shared-response', doc);
    expect(result.code).toBe(1);
    // The one scheme left undefined is reported once, at the document's list.
    const undefinedScheme = (JSON.parse(report) as { findings: { ruleId: string; pointer: string }[] }).findings.filter(f => f.ruleId === 'operations-secured');
    expect(undefinedScheme.map(f => f.pointer)).toEqual([`/security/${n - 1}/bearer${n - 1}`]);
  });

  it('4,000 operations that share one request body and one response of 4,000 media types each: each list of bodies made and read once', { timeout: 120_000 }, async () => {
    // Each operation made its own list of the shared bodies, and rules read each list: the square
    // of the document in time and memory (1,000 of each: 3.2 s and 900 MB; 4,000: past 300 s).
    const n = 4_000;
    const content = Object.fromEntries(range.slice(0, n).map(i => [`application/x-type${i}+json`, { schema: { type: 'array', items: { type: 'string' } } }]));
    const doc = {
      openapi: '3.0.3',
      info,
      paths: Object.fromEntries(range.slice(0, n).map(i => [`/things${i}`, { post: { requestBody: { $ref: '#/components/requestBodies/Shared' }, responses: { '200': { $ref: '#/components/responses/Shared' } } } }])),
      components: { requestBodies: { Shared: { content } }, responses: { Shared: { description: 'OK', content } } },
    };
    const { result, report } = await lint('shared-content', doc);
    expect(result.code).toBe(1);
    // A bare array is no top-level object: one finding per media type of each component, where it is written.
    const bare = (JSON.parse(report) as { findings: { ruleId: string; pointer: string }[] }).findings.filter(f => f.ruleId === 'top-level-object');
    expect(bare).toHaveLength(2 * n);
    expect(bare.every(f => f.pointer.startsWith('/components/'))).toBe(true);
  });

  it('4,000 Swagger 2.0 operations under a document produces list of 4,000 media types: a body per kind of type, not per type', { timeout: 120_000 }, async () => {
    // Each operation's response had a body for each type of the document's list: n² bodies (1,000
    // of each: 2.3 s and 555 MB; 4,000: past 300 s).
    const n = 4_000;
    const doc = {
      swagger: '2.0',
      info,
      produces: ['application/problem+json', ...range.slice(1, n).map(i => `application/x-type${i}+json`)],
      paths: Object.fromEntries(range.slice(0, n).map(i => [`/things${i}`, { get: { responses: { '200': { description: 'OK', schema: { type: 'array', items: { type: 'string' } } } } } }])),
    };
    const { result, report } = await lint('produces', doc);
    expect(result.code).toBe(1);
    const bare = (JSON.parse(report) as { findings: { ruleId: string; pointer: string }[] }).findings.filter(f => f.ruleId === 'top-level-object');
    expect(bare.map(f => f.pointer)).toEqual(range.slice(0, n).map(i => `/paths/~1things${i}/get/responses/200/schema`));
  });

  it('16,000 batch operations whose bodies each extend one base schema of 16,000 properties: the base read once', { timeout: 120_000 }, async () => {
    // Each body's merged properties were a map of its own, the base's copied into each: the square
    // of the document (8,000 of each: 34 s and 2.2 GB).
    const n = 16_000;
    const doc = {
      openapi: '3.0.3',
      info,
      paths: Object.fromEntries(range.slice(0, n).map(i => [`/things${i}/batch`, { post: { requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/S${i}` } } } }, responses: { '201': { description: 'OK' } } } }])),
      components: {
        schemas: {
          Base: { type: 'object', properties: Object.fromEntries(range.slice(0, n).map(i => [`p_${i}`, { type: 'string' }])) },
          // The one array among the merged properties, `items`, makes each body bulk-shaped.
          ...Object.fromEntries(range.slice(0, n).map(i => [`S${i}`, { allOf: [{ $ref: '#/components/schemas/Base' }], properties: { items: { type: 'array', items: { type: 'object' } } } }])),
        },
      },
    };
    const { result, report } = await lint('allof-base', doc);
    expect(result.code).toBe(1);
    const batches = (JSON.parse(report) as { findings: { ruleId: string; pointer: string }[] }).findings.filter(f => f.ruleId === 'batch-207');
    expect(batches.map(f => f.pointer).sort()).toEqual(range.slice(0, n).map(i => `/paths/~1things${i}~1batch/post`).sort());
  });

  it('4,000 event types whose schemas each extend one base schema of 4,000 properties: the base walked once', { timeout: 120_000 }, async () => {
    // Each event schema's tree, merged properties, depth and validation took in the base again:
    // the square of the document (2,000 of each: 14 s and 1.5 GB).
    const n = 4_000;
    const base = { type: 'object', properties: { password: { type: 'string' }, ...Object.fromEntries(range.slice(1, n).map(i => [`p_${i}`, { type: 'string', ...(i === 1 ? { minLength: -1 } : {}) }])) } };
    const doc = {
      openapi: '3.0.3',
      info,
      paths: {},
      'x-event-types': range.slice(0, n).map(i => ({ name: `shipping.thing${i}-changed`, owning_application: 'svc', category: 'general', compatibility_mode: 'forward', schema: { type: 'json_schema', version: '1.0.0', schema: { $ref: `#/components/schemas/E${i}` } } })),
      components: { schemas: { Base: base, ...Object.fromEntries(range.slice(0, n).map(i => [`E${i}`, { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { [`own_${i}`]: { type: 'string' } } }] }])) } },
    };
    const { result, report } = await lint('allof-events', doc);
    expect(result.code).toBe(1);
    const findings = (JSON.parse(report) as { findings: { ruleId: string; pointer: string }[] }).findings;
    // The base's sensitive property and its invalid keyword once, where they are written; the
    // missing metadata once per event schema.
    expect(findings.filter(f => f.ruleId === 'event-no-sensitive-data').map(f => f.pointer)).toEqual(['/components/schemas/Base/properties/password']);
    expect(findings.filter(f => f.ruleId === 'event-schema-valid').map(f => f.pointer)).toEqual(['/components/schemas/Base/properties/p_1/minLength']);
    expect(findings.filter(f => f.ruleId === 'event-metadata').map(f => f.pointer).sort()).toEqual(range.slice(0, n).map(i => `/components/schemas/E${i}`).sort());
  });

  it(`a referenced file that repeats a key ${N.toLocaleString('en-US')} times: an invalid-ref error at the first repeat`, { timeout: 120_000 }, async () => {
    write('lists/repeats.yaml', `A:\n  type: object\n  properties:\n${'    dup: {type: string}\n'.repeat(N)}`);
    const result = await runCli(['lint', write('lists/uses.yaml', `${HEAD}components:\n  schemas:\n    A: {$ref: "./repeats.yaml#/A"}\n`), '-f', 'json', '--no-config'], { cwd: tmp, killAfterMs: 90_000 });
    expect(result.code).toBe(1);
    expect(refFindings(result.stdout).map(f => [path.basename(f.file), f.line, f.message])).toEqual([['repeats.yaml', 5, 'Referenced file cannot be parsed: Duplicate key: dup: dup']]);
  });
});
