// The action's second step: one apilint run that writes every report the action gives, in the
// workspace (so that file paths in annotations and SARIF are relative to the repository root):
//   - annotations: the `github` report on stdout, which the runner turns into annotations;
//   - the job log: the report of INPUT_FORMAT, printed after the run;
//   - the job summary: the `markdown` report, appended to $GITHUB_STEP_SUMMARY;
//   - INPUT_SARIF_FILE: the `sarif` report, for github/codeql-action/upload-sarif;
//   - step outputs: the exit code, and the counts from the `json` report.
// The step ends with apilint's exit code: 0, 1 (findings at INPUT_FAIL_SEVERITY) or 2 (an input
// that could not be linted, or a usage error).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appendSummary, command, fail, setOutput } from './github.mjs';

const input = name => (process.env[`INPUT_${name}`] ?? '').trim();
const flag = name => {
  const value = input(name).toLowerCase();
  if (value === '' || value === 'true') return true;
  if (value === 'false') return false;
  fail(`input ${name.toLowerCase().replace(/_/g, '-')} must be true or false, not "${input(name)}"`);
};

const bin = process.env.APILINT_BIN;
if (!bin) fail('no apilint to run: the install step did not set its bin output');
const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
const paths = input('PATHS').split(/\s+/).filter(Boolean);
const format = input('FORMAT') || 'stylish';
const sarifFile = input('SARIF_FILE');
const annotations = flag('ANNOTATIONS');
const summary = flag('SUMMARY');

const args = ['lint', ...(paths.length > 0 ? paths : ['.']), '--fail-severity', input('FAIL_SEVERITY') || 'error'];
if (input('CONFIG')) args.push('--config', input('CONFIG'));
if (input('SINCE')) args.push('--since', input('SINCE'));
if (input('BASELINE')) args.push('--baseline', input('BASELINE'));

const temp = mkdtempSync(path.join(process.env.RUNNER_TEMP || os.tmpdir(), 'apilint-'));
const files = { log: path.join(temp, 'log.txt'), summary: path.join(temp, 'summary.md'), json: path.join(temp, 'report.json') };
// Annotations (or nothing) on stdout; every other report to its file.
const logToStdout = format === 'github' && annotations;
if (annotations) args.push('-f', 'github');
if (!logToStdout) args.push('-f', format, '-o', files.log);
if (summary) args.push('-f', 'markdown', '-o', files.summary);
args.push('-f', 'json', '-o', files.json);
if (sarifFile) args.push('-f', 'sarif', '-o', sarifFile);

if (input('SINCE') && isShallow()) {
  command('warning', `since: ${input('SINCE')} needs the history: check out with fetch-depth: 0 (actions/checkout)`);
}
const run = spawnSync(process.execPath, [bin, ...args], { cwd: workspace, stdio: ['ignore', 'inherit', 'inherit'] });
const code = run.status ?? 2;
if (!logToStdout) print(files.log);
if (summary) appendSummary(read(files.summary) ?? `### apilint\n\napilint stopped before it wrote a report (exit code ${code}): see the job log.\n`);
const report = JSON.parse(read(files.json) ?? 'null');
setOutput('exit-code', String(code));
setOutput('errors', String(report?.summary.errors ?? 0));
setOutput('warnings', String(report?.summary.warnings ?? 0));
if (sarifFile) setOutput('sarif-file', sarifFile);
rmSync(temp, { recursive: true, force: true });
process.exit(code);

function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function print(file) {
  const text = read(file);
  if (text) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

function isShallow() {
  const git = spawnSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: workspace, encoding: 'utf8' });
  return git.status === 0 && git.stdout.trim() === 'true';
}
