// Findings and lint problems as the editor shows them: diagnostics, and the hover text that
// explains a rule with the guideline statement it enforces.
import path from 'node:path';
import type { Diagnostic, DiagnosticSeverity, Range } from 'vscode-languageserver/node';
import type { Finding } from '../core/finding.js';
import type { Severity } from '../core/severity.js';
import { catalogue, ruleInfo } from '../lint/catalogue.js';
import { guidelineStatements } from './guidelines.js';
import { lsp } from './protocol.js';
import type { Problem } from './lint-thread.js';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: lsp.DiagnosticSeverity.Error,
  warn: lsp.DiagnosticSeverity.Warning,
  info: lsp.DiagnosticSeverity.Information,
  hint: lsp.DiagnosticSeverity.Hint,
};

export const SOURCE = 'apilint';

export const rangeOf = (f: Pick<Finding, 'line' | 'column' | 'endLine' | 'endColumn'>): Range => ({
  start: { line: f.line - 1, character: f.column - 1 },
  end: { line: f.endLine - 1, character: f.endColumn - 1 },
});

/** Rule doc links by id (a large spec has tens of thousands of findings). */
const DOCS = new Map(catalogue.map(rule => [rule.id, { href: rule.docsUrl }]));

export function findingDiagnostic(finding: Finding): Diagnostic {
  const docs = DOCS.get(finding.ruleId);
  return {
    range: rangeOf(finding),
    severity: SEVERITY[finding.severity],
    code: finding.ruleId,
    ...(docs ? { codeDescription: docs } : {}),
    source: SOURCE,
    message: finding.message,
    // An ignore that silences nothing is shown faded, as unused code is.
    ...(finding.ruleId === 'unused-ignore' ? { tags: [lsp.DiagnosticTag.Unnecessary] } : {}),
  };
}

/** A problem that keeps a file from being linted, at its place in `file` (the file's start when it has none). */
export function problemDiagnostic(problem: Problem, file: string, root: string): Diagnostic {
  const here = problem.file === file;
  const line = here && problem.line !== undefined ? problem.line - 1 : 0;
  const character = here && problem.column !== undefined ? problem.column - 1 : 0;
  const where = here ? '' : `${[path.relative(root, problem.file) || problem.file, problem.line, problem.column].filter(x => x !== undefined).join(':')}: `;
  return {
    range: { start: { line, character }, end: { line, character: character + 1 } },
    severity: lsp.DiagnosticSeverity.Error,
    source: SOURCE,
    message: `${where}${problem.message}`,
  };
}

/** Markdown for the findings under the cursor: each rule's description, the guideline it enforces and why. */
export function hoverText(findings: readonly Finding[]): string | undefined {
  const ids = [...new Set(findings.map(f => f.ruleId))];
  const sections = ids.flatMap(id => {
    const rule = ruleInfo(id);
    if (!rule) return [];
    const statements = guidelineStatements(rule).map(s => `> ${s.replace(/\n/g, '  \n> ')}`);
    return [[`**${rule.id}** (${findings.find(f => f.ruleId === id)!.severity}): ${rule.description}`, ...statements, rule.rationale, `[Rule documentation](${rule.docsUrl})`].join('\n\n')];
  });
  return sections.length > 0 ? sections.join('\n\n---\n\n') : undefined;
}
