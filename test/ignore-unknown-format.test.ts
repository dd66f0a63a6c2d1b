// --ignore-unknown-format, the mode for hooks and editors, which name every staged or open YAML
// and JSON file: the files that are not API documents are skipped without a word, the API
// documents are linted, and an API document that cannot be read stays an error. The files of a
// directory are taken the same way.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { REFERENCE_SPEC } from './helpers/lint.js';

const reference = readFileSync(REFERENCE_SPEC, 'utf8');
const withSlash = reference.replace('\n  /shipments:\n', '\n  /shipments/:\n');

/** Files a repository holds besides its specs. */
const OTHER_FILES: Record<string, string> = {
  'package.json': '{\n  "name": "orders-api",\n  "private": true,\n  "scripts": { "openapi": "apilint lint openapi.yaml" }\n}\n',
  '.pre-commit-config.yaml': 'repos:\n  - repo: https://github.com/apilint/apilint\n    rev: v0.1.0\n    hooks:\n      - id: apilint\n',
  '.github/workflows/ci.yml': 'on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n',
  // A Helm template is not YAML until it is rendered.
  'chart/templates/deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n  labels:\n{{ include "labels" . | indent 4 }}\n',
  'empty.yaml': '',
  'data/image.json': '\u0089PNG\r\n\u001a\n\u0000\u0000',
};

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-unknown-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content, 'latin1');
  }
  return dir;
}

const json = (stdout: string) => JSON.parse(stdout) as { files: string[]; findings: { ruleId: string; file: string }[]; inputErrors: { file: string; message: string }[] };

describe('--ignore-unknown-format', () => {
  it('skips the named files that are not API documents and lints the rest', async () => {
    const dir = project({ ...OTHER_FILES, 'openapi.yaml': withSlash });
    const names = [...Object.keys(OTHER_FILES), 'openapi.yaml'];
    const result = await runCli(['lint', '--ignore-unknown-format', ...names, '-f', 'json'], { cwd: dir });
    expect(result.stderr).toBe('');
    const report = json(result.stdout);
    expect(report.files).toEqual(['openapi.yaml']);
    expect(report.findings.map(f => `${f.file} ${f.ruleId}`)).toEqual(['openapi.yaml path-no-trailing-slash']);
    expect(result.code).toBe(1);
  });

  it('passes with nothing to lint: exit 0, no output', async () => {
    const dir = project(OTHER_FILES);
    const result = await runCli(['lint', '--ignore-unknown-format', ...Object.keys(OTHER_FILES)], { cwd: dir });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('without the flag, the same files named explicitly are input errors', async () => {
    const dir = project(OTHER_FILES);
    const result = await runCli(['lint', 'package.json', 'chart/templates/deployment.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'apilint: package.json: not an OpenAPI document (no `openapi` or `swagger` field) nor an event type definition',
      expect.stringMatching(/^apilint: chart\/templates\/deployment\.yaml:\d+:\d+: invalid YAML: /),
    ]);
  });

  it.each([
    ['an OpenAPI document with a duplicate key', 'api.yaml', 'openapi: 3.0.3\ninfo:\n  title: a\n  title: b\n', /^apilint: api\.yaml:4:3: invalid YAML: .*duplicate/i],
    ['an OpenAPI document in broken JSON', 'api.json', '{"openapi": "3.0.3", "paths": {},}', /^apilint: api\.json:1:\d+: invalid JSON: trailing comma$/],
    ['an OpenAPI version apilint does not read', 'api.yaml', 'openapi: 4.0.0\ninfo: {title: t, version: 1.0.0}\npaths: {}\n', /^apilint: api\.yaml: unsupported OpenAPI version "4\.0\.0"/],
    ['an event type without its schema', 'event.yaml', 'name: orders.order-created\nowning_application: orders\ncategory: business\n', /^apilint: event\.yaml: not an OpenAPI document/],
  ])('%s stays an error (exit 2)', async (_name, file, text, expected) => {
    const dir = project({ ...OTHER_FILES, [file]: text, 'openapi.yaml': reference });
    const result = await runCli(['lint', '--ignore-unknown-format', ...Object.keys(OTHER_FILES), file, 'openapi.yaml', '-f', 'json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(expected);
    // The other documents are still linted.
    expect(json(result.stdout).files).toEqual(['openapi.yaml']);
  });

  it("applies the config's ignore to named files, as to a directory's", async () => {
    const dir = project({ '.apilint.yaml': "ignore: ['generated/**']\n", 'generated/api.yaml': withSlash, 'api.yaml': reference });
    const hook = await runCli(['lint', '--ignore-unknown-format', 'generated/api.yaml', 'api.yaml', '-f', 'json'], { cwd: dir });
    expect(json(hook.stdout).files).toEqual(['api.yaml']);
    expect(hook.code).toBe(0);
    // Named without the flag, an ignored file is linted: the user asked for it.
    expect((await runCli(['lint', 'generated/api.yaml'], { cwd: dir })).code).toBe(1);
  });
});

describe('a directory', () => {
  it('skips the YAML and JSON files that are not API documents, readable or not', async () => {
    const dir = project({ ...OTHER_FILES, 'specs/openapi.yaml': withSlash });
    const result = await runCli(['lint', '.', '-f', 'json'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(json(result.stdout).files).toEqual(['specs/openapi.yaml']);
    expect(result.code).toBe(1);
  });
});
