// A git revision's files, as far as the documents linted at it need them: the documents, and,
// transitively, the files their `$ref`s name, written into a temporary folder that stands for the
// repository at that revision (`--since`, `apilint diff REV:path`). Extracting the whole tree
// instead made the cost follow the repository's size: a monorepo of 20,000 other files took
// seconds to write and remove for a spec of a few files.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childProcess } from '../core/builtins.js';
import type { DocumentReaders } from '../engine/index.js';
import { DEFAULT_MAX_FILE_SIZE } from './limits.js';
import { forEachObject, parseGuarded } from './parse.js';

interface TreeEntry {
  mode: string;
  oid: string;
  size: number;
}

const git = (args: string[], cwd: string, input?: Buffer | string): Buffer =>
  childProcess().execFileSync('git', args, { cwd, ...(input !== undefined ? { input } : {}), stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 1 << 30 });

const SYMLINK = '120000';

export interface RevisionOptions {
  readers: DocumentReaders;
  maxFileSize?: number;
}

export class RevisionTree {
  /** The temporary folder that stands for the repository's top at the revision. */
  readonly tree: string;
  private readonly entries = new Map<string, TreeEntry>();
  /** Repository paths written (or found missing) so far. */
  private readonly done = new Set<string>();
  private readonly maxFileSize: number;

  /** `root` is the repository's top, `ref` a revision verified to exist. */
  constructor(
    private readonly root: string,
    ref: string,
    private readonly options: RevisionOptions,
  ) {
    this.maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    // Every blob and symlink of the revision, with its size: one listing, however large the repository.
    const listing = git(['ls-tree', '-r', '-z', '--long', '--full-tree', ref], root).toString('utf8');
    for (const line of listing.split('\0')) {
      const tab = line.indexOf('\t');
      if (tab === -1) continue;
      const [mode, type, oid, size] = line.slice(0, tab).split(/ +/) as [string, string, string, string];
      if (type === 'blob') this.entries.set(line.slice(tab + 1), { mode, oid, size: Number(size) });
    }
    this.tree = mkdtempSync(path.join(tmpdir(), 'apilint-since-'));
  }

  /**
   * Writes the files at these repository paths (relative to the top, `/`-separated) and every file
   * their `$ref`s reach, read as the resolver reads them, file by file until none is new.
   */
  add(files: readonly string[]): void {
    let wanted = files.map(file => path.posix.normalize(file));
    while (wanted.length > 0) {
      const fetch: [string, TreeEntry][] = [];
      const next: string[] = [];
      for (const file of wanted) {
        if (this.done.has(file)) continue;
        this.done.add(file);
        const found = this.lookup(file);
        if (found === undefined) continue;
        if (found.via !== file) {
          // A symlinked folder on the way: the link is written, and the file is read where it leads.
          next.push(found.via);
          continue;
        }
        if (found.entry.mode === SYMLINK) fetch.push([file, found.entry]);
        else if (found.entry.size > this.maxFileSize) this.placeholder(file, found.entry.size);
        else fetch.push([file, found.entry]);
      }
      for (const [file, entry, blob] of this.read(fetch)) next.push(...this.write(file, entry, blob));
      wanted = next;
    }
  }

  cleanup(): void {
    rmSync(this.tree, { recursive: true, force: true });
  }

