// The bench scripts read their command lines strictly (bench/options.mjs): `--help` prints the
// usage, and an option or a case they do not know stops them before they measure anything or
// write a report (`node bench/run.mjs --help` once ran the whole benchmark and rewrote RESULTS.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/lint.js';

const run = (script: string, args: string[]) => spawnSync(process.execPath, [path.join(ROOT, 'bench', script), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });

// Each script, with a list option it checks against the cases it knows.
const SCRIPTS: [script: string, list: string[]][] = [
  ['run.mjs', ['--cases', 'tiny,kubernets']],
  ['growth.mjs', ['--shapes', 'paths,nope']],
  ['lsp.mjs', ['--cases', 'medium,nope']],
  ['shapes.mjs', ['--cases', 'chain,nope']],
  ['rule-costs.mjs', ['fixtures/reference-service.yaml', '--rules', 'nope']],
];

describe('bench scripts', () => {
  it.each(SCRIPTS)('%s: --help prints the usage; an unknown option or case is refused with it, exit 2', (script, list) => {
    const help = run(script, ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^usage: node bench/${script.replace('.', '\\.')}`));

    const option = run(script, ['--no-such-option']);
    expect(option.status).toBe(2);
    expect(option.stderr).toMatch(/^Unknown option '--no-such-option'.*\nusage: /s);
    expect(option.stdout).toBe('');

    const unknown = run(script, list);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^--\w+: unknown (kubernets|nope) \(known: .+\)\nusage: /);
    expect(unknown.stdout).toBe('');
  });

  it('a count that is no whole number of 1 or more is refused', () => {
    for (const [script, args] of [
      ['run.mjs', ['--runs', '0']],
      ['lsp.mjs', ['--runs', 'x']],
      ['shapes.mjs', ['--sizes', '1000,']],
      ['rule-costs.mjs', ['fixtures/reference-service.yaml', '--pairs', '2.5']],
    ] as const) {
      const result = run(script, [...args]);
      expect(result.status, script).toBe(2);
      expect(result.stderr, script).toMatch(/^--\w+ takes a whole number of 1 or more, not ".*"\nusage: /);
    }
  });
});
