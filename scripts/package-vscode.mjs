// Packages the VS Code extension (editors/vscode) into a .vsix: bundles src/extension.mts with
// its client library (rolldown; `vscode` is the editor's), then runs Microsoft's vsce on a staging
// copy, so the repository is left as it is.
//
//   node scripts/package-vscode.mjs [--out editors/vscode/apilint-<version>.vsix]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'editors/vscode');
const { version } = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
const args = process.argv.slice(2);
const out = path.resolve(args[args.indexOf('--out') + 1] && args.includes('--out') ? args[args.indexOf('--out') + 1] : path.join(source, `apilint-${version}.vsix`));

const staging = mkdtempSync(path.join(os.tmpdir(), 'apilint-vscode-'));
try {
  cpSync(source, staging, { recursive: true, filter: file => !file.endsWith('.vsix') && !file.includes(`${path.sep}node_modules`) });
  await build({
    // From the repository's copy, where the client library resolves from node_modules.
    input: path.join(source, 'src/extension.mts'),
    platform: 'node',
    external: ['vscode'],
    output: { file: path.join(staging, 'dist/extension.js'), format: 'cjs', minify: true },
    onLog(level, log) {
      throw new Error(`rolldown ${level}: ${log.message}`);
    },
  });
  const vsce = path.join(root, 'node_modules/@vscode/vsce/vsce');
  const run = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', out], { cwd: staging, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`vsce package failed (exit ${run.status})`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
