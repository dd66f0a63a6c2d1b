// JUnit XML for CI test reports: a test suite per file and a test case per finding. Only findings
// at or above --fail-severity are failures, so the report fails exactly when the exit code does
// (Jenkins marks a build unstable on any failure); the others are passing cases that carry their
// message in system-out. A clean file is one passing case, and an input that could not be linted
// is an error case.
import type { Finding } from '../core/finding.js';
import { SEVERITIES } from '../core/severity.js';
import { shownPath, visible, type Formatter } from './types.js';

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/g, '');

export const junit: Formatter = function* (all, { cwd, files, inputErrors, failSeverity }) {
  const findings = visible(all);
  const fails = (f: Finding) => SEVERITIES.indexOf(f.severity) <= SEVERITIES.indexOf(failSeverity);
  const byFile = new Map<string, Finding[]>(files.map(f => [f, []]));
  for (const f of findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  // The totals head the report; each test case is then made as it is written.
  const failed = new Map([...byFile].map(([file, list]) => [file, list.filter(fails).length]));
  const tests = inputErrors.length + [...byFile.values()].reduce((sum, list) => sum + Math.max(list.length, 1), 0);
  const failures = [...failed.values()].reduce((sum, n) => sum + n, 0);
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="apilint" tests="${tests}" failures="${failures}" errors="${inputErrors.length}">`;
  for (const [file, list] of byFile) {
    const name = xml(shownPath(file, cwd));
    yield `\n  <testsuite name="${name}" tests="${Math.max(list.length, 1)}" failures="${failed.get(file)}" errors="0">`;
    if (list.length === 0) yield `\n    <testcase name="apilint" classname="${name}"/>`;
    for (const f of list) {
      const text = xml(`${shownPath(f.file, cwd)}:${f.line}:${f.column} ${f.severity} ${f.message} (${f.ruleId})`);
      const body = fails(f) ? `<failure type="${f.severity}" message="${xml(f.message)}">${text}</failure>` : `<system-out>${text}</system-out>`;
      yield `\n    <testcase name="${xml(`${f.ruleId} at ${f.line}:${f.column}`)}" classname="${name}">\n      ${body}\n    </testcase>`;
    }
    yield '\n  </testsuite>';
  }
  for (const e of inputErrors) {
    const name = xml(shownPath(e.file, cwd));
    const where = e.line !== undefined ? `:${e.line}:${e.column ?? 1}` : '';
    yield `\n  <testsuite name="${name}" tests="1" failures="0" errors="1">\n    <testcase name="load" classname="${name}">\n      <error message="${xml(e.message)}">${xml(`${shownPath(e.file, cwd)}${where} ${e.message}`)}</error>\n    </testcase>\n  </testsuite>`;
  }
  // An empty line where there are no suites, as the report has always had.
  yield `${tests === 0 ? '\n' : ''}\n</testsuites>\n`;
};
