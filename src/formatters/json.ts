// Machine format, documented in the README ("JSON output"); `version` changes only on a breaking change.
import { docsUrl } from '../../rulesets/rule.js';
import { TOOL } from '../core/meta.js';
import { countBySeverity, displayPath, jsonPointer, visible, type Formatter } from './types.js';

export const json: Formatter = (all, { cwd, files, inputErrors, comparison }) => {
  const findings = visible(all);
  const counts = countBySeverity(findings);
  const report = {
    version: 1,
    tool: { name: TOOL.name, version: TOOL.version },
    summary: {
      files: files.length,
      errors: counts.error,
      warnings: counts.warn,
      infos: counts.info,
      hints: counts.hint,
      inputErrors: inputErrors.length,
      suppressed: all.length - findings.length,
      ...(comparison ? { comparedWith: comparison.against, unchanged: comparison.unchanged, fixed: comparison.fixed } : {}),
    },
    files: files.map(f => displayPath(f, cwd)),
    findings: findings.map(f => ({
      ruleId: f.ruleId,
      severity: f.severity,
      message: f.message,
      file: displayPath(f.file, cwd),
      line: f.line,
      column: f.column,
      endLine: f.endLine,
      endColumn: f.endColumn,
      pointer: jsonPointer(f.path),
      documentationUrl: docsUrl(f.ruleId),
      // apilint diff: the operations a change affects.
      ...(f.operations ? { operations: f.operations } : {}),
    })),
    inputErrors: inputErrors.map(e => ({
      file: displayPath(e.file, cwd),
      ...(e.line !== undefined ? { line: e.line, column: e.column } : {}),
      message: e.message,
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
};
