// A git revision's files as `--since` and `apilint diff REV:path` read them (src/load/revision.ts):
// the documents and, transitively, what their `$ref`s name, as they were at the revision, read
// from git in one pass, and nothing else of the repository written anywhere.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installEngine } from '../src/engine/index.js';
import { parseGuarded } from '../src/load/parse.js';
import { externalRefs, mayReferToOtherFiles, RevisionTree } from '../src/load/revision.js';
import { CORPUS } from './helpers/lint.js';

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
  it('are the documents and what their $refs reach, transitively, as they were, read from git at once; nothing else', () => {
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
          '    Out: {$ref: ./out.yaml}',
          '',
        ].join('\n'),
        'api/paths/orders.yaml': 'get: {responses: {"200": {$ref: "../schemas/order.yaml#/OrderResponse"}}}\n',
        'api/schemas/order.yaml': 'Order: {properties: {back: {$ref: "../openapi.yaml#/components/schemas/Error"}, linked: {$ref: ./link.yaml}, inDir: {$ref: ./dir/item.yaml}}}\nOrderResponse: {description: OK}\n',
        'api/my file.yaml': 'type: string\n',
        'api/big.yaml': big,
        'common/errors.json': '{"Error": {"type": "object", "properties": {"more": {"$ref": "./more.json"}}}}',
        'common/more.json': '\uFEFF{"type": "string"}\r',
        'shared/real.yaml': 'type: integer\n',
        'shared/items/item.yaml': 'type: boolean\n',
        'other/notes.yaml': 'nobody: {$ref: ./refers-here.yaml}\n',
        'other/refers-here.yaml': 'x: 1\n',
        'README.md': 'unrelated\n',
      },
      { 'api/schemas/link.yaml': '../../shared/real.yaml', 'api/schemas/dir': '../../shared/items', 'api/out.yaml': '/etc/hostname' },
    );
    // The working tree moves on: the revision is read, not the files on disk (those the work tree
    // holds unchanged may be read from it: the same bytes). A file of the same size differs too.
    writeFileSync(path.join(root, 'api/paths/orders.yaml'), 'changed: true\n');
    rmSync(path.join(root, 'common/more.json'));
    writeFileSync(path.join(root, 'shared/real.yaml'), 'type: INTEGER\n');

    const revision = new RevisionTree(root, 'HEAD', { readers: installEngine().readers, maxFileSize: 1_000 });
    const at = (file: string) => path.join(revision.tree, ...file.split('/'));
    try {
      revision.add(['api/openapi.yaml']);
      // Everything the document reaches was read in the one pass: the repository's git objects are
      // gone now, so a file read later would not be found.
      rmSync(path.join(root, '.git'), { recursive: true });
      for (const file of ['api/openapi.yaml', 'api/paths/orders.yaml', 'api/schemas/order.yaml', 'api/my file.yaml', 'common/errors.json', 'shared/real.yaml', 'shared/items/item.yaml']) {
        expect(revision.text(at(file)), file).toBeTypeOf('string');
      }
      expect(revision.text(at('api/paths/orders.yaml'))).toContain('OrderResponse');
      // As the disk reader gives a text: no byte order mark, a lone CR a line break.
      expect(revision.text(at('common/more.json'))).toBe('{"type": "string"}\n');
      // Through a symlinked file and a symlinked folder, to where they lead in the revision.
      expect(revision.text(at('api/schemas/link.yaml'))).toBe('type: integer\n');
      expect(revision.text(at('api/schemas/dir/item.yaml'))).toBe('type: boolean\n');
      // Not in the revision, or outside it: the disk answers (and the tree holds no such file).
      for (const file of ['api/nowhere.yaml', 'api/schemas/dir/none.yaml', '../outside.yaml']) expect(revision.text(at(file)), file).toBeUndefined();
      // On disk only what the readers must refuse there: a file over the size limit, as a hole of
      // its size, and a symlink that leads out of the repository.
      expect(listing(revision.tree).sort()).toEqual(['api/big.yaml', 'api/out.yaml']);
      expect(revision.text(at('api/big.yaml'))).toBeUndefined();
      expect(lstatSync(at('api/big.yaml')).size).toBe(Buffer.byteLength(big));
      expect(readFileSync(at('api/big.yaml'), 'utf8')).not.toContain('x');
      expect(readlinkSync(at('api/out.yaml'))).toBe('/etc/hostname');
    } finally {
      revision.cleanup();
    }
    expect(existsSync(revision.tree)).toBe(false);
  });

  it('read a file no $ref named when it is asked for, and end at cycles of files', () => {
    const root = repository({ 'a.yaml': 'x: {$ref: ./b.yaml}\ny: {$ref: ./missing.yaml}\nz: {$ref: ../outside.yaml}\n', 'b.yaml': 'x: {$ref: ./a.yaml}\n', 'c.yaml': 'c: 1\n' }, {});
    const revision = new RevisionTree(root, 'HEAD', { readers: installEngine().readers });
    try {
      revision.add(['a.yaml', 'nowhere.yaml']);
      expect(revision.text(path.join(revision.tree, 'b.yaml'))).toBe('x: {$ref: ./a.yaml}\n');
      expect(revision.text(path.join(revision.tree, 'c.yaml'))).toBe('c: 1\n');
      expect(listing(revision.tree)).toEqual([]);
    } finally {
      revision.cleanup();
    }
  });
});

describe('mayReferToOtherFiles', () => {
  const readers = installEngine().readers;
  const parsed = (text: string, json: boolean) => parseGuarded(text, json ? 'x.json' : 'x.yaml', { json, readers, syntax: 'keep' }).data;

  it('says yes to every spelling of a $ref to another file, and no to refs that stay in the document', () => {
    const external: [string, boolean][] = [
      ['{"$ref": "other.json#/A"}', true],
      ['{"$ref" :\n  "other.json"}', true],
      ['{"\\u0024ref": "other.json"}', true],
      ['{"$r\\u0065f": "other.json"}', true],
      ["$ref: './other.yaml'", false],
      ['$ref: "other.yaml#/A"', false],
      ['a: {$ref: other.yaml}', false],
      ['$ref: >-\n  other.yaml', false],
      ['? $ref\n: other.yaml', false],
      ['"\\x24ref": other.yaml', false],
      ['"\\U00000024ref": other.yaml', false],
      ['? "$r\\\n  ef"\n: other.yaml', false],
      ['a: &x {$ref: other.yaml}\nb: *x', false],
    ];
    for (const [text, json] of external) {
      expect(externalRefs(parsed(text, json)), text).not.toEqual([]);
      expect(mayReferToOtherFiles(text), text).toBe(true);
    }
    for (const text of ['{"$ref": "#/components/schemas/A", "b": {"$ref":"#/x"}}', "a: {$ref: '#/A'}\nb:\n  $ref: \"#/B\"\n"]) {
      expect(mayReferToOtherFiles(text), text).toBe(false);
    }
  });

  it('never says no to a corpus document whose $refs reach another file', () => {
    for (const file of readdirSync(CORPUS, { recursive: true }).map(String).filter(f => /\.(ya?ml|json)$/.test(f))) {
      const text = readFileSync(path.join(CORPUS, file), 'utf8');
      if (mayReferToOtherFiles(text)) continue;
      let data: unknown;
      try {
        data = parsed(text, file.endsWith('.json'));
      } catch {
        continue;
      }
      expect(externalRefs(data), file).toEqual([]);
    }
  });
});
