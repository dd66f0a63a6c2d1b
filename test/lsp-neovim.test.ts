// Neovim's built-in LSP client (0.7+) against `apilint lsp --stdio`: a real editor opens a spec,
// receives the diagnostics and applies a quick fix (test/helpers/neovim-lsp.lua). `.ci/run`
// installs Neovim with apt-get; without it this test is skipped, never faked.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { BIN } from './helpers/lsp-client.js';

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const version = /NVIM v(\d+)\.(\d+)/.exec(nvim.stdout ?? '');
const usable = version !== null && (Number(version[1]) > 0 || Number(version[2]) >= 7);
if (!usable) console.warn('lsp-neovim.test.ts: skipped: Neovim 0.7 or later is not installed (apt-get install neovim; .ci/run does so)');

it.skipIf(!usable)('Neovim shows the diagnostics of `apilint lsp` and applies its quick fix', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-nvim-'));
  const file = path.join(dir, 'orders.yaml');
  copyFileSync(path.resolve(import.meta.dirname, '../fixtures/lsp/orders.yaml'), file);
  const out = path.join(dir, 'report.json');
  const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${path.resolve(import.meta.dirname, 'helpers/neovim-lsp.lua')}`], {
    cwd: dir,
    env: { ...process.env, APILINT_BIN: BIN, APILINT_ROOT: dir, APILINT_FILE: file, APILINT_OUT: out, XDG_STATE_HOME: dir, XDG_DATA_HOME: dir },
    encoding: 'utf8',
    timeout: 150_000,
  });
  expect(run.error).toBeUndefined();
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    log: string[];
    diagnostics: { lnum: number; col: number; end_lnum: number; end_col: number; severity: number; source: string; message: string; code: string; href: string; text: string }[];
    actions: string[];
    after: { code: string }[];
    lines: string[];
  };
  // As Neovim reports them (for the record of what an editor shows).
  console.log(report.diagnostics.map(d => d.text).join('\n'));
  expect(report.log).toEqual([]);
  expect(report.diagnostics.map(({ text: _text, ...d }) => d)).toEqual([
    {
      lnum: 10, col: 9, end_lnum: 10, end_col: 10, severity: 1, source: 'apilint', code: 'path-no-trailing-slash',
      message: 'Path "/orders/" ends with a slash: remove the trailing "/".',
      href: 'https://github.com/apilint/apilint/blob/main/docs/rules/path-no-trailing-slash.md',
    },
    {
      lnum: 75, col: 8, end_lnum: 76, end_col: 23, severity: 1, source: 'apilint', code: 'number-format',
      message: 'Property "total_items" (integer) declares no format: add format "int32", "int64", "bigint".',
      href: 'https://github.com/apilint/apilint/blob/main/docs/rules/number-format.md',
    },
  ]);
  expect(report.actions).toEqual(['Add format: int64', 'Ignore number-format here (x-apilint-ignore)', 'Show documentation for number-format']);
  expect(report.lines.slice(75)).toEqual(['        total_items:', '          type: integer', '          format: int64']);
  expect(report.after.map(d => d.code)).toEqual(['path-no-trailing-slash']);
});