  /**
   * The entry at `file`, or where a symlinked folder on its path leads (`via`, with the link
   * written); undefined where the revision has no such file.
   */
  private lookup(file: string): { entry: TreeEntry; via: string } | undefined {
    const entry = this.entries.get(file);
    if (entry) return { entry, via: file };
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      const link = this.entries.get(folder);
      if (link?.mode !== SYMLINK) continue;
      const [[, , blob]] = [...this.read([[folder, link]])] as [[string, TreeEntry, Buffer]];
      const target = blob.toString('utf8');
      if (!this.done.has(folder)) {
        this.done.add(folder);
        this.link(folder, target);
      }
      const resolved = inRepository(path.posix.join(path.posix.dirname(folder), target, ...parts.slice(i)));
      return resolved === undefined ? undefined : { entry: link, via: resolved };
    }
    return undefined;
  }

  /** The blobs of these entries, in one `git cat-file --batch`. */
  private *read(entries: readonly [string, TreeEntry][]): Generator<[string, TreeEntry, Buffer]> {
    if (entries.length === 0) return;
    const out = git(['cat-file', '--batch'], this.root, entries.map(([, e]) => e.oid).join('\n') + '\n');
    let at = 0;
    for (const [file, entry] of entries) {
      // `<oid> blob <size>\n<content>\n`
      const headerEnd = out.indexOf(10, at);
      const size = Number(out.toString('latin1', at, headerEnd).split(' ')[2]);
      yield [file, entry, out.subarray(headerEnd + 1, headerEnd + 1 + size)];
      at = headerEnd + 1 + size + 1;
    }
  }

  /** Writes one file (or symlink) into the tree, and gives the repository paths its `$ref`s name. */
  private write(file: string, entry: TreeEntry, blob: Buffer): string[] {
    if (entry.mode === SYMLINK) {
      const target = blob.toString('utf8');
      this.link(file, target);
      return [inRepository(path.posix.join(path.posix.dirname(file), target))].filter(f => f !== undefined);
    }
    const to = path.join(this.tree, ...file.split('/'));
    mkdirSync(path.dirname(to), { recursive: true });
    writeFileSync(to, blob);
    return refsOf(blob, file, this.options.readers).flatMap(ref => this.repositoryPath(file, ref));
  }

  /** A file over the size limit is written as a hole of its size: the reader refuses it as it would the real one. */
  private placeholder(file: string, size: number): void {
    const to = path.join(this.tree, ...file.split('/'));
    mkdirSync(path.dirname(to), { recursive: true });
    writeFileSync(to, '');
    truncateSync(to, size);
  }

  private link(file: string, target: string): void {
    const at = path.join(this.tree, ...file.split('/'));
    mkdirSync(path.dirname(at), { recursive: true });
    rmSync(at, { force: true });
    symlinkSync(target, at);
  }

  /**
   * The repository paths a `$ref` in `file` may name: relative to the file's folder, as written
   * and percent-decoded (the resolver reads a URI path). None for a local or remote ref, for one
   * that leaves the repository, or for an absolute path: the resolver reads that on this machine,
   * not in the revision.
   */
  private repositoryPath(file: string, ref: string): string[] {
    const target = ref.split('#')[0]!;
    if (target === '' || target.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(target)) return [];
    const forms = new Set([target]);
    try {
      forms.add(decodeURIComponent(target));
    } catch {
      // Not percent-encoded: as written only.
    }
    return [...forms].map(form => inRepository(path.posix.join(path.posix.dirname(file), form))).filter(f => f !== undefined);
  }
}

/** A joined repository path, normalized; undefined where it leaves the repository. */
function inRepository(joined: string): string | undefined {
  const normal = path.posix.normalize(joined);
  return normal === '..' || normal.startsWith('../') || path.posix.isAbsolute(normal) ? undefined : normal;
}

/** Every `$ref` string in a file, read as the resolver reads it; none where it cannot be read. */
function refsOf(blob: Buffer, file: string, readers: DocumentReaders): string[] {
  const text = blob.toString('utf8');
  if (!text.includes('ref')) return [];
  let data: unknown;
  try {
    data = parseGuarded(text, file, { json: /\.json$/i.test(file), readers, syntax: 'keep' }).data;
  } catch {
    return [];
  }
  const refs: string[] = [];
  forEachObject(data, node => {
    const { $ref } = node as { $ref?: unknown };
    if (!Array.isArray(node) && typeof $ref === 'string') refs.push($ref);
  });
  return refs;
}
