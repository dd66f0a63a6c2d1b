// Where `$ref`s may go. A local `$ref` may read files only inside the linted document's project
// (src/resolve/project.ts: its git work tree, the folder of its config file, the working
// directory or its own folder, or --root). The check runs before anything is opened, on the path
// as written and again on its real path (symlinks resolved), so `../../etc/passwd`, an absolute
// path elsewhere and a symlink that leads out are all refused unread. Remote refs are fetched only
// when allowed, with a timeout and a size cap enforced while the body streams in. Whatever is read,
// from disk or from a server, passes the same bounds as a document (src/load/parse.ts) before the
// resolver parses it.
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { InputError } from '../core/errors.js';
import type { CheckedText, DocumentReaders } from '../engine/index.js';
import { formatSize, normalizeText, readSource } from '../load/limits.js';
import { parseGuarded } from '../load/parse.js';
import { forgetWorkTrees, isInside, projectRoot, type ProjectKind, type ProjectOptions } from './project.js';

/** Why the sandbox did not read a `$ref`'s target. */
export type Refusal = { kind: 'outside-project'; target: string; root: string; project: ProjectKind } | { kind: 'remote-not-fetched'; url: string };

/** A resolver error as the sandbox hands it on: where the ref is, and its refusal when it refused the ref. */
export interface SandboxError {
  code: string;
  message: string;
  /** Path of the `$ref` object in the file that holds it. */
  path: (string | number)[];
  /** The files on the way to that file; the last one holds the ref (none: the document). */
  uriStack: string[];
  uri: unknown;
  refusal?: Refusal;
}

/** All remote fetches of a run end within this many seconds of its start. */
export const REMOTE_BUDGET_S = 60;

interface UriLike {
  path(): string;
  toString(): string;
}

export interface SandboxOptions extends ProjectOptions {
  maxFileSize: number;
  /** Fetch http(s) refs; when false they are refused unread. */
  allowRemote: boolean;
  fetch: (url: string) => Promise<string>;
  /** The engine's readers: what the resolver is handed is parsed with them first, within the bounds. */
  readers: DocumentReaders;
  /** The text that stands in for a file on disk (an editor's unsaved buffer), if any. */
  buffered?: (file: string) => string | undefined;
}

/** The resolver graph as far as it is read here (dependency-graph's DepGraph). */
interface RefGraph {
  nodes: Record<string, unknown>;
  getNodeData(node: string): { refMap?: Record<string, string> } | undefined;
}

/**
 * One project root: its resolver (with its cache of the files resolved for the document being
 * linted), the files each file's `$ref`s name, and the refs refused, by target (a refused lookup
 * is cached too, and fails alike).
 */
interface Project {
  resolver: Resolver;
  refs: Map<string, Set<string>>;
  refusals: Map<string, Refusal>;
}

