// The ruleset is also a plain Spectral ruleset: Spectral's own CLI (and editor extensions that
// speak Spectral) can lint with it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from './helpers/lint.js';

const spectral = (args: string[]) =>
  promisify(execFile)(path.join(ROOT, 'node_modules/.bin/spectral'), ['lint', '-r', 'dist/rulesets/spectral.js', '-f', 'json', '--quiet', ...args], { cwd: ROOT }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );

it('Spectral CLI reports apilint findings with the apilint ruleset', async () => {
  const { code, stdout } = await spectral(['fixtures/cli/directory/orders.yaml']);
  expect(code).toBe(1);
  const results = JSON.parse(stdout) as { code: string; range: { start: { line: number } } }[];
  expect(results.find(r => r.code === 'path-no-trailing-slash')?.range.start.line).toBe(5);
});

it('Spectral CLI finds nothing in the reference spec with the apilint ruleset', async () => {
  const { code, stdout } = await spectral(['fixtures/reference-service.yaml']);
  expect(JSON.parse(stdout || '[]')).toEqual([]);
  expect(code).toBe(0);
});
