// The corpus findings snapshot: every document of ../shared/corpus (MANIFEST.tsv) linted by the
// real CLI, one process per document, reduced to one canonical line per finding and input error.
// test/corpus-findings.json keeps a sha256 of those lines per document plus counts per rule, so a
// change in any finding (rule, severity, place, pointer, message or order) shows. The full lists
// are regenerated on demand for a diff (CORPUS_FINDINGS_DUMP=<dir>, see test/corpus-findings.test.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from './cli.js';
import { CORPUS } from './lint.js';

export const FIXTURE = path.resolve(import.meta.dirname, '../corpus-findings.json');

export interface CorpusEntry {
  name: string;
  kind: string;
  bytes: number;
}

export interface CorpusSnapshot {
  sha256: string;
  exitCode: number | null;
  findings: number;
  inputErrors: number;
  /** Findings per rule id. */
  rules: Record<string, number>;
}

export function corpusEntries(): CorpusEntry[] {
  const [, ...rows] = readFileSync(path.join(CORPUS, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  return rows.map(row => {
    const cells = row.split('\t');
    return { name: cells[0]!, kind: cells[7]!, bytes: Number(cells[6]) };
  });
}

interface JsonReport {
  findings: { ruleId: string; severity: string; message: string; file: string; line: number; column: number; endLine: number; endColumn: number; pointer: string }[];
  inputErrors: { file: string; line?: number; column?: number; message: string }[];
}

/** Canonical lines of one report, in report order. */
export function canonicalLines(report: JsonReport): string[] {
  return [
    ...report.findings.map(f => `${f.ruleId}\t${f.severity}\t${f.file}:${f.line}:${f.column}-${f.endLine}:${f.endColumn}\t${f.pointer}\t${f.message}`),
    ...report.inputErrors.map(e => `input-error\t${e.file}:${e.line ?? ''}:${e.column ?? ''}\t${e.message}`),
  ];
}

/**
 * Lints one corpus document with the CLI (cwd = the corpus, no config) and snapshots the result;
 * `env` picks the engine (test/engine-equivalence.test.ts).
 */
export async function lintCorpusDocument(name: string, env?: NodeJS.ProcessEnv): Promise<{ snapshot: CorpusSnapshot; lines: string[] }> {
  const { code, stdout, stderr } = await runCli(['lint', '--no-config', '-f', 'json', name], { cwd: CORPUS, ...(env ? { env } : {}) });
  let report: JsonReport;
  try {
    report = JSON.parse(stdout) as JsonReport;
  } catch {
    throw new Error(`${name}: no JSON report (exit ${code}): ${stderr.slice(0, 500)}`);
  }
  const lines = canonicalLines(report);
  const rules: Record<string, number> = {};
  for (const f of report.findings) rules[f.ruleId] = (rules[f.ruleId] ?? 0) + 1;
  const sorted = Object.fromEntries(Object.entries(rules).sort(([a], [b]) => a.localeCompare(b)));
  return {
    snapshot: {
      sha256: createHash('sha256').update(lines.join('\n')).digest('hex'),
      exitCode: code,
      findings: report.findings.length,
      inputErrors: report.inputErrors.length,
      rules: sorted,
    },
    lines,
  };
}
