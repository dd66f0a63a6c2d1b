// json-ref-resolver's ResolveCrawler, ported and installed by installEngine (src/engine/index.ts).
// The crawler walks a document (or, in a referenced file, the part a `$ref` points to) and builds
// the graphs the runner dereferences with (src/engine/runner.ts). The port builds the same graphs,
// makes the same lookups and reports the same errors, with five changes, each for input that made
// the original fail or grow without bound:
// - it walks with `Object.prototype.hasOwnProperty`: a document with a key named `hasOwnProperty`
//   (a schema property, say) made the original throw, and the whole file was an internal error;
// - in a referenced file it follows each local target once: the original crawls a target again for
//   every `$ref` to it, so that a few kilobytes of targets that each refer twice to the next cost
//   2^n crawls;
// - a chain of local refs followed deeper than FOLLOW_DEPTH is crawled after the current walk
//   instead of inside it: the original recursed once per link and overflowed the stack;
// - its graphs are RefGraphs (ref-graph.ts), and the runner's graph gets its edges without the
//   array scan per edge: both cost the square of the number of refs before;
// - a file looked up again is not walked into what an earlier lookup put in place of its `$ref`s
//   (markPlaced): the original resolved the refs left there once more per lookup;
// and a `$ref` that is no URI urijs can read is an error at its place (it threw, and the whole
// file was an internal error), and a chain of files is followed up to MAX_REF_FILE_CHAIN files
// deep (the original stopped at 100 without a word), past which the ref says so as an error.
// The runner's lookupAndResolveUri, which the crawler calls for each ref to another file, is
// ported here too, for the stacks of files it grows (UriStack), and so is its computeRef, for the
// URIs of file refs (kept per folder and ref text).
import { pointerToPath, trimStart } from '@stoplight/json';
import { MAX_REF_FILE_CHAIN } from '../load/limits.js';
import { internalModule } from './internals.js';
import { patchOnce } from './patch.js';
import { forEachStem, RefGraph, referencesParent, type ResolveError } from './ref-graph.js';

/** How deep followed local targets are crawled inside the walk that found them (as the original does). */
const FOLLOW_DEPTH = 256;

/** A URI as json-ref-resolver holds it (urijs, or its ExtendedURI). */
type Uri = {
  toString(): string;
  fragment(): string;
  fragment(fragment: string): Uri;
  path(): string;
  scheme(): string;
  is(what: 'absolute'): boolean;
  clone(): Uri;
};

/** dependency-graph's DepGraph, as the runner's graph: its edge lists are read by its own methods. */
interface DepGraph {
  hasNode(node: string): boolean;
  addNode(node: string, data?: unknown): void;
  outgoingEdges: Record<string, string[]>;
  incomingEdges: Record<string, string[]>;
}

interface Runner {
  computeRef(opts: object): Uri | undefined;
  getRef(key: string | undefined, val: unknown): unknown;
  isFile(ref: Uri): boolean;
  transformRef?: (opts: object, ctx: unknown) => Uri | undefined;
  ctx: unknown;
  computeUriCacheKey(ref: Uri): string;
  lookupUri(opts: { ref: unknown; fragment: string; cacheKey: string; parentPath: string[] }): Promise<Runner>;
  resolve(opts: { jsonPointer: string; parentPath: string[] }): Promise<Resolved>;
  atMaxUriDepth(): boolean;
  uriStack: Stack;
  baseUri: Uri;
  root: string;
  depth: number;
  graph: DepGraph;
  source: unknown;
  dereferenceInline: boolean;
  dereferenceRemote: boolean;
}

interface RefOpts {
  ref: Uri;
  val: unknown;
  parentPath: string[];
  parentPointer: string;
  pointerStack: string[];
  cacheKey: string;
  resolvingPointer?: string;
}

/** What a runner's resolve gives (the part read here). */
interface Resolved {
  result: unknown;
  errors: ResolveError[];
}

