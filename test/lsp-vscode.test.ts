// The VS Code extension (editors/vscode), bundled with its client library and packaged by
// Microsoft's @vscode/vsce (scripts/package-vscode.mjs), as a release would be.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The entries of a zip file, by name (enough of the format for vsce's output: stored or deflated). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const data = zip.subarray(local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)).subarray(0, size);
    entries.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

it('bundles the extension and packages it with vsce', () => {
  const vsix = path.join(mkdtempSync(path.join(tmpdir(), 'apilint-vsix-')), 'apilint.vsix');
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/package-vscode.mjs'), '--out', vsix], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  expect(run.stderr).not.toMatch(/ERROR/);
  expect(run.status).toBe(0);
  const entries = unzip(readFileSync(vsix));
  expect([...entries.keys()].sort()).toEqual([
    '[Content_Types].xml',
    'extension.vsixmanifest',
    'extension/LICENSE.txt',
    'extension/dist/extension.js',
    'extension/package.json',
    'extension/readme.md',
  ]);
  const manifest = JSON.parse(entries.get('extension/package.json')!.toString()) as { main: string; contributes: { configuration: { properties: Record<string, unknown> } } };
  expect(manifest.main).toBe('./dist/extension.js');
  expect(Object.keys(manifest.contributes.configuration.properties)).toEqual(['apilint.path', 'apilint.allowRemote', 'apilint.debounceMs']);
  // The extension carries its client library: it requires nothing but VS Code and Node's own modules.
  const bundle = entries.get('extension/dist/extension.js')!.toString();
  const required = new Set([...bundle.matchAll(/\brequire\(["']([^"']+)["']\)/g)].map(m => m[1]!));
  expect(required.has('vscode')).toBe(true);
  expect([...required].filter(id => id !== 'vscode' && !id.startsWith('node:') && !/^[a-z_]+$/.test(id))).toEqual([]);
  expect(bundle).toMatch(/LanguageClient/);
}, 120_000);
