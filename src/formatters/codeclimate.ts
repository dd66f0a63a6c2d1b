// Code Climate issues, the format of GitLab's code quality report.
import { fingerprint } from './sarif.js';
import { displayPath, visible, type Formatter } from './types.js';

const SEVERITY = { error: 'major', warn: 'minor', info: 'info', hint: 'info' } as const;

export const codeclimate: Formatter = (all, { cwd }) =>
  `${JSON.stringify(
    visible(all).map(f => ({
      type: 'issue',
      check_name: f.ruleId,
      description: f.message,
      categories: ['Style'],
      severity: SEVERITY[f.severity],
      fingerprint: fingerprint(f, cwd),
      location: { path: displayPath(f.file, cwd), lines: { begin: f.line, end: f.endLine } },
    })),
    null,
    2,
  )}\n`;
