// What every stage hands on: a finding, its order, and its JSON pointer.
import type { JsonPath } from '@stoplight/types';
import type { Severity } from './severity.js';

export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  /** Absolute path of the file holding the offending node, or `<stdin>`. */
  file: string;
  /** 1-based. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** JSON path of the node in `file`. */
  path: JsonPath;
  /** Set when an inline ignore, the baseline or --since hides the finding (kept for SARIF). */
  suppression?: { kind: 'inSource' | 'external'; justification: string };
  /** With --baseline or --since: whether the finding is new or was already there. */
  baselineState?: 'new' | 'unchanged';
  /**
   * A change found by `apilint diff`: the operations it affects (`GET /orders`), in document
   * order; empty for a change to the document as a whole. Reports group changes by them.
   */
  operations?: string[];
}

/** Code-unit order, without localeCompare's collator (~10 ms to set up); for rule ids (ASCII) it is the same order. */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What a finding says within its file: rule, severity, range and message. Two documents that reach
 * one file give it the same findings there (unless their settings differ), and each is shown once.
 */
export const findingInFile = (f: Finding): string => `${f.ruleId}\u0000${f.severity}\u0000${f.line}:${f.column}-${f.endLine}:${f.endColumn}\u0000${f.message}`;

export function compareFindings(a: Finding, b: Finding): number {
  // localeCompare only between files and paths that differ (its first call sets up ICU's collator,
  // ~9 ms at start-up); rule ids are ASCII kebab-case, where code-unit order is the same. Findings
  // at one place are ordered by path, as Spectral orders them.
  return (a.file === b.file ? 0 : a.file.localeCompare(b.file)) || a.line - b.line || a.column - b.column || compareCodeUnits(a.ruleId, b.ruleId) || comparePaths(a.path, b.path);
}

function comparePaths(a: JsonPath, b: JsonPath): number {
  const left = a.join();
  const right = b.join();
  return left === right ? 0 : Math.sign(left.localeCompare(right));
}

export { escapePointerSegment, jsonPointer } from '../../rulesets/lib/pointer.js';
