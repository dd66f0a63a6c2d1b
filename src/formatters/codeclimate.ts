// Code Climate issues, the format of GitLab's code quality report. GitLab requires description,
// check_name, fingerprint, severity, location.path and location.lines.begin on every issue. An input
// that could not be linted is an issue too (check `input-error`, severity blocker), so the merge
// request shows it instead of a clean report.
import { displayPath, fingerprint, hashOf, jsonArray, visible, type Formatter } from './types.js';

const SEVERITY = { error: 'major', warn: 'minor', info: 'info', hint: 'info' } as const;

export const codeclimate: Formatter = function* (all, { cwd, inputErrors }) {
  // Each issue made as its piece is written: only one at a time is held as text.
  const issues = function* () {
    for (const e of inputErrors) {
      yield {
        type: 'issue',
        check_name: 'input-error',
        description: `Cannot lint this file: ${e.message}`,
        categories: ['Bug Risk'],
        severity: 'blocker',
        fingerprint: hashOf(['input-error', displayPath(e.file, cwd), e.message]),
        location: { path: displayPath(e.file, cwd), lines: { begin: e.line ?? 1 } },
      };
    }
    for (const f of visible(all)) {
      yield {
        type: 'issue',
        check_name: f.ruleId,
        description: f.message,
        categories: ['Style'],
        severity: SEVERITY[f.severity],
        fingerprint: fingerprint(f, cwd),
        location: { path: displayPath(f.file, cwd), lines: { begin: f.line, end: f.endLine } },
      };
    }
  };
  yield* jsonArray(issues());
  yield '\n';
};
