// Issue #20, item 6: a config a pull request can edit runs no pattern that backtracks. Rule options
// that are regular expressions are compiled when the config is validated (a bad one is a config
// error with its line) and run on RE2; the config's globs are matched by RE2 too.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linearPattern, optionPattern } from '../rulesets/lib/pattern.js';
import { globsMatcher } from '../src/config/glob.js';
import { expectOneLine } from './helpers/cli.js';
import { runInProcess } from './helpers/inprocess.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'apilint-safe-config-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A project with a config and a spec whose only OAuth2 scope is `scope`. */
function project(name: string, config: string, scope = 'orders.read'): string {
  const dir = path.join(tmp, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, '.apilint.yaml'), config);
  writeFileSync(
    path.join(dir, 'openapi.yaml'),
    `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\ncomponents:\n  securitySchemes:\n    oauth:\n      type: oauth2\n      flows:\n        clientCredentials:\n          tokenUrl: https://example.com/token\n          scopes:\n            ${scope}: Some scope.\n`,
  );
  return dir;
}

const scopeFindings = (stdout: string) => (JSON.parse(stdout) as { findings: { ruleId: string; message: string }[] }).findings.filter(f => f.ruleId === 'scope-naming');

describe('rule options that are regular expressions', () => {
  it('^(a+)+$ on a 41-character scope: RE2 answers at once, and the finding is there', async () => {
    const dir = project('redos', 'rules:\n  scope-naming: [warn, {pattern: "^(a+)+$"}]\n', `${'a'.repeat(40)}b`);
    const result = await runInProcess(['lint', 'openapi.yaml', '-f', 'json'], dir);
    expect(result.ms).toBeLessThan(10_000);
    expect(scopeFindings(result.stdout).map(f => f.message)).toEqual([`Scope "${'a'.repeat(40)}b" does not match the configured naming pattern ^(a+)+$: rename it.`]);
  });

  it('a pattern that does not compile is a config error with its line, before any file is linted', async () => {
    for (const [pattern, reason] of [
      ['(', 'missing closing \\): `\\(`'],
      ['(?=x)y', 'invalid or unsupported Perl syntax: `\\(\\?=`'],
    ] as const) {
      const dir = project(`bad-${pattern.length}`, `rules:\n  api-meta-info: warn\n  scope-naming:\n    - warn\n    - pattern: "${pattern}"\n`);
      const result = await runInProcess(['lint', 'openapi.yaml'], dir);
      expect(result.code).toBe(2);
      expectOneLine(result, new RegExp(`\\.apilint\\.yaml:5:\\d+: invalid config: rule "scope-naming": option "pattern" is not a regular expression apilint can run: ${reason}`));
    }
  });

  it('parameters-snake-case and event-type-name take configured patterns on RE2 too', async () => {
    const dir = path.join(tmp, 'params');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, '.apilint.yaml'), 'rules:\n  parameters-snake-case: [error, {pattern: "^(x+x+)+$"}]\n');
    writeFileSync(
      path.join(dir, 'openapi.yaml'),
      `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /a:\n    get:\n      parameters:\n        - {name: ${'x'.repeat(40)}y, in: query, schema: {type: string}}\n      responses: {'200': {description: ok}}\n`,
    );
    const result = await runInProcess(['lint', 'openapi.yaml', '-f', 'json'], dir);
    expect(result.ms).toBeLessThan(10_000);
    const findings = (JSON.parse(result.stdout) as { findings: { ruleId: string }[] }).findings;
    expect(findings.filter(f => f.ruleId === 'parameters-snake-case')).toHaveLength(1);
  });

  it('the built-in defaults keep JavaScript semantics; configured ones run on RE2', () => {
    expect(optionPattern('^a$', '^a$').test('a')).toBe(true);
    const started = Date.now();
    expect(optionPattern('^(a+)+$', '^x$').test(`${'a'.repeat(5000)}b`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(linearPattern('(a)\\1')).toEqual({ problem: 'invalid escape sequence: `\\1`' });
  });
});

describe('config globs', () => {
  const matches = (globs: string[], file: string) => {
    const matcher = globsMatcher(globs);
    if ('problem' in matcher) throw new Error(matcher.problem);
    return matcher.matches(file);
  };

  it('match as picomatch does with dot: true', () => {
    const cases: [string, string, boolean][] = [
      ['**/*.yaml', 'a.yaml', true],
      ['**/*.yaml', 'a/b/.c.yaml', true],
      ['**/*.yaml', 'a/b.yml', false],
      ['*.yaml', 'a/b.yaml', false],
      ['vendor/**', 'vendor', true],
      ['vendor/**', 'vendor/x/y.json', true],
      ['vendor/**', 'vendors/x', false],
      ['a/**/b.json', 'a/b.json', true],
      ['a/**/b.json', 'a/x/y/b.json', true],
      ['sub/?.json', 'sub/a.json', true],
      ['sub/?.json', 'sub/ab.json', false],
      ['{api,events}/*.{yaml,yml}', 'events/x.yml', true],
      ['{api,events}/*.{yaml,yml}', 'other/x.yml', false],
      ['[a-c]*.yaml', 'b1.yaml', true],
      ['[!a-c]*.yaml', 'b1.yaml', false],
      ['a.b+c(d).yaml', 'a.b+c(d).yaml', true],
      ['a.b+c(d).yaml', 'aXb+c(d).yaml', false],
      ['./x/*.yaml', 'x/y.yaml', true],
      ['!*.draft.yaml', 'a.yaml', true],
      ['!*.draft.yaml', 'a.draft.yaml', false],
    ];
    for (const [glob, file, expected] of cases) expect(matches([glob], file), `${glob} ${file}`).toBe(expected);
  });

  it('**/*a*a*…*b on a 60-character name: linear time', () => {
    const glob = `**/${'*a'.repeat(30)}*b`;
    const started = Date.now();
    expect(matches([glob], 'a'.repeat(60))).toBe(false);
    expect(matches([glob], `${'a'.repeat(60)}b`)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an extglob is a config error with its line', async () => {
    const dir = project('extglob', 'ignore:\n  - "vendor/**"\n  - "@(a|b).yaml"\n');
    const result = await runInProcess(['lint', 'openapi.yaml'], dir);
    expect(result.code).toBe(2);
    expectOneLine(result, /\.apilint\.yaml:3:\d+: invalid config: extglob patterns like @\(a\|b\) are not supported in "@\(a\|b\)\.yaml"; use \{a,b\}$/);
  });

  it('an ignore glob that backtracks in picomatch ends at once in a run', async () => {
    const dir = project('glob-redos', `ignore: ["**/${'*a'.repeat(30)}*b"]\n`);
    const name = `${'a'.repeat(60)}.yaml`;
    writeFileSync(path.join(dir, name), 'openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\n');
    const result = await runInProcess(['lint', name, '-f', 'json'], dir);
    expect(result.ms).toBeLessThan(10_000);
    expect((JSON.parse(result.stdout) as { files: string[] }).files).toEqual([name]);
  });
});
