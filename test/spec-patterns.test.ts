// Issue #20, "Bounded everywhere": regular expressions and hostile document text. A spec from a
// pull request can hold `pattern: '^(a+)+$'` and a value that makes a backtracking engine run for
// hours. `apilint lint` never runs a document's pattern (the schemas ajv compiles are apilint's and
// Spectral's; a document's pattern is only parsed, as `format: regex`); the diff rules compare an
// old and a new pattern by running them, on RE2. apilint's own regular expressions run on document
// text too: the last cases are the inputs that made them backtrack (test/regex-audit.test.ts keeps
// new ones out), sized so that the old expressions took many minutes. Each run is killed after a
// minute, far past what it takes, so that a hang fails the test rather than blocking the suite.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPattern } from '../rulesets/lib/pattern.js';
import { patternAdmits } from '../rulesets/lib/patterns.js';
import { runCli } from './helpers/cli.js';
import { diffFiles } from './helpers/diff.js';

const HOSTILE = '^(a+)+$';
/** Takes a JavaScript RegExp exponential time on HOSTILE: 41 characters are minutes. */
const VALUE = `${'a'.repeat(40)}!`;
const KILL = { killAfterMs: 60_000 };

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'apilint-spec-patterns-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const target = path.join(tmp, name);
  writeFileSync(target, text);
  return target;
}

interface Report {
  findings: { ruleId: string; line: number; column: number; message: string }[];
}
const places = (stdout: string) => (JSON.parse(stdout) as Report).findings.map(f => `${f.line}:${f.column} ${f.ruleId}`);

/** A schema with `pattern` and values it refuses wherever a value sits, and a `patternProperties` key. */
const schema = (pattern: string, indent: string) =>
  [
    'type: object',
    'properties:',
    '  code:',
    '    type: string',
    `    pattern: '${pattern}'`,
    `    example: '${VALUE}'`,
    `    default: '${VALUE}'`,
    `    enum: ['${VALUE}']`,
    'patternProperties:',
    `  '${pattern}': {type: string}`,
    `example: {code: '${VALUE}', '${VALUE}': x}`,
  ]
    .map(line => `${indent}${line}`)
    .join('\n');

const openapi31 = (pattern: string) =>
  `openapi: 3.1.0\ninfo: {title: t, version: 1.0.0}\npaths:\n  /items:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n${schema(pattern, ' '.repeat(16))}\n`;

const eventTypes = (pattern: string) =>
  `- name: shipping.shipment-changed\n  owning_application: shipment-service\n  category: business\n  schema:\n    type: json_schema\n    version: 1.0.0\n    schema:\n${schema(pattern, ' '.repeat(6))}\n`;

describe('lint: a hostile pattern in the document', () => {
  it.each([
    ['OpenAPI 3.1 (its schema dialect parses patterns as format: regex)', 'openapi.yaml', openapi31],
    ['event types (event-schema-valid validates the schema with ajv)', 'events.yaml', eventTypes],
  ])('%s: the findings are those of a harmless pattern', async (_name, name, make) => {
    const hostile = await runCli(['lint', file(`hostile-${name}`, make(HOSTILE)), '-f', 'json'], KILL);
    const harmless = await runCli(['lint', file(`harmless-${name}`, make('^a+$')), '-f', 'json'], KILL);
    expect(hostile.stderr).toBe('');
    expect(hostile.code).toBe(1);
    expect(harmless.code).toBe(1);
    expect(places(hostile.stdout)).toEqual(places(harmless.stdout));
    expect(places(hostile.stdout).length).toBeGreaterThan(0);
  }, 130_000);
});

const DIFF_SPEC = (pattern: string) =>
  `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /items:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema:\n              type: object\n              properties:\n                code: {type: string, pattern: '${pattern}'}\n      responses:\n        '200': {description: ok}\n`;

describe('diff: an old and a new pattern are compared on RE2', () => {
  // Values of up to 160 `a` and a `!` are tried against the new pattern: minutes each with a
  // JavaScript RegExp (the first slipped past the nested-quantifier check that came before RE2).
  it.each(['^(a+){1,99}$', '^a*a*a*a*a*a*$', HOSTILE])('%s: the narrowing is reported', async pattern => {
    const base = file('base.yaml', DIFF_SPEC('^a{1,160}!?$'));
    const revision = file(`revision-${pattern.length}.yaml`, DIFF_SPEC(pattern));
    const result = await runCli(['diff', base, revision, '-f', 'json'], KILL);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const messages = (JSON.parse(result.stdout) as Report).findings.filter(f => f.ruleId === 'request-constraint-tightened').map(f => f.message);
    expect(messages).toEqual([`Property "code" in the request body has a stricter pattern in requests (pattern "^a{1,160}!?$" → ${JSON.stringify(pattern)}): clients that send values valid before are rejected.`]);
  }, 70_000);

  it('a pattern RE2 does not run is not compared, and the finding says why', async () => {
    const base = file('base-run.yaml', DIFF_SPEC('^[a-z]+$'));
    const revision = file('revision-lookahead.yaml', DIFF_SPEC('^(?=[a-z])[a-z]+$'));
    const [finding] = (await diffFiles(base, revision, { only: ['request-constraint-tightened'] })).filter(f => f.ruleId === 'request-constraint-tightened');
    expect(finding?.message).toContain('(pattern "^[a-z]+$" → "^(?=[a-z])[a-z]+$"; not compared: the new pattern uses lookahead, which apilint does not run)');
  });

  it('patternAdmits: values the old pattern admits, tried against the new one', () => {
    expect(patternAdmits('^a{1,160}!?$', '^a*a*a*a*a*a*$', {})).toBe(false);
    expect(patternAdmits('^a{1,160}$', '^(a+)+$', {})).toBe(true);
    // JSON Schema's escapes are read as JavaScript reads them.
    expect(patternAdmits('^[a-z]{1,20}$', '^[\\u0061-\\u007a]+$', {})).toBe(true);
    expect(patternAdmits('^[a-z/]{1,20}$', '^[a-z\\/]+$', {})).toBe(true);
    expect(patternAdmits('^[a-z]+$', '^(?=a)[a-z]+$', {})).toBeUndefined();
  });
});

