// SARIF within GitHub code scanning's hard limits (25,000 results per run, 10 MB gzip-compressed,
// 1,000 locations per result, 20 tags per rule, 25,000 rules, 20 runs): past one, the most severe
// findings are kept and the log and stderr say what was left out. At corpus scale (the whole
// shared corpus, some 61,000 findings) through the real CLI, checked with Microsoft's validator.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Finding } from '../src/core/finding.js';
import { GITHUB_LIMITS, sarif } from '../src/formatters/sarif.js';
import { runCli } from './helpers/cli.js';
import { CORPUS } from './helpers/lint.js';
import { validateSarif } from './helpers/sarif.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'apilint-sarif-limits-'));
});

interface Log {
  runs: {
    tool: { driver: { rules: { properties: { tags: string[] } }[] } };
    invocations: { toolExecutionNotifications: { level: string; message: { text: string } }[] }[];
    results: { level: string; locations: unknown[] }[];
  }[];
}

describe('SARIF at corpus scale', () => {
  it('keeps the 25,000 most severe of ~61,000 findings, says what it left out, and passes the validator with GitHub rules', { timeout: 900_000 }, async () => {
    const file = path.join(tmp, 'corpus.sarif');
    const result = await runCli(['lint', CORPUS, '-f', 'sarif', '-o', file, '-f', 'json', '-o', path.join(tmp, 'corpus.json')]);
    // Two corpus documents are broken on purpose.
    expect(result.code).toBe(2);
    const all = JSON.parse(readFileSync(path.join(tmp, 'corpus.json'), 'utf8')) as { findings: { severity: string }[] };
    const total = all.findings.length;
    expect(total).toBeGreaterThan(GITHUB_LIMITS.resultsPerRun);

    const text = readFileSync(file, 'utf8');
    const log = JSON.parse(text) as Log;
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0]!;
    expect(run.results).toHaveLength(GITHUB_LIMITS.resultsPerRun);
    expect(run.results.every(r => r.locations.length === 1)).toBe(true);
    expect(run.tool.driver.rules.length).toBeLessThanOrEqual(25_000);
    expect(run.tool.driver.rules.every(r => r.properties.tags.length <= 20)).toBe(true);
    expect(gzipSync(text).length).toBeLessThanOrEqual(GITHUB_LIMITS.gzipBytes);

    // The most severe are kept: no level appears while a more severe finding was left out.
    const order = ['error', 'warning', 'note'];
    const severities = { error: 'error', warn: 'warning', info: 'note', hint: 'note' } as Record<string, string>;
    const levels = all.findings.map(f => severities[f.severity]!).sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const expected = levels.slice(0, GITHUB_LIMITS.resultsPerRun);
    const kept = run.results.map(r => r.level).sort((a, b) => order.indexOf(a) - order.indexOf(b));
    expect(kept).toEqual(expected);

    const leftOut = (total - GITHUB_LIMITS.resultsPerRun).toLocaleString('en-US');
    const cut = run.invocations[0]!.toolExecutionNotifications.find(n => n.level === 'warning');
    expect(cut?.message.text).toMatch(new RegExp(`^GitHub code scanning accepts at most 25,000 results per run: ${leftOut} of ${total.toLocaleString('en-US')} findings left out of this log, the least severe \\(.+\\); -f json lists them all$`));
    expect(result.stderr).toContain(`apilint: ${file}: ${cut!.message.text}\n`);

    expect(validateSarif(file, tmp)).toEqual([]);
    console.log(`corpus SARIF: ${total} findings, ${run.results.length} results kept, ${statSync(file).size} bytes (${gzipSync(text).length} gzip-compressed)`);
  });
});

