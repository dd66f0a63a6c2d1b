// A git revision's files as `--since` and `apilint diff REV:path` read them (src/load/revision.ts):
// the documents and, transitively, what their `$ref`s name, as they were at the revision, and
// nothing else of the repository.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installEngine } from '../src/engine/index.js';
import { RevisionTree } from '../src/load/revision.js';

const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });

/** Every file and symlink under `dir`, relative and `/`-separated (symlinks are not followed). */
function listing(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap(name => {
    const full = path.join(dir, name);
    const rel = `${prefix}${name}`;
    return lstatSync(full).isDirectory() ? listing(full, `${rel}/`) : [rel];
  });
}

function repository(files: Record<string, string>, links: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-revision-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  for (const [name, target] of Object.entries(links)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    symlinkSync(target, path.join(dir, name));
  }
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'then');
  return dir;
}

describe('a revision\'s files', () => {
  it('are the documents and what their $refs reach, transitively, as they were; nothing else', () => {
    const big = `# ${'x'.repeat(2_000)}\n`;
    const root = repository(
      {
        'api/openapi.yaml': [
          'openapi: 3.0.3',
          'paths:',
          '  /orders: {$ref: "./paths/orders.yaml"}',
          'components:',
          '  schemas:',
          '    Order: {$ref: "schemas/order.yaml#/Order"}',
          '    Error: {"$ref": "../common/errors.json#/Error"}',
          '    Spaced: {$ref: "./my%20file.yaml"}',
          '    Big: {$ref: ./big.yaml}',
          '    Remote: {$ref: "https://example.com/remote.yaml"}',
          '    Local: {$ref: "#/components/schemas/Order"}',
          '',
        ].join('\n'),
        'api/paths/orders.yaml': 'get: {responses: {"200": {$ref: "../schemas/order.yaml#/OrderResponse"}}}\n',
        'api/schemas/order.yaml': 'Order: {properties: {back: {$ref: "../openapi.yaml#/components/schemas/Error"}, linked: {$ref: ./link.yaml}, inDir: {$ref: ./dir/item.yaml}}}\nOrderResponse: {description: OK}\n',
        'api/my file.yaml': 'type: string\n',
        'api/big.yaml': big,
        'common/errors.json': '{"Error": {"type": "object", "properties": {"more": {"$ref": "./more.json"}}}}',
        'common/more.json': '{"type": "string"}',
        'shared/real.yaml': 'type: integer\n',
        'shared/items/item.yaml': 'type: boolean\n',
        'other/notes.yaml': 'nobody: {$ref: ./refers-here.yaml}\n',
        'other/refers-here.yaml': 'x: 1\n',
        'README.md': 'unrelated\n',
      },
      { 'api/schemas/link.yaml': '../../shared/real.yaml', 'api/schemas/dir': '../../shared/items' },
    );
    // The working tree moves on: the revision is read, not the files on disk.
    writeFileSync(path.join(root, 'api/paths/orders.yaml'), 'changed: true\n');
    rmSync(path.join(root, 'common/more.json'));

    const revision = new RevisionTree(root, 'HEAD', { readers: installEngine().readers, maxFileSize: 1_000 });
    try {
      revision.add(['api/openapi.yaml']);
      expect(listing(revision.tree).sort()).toEqual(
        [
          'api/big.yaml',
          'api/my file.yaml',
          'api/openapi.yaml',
          'api/paths/orders.yaml',
          'api/schemas/dir',
          'api/schemas/link.yaml',
          'api/schemas/order.yaml',
          'common/errors.json',
          'common/more.json',
          'shared/items/item.yaml',
          'shared/real.yaml',
        ].sort(),
      );
      for (const file of ['api/openapi.yaml', 'api/paths/orders.yaml', 'common/more.json', 'shared/items/item.yaml']) {
        expect(readFileSync(path.join(revision.tree, file), 'utf8')).toBe(git(root, 'show', `HEAD:${file}`).toString());
      }
      expect(readlinkSync(path.join(revision.tree, 'api/schemas/link.yaml'))).toBe('../../shared/real.yaml');
      expect(readFileSync(path.join(revision.tree, 'api/schemas/dir/item.yaml'), 'utf8')).toBe('type: boolean\n');
      // Over the size limit: a file of its size, which the reader refuses as it would the real one.
      expect(lstatSync(path.join(revision.tree, 'api/big.yaml')).size).toBe(Buffer.byteLength(big));
      expect(readFileSync(path.join(revision.tree, 'api/big.yaml'), 'utf8')).not.toContain('x');

      // Another document of the same revision adds what it needs.
      revision.add(['other/notes.yaml']);
      expect(existsSync(path.join(revision.tree, 'other/refers-here.yaml'))).toBe(true);
      expect(existsSync(path.join(revision.tree, 'README.md'))).toBe(false);
    } finally {
      revision.cleanup();
    }
    expect(existsSync(revision.tree)).toBe(false);
  });

  it('end at cycles of files, and skip what the revision does not hold', () => {
    const root = repository({ 'a.yaml': 'x: {$ref: ./b.yaml}\ny: {$ref: ./missing.yaml}\nz: {$ref: ../outside.yaml}\n', 'b.yaml': 'x: {$ref: ./a.yaml}\n' }, {});
    const revision = new RevisionTree(root, 'HEAD', { readers: installEngine().readers });
    try {
      revision.add(['a.yaml', 'nowhere.yaml']);
      expect(listing(revision.tree).sort()).toEqual(['a.yaml', 'b.yaml']);
    } finally {
      revision.cleanup();
    }
  });
});
