// Every format reports every finding it is asked for and every input that could not be linted,
// through the real CLI; text from the spec cannot forge report lines or Markdown.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { CORPUS } from './helpers/lint.js';

/** 49 findings: 23 errors, 8 warnings, 17 info, 1 hint (pinned by test/corpus-findings.json). */
const ZALANDO = path.join(CORPUS, 'zalando-api-repository-no-must-violations.yaml');
let tmp: string;
let counts: { errors: number; warnings: number; infos: number; hints: number; total: number };

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'apilint-reports-'));
  writeFileSync(path.join(tmp, 'broken.yaml'), 'openapi: 3.0.3\ninfo:\n  title: a\n  title: b\n');
  const report = JSON.parse((await runCli(['lint', ZALANDO, '-f', 'json'])).stdout) as { summary: Record<string, number>; findings: unknown[] };
  const { errors, warnings, infos, hints } = report.summary as Record<string, number>;
  counts = { errors: errors!, warnings: warnings!, infos: infos!, hints: hints!, total: report.findings.length };
  // The figures below are about a spec that has findings of every severity.
  expect(Object.values(counts).every(n => n > 0)).toBe(true);
});

const both = () => [ZALANDO, path.join(tmp, 'broken.yaml')];
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 || word === 'info' ? '' : 's'}`;

describe('github', () => {
  it('one workflow command per finding, ::error for an input error, and a closing line with correct plurals', async () => {
    const result = await runCli(['lint', ...both(), '-f', 'github']);
    expect(result.code).toBe(2);
    const lines = result.stdout.trim().split('\n');
    const commands = lines.filter(l => l.startsWith('::'));
    expect(commands).toHaveLength(counts.total + 1);
    expect(commands.filter(l => l.startsWith('::error ') && l.includes('title=apilint ')).length).toBe(counts.errors);
    expect(commands.filter(l => l.startsWith('::warning ')).length).toBe(counts.warnings);
    expect(commands.filter(l => l.startsWith('::notice ')).length).toBe(counts.infos + counts.hints);
    expect(commands).toContainEqual(expect.stringMatching(/^::error file=[^,]*broken\.yaml,line=4,col=3,title=apilint%3A cannot lint::invalid YAML: duplicate key "title"$/));
    expect(lines).toContain(`apilint: ${plural(counts.total, 'problem')} (${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}, ${counts.infos} info, ${plural(counts.hints, 'hint')}) in 1 file; 1 input could not be linted`);
  });

  it('says "1 problem ... 1 file" in the singular', async () => {
    const spec = path.join(tmp, 'one.yaml');
    writeFileSync(spec, "openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\nx-apilint-ignore: [api-meta-info, rate-limit-policy]\npaths: {}\ncomponents:\n  schemas:\n    Thing:\n      type: object\n      properties:\n        fooBar: {type: string}\n");
    const result = await runCli(['lint', spec, '-f', 'github']);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('apilint: 1 problem (1 error, 0 warnings, 0 info, 0 hints) in 1 file');
  });
});

describe('junit', () => {
  const failures = (xml: string) => (xml.match(/<failure /g) ?? []).length;
  it('only findings at or above --fail-severity are failures; the others pass with their message', async () => {
    for (const [severity, expected] of [['error', counts.errors], ['warn', counts.errors + counts.warnings], ['hint', counts.total]] as const) {
      const result = await runCli(['lint', ZALANDO, '-f', 'junit', '--fail-severity', severity]);
      expect(failures(result.stdout), severity).toBe(expected);
      expect(result.stdout).toMatch(new RegExp(`^<testsuites name="apilint" tests="${counts.total}" failures="${expected}" errors="0">$`, 'm'));
      expect((result.stdout.match(/<system-out>/g) ?? []).length).toBe(counts.total - expected);
      expect(result.code).toBe(expected > 0 ? 1 : 0);
    }
  });

  it('info findings alone: no failure and exit 0 (Jenkins does not mark the build unstable)', async () => {
    const spec = path.join(tmp, 'info.yaml');
    writeFileSync(spec, "openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\nx-apilint-ignore: [api-meta-info, rate-limit-policy]\npaths: {}\ncomponents:\n  schemas:\n    Thing: {$ref: 'https://example.invalid/thing.yaml'}\n");
    const result = await runCli(['lint', spec, '-f', 'junit']);
    expect(result.stdout).toMatch(/<testcase name="remote-ref at 7:\d+"[^>]*>\n\s*<system-out>/);
    expect(failures(result.stdout)).toBe(0);
    expect(result.code).toBe(0);
  });

  it('an input error is an error case', async () => {
    const result = await runCli(['lint', ...both(), '-f', 'junit']);
    expect(result.stdout).toMatch(/<testsuite name="[^"]*broken\.yaml" tests="1" failures="0" errors="1">\n\s*<testcase name="load"[^>]*>\n\s*<error message="invalid YAML: duplicate key &quot;title&quot;">/);
  });
});

describe('codeclimate', () => {
  it("every issue carries the fields GitLab's Code Quality format requires, input errors included", async () => {
    const result = await runCli(['lint', ...both(), '-f', 'codeclimate']);
    const issues = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(issues).toHaveLength(counts.total + 1);
    for (const issue of issues) {
      expect(issue).toMatchObject({
        description: expect.stringMatching(/\S/),
        check_name: expect.stringMatching(/^[a-z0-9-]+$/),
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
        severity: expect.stringMatching(/^(info|minor|major|critical|blocker)$/),
        location: { path: expect.stringMatching(/\S/), lines: { begin: expect.any(Number) } },
      });
      expect((issue.location as { lines: { begin: number } }).lines.begin).toBeGreaterThanOrEqual(1);
    }
    // GitLab shows one issue per fingerprint.
    expect(new Set(issues.map(i => i.fingerprint)).size).toBe(issues.length);
    expect(issues).toContainEqual(expect.objectContaining({ check_name: 'input-error', severity: 'blocker', description: 'Cannot lint this file: invalid YAML: duplicate key "title"', location: { path: expect.stringMatching(/broken\.yaml$/), lines: { begin: 4 } } }));
  });
});

describe('markdown', () => {
  const cmark = (markdown: string): string => execFileSync('cmark-gfm', ['--unsafe', '-e', 'table', '-e', 'autolink'], { input: markdown }).toString();

  it('lists inputs that could not be linted', async () => {
    const result = await runCli(['lint', ...both(), '-f', 'markdown']);
    expect(result.stdout).toMatch(/\*\*1 input could not be linted:\*\*\n\n- `[^`]*broken\.yaml:4:3`: `invalid YAML: duplicate key "title"`/);
  });

  it('HTML, links, mentions and pipes from the spec stay text when GitHub renders the comment (cmark-gfm)', async () => {
    const spec = path.join(tmp, 'evil.yaml');
    writeFileSync(spec, "openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /<img src=x onerror=alert(1)>:\n    get:\n      responses:\n        '200': {description: OK}\n  /[x](javascript:alert(1))|@octocat`www.evil.example`:\n    get:\n      responses:\n        '200': {description: OK}\n");
    const md = (await runCli(['lint', spec, '-f', 'markdown'])).stdout;
    expect(md).toContain('<img src=x onerror=alert(1)>');
    const html = cmark(md);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/javascript:alert\(1\)"/);
    // The only links are the ones to rule docs; every table row keeps its five cells.
    for (const href of html.match(/href="[^"]*"/g) ?? []) expect(href).toMatch(/^href="https:\/\/github\.com\/apilint\/apilint\/blob\/main\/docs\/rules\/[a-z0-9-]+\.md"$/);
    const rows = html.split('<tr>').slice(2).filter(row => row.includes('kebab') || row.includes('GET /'));
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows.filter(r => r.includes('<td>'))) expect((row.match(/<td[ >]/g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('[x](javascript:alert(1))|@octocat`www.evil.example`');
  });

  it('the check above can fail: the same text unescaped renders HTML', () => {
    expect(cmark('| a |\n|---|\n| <img src=x onerror=alert(1)> [x](javascript:alert(1)) |\n')).toMatch(/<img/);
  });
});

describe('control characters in names are visibly escaped in every text format', () => {
  it('stylish, github, junit and markdown', async () => {
    const dir = path.join(tmp, 'names');
    mkdirSync(dir, { recursive: true });
    const name = 'bad\nname\u001b[31m.yaml';
    writeFileSync(path.join(dir, name), "openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /a/:\n    get:\n      responses:\n        '200': {description: OK}\n");
    const shown = 'bad\\nname\\u001b[31m.yaml';
    for (const format of ['stylish', 'github', 'junit', 'markdown']) {
      const result = await runCli(['lint', '.', '-f', format], { cwd: dir });
      expect(result.stdout, format).not.toContain('\u001b');
      expect(result.stdout, format).not.toMatch(/bad\nname/);
      expect(result.stdout, format).toContain(shown);
    }
    expect((await runCli(['lint', '.'], { cwd: dir })).stdout.split('\n')[0]).toBe(shown);
  });
});

describe('sarif', () => {
  it('an input error is a toolExecutionNotification and the run is not successful', async () => {
    const result = await runCli(['lint', ...both(), '-f', 'sarif']);
    const invocation = JSON.parse(result.stdout).runs[0].invocations[0];
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.toolExecutionNotifications).toEqual([
      { level: 'error', message: { text: 'invalid YAML: duplicate key "title"' }, locations: [{ physicalLocation: { artifactLocation: expect.objectContaining({ uri: expect.stringMatching(/broken\.yaml$/) }), region: { startLine: 4, startColumn: 3 } } }] },
    ]);
  });
});