/** One ref to another file, looked up: the runner puts its result in place (runner.ts). */
interface LookupResult {
  uri: Uri;
  pointerStack: string[];
  targetPath: string[];
  resolved?: Resolved | { result: unknown; graph: DepGraph; refMap: Record<string, string>; errors: ResolveError[]; runner: Runner };
  error?: ResolveError;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * What each runner has put in place of a `$ref` in its file's tree, by value, with the path where
 * that value stands as its own node in the tree (null for another file's result). The original's
 * later walks of the tree (its file looked up again) went into such values as if they were the
 * file's own text: they met the refs that resolution had left (those that close a cycle, now away
 * from the node they were written in, so no longer circular) and resolved them one level further.
 * Each lookup multiplied the tree by a recursive schema's refs to itself: Kubernetes' definitions
 * moved to a file of their own took more than 4 GB. A walk here passes such a value by where it
 * stands in for a `$ref`; everything else, and every first lookup, is walked as the original does.
 */
const placedValues = new WeakMap<object, WeakMap<object, readonly string[] | null>>();

/** Records `value` as put in place of a `$ref` by `runner`; `home`: where it stands as itself. */
export function markPlaced(runner: object, value: unknown, home: readonly string[] | null): void {
  if (typeof value !== 'object' || value === null) return;
  let values = placedValues.get(runner);
  if (!values) placedValues.set(runner, (values = new WeakMap()));
  // A value placed both from its own node and from another file keeps its home.
  if (values.get(value) == null) values.set(value, home);
}

/** Whether `value`, at `path`, is one the walk passes by: placed, and not at its home. */
function placedElsewhere(values: WeakMap<object, readonly string[] | null>, value: object, path: readonly string[]): boolean {
  const home = values.get(value);
  if (home === undefined) return false;
  if (home === null || home.length !== path.length) return true;
  for (let i = 0; i < path.length; i++) if (home[i] !== path[i]) return true;
  return false;
}

/**
 * The files a runner was looked up from, as the original keeps them: a runner is made once per
 * file and cached, and every lookup of it from a referenced file appends the looker's URI with
 * concat(), a copy. A file looked up n times copied stacks growing to n: n² (0.3 s of
 * DigitalOcean's 2,907 files). A UriStack is the first `length` entries of a log that its views
 * share: appending to the view that ends the log extends the log in place, appending to an older
 * view copies its entries (as concat did). A runner that was never looked up so holds a plain
 * array, as the original made it.
 */
export class UriStack {
  private constructor(
    private readonly log: string[],
    /** Where each URI first appears in the log. */
    private readonly first: Map<string, number>,
    readonly length: number,
  ) {}

  static of(uris: readonly string[]): UriStack {
    const first = new Map<string, number>();
    uris.forEach((uri, i) => first.has(uri) || first.set(uri, i));
    return new UriStack([...uris], first, uris.length);
  }

  includes(uri: string): boolean {
    const at = this.first.get(uri);
    return at !== undefined && at < this.length;
  }

  /** The stack with `uri` on top; this one is left as it is. */
  concat(uri: string): UriStack {
    if (this.length !== this.log.length) return UriStack.of([...this.log.slice(0, this.length), uri]);
    this.log.push(uri);
    if (!this.first.has(uri)) this.first.set(uri, this.length);
    return new UriStack(this.log, this.first, this.length + 1);
  }

