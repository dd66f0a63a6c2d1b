// `apilint lint --timing` (src/lint/timing.ts): the table it prints, and the real CLI printing it on
// stderr for every file of a run, on the main thread, without changing the report or the exit code.
// The figures are wall-clock times: the tests check how they add up, never how large they are.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Timing } from '../src/lint/timing.js';
import { oas3 } from '../rulesets/formats.js';
import { rules } from '../rulesets/rules/index.js';
import { runCli } from './helpers/cli.js';
import { CORPUS, ROOT } from './helpers/lint.js';

describe('the timing table', () => {
  it('lists the phases in run order, the rest as other, and the rules by time with their findings', () => {
    const timing = new Timing();
    timing.add('start-up', 70);
    timing.add('parse', 10);
    timing.add('rules', 60);
    timing.add('parse', 5);
    timing.rule('b-rule', 20);
    timing.rule('a-rule', 30);
    timing.rule('b-rule', 10);
    timing.documents = 2;
    expect(timing.render(200, new Map([['a-rule', 1], ['b-rule', 1234]]))).toBe(
      [
        'apilint --timing: 2 documents linted on this thread; wall clock',
        '  start-up   70.0 ms   35.0 %',
        '  parse      15.0 ms    7.5 %',
        '  rules      60.0 ms   30.0 %',
        '  other      55.0 ms   27.5 %',
        '  total     200.0 ms',
        'rules by time (the first rule to use a walk the rules share, such as the schema index, carries its cost):',
        '  a-rule     30.0 ms   15.0 %  1 finding',
        '  b-rule     30.0 ms   15.0 %  1,234 findings',
        '',
      ].join('\n'),
    );
  });

  it('lists the 20 costliest rules and sums the others on one line', () => {
    const timing = new Timing();
    for (let i = 1; i <= 23; i++) timing.rule(`rule-${String(i).padStart(2, '0')}`, i);
    timing.documents = 1;
    const lines = timing.render(1000, new Map([['rule-01', 2], ['rule-03', 1]])).trimEnd().split('\n');
    const rules = lines.slice(lines.findIndex(l => l.startsWith('rules by time')) + 1);
    expect(rules).toHaveLength(21);
    expect(rules[0]).toMatch(/^ {2}rule-23 +23\.0 ms +2\.3 % {2}0 findings$/);
    expect(rules[19]).toMatch(/^ {2}rule-04 /);
    // rules 1, 2 and 3: 6 ms and 3 findings.
    expect(rules[20]).toMatch(/^ {2}3 more rules +6\.0 ms +0\.6 % {2}3 findings$/);
    expect(lines[0]).toBe('apilint --timing: 1 document linted on this thread; wall clock');
  });

  it('shows no rule section when no rule ran', () => {
    const timing = new Timing();
    timing.add('start-up', 50);
    expect(timing.render(60, new Map())).not.toMatch(/rules by time/);
  });
});

interface Table {
  header: string;
  phases: Map<string, number>;
  total: number;
  rules: Map<string, { ms: number; findings: number }>;
}

/** The table as printed on stderr, read back. */
function readTable(stderr: string): Table {
  const start = stderr.indexOf('apilint --timing:');
  expect(start).toBeGreaterThanOrEqual(0);
  const lines = stderr.slice(start).trimEnd().split('\n');
  const split = lines.findIndex(l => l.startsWith('rules by time'));
  const phases = new Map<string, number>();
  let total = NaN;
  for (const line of lines.slice(1, split)) {
    const [, name, ms] = /^ {2}(\S+) +(\d+\.\d) ms/.exec(line)!;
    if (name === 'total') total = Number(ms);
    else phases.set(name!, Number(ms));
  }
  const rules = new Map<string, { ms: number; findings: number }>();
  for (const line of lines.slice(split + 1)) {
    const [, name, ms, findings] = /^ {2}(.+?) +(\d+\.\d) ms +\d+\.\d % {2}([\d,]+) findings?$/.exec(line)!;
    rules.set(name!, { ms: Number(ms), findings: Number(findings!.replace(/,/g, '')) });
  }
  return { header: lines[0]!, phases, total, rules };
}

describe('apilint lint --timing', () => {
  // The default set's rules that Spectral runs on an OpenAPI 3 document.
  const ids = new Set(rules.filter(rule => rule.recommended !== false && (rule.formats ?? [oas3]).includes(oas3)).map(rule => rule.id));

  it('prints the table on stderr after the report: the report and the exit code are those of a run without it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-timing-'));
    copyFileSync(path.join(ROOT, 'fixtures/cli/directory/orders.yaml'), path.join(dir, 'orders.yaml'));
    const plain = await runCli(['lint', '--no-config', '-f', 'json', 'orders.yaml'], { cwd: dir });
    const timed = await runCli(['lint', '--no-config', '-f', 'json', '--timing', 'orders.yaml'], { cwd: dir });
    expect(timed.code).toBe(plain.code);
    expect(timed.code).toBe(1);
    expect(timed.stdout).toBe(plain.stdout);
    expect(plain.stderr).toBe('');
    const table = readTable(timed.stderr);
    expect(table.header).toBe('apilint --timing: 1 document linted on this thread; wall clock');
    expect([...table.phases.keys()]).toEqual(['start-up', 'read', 'parse', 'resolve', 'rules', 'placing', 'ignores', 'report', 'other']);
    // Rounded to 0.1 ms each: the phases add up to the total.
    const sum = [...table.phases.values()].reduce((a, b) => a + b, 0);
    expect(Math.abs(sum - table.total)).toBeLessThanOrEqual(0.1 * table.phases.size);
    // Every rule of the default set ran, and their checks are part of the rules phase.
    const listed = [...table.rules.keys()];
    expect(listed.slice(0, -1).every(id => ids.has(id))).toBe(true);
    const more = /^(\d+) more rules$/.exec(listed[listed.length - 1]!);
    expect(listed.length - 1 + Number(more![1])).toBe(ids.size);
    const ruleMs = [...table.rules.values()].reduce((a, { ms }) => a + ms, 0);
    expect(ruleMs).toBeLessThanOrEqual(table.phases.get('rules')! + 0.1 * table.rules.size);
    // The findings per rule are those of the report.
    const { findings } = JSON.parse(timed.stdout) as { findings: { ruleId: string }[] };
    expect(findings.length).toBeGreaterThan(0);
    const counted = [...table.rules.values()].reduce((a, { findings: n }) => a + n, 0);
    expect(counted).toBe(findings.filter(f => ids.has(f.ruleId)).length);
  });

  it('counts every file of a run, linted on this thread where workers would take some', { timeout: 60_000 }, async () => {
    // Large enough that workers, once loaded, take files from the queue (test/parallel.test.ts).
    const docs = ['slack-web-api.json', 'azure-arm-cdn.json', 'zalando-zally-api.yaml', 'oai-uspto.json', 'redocly-museum.yaml'];
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-timing-'));
    for (const name of docs) copyFileSync(path.join(CORPUS, name), path.join(dir, name));
    const plain = await runCli(['lint', '--no-config', '-f', 'json', '.'], { cwd: dir, env: { APILINT_JOBS: '2' } });
    const timed = await runCli(['lint', '--no-config', '-f', 'json', '--timing', '.'], { cwd: dir, env: { APILINT_JOBS: '2' } });
    expect(timed.stdout).toBe(plain.stdout);
    expect(readTable(timed.stderr).header).toBe('apilint --timing: 5 documents linted on this thread; wall clock');
  });
});
