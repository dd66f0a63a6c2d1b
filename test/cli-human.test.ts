// The human report for big runs, through the real CLI: the summary by rule, --quiet,
// --max-warnings, unpadded lines, terminal hyperlinks, the progress line; `apilint rules`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli } from './helpers/cli.js';
import { CORPUS, ROOT } from './helpers/lint.js';

const ZALANDO = path.join(CORPUS, 'zalando-api-repository-no-must-violations.yaml');
interface JsonFinding { ruleId: string; severity: string; message: string }
let findings: JsonFinding[];
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'apilint-human-'));
  findings = (JSON.parse((await runCli(['lint', ZALANDO, '-f', 'json'])).stdout) as { findings: JsonFinding[] }).findings;
  expect(findings.length).toBeGreaterThanOrEqual(10);
});

/** A document whose only finding is one warning (rate-limit-policy). */
const ONE_WARNING = "openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\nservers: [{url: /api}]\nx-apilint-ignore: [api-meta-info, rate-limit-policy]\npaths: {}\n";

describe('stylish', () => {
  it('ends with the count by rule (count, severity, id; most frequent first), then the totals', async () => {
    const lines = (await runCli(['lint', ZALANDO])).stdout.trimEnd().split('\n');
    const start = lines.indexOf('Problems by rule:');
    expect(start).toBeGreaterThan(0);
    const rows = lines.slice(start + 1, lines.length - 2).map(l => /^ +([\d,]+) {2}(\w+) +(\S+)$/.exec(l));
    expect(rows.every(Boolean)).toBe(true);
    const expected = new Map<string, number>();
    for (const f of findings) expected.set(`${f.ruleId} ${f.severity}`, (expected.get(`${f.ruleId} ${f.severity}`) ?? 0) + 1);
    expect(new Map(rows.map(r => [`${r![3]} ${r![2]}`, Number(r![1])]))).toEqual(expected);
    const counts = rows.map(r => Number(r![1]));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(lines.at(-2)).toBe('');
    expect(lines.at(-1)).toMatch(/^✖ 46 problems \(\d+ errors, \d+ warnings, \d+ info, 1 hint\) in 1 file$/);
  });

  it('pads no message: two spaces between each message and its rule id', async () => {
    const out = (await runCli(['lint', ZALANDO])).stdout;
    for (const f of findings) expect(out).toContain(` ${f.severity.padEnd(5)}  ${f.message}  ${f.ruleId}\n`);
  });

  it('a few findings: no count by rule', async () => {
    const out = (await runCli(['lint', path.join(ROOT, 'fixtures/cli/directory/orders.yaml')])).stdout;
    expect(out).not.toContain('Problems by rule');
  });

  it('links each rule id to its doc with a terminal hyperlink where the terminal supports them, never into a pipe', async () => {
    const url = (id: string) => `https://github.com/apilint/apilint/blob/main/docs/rules/${id}.md`;
    const linked = (await runCli(['lint', ZALANDO], { env: { FORCE_HYPERLINK: '1' } })).stdout;
    for (const f of findings) expect(linked).toContain(`\u001b]8;;${url(f.ruleId)}\u001b\\${f.ruleId}\u001b]8;;\u001b\\`);
    expect((await runCli(['lint', ZALANDO])).stdout).not.toContain('\u001b]8;;');
  });
});

