// Where `$ref`s may go. A local `$ref` may read files only inside the linted document's project:
// the working directory, or the document's own folder when the document lies outside it. The
// check runs before anything is opened, on the path as written and again on its real path
// (symlinks resolved), so `../../etc/passwd`, an absolute path elsewhere and a symlink that leads
// out are all refused unread. Remote refs are fetched only when allowed, with a timeout and a
// size cap enforced while the body streams in.
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { internalModule } from '../engine/internals.js';
import { PROTO_KEY } from '../load/documents.js';
import { NotAFileError, readBounded, SizeLimitError, formatSize } from '../load/limits.js';

/** Marks the resolver error of a ref that leaves the project; the rest is JSON `{ target, root }`. */
export const OUTSIDE_PREFIX = 'apilint: ref outside project: ';
const OUTSIDE = /apilint: ref outside project: (\{.*\})/;

export function parseOutsideError(message: string): { target: string; root: string; at?: string[] } | undefined {
  const match = OUTSIDE.exec(message);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]!) as { target: string; root: string; at?: string[] };
  } catch {
    return undefined;
  }
}

/** Whether `file` is `dir` or lies under it (both absolute and normalised). */
export function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The folder a document's `$ref`s may read from. */
export function projectRoot(document: string, cwd: string): string {
  const file = path.resolve(cwd, document);
  return isInside(file, cwd) ? path.resolve(cwd) : path.dirname(file);
}

interface UriLike {
  path(): string;
  toString(): string;
}

export interface SandboxOptions {
  cwd: string;
  maxFileSize: number;
  /** Resolves http(s) refs (or refuses them). */
  remote: (url: string) => Promise<string>;
  /** The text that stands in for a file on disk (an editor's unsaved buffer), if any. */
  buffered?: (file: string) => string | undefined;
}

/** The resolver graph as far as it is read here (dependency-graph's DepGraph). */
interface RefGraph {
  nodes: Record<string, unknown>;
  getNodeData(node: string): { refMap?: Record<string, string> } | undefined;
}

/** One project root: its resolver (with its cache of resolved files) and the files each file's `$ref`s name. */
interface Project {
  resolver: Resolver;
  refs: Map<string, Set<string>>;
}

const isUrl = (uri: string) => /^[a-z][a-z0-9+.-]+:\/\//i.test(uri);

/**
 * The resolver Spectral is given. Each project root gets its own inner resolver, and so its own
 * cache of resolved files: a file one document may read is never served from the cache to a
 * document whose project does not contain it.
 */
export class SandboxResolver extends Resolver {
  private readonly projects = new Map<string, Project>();

  constructor(private readonly sandbox: SandboxOptions) {
    super();
  }

