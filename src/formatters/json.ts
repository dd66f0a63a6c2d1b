// Machine format, documented in the README ("JSON output"); `version` changes only on a breaking change.
import { docsUrl } from '../../rulesets/rule.js';
import { TOOL } from '../core/meta.js';
import { countBySeverity, displayPath, jsonPointer, jsonWithArray, visible, type Formatter } from './types.js';

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
    findings: [],
    inputErrors: inputErrors.map(e => ({
      file: displayPath(e.file, cwd),
      ...(e.line !== undefined ? { line: e.line, column: e.column } : {}),
      message: e.message,
    })),
  };
  // Each finding made as its piece is written: only one at a time is held as text.
  const entries = function* () {
    for (const f of findings) {
      yield {
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
      };
    }
  };
  return jsonWithArray(report, 'findings', entries());
};