  toArray(): string[] {
    return this.log.slice(0, this.length);
  }
}

/** A runner's stack of files. */
export type Stack = readonly string[] | UriStack;

/**
 * The stack as the array an error carries (Spectral reads its last entry as the file that holds the
 * ref): an array stack is never changed (appending makes a UriStack), so it is carried as it is.
 */
export const stackArray = (stack: Stack): string[] => (stack instanceof UriStack ? stack.toArray() : (stack as string[]));

const appended = (stack: Stack, uri: string): UriStack => (stack instanceof UriStack ? stack : UriStack.of(stack)).concat(uri);

/**
 * The edges of each runner graph by the node they leave, kept beside it so that adding one is not
 * a scan of its list (nor a key spelt from two URIs: a file's edges all leave its root).
 */
const graphEdges = new WeakMap<DepGraph, Map<string, Set<string>>>();

/** DepGraph.addDependency(from, to) for nodes that exist, without its indexOf on both lists. */
function addEdge(graph: DepGraph, from: string, to: string): void {
  let edges = graphEdges.get(graph);
  if (!edges) graphEdges.set(graph, (edges = new Map()));
  let out = edges.get(from);
  if (!out) edges.set(from, (out = new Set()));
  if (out.has(to)) return;
  out.add(to);
  graph.outgoingEdges[from]!.push(to);
  graph.incomingEdges[to]!.push(from);
}

/** Most (folder, `$ref`) pairs computeRef keeps before it starts afresh. */
const MAX_FILE_REFS = 50_000;
/** The URI each scheme-less file `$ref` gives in a folder; null where the original's other branches run. */
const fileRefs = new Map<string, Uri | null>();
/** Each runner's folder (its file's dirname). */
const folders = new WeakMap<Runner, string>();

/**
 * The runner's computeRef, with the URI of a file `$ref` kept per folder and `$ref`: the original
 * parsed each `$ref` twice with urijs and joined it to its file's folder (DigitalOcean's 9,515 file
 * refs, 3,697 distinct: 0.12 s). The kept URI is never handed out, only its clone (urijs's own
 * copy, of the same class): each ref gets a URI of its own, as before. Only scheme-less refs in a
 * scheme-less file are kept, whose URI depends on nothing else (isFile is true for them whatever
 * the resolvers); the ref to the file itself and transformRef are worked out per ref, as there.
 * The modules it needs are looked up once, when the port is installed.
 */
function refComputer(): (runner: Runner, opts: { key?: string; val: unknown }) => Uri | undefined {
  const { ExtendedURI } = internalModule<{ ExtendedURI: new (value: string) => Uri }>('json-ref-resolver/uri');
  const URI = Object.getPrototypeOf(ExtendedURI) as new (value: string) => Uri;
  const path = internalModule<Record<'join' | 'dirname' | 'stripRoot' | 'toFSPath', (...paths: string[]) => string>>('path');
  return (runner, opts) => {
    const refStr = runner.getRef(opts.key, opts.val);
    // Most nodes hold no `$ref`.
    if (refStr === undefined) return undefined;
    const base = runner.baseUri.toString();
    if (typeof refStr !== 'string' || refStr[0] === '#' || base === '' || runner.baseUri.scheme() !== '') return runner.computeRef(opts);
    let folder = folders.get(runner);
    if (folder === undefined) folders.set(runner, (folder = path.dirname(base)));
    const key = `${folder}\0${refStr}`;
    let kept = fileRefs.get(key);
    if (kept === undefined) {
      // The original's file branch, for the refs that take it.
      const parsed = new ExtendedURI(refStr);
      kept = null;
      if (parsed.scheme() === '') {
        const absRef = parsed.is('absolute') ? parsed.toString() : path.join(folder, path.stripRoot(parsed.toString()));
        if (absRef) kept = new URI(path.toFSPath(absRef)).fragment(parsed.fragment());
      }
      if (fileRefs.size >= MAX_FILE_REFS) fileRefs.clear();
      fileRefs.set(key, kept);
    }
    if (kept === null) return runner.computeRef(opts);
    let ref = kept.clone();
    if (String(ref).length > 0 && runner.isFile(runner.baseUri) && runner.isFile(ref) && runner.baseUri.path() === ref.path()) ref = new ExtendedURI(`#${ref.fragment()}`);
    return runner.transformRef ? runner.transformRef({ ...opts, ref, uri: runner.baseUri }, runner.ctx) : ref;
  };
}

export function installCrawlerPort(): void {
  const computeRef = refComputer();
  const crawlerModule = internalModule<{ ResolveCrawler: new (...args: never[]) => object }>('json-ref-resolver/crawler');
  const utils = internalModule<{
    addToJSONPointer(pointer: string, part: string): string;
    uriToJSONPointer(ref: Uri): string;
    uriIsJSONPointer(ref: Uri): boolean;
  }>('json-ref-resolver/utils');
  const get = internalModule<(object: unknown, path: readonly string[]) => unknown>('lodash/get');
  const set = internalModule<(object: unknown, path: readonly string[], value: unknown) => void>('lodash/set');

  class ResolveCrawler {
    readonly resolvers: Promise<unknown>[] = [];
    readonly pointerGraph = new RefGraph();
    readonly pointerStemGraph = new RefGraph();
    /** Local targets already crawled (in a referenced file). */
    private readonly followed = new Set<string>();
    /** Targets found deeper than FOLLOW_DEPTH, crawled once the walk that found them is done. */
    private readonly deferred: [target: unknown, path: string[], pointer: string, pointerStack: string[]][] = [];
    /** Whether the walk met a `$ref` (runner.ts: a target whose walk met none is left as it was). */
    metRef = false;

    constructor(
      private readonly _runner: Runner,
      readonly jsonPointer: string | undefined,
      private readonly _resolved: { errors: ResolveError[] },
    ) {
      // The runner's own bound on a chain of files, 100, is replaced before it looks anything up.
      _runner.atMaxUriDepth = () => _runner.uriStack.length >= MAX_REF_FILE_CHAIN;
    }

    computeGraph = (target: unknown, parentPath: string[] = [], parentPointer = '#', pointerStack: string[] = []): void => {
      this.walk(target, parentPath, parentPointer || '#', pointerStack);
      // Deferred walks may defer more: a queue read by index (shift() moves the rest each time).
      for (let i = 0; i < this.deferred.length; i++) this.walk(...this.deferred[i]!);
      this.deferred.length = 0;
    };

    private walk(target: unknown, parentPath: string[], parentPointer: string, pointerStack: string[]): void {
      let ref = this.refOf({ val: target, jsonPointer: parentPointer, pointerStack }, parentPath);
      if (ref !== undefined) {
        if (ref !== null) this._resolveRef({ ref, val: target, parentPath, pointerStack, parentPointer, cacheKey: parentPointer, resolvingPointer: this.jsonPointer });
        return;
      }
      if (typeof target !== 'object' || target === null) return;
      const placed = placedValues.get(this._runner);
      for (const key in target) {
        if (!hasOwn.call(target, key)) continue;
        const val = (target as Record<string, unknown>)[key];
        parentPath.push(key);
        if (placed !== undefined && typeof val === 'object' && val !== null && placedElsewhere(placed, val, parentPath)) {
          parentPath.pop();
          continue;
        }
        const currentPointer = utils.addToJSONPointer(parentPointer, key);
        ref = this.refOf({ key, val, jsonPointer: currentPointer, pointerStack }, parentPath);
        if (ref) {
          this._resolveRef({ ref, val, parentPath, parentPointer: currentPointer, pointerStack, cacheKey: utils.uriToJSONPointer(ref), resolvingPointer: this.jsonPointer });
        } else if (ref === undefined && typeof val === 'object') {
          this.walk(val, parentPath, currentPointer, pointerStack);
        }
        parentPath.pop();
      }
    }

    /**
     * The runner's computeRef (see computeRef below): the `$ref` at a node as a URI, or undefined. urijs throws on a ref it
     * cannot read (a port that is not a number: `http://host:80a/x.yaml`), which made the whole
     * file an internal error; here that ref is an error at its place (null), and is not followed.
     */
    private refOf(opts: { key?: string; val: unknown; jsonPointer: string; pointerStack: string[] }, path: readonly string[]): Uri | undefined | null {
      const runner = this._runner;
      try {
        const ref = computeRef(runner, opts);
        if (ref !== undefined) this.metRef = true;
        return ref;
      } catch (error) {
        this.metRef = true;
        this._resolved.errors.push({
          code: 'PARSE_URI',
          message: `'${String((opts.val as { $ref?: unknown }).$ref)}' is not a URI: ${error instanceof Error ? error.message : String(error)}`,
          uri: runner.baseUri,
          uriStack: runner.depth !== 0 ? [...stackArray(runner.uriStack), String(runner.baseUri)] : stackArray(runner.uriStack),
          pointerStack: opts.pointerStack,
          path: [...path],
        });
        return null;
      }
    }

    _resolveRef = (opts: RefOpts): void => {
      const runner = this._runner;
      const { pointerStack, parentPath, parentPointer, ref } = opts;
      if (!utils.uriIsJSONPointer(ref)) {
        if (runner.dereferenceRemote && runner.atMaxUriDepth()) {
          this._resolved.errors.push({
            code: 'RESOLVE_URI',
            message: `a chain of $refs through more than ${MAX_REF_FILE_CHAIN.toLocaleString('en-US')} files: not followed further`,
            uri: ref,
            uriStack: runner.depth !== 0 ? [...stackArray(runner.uriStack), String(runner.baseUri)] : stackArray(runner.uriStack),
            pointerStack,
            path: [...parentPath],
          });
        }
        const remoteRef = ref.toString();
        if (!runner.graph.hasNode(remoteRef)) runner.graph.addNode(remoteRef, { refMap: {} });
        if (runner.root !== remoteRef) addEdge(runner.graph, runner.root, remoteRef);
        if (runner.dereferenceRemote && !runner.atMaxUriDepth()) this.resolvers.push(lookupAndResolveUri(runner, opts));
        return;
      }
      if (!runner.dereferenceInline) return;
      const targetPointer = utils.uriToJSONPointer(ref);
      let targetPath: string[];
      try {
        targetPath = pointerToPath(targetPointer) as string[];
      } catch {
        this._resolved.errors.push({ code: 'PARSE_POINTER', message: `'${String(ref)}' JSON pointer is invalid`, uri: runner.baseUri, uriStack: stackArray(runner.uriStack), pointerStack: [], path: [] });
        return;
      }
      if (referencesParent(parentPath, targetPath)) return;
      const stems = this.pointerStemGraph;
      stems.addNode(targetPointer);
      forEachStem(parentPath, targetPath, parentPointer, targetPointer, dep => {
        stems.addNode(dep);
        stems.addDependency(dep, targetPointer);
      });
      this.pointerGraph.addNode(parentPointer);
      this.pointerGraph.addNode(targetPointer);
      const targetRef = `${runner.baseUri.toString()}${targetPointer}`;
      if (!runner.graph.hasNode(targetRef)) runner.graph.addNode(targetRef, { refMap: {} });
      if (runner.root !== targetRef) addEdge(runner.graph, runner.root, targetRef);
      this.pointerGraph.addDependency(parentPointer, targetPointer);
      // The original follows unless the target is on the stack of targets being followed (which
      // `followed` holds too) and the stack is two deep or more.
      if (!this.jsonPointer || this.followed.has(targetPointer)) return;
      this.followed.add(targetPointer);
      const target = get(runner.source, targetPath);
      if (pointerStack.length < FOLLOW_DEPTH) {
        pointerStack.push(targetPointer);
        this.walk(target, targetPath, targetPointer, pointerStack);
        pointerStack.pop();
      } else {
        // A deferred walk starts a stack of its own: pointer stacks only reach transformRef hooks
        // and error objects, where Spectral does not read them.
        this.deferred.push([target, targetPath, targetPointer, [targetPointer]]);
      }
    };
  }

  /**
   * The runner's lookupAndResolveUri: the file a ref names is looked up (one runner per file,
   * cached) and resolved at the ref's pointer. The original's depth check here is left out: the
   * crawler calls it only below the bound.
   */
  async function lookupAndResolveUri(runner: Runner, opts: RefOpts): Promise<LookupResult> {
    const { val, ref, resolvingPointer, parentPointer, pointerStack } = opts;
    const parentPath = opts.parentPath.slice();
    const uriCacheKey = runner.computeUriCacheKey(ref);
    const lookupResult: LookupResult = { uri: ref, pointerStack, targetPath: resolvingPointer === parentPointer ? [] : parentPath };
    if (runner.uriStack.includes(uriCacheKey)) {
      lookupResult.resolved = { result: val, graph: runner.graph, refMap: {}, errors: [], runner };
      return lookupResult;
    }
    let uriResolver: Runner | undefined;
    const currentAuthority = runner.baseUri.toString();
    const newUriStack = currentAuthority && runner.depth !== 0 ? currentAuthority : null;
    try {
      uriResolver = await runner.lookupUri({ ref: ref.clone().fragment(''), fragment: ref.fragment(), cacheKey: uriCacheKey, parentPath });
      if (newUriStack) uriResolver.uriStack = appended(uriResolver.uriStack, newUriStack);
    } catch (e) {
      const stack = stackArray(runner.uriStack);
      lookupResult.error = { code: 'RESOLVE_URI', message: String(e), uri: ref, uriStack: newUriStack ? [...stack, newUriStack] : stack, pointerStack, path: parentPath };
    }
    if (uriResolver) {
      const resolved = (lookupResult.resolved = await uriResolver.resolve({ jsonPointer: utils.uriToJSONPointer(ref), parentPath }));
      for (const error of resolved.errors) {
        if (error.code !== 'POINTER_MISSING' || error.path.join('/') !== ref.fragment().slice(1)) continue;
        const errorPathInResult = trimStart(error.path, trimStart(ref.fragment(), '/').split('/'));
        if (errorPathInResult.length) set(resolved.result, errorPathInResult, val);
        else if (resolved.result) resolved.result = val;
      }
    }
    return lookupResult;
  }

  patchOnce(crawlerModule, 'ResolveCrawler', () => ResolveCrawler as unknown as new (...args: never[]) => object);
}