describe('documentPattern', () => {
  it.each([
    ['(?=a)a', 'uses lookahead, which apilint does not run'],
    ['(?!a)b', 'uses lookahead, which apilint does not run'],
    ['(?<=a)b', 'uses lookbehind, which apilint does not run'],
    ['(?<!a)b', 'uses lookbehind, which apilint does not run'],
    ['(a)\\1', 'uses a backreference, which apilint does not run'],
    // re2js would read \k<x> as the text "k<x>".
    ['(?<x>a)\\k<x>', 'uses a backreference, which apilint does not run'],
    [`(${'a'.repeat(200)}`, 'is not a regular expression RE2 runs (missing closing ))'],
  ])('%s %s', (source, problem) => {
    expect(documentPattern(source)).toEqual({ problem });
  });

  it('an escaped backslash before k is no backreference', () => {
    const pattern = documentPattern('^\\\\k<x>$');
    if ('problem' in pattern) throw new Error(pattern.problem);
    expect(pattern.test('\\k<x>')).toBe(true);
  });
});

describe('apilint\'s own regular expressions on hostile document text', () => {
  const MB = 1 << 20;
  const withPath = (key: string, extra = '') =>
    `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\n${extra}paths:\n  ${JSON.stringify(key)}:\n    get:\n      responses: {"200": {description: ok, content: {"application/json": {schema: {type: string}}}}}\n`;

  it.each([
    // Template expressions, trailing slashes: a run of `{` rescanned from each one (quadratic), a
    // `{…path…}` test (cubic).
    ['a 1 MB path key of "{"', withPath(`/a/${'{'.repeat(MB)}`), 'path-kebab-case'],
    ['a path segment of "{" then "path"', withPath(`/a/{x}${'{'.repeat(8000)}${'path'.repeat(8000)}`), 'path-kebab-case'],
    // The blanks before a reported key, on its line.
    ['a 1 MB run of blanks before a key', `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    A: {type: object, properties: {x: {type: string},${' '.repeat(MB)}badName: {type: string}}}\n`, 'properties-snake-case'],
  ])('lint, %s', async (name, text, ruleId) => {
    const result = await runCli(['lint', file(`own-${name.length}.yaml`, text), '-f', 'json'], KILL);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as Report).findings.map(f => f.ruleId)).toContain(ruleId);
  });

  it('lint, a __proto__ key found among 1 MB of backslashes: refused with one line', async () => {
    const text = `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\nx:\n  ? __proto__\n  : 1\ny: |\n  "${'\\'.repeat(MB)}\n`;
    const result = await runCli(['lint', file('proto.yaml', text)], KILL);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^apilint: .*proto\.yaml: a key named "__proto__" is not allowed: refused\n$/);
  });

  // The base has a server the revisions drop: each run that ends reports server-removed.
  it.each([
    ['a 1 MB path key of "/"', withPath(`/a${'/'.repeat(MB)}x`)],
    ['a 1 MB path key of "{"', withPath(`/a/${'{'.repeat(MB)}`)],
    ['a server URL with 1 MB of "+" and a line break', withPath('/a', `servers: [{url: ${JSON.stringify(`a://${'+'.repeat(MB)}://\n`)}}]\n`)],
    ['a media type with a version parameter of 16,000 tabs', withPath('/a').replace('application/json', `application/json; VERSION=${'\\t'.repeat(8000)}=${'\\t'.repeat(8000)}\\"I`)],
  ])('diff, %s', async (name, revision) => {
    const base = file('own-base.yaml', withPath('/a', 'servers: [{url: "https://example.com"}]\n'));
    const result = await runCli(['diff', base, file(`own-diff-${name.length}.yaml`, revision), '-f', 'json'], KILL);
    expect(result.stderr).toBe('');
    expect((JSON.parse(result.stdout) as Report).findings.map(f => f.ruleId)).toContain('server-removed');
  });
});
