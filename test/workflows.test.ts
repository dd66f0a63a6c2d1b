// CI, editor and review workflows through the real CLI: config files, inline ignores, baselines,
// --since, and the extra formats. Documents are copies of the reference spec (zero findings) with
// one deliberate violation, so every assertion is about exactly the findings the test made.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { project } from './helpers/project.js';
import { REFERENCE_SPEC } from './helpers/lint.js';

const reference = readFileSync(REFERENCE_SPEC, 'utf8');
/** The reference spec with a trailing slash on /shipments (one path-no-trailing-slash error). */
const withSlash = reference.replace('\n  /shipments:\n', '\n  /shipments/:\n');
const slashLine = withSlash.split('\n').indexOf('  /shipments/:') + 1;

interface JsonReport {
  summary: Record<string, number | string>;
  files: string[];
  findings: { ruleId: string; severity: string; line: number; file: string; message: string }[];
}
const json = (stdout: string) => JSON.parse(stdout) as JsonReport;
const ids = (report: JsonReport) => report.findings.map(f => `${f.ruleId}@${f.line}`);

describe('config file', () => {
  it('without a config the violation fails the run', async () => {
    const dir = project({ 'api.yaml': withSlash });
    const result = await runCli(['lint', 'api.yaml', '-f', 'json'], { cwd: dir });
    expect(ids(json(result.stdout))).toEqual([`path-no-trailing-slash@${slashLine}`]);
    expect(result.code).toBe(1);
  });

  it('turns a rule off or changes its severity, found from the working directory upward', async () => {
    const dir = project({ '.apilint.yaml': 'rules:\n  path-no-trailing-slash: warn\n', 'specs/api.yaml': withSlash });
    const result = await runCli(['lint', 'api.yaml', '-f', 'json'], { cwd: path.join(dir, 'specs') });
    expect(json(result.stdout).findings.map(f => f.severity)).toEqual(['warn']);
    expect(result.code).toBe(0);
    const off = project({ '.apilint.json': '{"rules": {"path-no-trailing-slash": "off"}}', 'api.yaml': withSlash });
    expect((await runCli(['lint', 'api.yaml'], { cwd: off })).code).toBe(0);
  });

  it('-c names the config; --no-config ignores configs', async () => {
    const dir = project({ 'conf/lint.yaml': 'rules:\n  path-no-trailing-slash: off\n', '.apilint.yaml': 'rules:\n  path-no-trailing-slash: error\n', 'api.yaml': withSlash });
    expect((await runCli(['lint', 'api.yaml', '-c', 'conf/lint.yaml'], { cwd: dir })).code).toBe(0);
    const off = project({ '.apilint.yaml': 'rules:\n  path-no-trailing-slash: off\n', 'api.yaml': withSlash });
    expect((await runCli(['lint', 'api.yaml', '--no-config'], { cwd: off })).code).toBe(1);
  });

  it('passes rule options from the config to the rule', async () => {
    const dir = project({ '.apilint.yaml': "rules:\n  scope-naming: [error, { pattern: '^uid$' }]\n", 'api.yaml': reference });
    const report = json((await runCli(['lint', 'api.yaml', '-f', 'json'], { cwd: dir })).stdout);
    expect(report.findings.length).toBeGreaterThan(0);
    expect(new Set(report.findings.map(f => `${f.ruleId}/${f.severity}`))).toEqual(new Set(['scope-naming/error']));
  });

  it('overrides apply to matching files, ignore skips files in directories', async () => {
    const dir = project({
      '.apilint.yaml': "overrides:\n  - files: ['legacy/**']\n    rules:\n      path-no-trailing-slash: 'off'\nignore: ['generated/**']\n",
      'legacy/old.yaml': withSlash,
      'current/new.yaml': withSlash,
      'generated/gen.yaml': withSlash,
    });
    const report = json((await runCli(['lint', '.', '-f', 'json'], { cwd: dir })).stdout);
    expect(report.files).toEqual(['current/new.yaml', 'legacy/old.yaml']);
    expect(report.findings.map(f => f.file)).toEqual(['current/new.yaml']);
  });

  it('extends apilint:all turns on the rules that are off by default', async () => {
    const silent = reference.replace(/gzip/gi, 'compression');
    const plain = project({ 'api.yaml': silent });
    const all = project({ '.apilint.yaml': 'extends: apilint:all\n', 'api.yaml': silent });
    const defaults = json((await runCli(['lint', 'api.yaml', '-f', 'json'], { cwd: plain })).stdout);
    const everything = json((await runCli(['lint', 'api.yaml', '-f', 'json'], { cwd: all })).stdout);
    expect(defaults.findings.map(f => f.ruleId)).not.toContain('gzip-documented');
    expect(everything.findings.map(f => f.ruleId)).toContain('gzip-documented');
  });

  it.each([
    ['a misspelt rule id, with a suggestion', 'rules:\n  path-no-trailing-slahs: off\n', /\.apilint\.yaml:2:3: invalid config: unknown rule "path-no-trailing-slahs": did you mean "path-no-trailing-slash"\?$/],
    ['a bad severity', 'rules:\n  path-no-trailing-slash: fatal\n', /\.apilint\.yaml:2:27: invalid config: rule "path-no-trailing-slash": severity must be off, error, warn, info, hint, not "fatal"$/],
    ['a bad option value', 'rules:\n  scope-naming: [warn, { pattern: 42 }]\n', /\.apilint\.yaml:2:35: invalid config: rule "scope-naming": option "pattern" must be string$/],
    ['an unknown option', 'rules:\n  scope-naming: [warn, { patern: x }]\n', /invalid config: rule "scope-naming" has no option "patern": did you mean "pattern"\?/],
    ['an unknown top-level key', 'rule:\n  x: off\n', /\.apilint\.yaml:1:1: invalid config: unknown key "rule": did you mean "rules"\?/],
    ['an unknown preset', 'extends: apilint:everything\n', /invalid config: unknown preset "apilint:everything"/],
  ])('rejects %s with exit 2, the file, the line and the reason', async (_name, config, expected) => {
    const dir = project({ '.apilint.yaml': config, 'api.yaml': reference });
    const result = await runCli(['lint', 'api.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toMatch(/^apilint: /);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(expected);
  });
});

describe('inline ignores', () => {
  it('x-apilint-ignore silences a rule for the node and everything under it; SARIF keeps it as inSource', async () => {
    const ignored = withSlash.replace('  /shipments/:\n', '  /shipments/:\n    x-apilint-ignore: [path-no-trailing-slash]\n');
    const dir = project({ 'api.yaml': ignored });
    const result = await runCli(['lint', 'api.yaml', '-f', 'json', '-f', 'sarif', '-o', 'out.sarif'], { cwd: dir });
    expect(json(result.stdout).findings).toEqual([]);
    expect(json(result.stdout).summary.suppressed).toBe(1);
    expect(result.code).toBe(0);
    const sarif = JSON.parse(readFileSync(path.join(dir, 'out.sarif'), 'utf8'));
    expect(sarif.runs[0].results).toEqual([
      expect.objectContaining({ ruleId: 'path-no-trailing-slash', suppressions: [{ kind: 'inSource', justification: expect.stringContaining('x-apilint-ignore') }] }),
    ]);
  });

  it('x-zally-ignore works through the Zalando rule numbers', async () => {
    const dir = project({ 'api.yaml': withSlash.replace('openapi: 3.0.3\n', 'openapi: 3.0.3\nx-zally-ignore: [136]\n') });
    const result = await runCli(['lint', 'api.yaml', '-f', 'json'], { cwd: dir });
    expect(json(result.stdout).findings).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('an ignore that silences nothing is reported as unused-ignore (hint), at its entry', async () => {
    const text = reference.replace('  /shipments:\n', '  /shipments:\n    x-apilint-ignore:\n      - path-no-trailing-slash\n      - no-such-rule\n');
    const line = text.split('\n').indexOf('      - path-no-trailing-slash') + 1;
    const dir = project({ 'api.yaml': text });
    const result = await runCli(['lint', 'api.yaml', '-f', 'json'], { cwd: dir });
    const report = json(result.stdout);
    expect(report.findings.map(f => [f.ruleId, f.severity, f.line])).toEqual([
      ['unused-ignore', 'hint', line],
      ['unused-ignore', 'hint', line + 1],
    ]);
    expect(report.findings[1]!.message).toMatch(/not an apilint rule/);
    expect(result.code).toBe(0);
  });
});

describe('baselines', () => {
  it('hides baselined findings across line moves, fails on new ones, and counts the fixed', async () => {
    const dir = project({ 'api.yaml': withSlash });
    const write = await runCli(['lint', 'api.yaml', '--write-baseline', 'baseline.json'], { cwd: dir });
    expect(write.code).toBe(0);
    const baseline = JSON.parse(readFileSync(path.join(dir, 'baseline.json'), 'utf8'));
    expect(baseline.findings).toEqual([{ ruleId: 'path-no-trailing-slash', file: 'api.yaml', pointer: '/paths/~1shipments~1', key: '/paths/~1shipments' }]);

    // Unrelated lines added above the finding: still the same finding, still hidden.
    writeFileSync(path.join(dir, 'api.yaml'), withSlash.replace('info:', '# moved\n# down\ninfo:'));
    const same = await runCli(['lint', 'api.yaml', '--baseline', 'baseline.json', '-f', 'json'], { cwd: dir });
    expect(json(same.stdout).findings).toEqual([]);
    expect(json(same.stdout).summary).toMatchObject({ unchanged: 1, fixed: 0 });
    expect(same.code).toBe(0);

    // A new violation fails the run and is the only one reported; SARIF tells new from unchanged.
    const more = withSlash.replace('  /pickup-points:\n', '  /pickup-points/:\n');
    writeFileSync(path.join(dir, 'api.yaml'), more);
    const added = await runCli(['lint', 'api.yaml', '--baseline', 'baseline.json', '-f', 'stylish', '-f', 'sarif', '-o', 'out.sarif'], { cwd: dir });
    expect(added.code).toBe(1);
    expect(added.stdout).toMatch(/Path "\/pickup-points\/" ends with a slash/);
    expect(added.stdout).not.toMatch(/Path "\/shipments\/"/);
    expect(added.stdout).toMatch(/Compared with baseline baseline\.json: 1 known finding hidden, 0 fixed since\./);
    const states = JSON.parse(readFileSync(path.join(dir, 'out.sarif'), 'utf8')).runs[0].results.map((r: { baselineState: string; suppressions?: { kind: string }[] }) => [r.baselineState, r.suppressions?.[0]?.kind]);
    expect(states.sort()).toEqual([['new', undefined], ['unchanged', 'external']]);

    // The baselined one fixed: reported as fixed.
    writeFileSync(path.join(dir, 'api.yaml'), reference);
    const fixed = await runCli(['lint', 'api.yaml', '--baseline', 'baseline.json', '-f', 'json'], { cwd: dir });
    expect(json(fixed.stdout).summary).toMatchObject({ unchanged: 0, fixed: 1 });
    expect(fixed.code).toBe(0);
  });

  it('a missing baseline file is an input error', async () => {
    const dir = project({ 'api.yaml': reference });
    const result = await runCli(['lint', 'api.yaml', '--baseline', 'nope.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/nope\.json: baseline file not found/);
  });
});

describe('specs that share a referenced file', () => {
  const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });
  // Two documents whose path items lead, through files of their own, to one shared response with a camelCase property.
  const spec = (paths: string) => withSlash.replace('paths:\n', `paths:\n${paths}`);
  const files = {
    'a.yaml': spec("  /a-things:\n    $ref: 'paths/a.yaml'\n"),
    'b.yaml': spec("  /b-things:\n    $ref: 'paths/b.yaml'\n"),
    'paths/a.yaml': "get:\n  responses:\n    '200': {$ref: '../shared/ok.yaml'}\n",
    'paths/b.yaml': "get:\n  responses:\n    '200': {$ref: '../shared/ok.yaml'}\n",
    'shared/ok.yaml': 'description: OK\ncontent:\n  application/json:\n    schema:\n      type: object\n      properties:\n        badName: {type: string}\n',
  };
  const inShared = (report: JsonReport) => report.findings.filter(f => f.file === 'shared/ok.yaml').map(f => `${f.ruleId}@${f.line}`);

  it('report a finding in the shared file once, with the first document that reaches it, on one thread or several', async () => {
    const dir = project(files);
    for (const jobs of ['0', '2']) {
      const report = json((await runCli(['lint', 'a.yaml', 'b.yaml', '-f', 'json'], { cwd: dir, env: { APILINT_JOBS: jobs } })).stdout);
      expect(inShared(report), `APILINT_JOBS=${jobs}`).toEqual(['rate-limit-informing-headers@1', 'properties-snake-case@7']);
      // Each document keeps its own findings, and those in the files only it reaches.
      expect(report.findings.filter(f => f.ruleId === 'path-no-trailing-slash').map(f => f.file)).toEqual(['a.yaml', 'b.yaml']);
      expect(report.findings.filter(f => f.ruleId === 'operations-secured').map(f => f.file)).toEqual(['paths/a.yaml', 'paths/b.yaml']);
    }
    const alone = json((await runCli(['lint', 'b.yaml', '-f', 'json'], { cwd: dir })).stdout);
    expect(inShared(alone)).toEqual(['rate-limit-informing-headers@1', 'properties-snake-case@7']);
  });

  it('count it once against a baseline and against the revision, whichever document changed', async () => {
    const dir = project(files);
    expect((await runCli(['lint', 'a.yaml', 'b.yaml', '--write-baseline', 'baseline.json'], { cwd: dir })).code).toBe(0);
    const baseline = json((await runCli(['lint', 'a.yaml', 'b.yaml', '--baseline', 'baseline.json', '-f', 'json'], { cwd: dir })).stdout);
    expect(baseline.findings).toEqual([]);
    expect(baseline.summary).toMatchObject({ fixed: 0 });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'specs');
    for (const changed of ['a.yaml', 'b.yaml']) {
      writeFileSync(path.join(dir, changed), files[changed as 'a.yaml'].replace('info:', '# edited\ninfo:'));
      const since = json((await runCli(['lint', 'a.yaml', 'b.yaml', '--since', 'HEAD', '--no-breaking', '-f', 'json'], { cwd: dir })).stdout);
      expect(since.findings, `${changed} edited`).toEqual([]);
      expect(since.summary, `${changed} edited`).toMatchObject({ unchanged: baseline.summary.unchanged, fixed: 0 });
      git(dir, 'checkout', '-q', '--', changed);
    }
  });
});

describe('--since', () => {
  const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });

  it('reports only the findings the working tree adds to the revision', async () => {
    const dir = project({ 'specs/api.yaml': withSlash });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'spec with one violation');
    writeFileSync(path.join(dir, 'specs/api.yaml'), withSlash.replace('info:', '# moved\ninfo:').replace('  /pickup-points:\n', '  /pickup-points/:\n'));
    writeFileSync(path.join(dir, 'specs/new.yaml'), withSlash);
    const result = await runCli(['lint', 'specs', '--since', 'HEAD', '--no-breaking', '-f', 'json'], { cwd: dir });
    const report = json(result.stdout);
    expect(report.findings.map(f => [f.file, /Path "([^"]+)"/.exec(f.message)?.[1]])).toEqual([
      ['specs/api.yaml', '/pickup-points/'],
      ['specs/new.yaml', '/shipments/'],
    ]);
    expect(report.summary).toMatchObject({ comparedWith: 'HEAD', unchanged: 1, fixed: 0 });
    expect(result.code).toBe(1);
  });

  /** A spec whose one path item is in another file, and two versions of that file. */
  const api = (file: string) => `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /things:\n    $ref: './${file}'\n`;
  const things = "get:\n  responses:\n    '200': {description: OK}\n";
  const camelParameter = "get:\n  parameters:\n    - {name: badName, in: query, schema: {type: string}}\n  responses:\n    '200': {description: OK}\n";
  const committed = (files: Record<string, string>) => {
    const dir = project(files);
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'spec');
    return dir;
  };
  /** --since HEAD with --timing: how many documents were linted (now and at HEAD), and the report. */
  const since = async (dir: string) => {
    const result = await runCli(['lint', 'api.yaml', '--since', 'HEAD', '--timing', '-f', 'json'], { cwd: dir });
    return { linted: Number(/(\d+) documents? linted/.exec(result.stderr)?.[1]), report: json(result.stdout) };
  };

  it('lints a document again at the revision only where it or a file its $refs read has changed', async () => {
    const dir = committed({ 'api.yaml': api('things.yaml'), 'things.yaml': things, 'v1.yaml': things, 'v2.yaml': camelParameter });
    const plain = json((await runCli(['lint', 'api.yaml', '-f', 'json'], { cwd: dir })).stdout).findings.length;
    expect(plain).toBeGreaterThan(0);
    // Every byte as it was: the findings then are the findings now, without a second lint.
    const same = await since(dir);
    expect(same.linted).toBe(1);
    expect(same.report.findings).toEqual([]);
    expect(same.report.summary).toMatchObject({ unchanged: plain, fixed: 0 });
    // Only the referenced file changed: the revision is linted, and the new finding is in that file.
    writeFileSync(path.join(dir, 'things.yaml'), camelParameter);
    const changed = await since(dir);
    expect(changed.linted).toBe(2);
    expect(changed.report.findings.filter(f => f.ruleId !== 'info-version-bump').map(f => `${f.file}:${f.ruleId}@${f.line}`)).toEqual(['things.yaml:parameters-snake-case@3']);
    expect(changed.report.summary).toMatchObject({ unchanged: plain, fixed: 0 });
    // A symlink is never taken as unchanged: things.yaml led to v1.yaml, and now leads to v2.yaml.
    git(dir, 'rm', '-qf', 'things.yaml');
    symlinkSync('v1.yaml', path.join(dir, 'things.yaml'));
    git(dir, 'add', 'things.yaml');
    git(dir, 'commit', '-qm', 'link');
    rmSync(path.join(dir, 'things.yaml'));
    symlinkSync('v2.yaml', path.join(dir, 'things.yaml'));
    const relinked = await since(dir);
    expect(relinked.linted).toBe(2);
    // Findings are matched in the file as the $ref names it, whichever file the link led to then.
    expect(relinked.report.findings.filter(f => f.ruleId !== 'info-version-bump').map(f => `${f.file}:${f.ruleId}@${f.line}`)).toEqual(['things.yaml:parameters-snake-case@3']);
    expect(relinked.report.summary).toMatchObject({ unchanged: plain, fixed: 0 });
  });

  it('follows the files git sees renamed: a spec moved into a folder with the file its $ref reads', async () => {
    const dir = committed({ 'api.yaml': api('things.yaml'), 'things.yaml': camelParameter });
    const plain = json((await runCli(['lint', 'api.yaml', '-f', 'json'], { cwd: dir })).stdout).findings.length;
    mkdirSync(path.join(dir, 'spec'));
    git(dir, 'mv', 'api.yaml', 'things.yaml', 'spec/');
    const run = async () => json((await runCli(['lint', 'spec/api.yaml', '--since', 'HEAD', '-f', 'json'], { cwd: dir })).stdout);
    const moved = await run();
    expect(moved.findings).toEqual([]);
    expect(moved.summary).toMatchObject({ unchanged: plain, fixed: 0 });
    // Moved and edited (git still sees the rename): the new parameter's finding, and the addition it makes.
    writeFileSync(path.join(dir, 'spec/things.yaml'), camelParameter.replace('  responses:', '    - {name: otherName, in: query, schema: {type: string}}\n  responses:'));
    const edited = await run();
    expect(edited.findings.map(f => `${f.file}:${f.ruleId}@${f.line}`)).toEqual(['spec/things.yaml:parameters-snake-case@4', 'spec/api.yaml:info-version-bump@2']);
    expect(edited.findings[1]!.message).toMatch(/The API grew \(1 addition\)/);
    expect(edited.summary).toMatchObject({ unchanged: plain, fixed: 0 });
  });

  it('takes no file reached through a symlink as unchanged: the same bytes may now lie outside the project', async () => {
    const outside = project({ 'parts/things.yaml': things });
    const dir = committed({ 'api.yaml': api('parts/things.yaml'), 'parts/things.yaml': things });
    rmSync(path.join(dir, 'parts'), { recursive: true });
    symlinkSync(path.join(outside, 'parts'), path.join(dir, 'parts'));
    const result = await since(dir);
    expect(result.linted).toBe(2);
    expect(result.report.findings.map(f => f.ruleId)).toContain('ref-outside-project');
  });

  it('standard input standing for a file named too: each is compared with the revision on its own', async () => {
    const dir = committed({ 'api.yaml': withSlash });
    const now = withSlash.replace('  /pickup-points:\n', '  /pickup-points/:\n');
    writeFileSync(path.join(dir, 'api.yaml'), now);
    const result = await runCli(['lint', '-', 'api.yaml', '--stdin-filepath', 'api.yaml', '--since', 'HEAD', '--no-breaking', '-f', 'json'], { cwd: dir, input: now });
    const report = json(result.stdout);
    // The old trailing slash is known for both; the new one is new in both.
    expect(report.findings.map(f => /Path "([^"]+)"/.exec(f.message)?.[1])).toEqual(['/pickup-points/', '/pickup-points/']);
    expect(report.summary).toMatchObject({ unchanged: 2, fixed: 0 });
  });

  it('outside a git repository or with an unknown revision: exit 2 with one line', async () => {
    const dir = project({ 'api.yaml': reference });
    const outside = await runCli(['lint', 'api.yaml', '--since', 'HEAD'], { cwd: dir });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/--since needs a git repository/);
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'x');
    const unknown = await runCli(['lint', 'api.yaml', '--since', 'no-such-branch'], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toMatch(/^apilint: no-such-branch: --since: unknown git revision "no-such-branch"$/);
  });
});

