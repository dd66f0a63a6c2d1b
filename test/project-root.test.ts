// The project a document's `$ref`s may read is found from the document, not from the working
// directory: the nearest git work tree, else the folder of its config file, else the working
// directory when it holds the document, else the document's folder; --root sets it. A run from
// any folder gives the same findings.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './helpers/inprocess.js';
import { REFERENCE_SPEC } from './helpers/lint.js';
import { git } from './helpers/source.js';

const reference = readFileSync(REFERENCE_SPEC, 'utf8');

/**
 * An API repository: specs/orders.yaml (the reference spec with a trailing slash on one path)
 * takes a schema from common/schemas.yaml, beside specs/, which breaks a rule of its own.
 */
const FILES: Record<string, string> = {
  'specs/orders.yaml': reference
    .replace('\n  /shipments:\n', '\n  /shipments/:\n')
    .replace('\n  schemas:\n', "\n  schemas:\n    Carrier:\n      $ref: '../common/schemas.yaml#/Carrier'\n"),
  'common/schemas.yaml': 'Carrier:\n  type: object\n  description: A carrier that delivers shipments.\n  properties:\n    carrierName:\n      type: string\n      description: The name of the carrier.\n',
};

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-root-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

interface Report {
  findings: { ruleId: string; severity: string; file: string; line: number; column: number; message: string }[];
}

/** Lints by absolute path from `cwd`; the findings with absolute file paths, to compare runs from different folders. */
async function lint(cwd: string, file: string, ...args: string[]) {
  const result = await runInProcess(['lint', file, '-f', 'json', ...args], cwd);
  const report = JSON.parse(result.stdout || '{"findings":[]}') as Report;
  return { ...result, findings: report.findings.map(f => ({ ...f, file: path.resolve(cwd, f.file) })) };
}

const ruleIds = (findings: Report['findings']) => findings.map(f => `${path.basename(path.dirname(f.file))}/${path.basename(f.file)} ${f.ruleId} ${f.severity}`).sort();

describe('the project of a document', () => {
  it('is its git work tree: the same findings from the root, from the spec folder and from a sibling folder', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'apilint-root-'));
    const repo = path.join(parent, 'orders-api');
    const sibling = path.join(parent, 'elsewhere');
    mkdirSync(sibling);
    for (const [name, content] of Object.entries({ ...FILES, '.apilint.yaml': 'rules:\n  path-no-trailing-slash: warn\n' })) {
      mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
      writeFileSync(path.join(repo, name), content);
    }
    git(repo, 'init', '--quiet');
    const spec = path.join(repo, 'specs/orders.yaml');

    const fromRoot = await lint(repo, spec);
    expect(fromRoot.stderr).toBe('');
    // The shared file is read and linted; the config beside the repository's root applies.
    expect(ruleIds(fromRoot.findings)).toContain('specs/orders.yaml path-no-trailing-slash warn');
    expect(fromRoot.findings.some(f => f.file === path.join(repo, 'common/schemas.yaml'))).toBe(true);
    expect(fromRoot.findings.filter(f => /ref/.test(f.ruleId))).toEqual([]);

    for (const cwd of [sibling, path.join(repo, 'specs'), parent]) {
      const other = await lint(cwd, spec);
      expect(other.stderr, cwd).toBe('');
      expect(other.findings, cwd).toEqual(fromRoot.findings);
    }
  });

  it('is the folder of a linked work tree or submodule (a .git file), not the repository that holds it', async () => {
    const outer = tree({ ...FILES, 'vendor/api/spec.yaml': FILES['specs/orders.yaml']!.replace('../common/schemas.yaml', '../../common/schemas.yaml'), 'vendor/api/.git': 'gitdir: ../../.git/modules/api\n' });
    git(outer, 'init', '--quiet');
    const result = await lint(outer, path.join(outer, 'vendor/api/spec.yaml'));
    expect(result.findings.filter(f => f.ruleId === 'ref-outside-project').map(f => f.message)).toEqual([
      '$ref to ../../common/schemas.yaml leaves the project (the git work tree of the document): refused, the file is not read.',
    ]);
  });

  it('is the folder of its config file outside git, wherever apilint runs from', async () => {
    const dir = tree({ ...FILES, '.apilint.yaml': 'rules:\n  path-no-trailing-slash: warn\n' });
    const sibling = mkdtempSync(path.join(tmpdir(), 'apilint-root-'));
    const fromSibling = await lint(sibling, path.join(dir, 'specs/orders.yaml'));
    expect(fromSibling.findings.filter(f => /ref/.test(f.ruleId))).toEqual([]);
    expect(fromSibling.findings).toEqual((await lint(dir, path.join(dir, 'specs/orders.yaml'))).findings);
  });

  it('is the working directory when it holds the document, else the document folder', async () => {
    const dir = tree(FILES);
    const inside = await lint(dir, 'specs/orders.yaml');
    expect(inside.findings.filter(f => /ref/.test(f.ruleId))).toEqual([]);
    const outside = await lint(mkdtempSync(path.join(tmpdir(), 'apilint-root-')), path.join(dir, 'specs/orders.yaml'));
    expect(outside.findings.filter(f => /ref/.test(f.ruleId)).map(f => [f.ruleId, f.severity, f.message])).toEqual([
      ['ref-outside-project', 'error', "$ref to ../common/schemas.yaml leaves the project (the document's folder): refused, the file is not read."],
    ]);
  });

  it('is the folder --root names, wider or narrower', async () => {
    const dir = tree(FILES);
    const sibling = mkdtempSync(path.join(tmpdir(), 'apilint-root-'));
    const spec = path.join(dir, 'specs/orders.yaml');
    const wide = await lint(sibling, spec, '--root', dir);
    expect(wide.findings.filter(f => /ref/.test(f.ruleId))).toEqual([]);
    expect(wide.findings).toEqual((await lint(dir, spec)).findings);
    const narrow = await lint(dir, spec, '--root', 'specs');
    expect(narrow.findings.filter(f => /ref/.test(f.ruleId)).map(f => f.message)).toEqual([
      '$ref to ../common/schemas.yaml leaves the project (the --root folder): refused, the file is not read.',
    ]);
  });

  it('files outside the git work tree stay refused', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'apilint-root-'));
    const repo = path.join(parent, 'repo');
    mkdirSync(path.join(repo, 'specs'), { recursive: true });
    writeFileSync(path.join(parent, 'secret.yaml'), 'Carrier:\n  type: object\n');
    writeFileSync(path.join(repo, 'specs/orders.yaml'), FILES['specs/orders.yaml']!.replace('../common/schemas.yaml', '../../secret.yaml'));
    git(repo, 'init', '--quiet');
    const result = await lint(parent, path.join(repo, 'specs/orders.yaml'));
    expect(result.findings.filter(f => /ref/.test(f.ruleId)).map(f => f.message)).toEqual([
      '$ref to ../../secret.yaml leaves the project (the git work tree of the document): refused, the file is not read.',
    ]);
  });

  it('--root must be a folder: usage error, exit 2', async () => {
    const dir = tree(FILES);
    const result = await runInProcess(['lint', 'specs/orders.yaml', '--root', 'nowhere'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('apilint: --root nowhere: no such folder\n');
  });
});
