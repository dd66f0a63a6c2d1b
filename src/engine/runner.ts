// json-ref-resolver's ResolveRunner.resolve, ported and installed by installEngine
// (src/engine/index.ts). A runner resolves one document, or the part of a referenced file that a
// `$ref` points to: it crawls it (crawler.ts), resolves the refs to other files, puts their
// results in place, then dereferences its local refs inline. The port gives the same result, ref
// map and errors, and differs in what it costs:
// - the results of refs to other files are put in place in one step, not one immer `produce` each:
//   each produce copied the path to its place, so n refs side by side cost n² (fan-in to a shared
//   file, as a spec whose schemas each refer to a common file);
// - that step and the inline dereferencing replay immer's copy-on-write without proxies (draft.ts);
// - the inline dereferencing is ref-graph.ts's, linear in the refs where the original sets every
//   transitive dependant of every pointer (a chain of refs in a referenced file);
// - a target resolved again with nothing to do (its walk met no `$ref`, its file's tree unchanged)
//   is given at once (`settled`): a spec spread over files looks most targets up several times;
// - a walk that met no local `$ref` skips the inline dereferencing, and whether results to put in
//   place nest is read from a tree of their paths (anyNested), not from every prefix spelt out.
import { pointerToPath } from '@stoplight/json';
import { markPlaced, stackArray, type Stack } from './crawler.js';
import { Draft, isDraftable, Tree, Unsupported } from './draft.js';
import { internalModule } from './internals.js';
import { patchOnce } from './patch.js';
import { dereferenceInline, PathTree, pathToPointer, type RefGraph, type ResolveError } from './ref-graph.js';

type Path = string[];

interface Resolved {
  result: unknown;
  graph: unknown;
  refMap: Record<string, string>;
  errors: ResolveError[];
  runner: unknown;
}

/** One ref to another file, looked up (ResolveRunner.lookupAndResolveUri). */
interface UriResult {
  uri: { toString(): string };
  targetPath: Path;
  error?: ResolveError;
  resolved?: Resolved;
}

interface Crawler {
  metRef: boolean;
  resolvers: Promise<UriResult>[];
  pointerGraph: RefGraph;
  pointerStemGraph: RefGraph;
  computeGraph(target: unknown, parentPath?: Path, parentPointer?: string): void;
}

interface Runner {
  _source: unknown;
  readonly source: unknown;
  graph: unknown;
  root: string;
  baseUri: { toString(): string; clone(): { fragment(pointer: string): unknown } };
  uriStack: Stack;
  /** 0 for the runner of the document resolved; one more for each file looked up on the way. */
  depth: number;
  dereferenceInline: boolean;
  transformDereferenceResult?: unknown;
  _setGraphNodeData(nodeId: string, data: unknown): void;
  _setGraphNodeEdge(nodeId: string, fromPointer: string, toNodeId: string): void;
}

type Resolve = (this: Runner, opts?: { jsonPointer?: string; parentPath?: Path }) => Promise<Resolved>;
type Produce = (base: unknown, recipe: (draft: unknown) => unknown) => unknown;

/** A tree being changed: immer's draft, or its replay (draft.ts). */
interface Changing {
  get(path: Path): unknown;
  set(path: Path, value: unknown): void;
  /** The places that will be set, named before any read (see draft.ts's Tree). */
  plan(places: readonly Path[]): void;
}

/**
 * The targets whose walk met no `$ref`, by runner and pointer, with the runner's source then and
 * the result. Resolving such a target again while that source is unchanged finds nothing to do
 * and gives the same result, so it is given at once. A spec spread over files looks most targets
 * up several times, once per way the document reaches them: DigitalOcean looks up 3,272 targets
 * 27,880 times, 19,545 of them after the target was resolved.
 */
const settled = new WeakMap<Runner, Map<string, { source: unknown; result: unknown }>>();

/**
 * Whether a path is the root or lies inside another (one of its proper prefixes is a path of the
 * list), read from a tree of the paths: spelling every prefix of every path cost the square of the
 * depth per path.
 */
export function anyNested(paths: readonly Path[]): boolean {
  const tree = new PathTree<true>(segment => segment);
  for (const path of paths) {
    if (path.length === 0) return true;
    tree.add(path, true);
  }
  return paths.some(path => {
    let level = tree.top;
    for (let i = 0; i < path.length - 1; i++) {
      level = tree.next(level, path[i]!)!;
      if (level.items) return true;
    }
    return false;
  });
}

