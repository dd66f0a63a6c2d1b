// Test helpers for diff rules: compare two fixture versions through the same loader and
// comparison `apilint diff` uses, and the table form for diff rule tests: every case asserts the
// rule id, the version (base or revision), line, column and severity of each finding.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules as diffRules } from '../../rulesets/diff/index.js';
import type { Finding } from '../../src/core/finding.js';
import type { Severity } from '../../src/core/severity.js';
import { compareVersions, loadVersion } from '../../src/diff/run.js';
import { installEngine } from '../../src/engine/index.js';
import { DEFAULT_MAX_FILE_SIZE } from '../../src/load/limits.js';
import { ROOT } from './lint.js';

export const DIFF_FIXTURES = path.join(ROOT, 'fixtures/diff');
export const DATE = '2026-01-15';

/** The two versions in a fixture folder: `base.*` and `revision.*` (other files are what they `$ref`). */
export function fixturePair(folder: string): { base: string; revision: string } {
  const dir = path.join(DIFF_FIXTURES, folder);
  const files = readdirSync(dir);
  const find = (name: string) => {
    const file = files.find(f => f.startsWith(`${name}.`));
    if (!file) throw new Error(`no ${name}.yaml or ${name}.json in ${dir}`);
    return path.join(dir, file);
  };
  return { base: find('base'), revision: find('revision') };
}

/** Compares two files as `apilint diff` does; `only` turns every other diff rule off. */
export async function diffFiles(base: string, revision: string, { date = DATE, only }: { date?: string; only?: readonly string[] } = {}): Promise<Finding[]> {
  const load = (file: string) =>
    loadVersion({ arg: file, file, cwd: path.dirname(file), display: f => f }, { maxFileSize: DEFAULT_MAX_FILE_SIZE, allowRemote: false, readers: installEngine().readers });
  const sides = { base: await load(base), revision: await load(revision) };
  const settings = new Map(only ? diffRules.filter(r => !only.includes(r.id)).map(r => [r.id, { severity: 'off' as const }]) : []);
  return compareVersions(sides, settings, date);
}

export interface ExpectedChange {
  /** Which version the finding sits in. */
  in: 'base' | 'revision';
  line: number;
  column: number;
  severity: Severity;
  /** Substring or pattern the message must contain. */
  message?: string | RegExp;
}

export interface DiffCase {
  name: string;
  /** Folder under fixtures/diff/<rule-id>/ with `base.*` and `revision.*`. */
  fixture: string;
  /** The day sunsets are judged against (default DATE). */
  date?: string;
  /** Other diff rules to run too (the rule's judgement depends on their findings). */
  alsoOn?: string[];
  changes: ExpectedChange[];
}

/** A table of cases for one diff rule: `changes: []` means the rule reports nothing. */
export function testDiffRule(ruleId: string, cases: DiffCase[]): void {
  describe(ruleId, () => {
    it.each(cases.map(c => [c.name, c] as const))('%s', async (_name, c) => {
      const { base, revision } = fixturePair(path.join(ruleId, c.fixture));
      const findings = (await diffFiles(base, revision, { ...(c.date ? { date: c.date } : {}), only: [ruleId, ...(c.alsoOn ?? [])] })).filter(f => f.ruleId === ruleId);
      const which = (file: string) => (path.basename(file).startsWith('base') ? 'base' : 'revision');
      const actual = findings.map(f => ({ ruleId: f.ruleId, in: which(f.file), line: f.line, column: f.column, severity: f.severity }));
      const listing = findings.map(f => `${which(f.file)} ${f.line}:${f.column} ${f.severity} ${f.message}`).join('\n');
      expect(actual, listing).toEqual(c.changes.map(e => ({ ruleId, in: e.in, line: e.line, column: e.column, severity: e.severity })));
      c.changes.forEach((e, i) => {
        if (e.message !== undefined) expect(findings[i]!.message).toMatch(e.message);
      });
    });
  });
}
