// The GitHub Action (action.yml) run step by step as the runner runs a composite action: each
// step's `run` in bash (`bash --noprofile --norc -eo pipefail`), its `env` with the `${{ }}`
// expressions filled in from the inputs (and their defaults) and the outputs of earlier steps,
// in the workspace, with a GITHUB_OUTPUT and GITHUB_STEP_SUMMARY file of its own. An expression
// this runner does not know fails the test: action.yml keeps to inputs and step outputs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import parsers from '@stoplight/spectral-parsers';
import { describe, expect, it } from 'vitest';
import { REFERENCE_SPEC, ROOT } from './helpers/lint.js';
import { git } from './helpers/source.js';

interface Step {
  id?: string;
  shell: string;
  run: string;
  env?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parsers.Yaml.parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')).data as Action;
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
const reference = readFileSync(REFERENCE_SPEC, 'utf8');
const withSlash = reference.replace('\n  /shipments:\n', '\n  /shipments/:\n');
const slashLine = withSlash.split('\n').indexOf('  /shipments/:') + 1;
/** A second violation: a path in camelCase (path-kebab-case). */
const withCamel = withSlash.replace('\n  /shipments/{shipment_id}:\n', '\n  /shipmentItems/{shipment_id}:\n');

interface ActionRun {
  /** The exit code of the step that ended the run (the last one, or the first that failed). */
  code: number | null;
  /** stdout of every step: the job log, with the workflow commands the runner turns into annotations. */
  log: string;
  stderr: string;
  /** The job summary: every step's summary file, in order. */
  summary: string;
  outputs: Record<string, string>;
}

/** Runs action.yml's steps with `inputs` as a workflow's `with:` gives them. */
function runAction(workspace: string, inputs: Record<string, string>): ActionRun {
  for (const name of Object.keys(inputs)) if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  const values: Record<string, string> = Object.fromEntries(Object.entries(action.inputs).map(([name, spec]) => [name, inputs[name] ?? spec.default ?? '']));
  const runnerTemp = mkdtempSync(path.join(tmpdir(), 'apilint-runner-'));
  const stepOutputs: Record<string, Record<string, string>> = {};
  const expression = (text: string) =>
    text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expr: string) => {
      const input = /^inputs\.([\w-]+)$/.exec(expr);
      if (input) return values[input[1]!] ?? '';
      const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
      if (output) return stepOutputs[output[1]!]?.[output[2]!] ?? '';
      throw new Error(`action.yml uses an expression this test runner does not know: ${expr}`);
    });
  const result: ActionRun = { code: 0, log: '', stderr: '', summary: '', outputs: {} };
  expect(action.runs.using).toBe('composite');
  for (const [i, step] of action.runs.steps.entries()) {
    expect(step.shell).toBe('bash');
    const files = { output: path.join(runnerTemp, `output-${i}`), summary: path.join(runnerTemp, `summary-${i}`), script: path.join(runnerTemp, `step-${i}.sh`) };
    writeFileSync(files.output, '');
    writeFileSync(files.summary, '');
    writeFileSync(files.script, expression(step.run));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
      RUNNER_TEMP: runnerTemp,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, expression(String(value))])),
    };
    const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', files.script], { cwd: workspace, env, encoding: 'utf8' });
    result.log += run.stdout;
    result.stderr += run.stderr;
    result.summary += readFileSync(files.summary, 'utf8');
    if (step.id) stepOutputs[step.id] = parseOutputs(readFileSync(files.output, 'utf8'));
    result.code = run.status;
    if (run.status !== 0) break;
  }
  result.outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, spec]) => [name, expression(spec.value)]));
  return result;
}

