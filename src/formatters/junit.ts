// JUnit XML for CI test reports: a test suite per file, a failing test case per finding, and one
// passing case for a clean file so it shows up in the report.
import { displayPath, visible, type Formatter } from './types.js';

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/g, '');

export const junit: Formatter = (all, { cwd, files, inputErrors }) => {
  const findings = visible(all);
  const suites: string[] = [];
  const byFile = new Map<string, typeof findings>(files.map(f => [f, []]));
  for (const f of findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  for (const [file, list] of byFile) {
    const name = xml(displayPath(file, cwd));
    const cases = list.length === 0
      ? [`    <testcase name="apilint" classname="${name}"/>`]
      : list.map(f => [
          `    <testcase name="${xml(`${f.ruleId} at ${f.line}:${f.column}`)}" classname="${name}">`,
          `      <failure type="${f.severity}" message="${xml(f.message)}">${xml(`${displayPath(f.file, cwd)}:${f.line}:${f.column} ${f.severity} ${f.message} (${f.ruleId})`)}</failure>`,
          '    </testcase>',
        ].join('\n'));
    suites.push(`  <testsuite name="${name}" tests="${cases.length}" failures="${list.length}" errors="0">\n${cases.join('\n')}\n  </testsuite>`);
  }
  for (const e of inputErrors) {
    const name = xml(displayPath(e.file, cwd));
    suites.push(`  <testsuite name="${name}" tests="1" failures="0" errors="1">\n    <testcase name="load" classname="${name}">\n      <error message="${xml(e.message)}"/>\n    </testcase>\n  </testsuite>`);
  }
  const tests = findings.length + [...byFile.values()].filter(l => l.length === 0).length + inputErrors.length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="apilint" tests="${tests}" failures="${findings.length}" errors="${inputErrors.length}">\n${suites.join('\n')}\n</testsuites>\n`;
};