describe('formats', () => {
  const manySlashes = (n: number) => {
    const paths = Array.from({ length: n }, (_, i) => `  /things-${'abcdefghijklmnopqrst'[i]}/:\n    get:\n      responses:\n        '200': {description: OK}\n`).join('');
    return `openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\nx-apilint-ignore: [api-meta-info, rate-limit-policy, flow-id-header, operations-secured, rate-limit-429, success-and-error-responses, rate-limit-informing-headers, path-plural-resources, collections-paginated, partial-responses]\npaths:\n${paths}`;
  };

  it('github: one workflow command per finding, all of them, and a closing line past what GitHub annotates', async () => {
    const dir = project({ 'api.yaml': manySlashes(12) });
    const result = await runCli(['lint', 'api.yaml', '-f', 'github'], { cwd: dir });
    const lines = result.stdout.trim().split('\n');
    const slashes = lines.filter(l => l.includes('path-no-trailing-slash'));
    expect(slashes).toHaveLength(12);
    expect(slashes[0]).toMatch(/^::error file=api\.yaml,line=5,col=\d+,endLine=\d+,endColumn=\d+,title=apilint path-no-trailing-slash::Path "\/things-a\/" ends with a slash/);
    expect(lines.at(-1)).toMatch(/^apilint: GitHub annotates the first 10 errors, 10 warnings and 10 notices of a step; every one is listed above in this log$/);
    expect(result.code).toBe(1);
  });

  it('junit, markdown and codeclimate, several reports in one run', async () => {
    const dir = project({ 'api.yaml': withSlash });
    const result = await runCli(['lint', 'api.yaml', '-f', 'junit', '-o', 'junit.xml', '-f', 'markdown', '-o', 'summary.md', '-f', 'codeclimate', '-o', 'cc.json', '-f', 'stylish'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/path-no-trailing-slash/);
    const junit = readFileSync(path.join(dir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="apilint" tests="1" failures="1" errors="0">/);
    expect(junit).toMatch(new RegExp(`<testcase name="path-no-trailing-slash at ${slashLine}:\\d+" classname="api\\.yaml">`));
    const md = readFileSync(path.join(dir, 'summary.md'), 'utf8');
    expect(md).toMatch(/\*\*1 problem\*\* in 1 file: 1 error, 0 warnings/);
    expect(md).toMatch(new RegExp(`\\| ❌ error \\| \`api\\.yaml\` \\| ${slashLine} \\| \\[\`path-no-trailing-slash\`\\]`));
    const cc = JSON.parse(readFileSync(path.join(dir, 'cc.json'), 'utf8'));
    expect(cc).toEqual([
      expect.objectContaining({ type: 'issue', check_name: 'path-no-trailing-slash', severity: 'major', location: { path: 'api.yaml', lines: { begin: slashLine, end: expect.any(Number) } }, fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/) }),
    ]);
  });

  it('rejects two reports on stdout and unknown formats (exit 2)', async () => {
    const dir = project({ 'api.yaml': reference });
    const two = await runCli(['lint', 'api.yaml', '-f', 'json', '-f', 'github'], { cwd: dir });
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/only one report can go to stdout/);
    const unknown = await runCli(['lint', 'api.yaml', '-f', 'xml'], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown format "xml"/);
  });
});