export function installRunnerPort(): void {
  const runnerModule = internalModule<{ ResolveRunner: { prototype: { resolve: Resolve } } }>('json-ref-resolver/runner');
  const crawlerModule = internalModule<{ ResolveCrawler: new (runner: Runner, jsonPointer: string | undefined, resolved: Resolved) => Crawler }>('json-ref-resolver/crawler');
  const immer = internalModule<{ default: Produce; original(draft: unknown): unknown }>('immer');
  const get = internalModule<(object: unknown, path: readonly string[]) => unknown>('lodash/get');
  const set = internalModule<(object: unknown, path: readonly string[], value: unknown) => void>('lodash/set');
  const produce = immer.default;

  /**
   * immer's produce for a recipe that reads and sets paths that exist, replayed with Drafts
   * (draft.ts). A recipe that needs more (a set through a missing node) runs again on immer, after
   * `rollback` undoes what the first attempt did outside the tree.
   */
  function produceBy(base: unknown, recipe: (tree: Changing) => void, rollback: () => void): unknown {
    if (isDraftable(base)) {
      const tree = new Tree(base);
      try {
        recipe({ get: path => (path.length === 0 ? base : tree.get(path)), set: (path, value) => tree.set(path, value), plan: places => tree.plan(places) });
        return tree.finalize();
      } catch (error) {
        if (!(error instanceof Unsupported)) throw error;
        rollback();
      }
    }
    return produce(base, draft => {
      // immer copies on write by itself: nothing to plan.
      recipe({ get: path => (path.length === 0 ? immer.original(draft) : get(draft, path)), set: (path, value) => set(draft, path, value), plan: () => undefined });
    });
  }

  /** Puts the results of refs to other files in place, as the original's one produce per result did. */
  function placeResults(runner: Runner, places: readonly [path: Path, result: UriResult][]): void {
    // A root replacement, or a place inside another place (reached through a followed local
    // target), is order-sensitive across produces: those keep one produce per result.
    const nested = anyNested(places.map(([path]) => path));
    const setAll = (tree: Changing) => {
      for (const [path, r] of places) {
        tree.set(path, r.resolved!.result);
        runner._setGraphNodeData(String(r.uri), r.resolved!.result);
      }
    };
    // Setting a node's graph data again is all a second attempt repeats: nothing to undo.
    if (!nested) runner._source = produceBy(runner._source, setAll, () => undefined);
    for (const [path, r] of nested ? places : []) {
      runner._source = produce(runner._source, draft => {
        if (path.length === 0) return r.resolved!.result;
        set(draft, path, r.resolved!.result);
        runner._setGraphNodeData(String(r.uri), r.resolved!.result);
        return undefined;
      });
    }
    // A ref to this file by its name gives a node of this very tree, walked where it stands.
    for (const [, r] of places) if (r.resolved!.runner !== runner) markPlaced(runner, r.resolved!.result, null);
  }

  async function resolve(this: Runner, opts?: { jsonPointer?: string; parentPath?: Path }): Promise<Resolved> {
    const resolved: Resolved = { result: this.source, graph: this.graph, refMap: {}, errors: [], runner: this };
    let targetPath: Path | undefined;
    const jsonPointer = opts?.jsonPointer?.trim();
    const known = settled.get(this)?.get(jsonPointer ?? '');
    if (known !== undefined && known.source === this._source) {
      resolved.result = known.result;
      // What the rest of this function would do for it: set the runner's graph data again.
      this._setGraphNodeData(this.root, this._source);
      return resolved;
    }
    if (jsonPointer && jsonPointer !== '#' && jsonPointer !== '#/') {
      try {
        targetPath = pointerToPath(jsonPointer) as Path;
      } catch {
        resolved.errors.push({ code: 'PARSE_POINTER', message: `'${jsonPointer}' JSON pointer is invalid`, uri: this.baseUri, uriStack: stackArray(this.uriStack), pointerStack: [], path: [] });
        return resolved;
      }
      resolved.result = get(resolved.result, targetPath);
    }
    if (resolved.result === undefined) {
      resolved.errors.push({
        code: 'POINTER_MISSING',
        message: `'${jsonPointer}' does not exist @ '${this.baseUri.toString()}'`,
        uri: this.baseUri,
        uriStack: stackArray(this.uriStack),
        pointerStack: [],
        path: targetPath ?? [],
      });
      return resolved;
    }
    const crawler = new crawlerModule.ResolveCrawler(this, jsonPointer, resolved);
    crawler.computeGraph(resolved.result, targetPath, jsonPointer || '');
    const uriResults = crawler.resolvers.length > 0 ? await Promise.all(crawler.resolvers) : [];
    const places: [Path, UriResult][] = [];
    // The result's ref map is read from the document's own resolution only: a file looked up on
    // the way hands its parent the result and errors, and Spectral places results with the graph's
    // ref maps. Built for each of DigitalOcean's 2,906 referenced files, it cost a URI parse and a
    // new object shape per entry.
    const refMap = this.depth === 0 ? resolved.refMap : undefined;
    for (const r of uriResults) {
      const resolvedTargetPath = r.targetPath.length > 0 ? r.targetPath : (targetPath ?? []);
      // @stoplight/json's pathToPointer, with plain segments as they are and the others' spellings kept.
      const pointer = pathToPointer(resolvedTargetPath);
      if (refMap) refMap[String(this.baseUri.clone().fragment(pointer))] = String(r.uri);
      this._setGraphNodeEdge(String(this.root), pointer, String(r.uri));
      if (r.error) resolved.errors.push(r.error);
      if (!r.resolved) continue;
      // In place, where the original concatenated: a copy of all the errors so far for each result.
      if (r.resolved.errors) for (const error of r.resolved.errors) resolved.errors.push(error);
      if (r.resolved.result !== undefined) places.push([resolvedTargetPath, r]);
    }
    if (places.length > 0) placeResults(this, places);

    if (typeof this._source === 'object') {
      // A walk that met no local `$ref` leaves nothing to dereference inline (most of a spec spread
      // over files: 8,144 of DigitalOcean's 8,336 resolves).
      if (this.dereferenceInline && crawler.pointerGraph.nodes.size > 0) {
        const paths = new Map<string, Path>();
        const toPath = (pointer: string): Path => {
          let path = paths.get(pointer);
          if (!path) paths.set(pointer, (path = pointerToPath(pointer) as Path));
          return path;
        };
        // The stack as it is now, once for all of these errors (the original's were one array too).
        let stack: string[] | undefined;
        const uriStack = () => (stack ??= stackArray(this.uriStack));
        const errorCount = resolved.errors.length;
        // Graph data, set once the tree is final: a target's value may be a Draft until then.
        // (The original set immer's draft proxies, revoked once produce returned; nothing reads them.)
        let targets: [to: string, val: unknown][] = [];
        // Each place set, and the path of its target: the values there are marked once final.
        let sets: [place: Path, target: Path][] = [];
        this._source = produceBy(
          this._source,
          tree => {
            try {
              const { stopped } = dereferenceInline(crawler.pointerGraph, crawler.pointerStemGraph, toPath, tree, ({ pointer, to, path, from, val }) => {
                if (refMap) refMap[from] = to;
                this._setGraphNodeEdge(this.root, from, to);
                if (val !== undefined) {
                  tree.set(path, val);
                  targets.push([to, val]);
                  sets.push([path, toPath(pointer)]);
                } else {
                  resolved.errors.push({ code: 'POINTER_MISSING', message: `'${pointer}' does not exist`, path, uri: this.baseUri, uriStack: uriStack(), pointerStack: [] });
                }
              }, tree.get([]));
              if (stopped) resolved.errors.push({ code: 'RESOLVE_LIMIT', message: stopped.message, path: stopped.path, uri: this.baseUri, uriStack: uriStack(), pointerStack: [] });
            } catch (error) {
              // As the original: what was set before the error stays.
              if (error instanceof Unsupported) throw error;
            }
          },
          // The ref map and graph edges are set again to the same targets, in the same order.
          () => {
            resolved.errors.length = errorCount;
            targets = [];
            sets = [];
          },
        );
        for (const [to, val] of targets) this._setGraphNodeData(to, val instanceof Draft ? val.finalize() : val);
        for (const [place, target] of sets) markPlaced(this, get(this._source, place), target);
      }
      resolved.result = targetPath ? get(this._source, targetPath) : this._source;
    } else {
      resolved.result = this._source;
    }
    this._setGraphNodeData(this.root, this._source);
    if (!crawler.metRef && resolved.errors.length === 0) {
      let targets = settled.get(this);
      if (!targets) settled.set(this, (targets = new Map()));
      targets.set(jsonPointer ?? '', { source: this._source, result: resolved.result });
    }
    return resolved;
  }

  patchOnce(runnerModule.ResolveRunner.prototype, 'resolve', original =>
    function (this: Runner, opts) {
      // Spectral sets no transformDereferenceResult; a runner with one takes the original.
      return this.transformDereferenceResult ? original.call(this, opts) : resolve.call(this, opts);
    },
  );
}