/** GITHUB_OUTPUT: `name=value` lines and `name<<DELIMITER` blocks. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const block = /^([\w-]+)<<(.+)$/.exec(lines[i]!);
    if (block) {
      const end = lines.indexOf(block[2]!, i + 1);
      outputs[block[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i]!.includes('=')) {
      outputs[lines[i]!.slice(0, lines[i]!.indexOf('='))] = lines[i]!.slice(lines[i]!.indexOf('=') + 1);
    }
  }
  return outputs;
}

/** A checked-out repository: specs/orders.yaml (committed with one violation) and specs/clean.yaml. */
function workspace(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-workspace-'));
  mkdirSync(path.join(dir, 'specs'));
  writeFileSync(path.join(dir, 'specs/orders.yaml'), withSlash);
  writeFileSync(path.join(dir, 'specs/clean.yaml'), reference);
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "orders-api", "private": true }\n');
  git(dir, 'init', '--quiet', '--initial-branch=main');
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '-m', 'specs');
  return dir;
}

const annotations = (log: string) => log.split('\n').filter(line => line.startsWith('::'));

describe('action.yml', () => {
  it('fails on a finding: an annotation on its line, the report in the log, the job summary, SARIF and the outputs', () => {
    const dir = workspace();
    const run = runAction(dir, { paths: 'specs', 'sarif-file': 'apilint.sarif', version: 'source' });
    expect(run.code).toBe(1);
    expect(annotations(run.log)).toEqual([
      expect.stringMatching(new RegExp(`^::error file=specs/orders\\.yaml,line=${slashLine},col=\\d+,endLine=\\d+,endColumn=\\d+,title=apilint path-no-trailing-slash::Path "/shipments/" ends with a slash`)),
    ]);
    // The stylish report, after the annotations.
    expect(run.log).toMatch(new RegExp(`specs/orders\\.yaml\\n +${slashLine}:\\d+ +error +Path "/shipments/" ends with a slash: remove the trailing "/"\\. +path-no-trailing-slash\\n`));
    expect(run.summary).toMatch(/^### apilint\n/);
    expect(run.summary).toContain('**1 problem** in 2 files');
    // A table row: severity, file, line, the rule linked to its page, the message.
    expect(run.summary).toMatch(new RegExp(`^\\| .*error \\| \`specs/orders\\.yaml\` \\| ${slashLine} \\| \\[\`path-no-trailing-slash\`\\]\\(https://github\\.com/apilint/apilint/blob/main/docs/rules/path-no-trailing-slash\\.md\\) \\| .*Path \\\\?"/shipments/\\\\?" ends with a slash`, 'm'));
    expect(run.outputs).toEqual({ 'exit-code': '1', errors: '1', warnings: '0', 'sarif-file': 'apilint.sarif' });
    const sarif = JSON.parse(readFileSync(path.join(dir, 'apilint.sarif'), 'utf8'));
    expect(sarif.runs[0].results.map((r: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => [r.ruleId, r.locations[0]!.physicalLocation.artifactLocation.uri])).toEqual([
      ['path-no-trailing-slash', 'specs/orders.yaml'],
    ]);
  });

  it('passes on a clean spec: no annotation, a summary that says so, exit 0', () => {
    const run = runAction(workspace(), { paths: 'specs/clean.yaml', version: 'source' });
    expect(run.code).toBe(0);
    expect(annotations(run.log)).toEqual([]);
    expect(run.summary).toBe('### apilint\n\n✅ No problems in 1 file.\n');
    expect(run.outputs).toMatchObject({ 'exit-code': '0', errors: '0', warnings: '0', 'sarif-file': '' });
  });

  it('config and fail-severity: a rule lowered to warn passes at error and fails at warn', () => {
    const dir = workspace();
    mkdirSync(path.join(dir, 'lint'));
    writeFileSync(path.join(dir, 'lint/apilint.yaml'), 'rules:\n  path-no-trailing-slash: warn\n');
    const atError = runAction(dir, { paths: 'specs/orders.yaml', config: 'lint/apilint.yaml', version: 'source' });
    expect(atError.code).toBe(0);
    expect(annotations(atError.log)).toEqual([expect.stringMatching(/^::warning file=specs\/orders\.yaml,line=\d+,.*::Path "\/shipments\/"/)]);
    expect(atError.outputs).toMatchObject({ 'exit-code': '0', errors: '0', warnings: '1' });
    const atWarn = runAction(dir, { paths: 'specs/orders.yaml', config: 'lint/apilint.yaml', 'fail-severity': 'warn', version: 'source' });
    expect(atWarn.code).toBe(1);
  });

  it('since: only what the working tree adds to the ref is reported and fails the step', () => {
    const dir = workspace();
    const unchanged = runAction(dir, { paths: 'specs', since: 'HEAD', version: 'source' });
    expect(unchanged.code).toBe(0);
    expect(annotations(unchanged.log)).toEqual([]);
    expect(unchanged.summary).toMatch(/Compared with `?HEAD`?: 1 known finding hidden, 0 fixed\./);
    writeFileSync(path.join(dir, 'specs/orders.yaml'), withCamel);
    const added = runAction(dir, { paths: 'specs', since: 'HEAD', version: 'source' });
    expect(added.code).toBe(1);
    // The new finding, and the change that breaks clients (apilint diff): the renamed path, at the
    // base's node, and the version that needed a MAJOR bump.
    expect(annotations(added.log)).toEqual([
      expect.stringMatching(/^::error file=specs\/orders\.yaml,.*title=apilint path-kebab-case::/),
      expect.stringMatching(/^::error file=specs\/orders\.yaml,.*title=apilint info-version-bump::/),
      // The removed path is in HEAD's file, not the checkout's: a job annotation that names its place.
      expect.stringMatching(/^::error title=apilint path-removed::HEAD:specs\/orders\.yaml:\d+:\d+: Path "\/shipments\/\{shipment_id\}"/),
    ]);
  });

  it('annotations and summary can be turned off; a bad boolean stops the step', () => {
    const dir = workspace();
    const quiet = runAction(dir, { paths: 'specs', annotations: 'false', summary: 'false', version: 'source' });
    expect(quiet.code).toBe(1);
    expect(annotations(quiet.log)).toEqual([]);
    expect(quiet.log).toMatch(/path-no-trailing-slash/);
    expect(quiet.summary).toBe('');
    const bad = runAction(dir, { paths: 'specs', annotations: 'yes', version: 'source' });
    expect(bad.code).toBe(2);
    expect(bad.log).toContain('::error::apilint action: input annotations must be true or false, not "yes"');
  });

  it('an input that cannot be linted: exit 2, and the summary says which', () => {
    const dir = workspace();
    writeFileSync(path.join(dir, 'specs/broken.yaml'), 'openapi: 3.0.3\ninfo:\n  title: a\n  title: b\n');
    const run = runAction(dir, { paths: 'specs', version: 'source' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^apilint: specs\/broken\.yaml:4:3: invalid YAML/m);
    expect(run.summary).toMatch(/could not be linted/);
    expect(run.outputs['exit-code']).toBe('2');
  });

  it("by default runs the action's own version (the release from the registry, or this checkout where it is not published)", () => {
    const run = runAction(workspace(), { paths: 'specs/clean.yaml' });
    expect(run.code).toBe(0);
    expect(run.log).toContain(`apilint ${pkg.version} (`);
  }, 120_000);
});

describe("the README's GitHub Actions workflow", () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const yaml = /### GitHub Actions\n[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const workflow = parsers.Yaml.parse(yaml).data as { jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }> };
  const steps = Object.values(workflow.jobs ?? {}).flatMap(job => job.steps);

  it('uses the action with inputs it has, and uploads the SARIF file it writes', () => {
    const uses = steps.filter(step => step.uses?.startsWith('apilint/apilint@'));
    expect(uses.length).toBeGreaterThan(0);
    for (const step of uses) for (const name of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs)).toContain(name);
    const sarif = uses.map(step => step.with?.['sarif-file']).find(Boolean);
    const upload = steps.find(step => step.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.with?.sarif_file).toBe(sarif);
  });
});
