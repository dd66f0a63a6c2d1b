// A git revision's files, as far as the documents linted at it need them: the documents and,
// transitively, the files their `$ref`s name, read from git into memory. They stand in for the
// files of a folder (`tree`) that plays the repository's top at that revision (`--since`,
// `apilint diff REV:path`). Extracting the whole tree instead made the cost follow the
// repository's size: a monorepo of 20,000 other files took seconds to write and remove for a
// spec of a few files.
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childProcess, crypto } from '../core/builtins.js';
import type { DocumentReaders } from '../engine/index.js';
import { DEFAULT_MAX_FILE_SIZE, normalizeText } from './limits.js';
import { forEachObject, parseGuarded } from './parse.js';

interface TreeEntry {
  mode: string;
  oid: string;
  size: number;
}

const git = (args: string[], cwd: string, input?: string): Buffer =>
  childProcess().execFileSync('git', args, { cwd, ...(input !== undefined ? { input } : {}), stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 1 << 30 });

const SYMLINK = '120000';
/** The modes of a regular file's blob: plain and executable. */
const REGULAR = new Set(['100644', '100755']);

/** git's object id of a blob with these bytes, in the hash `like` is in (SHA-1, or SHA-256 in repositories that use it). */
const blobId = (bytes: Buffer, like: string): string =>
  crypto()
    .createHash(like.length === 64 ? 'sha256' : 'sha1')
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest('hex');
/** A `$ref` to a file on a server. */
export const REMOTE = /^https?:\/\//i;
/** Symlinks followed on one path at most, as the kernel's own bound. */
const MAX_LINKS = 40;

export interface RevisionOptions {
  readers: DocumentReaders;
  maxFileSize?: number;
}

export class RevisionTree {
  /**
   * The folder that stands for the repository's top. Its files are served by `text`; on disk it
   * holds only what the readers must meet there to refuse it as they would in a checkout: files
   * over the size limit (as holes of their size) and symlinks that lead out of the repository.
   */
  readonly tree: string;
  private readonly entries = new Map<string, TreeEntry>();
  /** Texts of the files read so far, by repository path (`/`-separated, from the top). */
  private readonly texts = new Map<string, string>();
  /** Blobs read (or written as placeholders) so far. */
  private readonly done = new Set<string>();
  /** Symlinks' targets, by the link's repository path; those written into the tree. */
  private readonly links = new Map<string, string>();
  private readonly outward = new Set<string>();
  /** sameBytes' answers, by absolute path. */
  private readonly workTree = new Map<string, Buffer | undefined>();
  private readonly maxFileSize: number;

  /** Files renamed since the revision, both ways; read when first asked for. */
  private renamed: { then: Map<string, string>; now: Map<string, string> } | undefined;