describe('SARIF size limit', () => {
  /** Findings whose messages and file names do not compress, as a log near the size limit would have. */
  function incompressible(count: number): Finding[] {
    const random = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(Math.random() * 256))).toString('base64url');
    return Array.from({ length: count }, (_, i) => ({
      ruleId: 'path-kebab-case',
      severity: i % 2 === 0 ? 'error' : 'warn',
      message: `Path segment "${random(250)}" is not kebab-case.`,
      file: `/repo/${random(120)}.yaml`,
      line: i + 1,
      column: 1,
      endLine: i + 1,
      endColumn: 2,
      path: ['paths', `/${i}`],
    }));
  }

  it('a log over 10 MB gzip-compressed keeps the most severe findings that fit and says so', () => {
    const findings = incompressible(GITHUB_LIMITS.resultsPerRun);
    const notices: string[] = [];
    const text = sarif(findings, { cwd: '/repo', files: [], inputErrors: [], color: false, failSeverity: 'error', notice: m => notices.push(m) });
    const size = gzipSync(text).length;
    expect(size).toBeLessThanOrEqual(GITHUB_LIMITS.gzipBytes);
    // The cut leaves little room unused.
    expect(size).toBeGreaterThan(GITHUB_LIMITS.gzipBytes * 0.8);
    const log = JSON.parse(text) as Log;
    const results = log.runs[0]!.results;
    expect(results.length).toBeLessThan(findings.length);
    // Errors go last: the warnings are left out first.
    expect(results.filter(r => r.level === 'error')).toHaveLength(findings.length / 2);
    expect(notices).toEqual([expect.stringMatching(/^GitHub code scanning rejects a SARIF file over 10 MB gzip-compressed: [\d,]+ of 25,000 findings left out of this log, the least severe \([\d,]+ warnings\); -f json lists them all$/)]);
    expect(log.runs[0]!.invocations[0]!.toolExecutionNotifications).toEqual([{ level: 'warning', message: { text: notices[0] } }]);
  });

  it('measures a log over 10 MB that compresses well with a fast compression only', () => {
    // 25,000 results alike, as a large spec's findings are: some 25 MB, about 1 MB compressed.
    const findings = Array.from({ length: GITHUB_LIMITS.resultsPerRun }, (_, i): Finding => ({
      ruleId: 'json-media-types',
      severity: 'warn',
      message: 'Media type "application/yaml" is not JSON: use application/json for payloads.',
      file: '/repo/openapi.yaml',
      line: i + 1,
      column: 9,
      endLine: i + 1,
      endColumn: 25,
      path: ['paths', `/items${i}`, 'get', 'produces', 0],
    }));
    // The module the formatter requires node:zlib from shares this one.
    const zlib = createRequire(import.meta.url)('node:zlib') as typeof import('node:zlib');
    const levels: (number | undefined)[] = [];
    const gzip = vi.spyOn(zlib, 'gzipSync').mockImplementation((buffer, options) => {
      levels.push(options?.level);
      return gzipSync(buffer, options);
    });
    try {
      const text = sarif(findings, { cwd: '/repo', files: [], inputErrors: [], color: false, failSeverity: 'error' });
      expect(Buffer.byteLength(text)).toBeGreaterThan(GITHUB_LIMITS.gzipBytes);
      expect((JSON.parse(text) as Log).runs[0]!.results).toHaveLength(findings.length);
      expect(levels).toEqual([1]);
      // Near the limit, the size is measured as the upload compresses it (zlib's default level).
      levels.length = 0;
      sarif(incompressible(GITHUB_LIMITS.resultsPerRun), { cwd: '/repo', files: [], inputErrors: [], color: false, failSeverity: 'error', notice: () => undefined });
      expect(levels.slice(0, 2)).toEqual([1, undefined]);
    } finally {
      gzip.mockRestore();
    }
  });

  it('measures the size in UTF-8: a log under 10 MB in characters but over it in bytes is compressed to measure', () => {
    // 5,000 results with 600-character messages: some 7.9 million characters either way, which is
    // 7.9 MB in ASCII and 13.9 MB in CJK characters (three bytes each in UTF-8).
    const findings = (letter: string) =>
      Array.from({ length: 5_000 }, (_, i): Finding => ({
        ruleId: 'us-english',
        severity: 'warn',
        message: letter.repeat(600),
        file: '/repo/openapi.yaml',
        line: i + 1,
        column: 1,
        endLine: i + 1,
        endColumn: 2,
        path: ['paths', `/items${i}`],
      }));
    const zlib = createRequire(import.meta.url)('node:zlib') as typeof import('node:zlib');
    const gzip = vi.spyOn(zlib, 'gzipSync');
    try {
      for (const [letter, compressed] of [['a', false], ['語', true]] as const) {
        gzip.mockClear();
        const text = sarif(findings(letter), { cwd: '/repo', files: [], inputErrors: [], color: false, failSeverity: 'error' });
        expect(text.length).toBeLessThan(GITHUB_LIMITS.gzipBytes);
        expect(Buffer.byteLength(text) > GITHUB_LIMITS.gzipBytes).toBe(compressed);
        expect(gzip.mock.calls.length > 0).toBe(compressed);
        expect((JSON.parse(text) as Log).runs[0]!.results).toHaveLength(5_000);
      }
    } finally {
      gzip.mockRestore();
    }
  });
});
