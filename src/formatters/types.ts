import { crypto } from '../core/builtins.js';
import type { InputError } from '../core/errors.js';
import { jsonPointer, type Finding } from '../core/finding.js';
import { displayPath } from '../core/paths.js';
import { SEVERITIES, type Severity } from '../core/severity.js';
import { escapeControl } from '../core/text.js';

export interface FormatContext {
  cwd: string;
  /** Every file that was linted, with or without findings. */
  files: readonly string[];
  inputErrors: readonly InputError[];
  color: boolean;
  /** The lowest severity that fails the run (--fail-severity): JUnit marks only these as failures. */
  failSeverity: Severity;
  /** With --baseline or --since: how many known findings were hidden and how many are gone. */
  comparison?: { against: string; unchanged: number; fixed: number };
  /** With --quiet: how many findings below error were left out of the report. */
  quieted?: number;
  /** Terminal hyperlinks (OSC 8) on rule ids. */
  hyperlinks?: boolean;
  /** Says something about the report on stderr (what a format had to leave out). */
  notice?: (message: string) => void;
  /** `apilint diff`: the two versions compared, as typed (findings carry `operations`). */
  diff?: { base: string; revision: string };
}

/** What a person should see: suppressed findings are kept only for SARIF. */
export const visible = (findings: readonly Finding[]): Finding[] => findings.filter(f => !f.suppression);

export { displayPath };

/** A path as text formats print it: relative where possible, control characters visibly escaped. */
export const shownPath = (file: string, cwd: string): string => escapeControl(displayPath(file, cwd));

/**
 * A report: one text, or (for the formats whose size follows the findings' without a cap) its
 * pieces in order, so that no report of a million findings has to be one string: V8's longest is
 * about 512 MB.
 */
export type Report = string | Iterable<string>;

export type Formatter = (findings: readonly Finding[], context: FormatContext) => Report;

/**
 * `JSON.stringify(value, null, 2)` of an object with one array member, spelt in pieces: the text
 * around the array, then each item on its own. Byte for byte the same text, ending in a newline.
 */
export function* jsonWithArray(value: Record<string, unknown>, key: string, items: Iterable<unknown>): Generator<string> {
  // A value's text holds a key's quotes unescaped only as a key: the mark splits it once.
  const [before, after] = JSON.stringify({ ...value, [key]: 0 }, null, 2).split(`\n  ${JSON.stringify(key)}: 0`) as [string, string];
  yield `${before}\n  ${JSON.stringify(key)}: `;
  yield* jsonArray(items, 1);
  yield `${after}\n`;
}

/** Size of the blocks a report in pieces is written in: one write per piece would be a system call per finding. */
const BLOCK = 1 << 20;

/** A report as the blocks it is written in: itself if it is one text, else its pieces joined up to about BLOCK characters. */
export function* blocks(report: Report): Generator<string> {
  if (typeof report === 'string') {
    yield report;
    return;
  }
  let block = '';
  for (const piece of report) {
    block += piece;
    if (block.length >= BLOCK) {
      yield block;
      block = '';
    }
  }
  if (block !== '') yield block;
}

/** `JSON.stringify(items, null, 2)` of a list nested `depth` levels deep, one piece per item. */
export function* jsonArray(items: Iterable<unknown>, depth = 0): Generator<string> {
  const indent = '  '.repeat(depth + 1);
  let first = true;
  for (const item of items) {
    // Strings in JSON text hold no raw line breaks: every line break is the layout's.
    yield `${first ? '[' : ','}\n${indent}${JSON.stringify(item, null, 2).replaceAll('\n', `\n${indent}`)}`;
    first = false;
  }
  yield first ? '[]' : `\n${'  '.repeat(depth)}]`;
}

export { jsonPointer };

/** A short stable hash of the parts (SARIF and Code Climate fingerprints). */
export const hashOf = (parts: readonly string[]): string => sha256(parts.join('\u0000')).slice(0, 32);

/** crypto.hash (Node 20.12 and later) is about twice as fast as a Hash object for short texts. */
const sha256 = (text: string): string => {
  const c = crypto();
  return typeof c.hash === 'function' ? c.hash('sha256', text, 'hex') : c.createHash('sha256').update(text).digest('hex');
};

/**
 * Identifies a finding by rule, file, JSON path and message, not by line: moving unrelated lines
 * above it leaves it the same, so code scanning and GitLab keep tracking one issue.
 */
export const fingerprint = (f: Finding, cwd: string): string => hashOf([f.ruleId, displayPath(f.file, cwd), jsonPointer(f.path), f.message]);

export function countBySeverity(findings: readonly Finding[]): Record<Finding['severity'], number> {
  const counts = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

/**
 * `1234567` → `1,234,567`, as `n.toLocaleString('en-US')` writes it, for counts without loading
 * ICU's number formats: their first use costs a run 10-15 ms. Other numbers are left to ICU.
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/** `1 error`, `2 errors`, `1,234 warnings`; info has no plural. */
export function plural(n: number, word: string): string {
  return `${grouped(n)} ${word}${n === 1 || word === 'info' ? '' : 's'}`;
}

/** `3 errors, 1 warning, 0 info, 0 hints`. */
export const severityCounts = (counts: Record<Severity, number>): string =>
  `${plural(counts.error, 'error')}, ${plural(counts.warn, 'warning')}, ${plural(counts.info, 'info')}, ${plural(counts.hint, 'hint')}`;

/** From this many findings on, the human and Markdown reports add the count by rule. */
export const RULE_SUMMARY_FROM = 10;

/** Findings counted by rule and severity, the most frequent first (then by severity and id). */
export function countByRule(findings: readonly Finding[]): { ruleId: string; severity: Severity; count: number }[] {
  const counts = new Map<string, { ruleId: string; severity: Severity; count: number }>();
  for (const f of findings) {
    const key = `${f.ruleId}\u0000${f.severity}`;
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { ruleId: f.ruleId, severity: f.severity, count: 1 });
  }
  const rank = (s: Severity) => SEVERITIES.indexOf(s);
  return [...counts.values()].sort((a, b) => b.count - a.count || rank(a.severity) - rank(b.severity) || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
}

/**
 * `apilint diff` findings grouped by the operations they affect, in the order met: the
 * document's own changes, then one group per operation, and changes to a schema that several
 * operations share under all of them at once.
 */
export function groupByOperation(findings: readonly Finding[]): { heading: string; findings: Finding[] }[] {
  const groups = new Map<string, { heading: string; findings: Finding[] }>();
  for (const f of findings) {
    const ops = f.operations ?? [];
    const key = ops.join('\u0000');
    let group = groups.get(key);
    if (!group) {
      const shown = ops.slice(0, 3).join(', ');
      const heading = ops.length === 0 ? 'The document' : ops.length === 1 ? ops[0]! : `${ops.length} operations (${shown}${ops.length > 3 ? `, and ${ops.length - 3} more` : ''})`;
      groups.set(key, (group = { heading: escapeControl(heading), findings: [] }));
    }
    group.findings.push(f);
  }
  return [...groups.values()];
}