describe('--quiet and --max-warnings', () => {
  it('--quiet reports errors only, in every format, and says how many it left out; the exit code still counts them', async () => {
    const errors = findings.filter(f => f.severity === 'error').length;
    const quiet = await runCli(['lint', ZALANDO, '--quiet']);
    expect(quiet.stdout).not.toMatch(/ (warn|info|hint) {2}/);
    expect(quiet.stdout).toContain(`✖ ${errors} problems (${errors} errors, 0 warnings, 0 info, 0 hints) in 1 file\n${findings.length - errors} findings below error not shown (--quiet)\n`);
    const json = JSON.parse((await runCli(['lint', ZALANDO, '-q', '-f', 'json'])).stdout) as { findings: JsonFinding[] };
    expect(json.findings.map(f => f.severity)).toEqual(Array(errors).fill('error'));
    const spec = path.join(tmp, 'warning.yaml');
    writeFileSync(spec, ONE_WARNING);
    const warnOnly = await runCli(['lint', spec, '--quiet', '--fail-severity', 'warn']);
    expect(warnOnly.code).toBe(1);
    expect(warnOnly.stdout).toBe('✔ No problems in 1 file\n1 finding below error not shown (--quiet)\n');
  });

  it('--max-warnings N: exit 1 when the warnings exceed N, with a line that says so', async () => {
    const spec = path.join(tmp, 'warning.yaml');
    writeFileSync(spec, ONE_WARNING);
    expect((await runCli(['lint', spec])).code).toBe(0);
    const over = await runCli(['lint', spec, '--max-warnings', '0']);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe('apilint: 1 warning, more than --max-warnings 0 allows\n');
    const within = await runCli(['lint', spec, '--max-warnings', '1']);
    expect(within.code).toBe(0);
    expect(within.stderr).toBe('');
    const bad = await runCli(['lint', spec, '--max-warnings', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('apilint: invalid --max-warnings "many": use a whole number, e.g. 0 or 25\n');
  });
});

// The line appears after a second: each run here must take well over one, however fast apilint
// gets (40 small specs and github-api.json alone once took 1-2 s, and the test began to fail).
describe('progress', () => {
  const FILES = 160;
  let dir: string;
  let large: string;
  beforeAll(() => {
    dir = path.join(tmp, 'many');
    mkdirSync(dir);
    for (let i = 0; i < FILES; i++) copyFileSync(path.join(CORPUS, 'zalando-nakadi-event-bus-api.yaml'), path.join(dir, `spec-${i}.yaml`));
    // github-api.json with every path twice (26 MB): the main thread is busy in it for seconds.
    const github = JSON.parse(readFileSync(path.join(CORPUS, 'github-api.json'), 'utf8')) as { paths: Record<string, unknown> };
    github.paths = { ...github.paths, ...Object.fromEntries(Object.entries(github.paths).map(([key, item]) => [`/copy${key}`, item])) };
    large = path.join(tmp, 'github-twice.json');
    writeFileSync(large, JSON.stringify(github, null, 1));
  });
  /** Runs the CLI with a terminal (util-linux `script`) for stdin, stdout and stderr; returns what the terminal got. */
  const inTerminal = (input: string, env: Record<string, string> = {}) => {
    const vars = Object.entries({ TERM: 'xterm', ...env }).map(([k, v]) => `${k}=${v}`).join(' ');
    const unset = env.CI === undefined ? '-u CI ' : '';
    const run = spawnSync('script', ['-qec', `env ${unset}${vars} ${process.execPath} ${BIN} lint ${input} -f json -o ${path.join(tmp, 'progress.json')}`, '/dev/null'], { encoding: 'utf8' });
    // script exits with the command's code: 1, for the findings.
    expect(run.status).toBe(1);
    return run.stdout;
  };
  const GITHUB = path.join(CORPUS, 'github-api.json');

  it('a long run on a terminal shows a progress line on stderr, even inside one large document, and clears it', { timeout: 120_000 }, () => {
    const screen = inTerminal(large);
    expect(screen).toMatch(/\r\u001b\[2Kapilint: linting… [1-9]\d*s/);
    expect(screen.trimEnd().endsWith('\r\u001b[2K')).toBe(true);
    // Many files: the count of files done.
    expect(inTerminal(dir, { APILINT_JOBS: '0' })).toMatch(new RegExp(`\\r\\u001b\\[2Kapilint: linting… \\d+/${FILES} files, \\ds`));
  });

  it('none in CI, and none into a pipe', { timeout: 120_000 }, async () => {
    expect(inTerminal(GITHUB, { CI: 'true' })).not.toContain('linting…');
    const piped = await runCli(['lint', GITHUB, '-f', 'json', '-o', path.join(tmp, 'piped.json')], { env: { CI: undefined } });
    expect(piped.stderr).toBe('');
  });
});

describe('rules command', () => {
  it('lists the Zalando numbers', async () => {
    const out = (await runCli(['rules'])).stdout;
    expect(out).toMatch(/^path-no-trailing-slash +error +4\.path\.2 +#136 +Paths have no trailing slash\.$/m);
    expect(out).toMatch(/^invalid-ref +error +1\.3 +- +/m);
  });

  it('rules <id> prints that rule\'s doc (the page in docs/rules); an unknown id gets a suggestion', async () => {
    const doc = await runCli(['rules', 'path-no-trailing-slash']);
    expect(doc.code).toBe(0);
    expect(doc.stdout).toBe(readFileSync(path.join(ROOT, 'docs/rules/path-no-trailing-slash.md'), 'utf8'));
    const unknown = await runCli(['rules', 'path-no-trailing-slahs']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('apilint: unknown rule "path-no-trailing-slahs": did you mean "path-no-trailing-slash"?\n');
  });
});