  private projectOf(base: string | undefined): Project {
    const root = base && !isUrl(base) ? projectRoot(base, this.sandbox.cwd) : path.resolve(this.sandbox.cwd);
    let project = this.projects.get(root);
    if (!project) {
      project = { resolver: this.createInner(root), refs: new Map() };
      this.projects.set(root, project);
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

  /** Forgets what a document's `$ref`s named, before it is linted again. */
  forgetRefs(document: string): void {
    this.projectOf(document).refs.delete(document);
  }

  /** Drops every resolved file: files changed on disk or in a buffer. */
  clear(): void {
    this.projects.clear();
  }

  override resolve(source: unknown, opts: Parameters<Resolver['resolve']>[1] = {}): ReturnType<Resolver['resolve']> {
    const project = this.projectOf(opts.baseUri);
    return project.resolver.resolve(source, opts).then(result => {
      recordRefs(project.refs, result.graph as unknown as RefGraph);
      // Spectral keeps one resolver error per distinct message, and every ref to one file shares
      // the same (cached) error: name each escaping ref's own place, so each is reported.
      for (const error of result.errors) {
        if (!error.message.includes(OUTSIDE_PREFIX) || !error.message.endsWith('}')) continue;
        const at = [...error.uriStack.slice(-1), ...error.path.map(String)];
        error.message = `${error.message.slice(0, -1)},"at":${JSON.stringify(at)}}`;
      }
      return result;
    });
  }

  private createInner(root: string): Resolver {
    let realRoot: Promise<string> | undefined;
    const remote = { resolve: (uri: UriLike) => this.sandbox.remote(uri.toString()) };
    return new Resolver({
      resolvers: {
        file: {
          resolve: (uri: UriLike) => {
            realRoot ??= realpath(root).catch(() => root);
            return readInside(uri.path(), root, realRoot, this.sandbox);
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
 * Notes the files named by the `$ref`s of every file in a resolution's graph. A file served from
 * the cache shows in a later document's graph without its refs: they were noted when it was
 * first resolved, and stay until the cache is dropped.
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
 * (`realRoot` is `root` with symlinks resolved), bounded in size; the errors name the reason.
 */
export async function readInside(file: string, root: string, realRoot: Promise<string>, { maxFileSize, buffered }: Pick<SandboxOptions, 'maxFileSize' | 'buffered'>): Promise<string> {
  const target = path.resolve(file);
  // Refused on the path as written before the file system is touched: not even its existence leaks.
  if (!isInside(target, root)) throw outside(target, root);
  const buffer = buffered?.(target);
  if (buffer !== undefined) {
    if (Buffer.byteLength(buffer) > maxFileSize) throw new Error(`${target} is larger than the ${formatSize(maxFileSize)} limit (--max-file-size)`);
    return checked(buffer, target);
  }
  let real: string;
  try {
    real = await realpath(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new Error(`ENOENT: no such file or directory, open '${target}'`);
    throw error;
  }
  if (!isInside(real, await realRoot)) throw outside(target, root);
  let text: string;
  try {
    text = await readBounded(real, maxFileSize);
  } catch (error) {
    if (error instanceof SizeLimitError) throw new Error(`${target} is larger than the ${formatSize(error.limit)} limit (--max-file-size)`);
    if (error instanceof NotAFileError) throw new Error(`${target} ${error.directory ? 'is a directory' : 'is not a regular file'}`);
    throw error;
  }
  return checked(text, target);
}

/** What a referenced file's text must pass, from disk or from a buffer. */
function checked(text: string, target: string): string {
  // As for documents (src/load/documents.ts): the parsers would make the value the object's prototype.
  if (text.includes('__proto__') && PROTO_KEY.test(text)) throw new Error(`${target} has a key named "__proto__": refused`);
  return text;
}

const outside = (target: string, root: string) => new Error(OUTSIDE_PREFIX + JSON.stringify({ target, root }));

/** Fetches a remote ref: at most `maxBytes`, counted as the body streams in, within `timeoutMs`. */
export async function fetchBounded(url: string, { timeoutMs, maxBytes }: { timeoutMs: number; maxBytes: number }): Promise<string> {
  const tooLarge = () => new Error(`${url} is larger than ${formatSize(maxBytes)}: not fetched`);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
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
    if (controller.signal.aborted) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s: not fetched`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

installCrawlerFix();

/**
 * @stoplight/json-ref-resolver walks a document with `target.hasOwnProperty(key)`, which throws
 * when the document itself has a key named `hasOwnProperty` (a schema property, say): the whole
 * file failed as an internal error. Its crawler is replaced by a subclass whose walk is the same
 * but asks `Object.prototype.hasOwnProperty` instead. Found by test/fuzz.test.ts.
 */
function installCrawlerFix(): void {
  // Through src/engine/internals.ts, so that the CLI bundle fixes its own copy (scripts/bundle.mjs).
  const crawlerModule = internalModule<{ ResolveCrawler: new (...args: never[]) => object }>('json-ref-resolver/crawler');
  const utils = internalModule<{
    addToJSONPointer(pointer: string, part: string): string;
    uriToJSONPointer(ref: unknown): string;
  }>('json-ref-resolver/utils');
  type Crawler = {
    jsonPointer?: string;
    _runner: { computeRef(opts: object): unknown };
    _resolveRef(opts: object): void;
    computeGraph(target: unknown, parentPath?: string[], parentPointer?: string, pointerStack?: string[]): void;
  };
  const Original = crawlerModule.ResolveCrawler;
  const hasOwn = Object.prototype.hasOwnProperty;
  class SafeCrawler extends Original {
    constructor(...args: never[]) {
      super(...args);
      const self = this as unknown as Crawler;
      self.computeGraph = (target, parentPath = [], parentPointer = '#', pointerStack = []) => {
        if (!parentPointer) parentPointer = '#';
        let ref = self._runner.computeRef({ val: target, jsonPointer: parentPointer, pointerStack });
        if (ref !== undefined) {
          self._resolveRef({ ref, val: target, parentPath, pointerStack, parentPointer, cacheKey: parentPointer, resolvingPointer: self.jsonPointer });
        } else if (typeof target === 'object' && target !== null) {
          for (const key in target) {
            if (!hasOwn.call(target, key)) continue;
            const val = (target as Record<string, unknown>)[key];
            const currentPointer = utils.addToJSONPointer(parentPointer, key);
            ref = self._runner.computeRef({ key, val, jsonPointer: currentPointer, pointerStack });
            parentPath.push(key);
            if (ref !== undefined) {
              self._resolveRef({ ref, val, parentPath, parentPointer: currentPointer, pointerStack, cacheKey: utils.uriToJSONPointer(ref), resolvingPointer: self.jsonPointer });
            } else if (typeof val === 'object') {
              self.computeGraph(val, parentPath, currentPointer, pointerStack);
            }
            parentPath.pop();
          }
        }
      };
    }
  }
  crawlerModule.ResolveCrawler = SafeCrawler;
}
