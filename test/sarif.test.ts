// SARIF output: valid for Microsoft's validator with GitHub's ingestion rules, and the details
// code scanning relies on (rule index, relative URIs, 1-based regions, stable fingerprints).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../src/core/finding.js';
import { fingerprint } from '../src/formatters/types.js';
import { runCli } from './helpers/cli.js';
import { validateSarif } from './helpers/sarif.js';
import { ROOT } from './helpers/lint.js';

let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'apilint-sarif-'));
});

interface SarifLog {
  runs: {
    tool: { driver: { name: string; version: string; informationUri: string; rules: { id: string; defaultConfiguration: { level: string }; properties: { guideline: string }; helpUri: string; shortDescription: { text: string }; fullDescription: { text: string } }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number; startColumn: number } } }[];
      partialFingerprints: Record<string, string>;
    }[];
  }[];
}

const validate = (file: string) => validateSarif(file, tmp);

async function sarifFor(args: string[]): Promise<{ file: string; log: SarifLog }> {
  const file = path.join(tmp, `run-${Math.random().toString(36).slice(2)}.sarif`);
  const result = await runCli(['lint', ...args, '-f', 'sarif', '-o', file]);
  expect([0, 1, 2]).toContain(result.code);
  return { file, log: JSON.parse(readFileSync(file, 'utf8')) as SarifLog };
}

describe('sarif', () => {
  it('passes the SARIF validator with GitHub rules: findings in two files and an input error', async () => {
    const bad = path.join(tmp, 'bad.yaml');
    writeFileSync(bad, 'a: 1\na: 2\n');
    const { file, log } = await sarifFor(['fixtures/cli/multi-file/openapi.yaml', 'fixtures/cli/directory', bad]);
    expect(log.runs[0]!.results.length).toBeGreaterThan(2);
    expect(validate(file)).toEqual([]);
  });

  it('the validator does catch broken SARIF (so the check above can fail)', async () => {
    const { log } = await sarifFor(['fixtures/cli/directory/orders.yaml']);
    const broken = structuredClone(log) as unknown as { runs: { tool: { driver: Record<string, unknown> }; results: { locations: { physicalLocation: { region: Record<string, number> } }[] }[] }[] };
    delete broken.runs[0]!.tool.driver.informationUri;
    broken.runs[0]!.results[0]!.locations[0]!.physicalLocation.region.startLine = 0;
    const file = path.join(tmp, 'broken.sarif');
    writeFileSync(file, JSON.stringify(broken));
    expect(validate(file).length).toBeGreaterThan(0);
  });

  it('has the driver, rules[] and results that code scanning needs', async () => {
    const { log } = await sarifFor(['fixtures/cli/directory/orders.yaml']);
    const run = log.runs[0]!;
    expect(run.tool.driver).toMatchObject({ name: 'apilint', informationUri: expect.stringMatching(/^https:\/\//) });
    const slashRule = run.tool.driver.rules.find(r => r.id === 'path-no-trailing-slash')!;
    expect(slashRule).toMatchObject({ defaultConfiguration: { level: 'error' }, properties: { guideline: '4.path.2' } });
    expect(slashRule.helpUri).toMatch(/docs\/rules\/path-no-trailing-slash\.md$/);
    const slash = run.results.find(r => r.ruleId === 'path-no-trailing-slash')!;
    expect(run.tool.driver.rules[slash.ruleIndex]!.id).toBe('path-no-trailing-slash');
    expect(slash.level).toBe('error');
    expect(slash.locations).toHaveLength(1);
    expect(slash.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: 'fixtures/cli/directory/orders.yaml', uriBaseId: '%SRCROOT%' });
    expect(slash.locations[0]!.physicalLocation.region).toMatchObject({ startLine: 6, startColumn: expect.any(Number) });
  });

  it('keeps partialFingerprints when unrelated lines above a finding move', async () => {
    const original = readFileSync(path.join(ROOT, 'fixtures/cli/directory/orders.yaml'), 'utf8');
    const before = path.join(tmp, 'fp/orders.yaml');
    const after = path.join(tmp, 'fp2/orders.yaml');
    for (const [file, text] of [[before, original], [after, original.replace('info:', '# a comment\n# another\ninfo:')]] as const) {
      execFileSync('mkdir', ['-p', path.dirname(file)]);
      writeFileSync(file, text);
    }
    const [a, b] = await Promise.all([before, after].map(async f => {
      const result = await runCli(['lint', 'orders.yaml', '-f', 'sarif'], { cwd: path.dirname(f) });
      return (JSON.parse(result.stdout) as SarifLog).runs[0]!.results;
    }));
    const slashA = a!.find(r => r.ruleId === 'path-no-trailing-slash')!;
    const slashB = b!.find(r => r.ruleId === 'path-no-trailing-slash')!;
    expect(slashB.locations[0]!.physicalLocation.region.startLine).toBe(slashA.locations[0]!.physicalLocation.region.startLine + 2);
    expect(slashB.partialFingerprints).toEqual(slashA.partialFingerprints);
    expect(new Set(a!.map(r => r.partialFingerprints['apilint/v1'])).size).toBe(a!.length);
  });

  // Code scanning tracks an alert by its fingerprint from one upload to the next: the recipe may
  // not change between releases, nor between Node versions with and without crypto.hash (20.12).
  it('fingerprints a finding as the first 32 hex digits of the SHA-256 of rule, file, pointer and message', () => {
    const finding: Finding = { ruleId: 'path-kebab-case', severity: 'warn', message: 'Path segment "fooBar" is not kebab-case.', file: '/repo/specs/api.yaml', line: 3, column: 3, endLine: 3, endColumn: 10, path: ['paths', '/fooBar'] };
    const expected = createHash('sha256').update('path-kebab-case\0specs/api.yaml\0/paths/~1fooBar\0Path segment "fooBar" is not kebab-case.').digest('hex').slice(0, 32);
    expect(fingerprint(finding, '/repo')).toBe(expected);
    const crypto = createRequire(import.meta.url)('node:crypto') as { hash: unknown };
    const hash = crypto.hash;
    try {
      crypto.hash = undefined;
      expect(fingerprint(finding, '/repo')).toBe(expected);
    } finally {
      crypto.hash = hash;
    }
  });
});