/** A ref's target without its fragment: the key of its lookup. */
const targetOf = (uri: unknown): string => String(uri).replace(/#.*$/s, '');

const isUrl = (uri: string) => /^[a-z][a-z0-9+.-]+:\/\//i.test(uri);

/**
 * The resolver Spectral is given. Each project root gets its own inner resolver, and so its own
 * cache of resolved files: a file one document may read is never served from the cache to a
 * document whose project does not contain it (and the cache lasts one document's run: see
 * releaseDocuments).
 */
export class SandboxResolver extends Resolver {
  private readonly projects = new Map<string, Project>();
  /** The files read (and checked, so parsed) since the last releaseDocuments, by absolute path. */
  private reads = new Map<string, CheckedText>();

  constructor(private readonly sandbox: SandboxOptions) {
    super();
  }

  private projectOf(base: string | undefined): Project {
    // A remote document's local refs, if any, stay in the working directory.
    const root = base && !isUrl(base) ? projectRoot(base, this.sandbox) : { dir: path.resolve(this.sandbox.cwd), kind: 'cwd' as const };
    const key = `${root.kind}:${root.dir}`;
    let project = this.projects.get(key);
    if (!project) {
      const refusals = new Map<string, Refusal>();
      project = { resolver: this.createInner(root.dir, root.kind, refusals), refs: new Map(), refusals };
      this.projects.set(key, project);
    }
    return project;
  }

  /**
   * The files a document's `$ref`s read, directly or through other files, as of its last
   * resolution (missing ones too: creating them changes the document's findings).
   */
  dependencies(document: string): string[] {
    const { refs } = this.projectOf(document);
    const found = new Set<string>();
    const stack = [document];
    while (stack.length > 0) {
      for (const file of refs.get(stack.pop()!) ?? []) {
        if (file === document || found.has(file)) continue;
        found.add(file);
        stack.push(file);
      }
    }
    return [...found].sort();
  }

  /**
   * Forgets what the files of the document's project named, before it is linted: its run resolves
   * them afresh, and notes what each names now.
   */
  forgetRefs(document: string): void {
    this.projectOf(document).refs.clear();
  }

  /**
   * Ends a document's run: drops what was resolved for it. The engine's fast path registers a
   * document whose refs are all local in the sandbox's own cache, as Spectral's resolver registers
   * each document it resolves; kept until the run ended they made memory grow with the number of
   * files. Each project's resolver drops the referenced files it resolved: served from its cache to
   * the next document, a file came without its `$ref`s in that document's graph, so findings in the
   * files it refers to were placed at the `$ref` that led there, once per referring file (a spec
   * linted after another that shares its files got other findings than linted alone). Returns the
   * files the run read, with the parse each was checked with: the linter takes those it reports on
   * (Sources.adopt) rather than reading and parsing them again.
   */
  releaseDocuments(): ReadonlyMap<string, CheckedText> {
    this.uriCache.purge();
    for (const project of this.projects.values()) project.resolver.uriCache.purge();
    const reads = this.reads;
    this.reads = new Map();
    return reads;
  }

  /** Drops every resolved file: files changed on disk or in a buffer. */
  clear(): void {
    this.projects.clear();
    forgetWorkTrees();
  }

  override resolve(source: unknown, opts: Parameters<Resolver['resolve']>[1] = {}): ReturnType<Resolver['resolve']> {
    const project = this.projectOf(opts.baseUri);
    return project.resolver.resolve(source, opts).then(result => {
      recordRefs(project.refs, result.graph as unknown as RefGraph);
      for (const error of result.errors as unknown as SandboxError[]) {
        const refusal = project.refusals.get(targetOf(error.uri));
        if (refusal) error.refusal = refusal;
      }
      return result;
    });
  }

  private createInner(root: string, project: ProjectKind, refusals: Map<string, Refusal>): Resolver {
    let realRoot: Promise<string> | undefined;
    // The resolver keeps only the text of what a resolver throws: the refusal is noted by target.
    const refuse = (uri: UriLike, refusal: Refusal): never => {
      refusals.set(targetOf(uri), refusal);
      throw new Error(refusal.kind === 'outside-project' ? `${refusal.target} is outside the project ${refusal.root}` : `${refusal.url} is not fetched`);
    };
    const remote = {
      resolve: async (uri: UriLike) => {
        if (!this.sandbox.allowRemote) return refuse(uri, { kind: 'remote-not-fetched', url: uri.toString() });
        const url = uri.toString();
        return this.sandbox.readers.forResolver(checked(normalizeText(await this.sandbox.fetch(url)), url, this.sandbox.readers));
      },
    };
    return new Resolver({
      resolvers: {
        file: {
          resolve: (uri: UriLike) => {
            realRoot ??= realpath(root).catch(() => root);
            const file = uri.path();
            return readInside(file, root, realRoot, this.sandbox, target => refuse(uri, { kind: 'outside-project', target, root, project })).then(checked => {
              this.reads.set(path.resolve(file), checked);
              return this.sandbox.readers.forResolver(checked);
            });
          },
        },
        http: remote,
        https: remote,
      },
      // The resolver reads an absolute `$ref: /x/y.yaml` relative to the document's folder.
      // Take it as written: inside the project it resolves, elsewhere the sandbox refuses it.
      transformRef: ({ val, ref }) => {
        const raw: unknown = val !== null && typeof val === 'object' ? (val as { $ref?: unknown }).$ref : undefined;
        if (ref === undefined || typeof raw !== 'string') return ref;
        const absolute = absoluteFilePath(raw.split('#')[0]!);
        if (absolute === undefined || absolute === ref.path()) return ref;
        return ref.clone().path(absolute);
      },
    });
  }
}

/**
 * Notes the files named by the `$ref`s of every file in a resolution's graph, once per file: a file
 * served from the cache (reached again within the document's run) shows without its refs.
 */
function recordRefs(refs: Map<string, Set<string>>, graph: RefGraph): void {
  for (const node of Object.keys(graph.nodes)) {
    const refMap = graph.getNodeData(node)?.refMap;
    if (!path.isAbsolute(node) || !refMap || refs.has(node)) continue;
    const files = new Set<string>();
    for (const target of Object.values(refMap)) {
      const file = target.split('#')[0]!;
      if (path.isAbsolute(file)) files.add(file);
    }
    refs.set(node, files);
  }
}

function absoluteFilePath(ref: string): string | undefined {
  try {
    if (/^file:/i.test(ref)) return path.resolve(fileURLToPath(ref));
  } catch {
    return undefined;
  }
  return ref.startsWith('/') ? path.resolve(ref) : undefined;
}

/**
 * Reads a referenced file if it lies inside `root`, on its path as written and on its real path
 * (`realRoot` is `root` with symlinks resolved), bounded in size and checked as documents are;
 * `outside` throws for a file outside the project, before it is opened. Also apilint diff's reader.
 */
export async function readInside(file: string, root: string, realRoot: Promise<string>, { maxFileSize, buffered, readers }: Pick<SandboxOptions, 'maxFileSize' | 'buffered' | 'readers'>, outside: (target: string) => never): Promise<CheckedText> {
  const target = path.resolve(file);
  // Refused on the path as written before the file system is touched: not even its existence leaks.
  if (!isInside(target, root)) outside(target);
  const buffer = buffered?.(target);
  if (buffer !== undefined) {
    if (Buffer.byteLength(buffer) > maxFileSize) throw new Error(`${target} is larger than the ${formatSize(maxFileSize)} limit (--max-file-size)`);
    return checked(normalizeText(buffer), target, readers);
  }
  let real: string;
  try {
    // Synchronous, as the read below is: a round trip through the thread pool per file cost more
    // than the call itself (DigitalOcean's 2,907 files: CPU 3.30 → 3.12 s, wall 2.41 → 2.14 s).
    real = realpathSync.native(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new Error(`ENOENT: no such file or directory, open '${target}'`);
    throw error;
  }
  if (!isInside(real, await realRoot)) outside(target);
  let text: string;
  try {
    text = await readSource(real, maxFileSize);
  } catch (error) {
    const reason = (error as InputError).message;
    if (reason.startsWith('file too large')) throw new Error(`${target} is larger than the ${formatSize(maxFileSize)} limit (--max-file-size)`);
    throw new Error(`${target} ${reason}`);
  }
  return checked(text, target, readers);
}

/**
 * What a referenced file's text must pass, from disk, a buffer or a server, before the resolver
 * parses it: the bounds every document passes (nesting, aliases, `__proto__` keys). Its syntax
 * errors are the parser's to report, at their place in the file.
 */
function checked(text: string, target: string, readers: DocumentReaders): CheckedText {
  const json = /\.json$/i.test(target.replace(/[?#].*$/s, ''));
  try {
    return { text, json, result: parseGuarded(text, target, { json, readers, syntax: 'keep' }) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const at = [target, error.line, error.column].filter(x => x !== undefined).join(':');
    throw new Error(`${at}: ${error.message}`);
  }
}

/** The bounds of remote fetches: each one's, and the deadline (ms since the epoch) of all of a run's. */
export interface FetchBounds {
  timeoutMs: number;
  maxBytes: number;
  deadline: number;
}

/** Fetches a remote ref: at most `maxBytes`, counted as the body streams in, within `timeoutMs` and before the deadline. */
export async function fetchBounded(url: string, { timeoutMs, maxBytes, deadline }: FetchBounds): Promise<string> {
  const tooLarge = () => new Error(`${url} is larger than ${formatSize(maxBytes)}: not fetched`);
  const left = deadline - Date.now();
  const spent = () => new Error(`${url} is not fetched: remote $refs used up their time (--allow-remote fetches end ${REMOTE_BUDGET_S} s after the run starts)`);
  if (left <= 0) throw spent();
  const timeout = Math.min(timeoutMs, left);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`HTTP ${response.status} fetching ${url}`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw tooLarge();
        }
        chunks.push(value);
      }
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } catch (error) {
    if (controller.signal.aborted) {
      if (timeout < timeoutMs) throw spent();
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s: not fetched`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