  /** `root` is the repository's top, `ref` a revision verified to exist. */
  constructor(
    private readonly root: string,
    private readonly ref: string,
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
   * Reads the files at these repository paths (from the top, `/`-separated) and every file their
   * `$ref`s reach, read as the resolver reads them: one `git cat-file` per step of `$ref`s, rather
   * than one per file as `text` would.
   */
  add(files: readonly string[]): void {
    let wanted = files.map(file => path.posix.normalize(file));
    while (wanted.length > 0) {
      const targets = wanted.map(file => this.follow(file)).filter(target => target !== undefined);
      wanted = this.load(targets).flatMap(([file, text]) => externalRefs(refsData(text, file, this.options.readers)).flatMap(ref => this.inTree(targetFile(ref, this.onTree(file)))));
    }
  }

  /**
   * The text of the file at `file` (a path under `tree`) as it was, as the disk reader gives it;
   * undefined where the disk is to answer. A file `add` did not reach is read now.
   */
  text(file: string): string | undefined {
    const inTree = this.inTree(file);
    const target = inTree.length === 0 ? undefined : this.follow(inTree[0]!);
    if (target === undefined) return undefined;
    this.load([target]);
    return this.texts.get(target);
  }

  /**
   * Whether these files of the work tree (absolute paths) are byte for byte the revision's: each
   * a regular file now, reached without a symlink and within the size limit, and a regular blob
   * with the same object id then (sameBytes). False wherever that cannot be told so (a missing file, a
   * symlink, a path outside the repository or on a server): the caller then reads the revision.
   */
  sameInWorkTree(files: readonly string[]): boolean {
    return files.every(file => {
      if (!path.isAbsolute(file)) return false;
      const inRepo = inRepository(path.relative(this.root, file).split(path.sep).join('/'));
      const entry = inRepo === undefined ? undefined : this.entries.get(inRepo);
      if (entry === undefined || entry.size > this.maxFileSize) return false;
      try {
        return realpathSync.native(file) === file && this.sameBytes(file, entry) !== undefined;
      } catch {
        return false;
      }
    });
  }

  /**
   * The repository path (from the top, `/`-separated) that a file of the work tree had at the
   * revision: its own, unless the revision has no such file and git sees it renamed since (`git
   * mv`, a spec moved into a folder). Without that, every finding of a moved spec read as new.
   */
  pathThen(file: string): string {
    return this.entries.has(file) ? file : (this.renames().then.get(file) ?? file);
  }

  /** The repository path that a file of the revision has in the work tree: another where git sees it renamed since. */
  pathNow(file: string): string {
    return this.renames().now.get(file) ?? file;
  }

  /** git's renames between the revision and the work tree (tracked files, staged or not), once. */
  private renames(): { then: Map<string, string>; now: Map<string, string> } {
    if (this.renamed === undefined) {
      this.renamed = { then: new Map(), now: new Map() };
      let fields: string[] = [];
      try {
        fields = git(['diff', '-M', '--name-status', '-z', '--diff-filter=R', this.ref, '--'], this.root).toString('utf8').split('\0');
      } catch {
        // No renames to follow: each file is compared at its own path.
      }
      // Each rename is three fields: R and the similarity, the old path, the new one.
      for (let i = 0; i + 2 < fields.length; i += 3) {
        const [status, then, now] = [fields[i]!, fields[i + 1]!, fields[i + 2]!];
        if (!status.startsWith('R')) continue;
        this.renamed.then.set(now, then);
        this.renamed.now.set(then, now);
      }
    }
    return this.renamed;
  }

  cleanup(): void {
    rmSync(this.tree, { recursive: true, force: true });
  }

  /** A path under `tree` (absolute) as a repository path; none for anything else (outside it, remote). */
  private inTree(file: string | undefined): string[] {
    if (file === undefined || !path.isAbsolute(file)) return [];
    const inRepo = inRepository(path.relative(this.tree, file).split(path.sep).join('/'));
    return inRepo === undefined ? [] : [inRepo];
  }

  /** Where a repository path stands under `tree`. */
  private onTree(file: string): string {
    return path.join(this.tree, ...file.split('/'));
  }

  /** Reads the blobs not read yet (a file over the size limit goes to disk as a placeholder), and gives the new texts. */
  private load(targets: readonly string[]): [string, string][] {
    const fetch: [string, TreeEntry][] = [];
    for (const target of new Set(targets)) {
      if (this.done.has(target)) continue;
      this.done.add(target);
      const entry = this.entries.get(target)!;
      if (entry.size > this.maxFileSize) this.placeholder(target, entry.size);
      else fetch.push([target, entry]);
    }
    return this.read(fetch).map(([file, blob]) => {
      const text = normalizeText(blob.toString('utf8'));
      this.texts.set(file, text);
      return [file, text];
    });
  }

  /**
   * The blob a repository path leads to, through symlinked files and folders; undefined where the
   * revision has no such file. A symlink that leads out of the repository is written into the
   * tree, so that the sandbox refuses it there as it would in a checkout.
   */
  private follow(file: string): string | undefined {
    let current = file;
    for (let hops = 0; hops <= MAX_LINKS; hops++) {
      const parts = current.split('/');
      let linked: string | undefined;
      for (let i = 1; i <= parts.length && linked === undefined; i++) {
        const prefix = parts.slice(0, i).join('/');
        const entry = this.entries.get(prefix);
        if (entry === undefined) continue;
        if (entry.mode !== SYMLINK) return i === parts.length ? prefix : undefined;
        const target = this.linkTarget(prefix, entry);
        // An absolute target is a path on this machine, never in the revision.
        linked = path.posix.isAbsolute(target) ? undefined : inRepository(path.posix.join(path.posix.dirname(prefix), target, ...parts.slice(i)));
        if (linked === undefined) {
          this.outwardLink(prefix, target);
          return undefined;
        }
      }
      if (linked === undefined) return undefined;
      current = linked;
    }
    return undefined;
  }

  private linkTarget(link: string, entry: TreeEntry): string {
    let target = this.links.get(link);
    if (target === undefined) {
      const [[, blob]] = this.read([[link, entry]]) as [[string, Buffer]];
      this.links.set(link, (target = blob.toString('utf8')));
    }
    return target;
  }

  /**
   * The blobs of these entries: a file the work tree holds unchanged is read from there (a pull
   * request leaves most files alone, and git inflates each object it reads), the rest in one
   * `git cat-file --batch`.
   */
  private read(entries: readonly [string, TreeEntry][]): [string, Buffer][] {
    const fromDisk = new Map<string, Buffer>();
    const fetch = entries.filter(([file, entry]) => {
      const bytes = this.sameBytes(path.join(this.root, ...file.split('/')), entry);
      if (bytes !== undefined) fromDisk.set(file, bytes);
      return bytes === undefined;
    });
    const out = fetch.length === 0 ? undefined : git(['cat-file', '--batch'], this.root, fetch.map(([, e]) => e.oid).join('\n') + '\n');
    let at = 0;
    const fromGit = new Map(
      fetch.map(([file]) => {
        // `<oid> blob <size>\n<content>\n`
        const headerEnd = out!.indexOf(10, at);
        const size = Number(out!.toString('latin1', at, headerEnd).split(' ')[2]);
        const blob = out!.subarray(headerEnd + 1, headerEnd + 1 + size);
        at = headerEnd + 1 + size + 1;
        return [file, blob];
      }),
    );
    return entries.map(([file]) => [file, fromDisk.get(file) ?? fromGit.get(file)!]);
  }

  /**
   * The bytes of the work tree's file at `file` (an absolute path) where they are the entry's
   * blob (a regular file of its size and object id); otherwise undefined. Worked out once per file:
   * --since asks first whether a document's files are unchanged, then reads those of a changed one.
   */
  private sameBytes(file: string, entry: TreeEntry): Buffer | undefined {
    if (!this.workTree.has(file)) this.workTree.set(file, workTreeBytes(file, entry));
    return this.workTree.get(file);
  }

  /** A file over the size limit, as a hole of its size: the reader refuses it as it would the real one. */
  private placeholder(file: string, size: number): void {
    const to = this.onDisk(file);
    writeFileSync(to, '');
    truncateSync(to, size);
  }

  private outwardLink(file: string, target: string): void {
    if (this.outward.has(file)) return;
    this.outward.add(file);
    symlinkSync(target, this.onDisk(file));
  }

  private onDisk(file: string): string {
    const to = this.onTree(file);
    mkdirSync(path.dirname(to), { recursive: true });
    return to;
  }
}

/** The bytes of the work tree's file at `file` where they are the entry's blob; see RevisionTree.sameBytes. */
function workTreeBytes(file: string, entry: TreeEntry): Buffer | undefined {
  if (!REGULAR.has(entry.mode)) return undefined;
  try {
    const stat = lstatSync(file);
    if (!stat.isFile() || stat.size !== entry.size) return undefined;
    const bytes = readFileSync(file);
    return blobId(bytes, entry.oid) === entry.oid ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a text may hold a `$ref` to another file: a `$ref` key whose value does not start with
 * `#`, or a key that escapes may spell as `$ref` (JSON's and YAML's escapes of its letters, YAML's
 * escaped line break). It never says no to such a text, and most documents, whose refs all stay
 * inside them, need no parse or walk for their refs.
 */
export function mayReferToOtherFiles(text: string): boolean {
  return /\$ref['"]?\s*:\s*(?:["'](?!#)|[^"'#\s])/.test(text) || /\\(?:u00|x|U000000)(?:24|72|65|66)|\\\r?\n/.test(text);
}

/** The `$ref`s to other files in parsed data (local ones, `#...`, left out), each object once. */
export function externalRefs(data: unknown): string[] {
  const refs: string[] = [];
  forEachObject(data, node => {
    const { $ref } = node as { $ref?: unknown };
    if (!Array.isArray(node) && typeof $ref === 'string' && !$ref.startsWith('#')) refs.push($ref);
  });
  return refs;
}

/** A file's data read as the resolver reads it, for its `$ref`s; undefined where it cannot be read. */
function refsData(text: string, file: string, readers: DocumentReaders): unknown {
  if (!mayReferToOtherFiles(text)) return undefined;
  try {
    return parseGuarded(text, file, { json: /\.json$/i.test(file), readers, syntax: 'keep' }).data;
  } catch {
    return undefined;
  }
}

/**
 * The file (absolute path or URL, without fragment) a `$ref` names, resolved against the file
 * holding it: its path URI-decoded, as the resolver reads it.
 */
export function targetFile(ref: string, from: string): string | undefined {
  const filePart = ref.split('#')[0]!;
  if (filePart === '') return from;
  if (REMOTE.test(from)) {
    try {
      return new URL(filePart, from).href;
    } catch {
      return undefined;
    }
  }
  if (REMOTE.test(filePart)) return filePart;
  if (/^file:/i.test(filePart)) {
    try {
      return path.resolve(new URL(filePart).pathname);
    } catch {
      return undefined;
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) return undefined;
  let decoded = filePart;
  try {
    decoded = decodeURI(filePart);
  } catch {
    // Taken as written.
  }
  return path.resolve(path.dirname(from), decoded);
}

/** A repository path, normalized; undefined where it leaves the repository. */
function inRepository(joined: string): string | undefined {
  const normal = path.posix.normalize(joined);
  return normal === '..' || normal.startsWith('../') || path.posix.isAbsolute(normal) ? undefined : normal;
}
