// A fast path for Spectral's `$ref` resolver on documents whose refs are all local (`#/...`).
//
// Spectral resolves with @stoplight/json-ref-resolver. On a large single-file spec most of its
// time goes to machinery that a local-only document does not need: a URI object per `$ref`,
// dependency graphs whose `addDependency` scans arrays, and one immer `produce` whose draft and
// deep freeze touch every node (about a quarter of the run on github-api.json, see bench/). This
// module produces the same result for such documents: it ports the resolver's crawl and its
// inline dereferencing step by step (the same pointer and stem graphs, the same processing order
// and circular-ref test, the same messages), and replays immer's copy-on-write with plain objects
// instead of proxies, so that every resolved node has the same value, the same key order and the
// same sharing as before. Anything the port does not cover (remote or file refs, a `$ref` to the
// whole document, unusual structures) goes to the original resolver unchanged.
import { pointerToPath } from '@stoplight/json';
import { ResolveRunner } from '@stoplight/json-ref-resolver/runner.js';
import type { Resolver } from '@stoplight/spectral-ref-resolver';
import { hasOwn, Tree, Unsupported } from './draft.js';
import { escapePointerSegment } from '../core/finding.js';
import { dereferenceInline, forEachStem, RefGraph, referencesParent, type ResolveError } from './ref-graph.js';

type Obj = Record<string, unknown>;

/** The resolver interface Spectral uses (`resolve` and `uriCache`). */
export type SpectralResolver = Pick<Resolver, 'resolve' | 'uriCache'>;

/**
 * Documents whose refs the fast path found to form chains, none of them a ref to itself: no
 * local refs that lead only to one another (src/lint/ref-cycles.ts need not look).
 */
export const withoutRefCycles = new WeakSet<object>();

/** Wraps Spectral's resolver: documents with only local refs take the fast path. */
export function withLocalRefFastPath(inner: Resolver): SpectralResolver & { fastPaths: number } {
  return {
    /** How many documents took the fast path (for tests). */
    fastPaths: 0,
    get uriCache() {
      return inner.uriCache;
    },
    resolve(source: unknown, opts?: Record<string, unknown>) {
      try {
        const result = resolveLocal(inner, source, opts ?? {});
        if (result) {
          this.fastPaths++;
          return Promise.resolve(result) as unknown as ReturnType<Resolver['resolve']>;
        }
      } catch (error) {
        if (!(error instanceof Unsupported)) throw error;
      }
      return inner.resolve(source, opts as never);
    },
  } as SpectralResolver & { fastPaths: number };
}

interface ResolverInternals {
  uriCache: unknown;
  resolvers: unknown;
  getRef?: unknown;
  transformRef?: unknown;
  dereferenceInline: boolean;
  dereferenceRemote: boolean;
  parseResolveResult?: unknown;
  transformDereferenceResult?: unknown;
  ctx?: Record<string, unknown>;
}

/** The first segment of a pointer's text after `#/`, up to its next `/`. */
const firstSegment = (text: string): string => {
  const slash = text.indexOf('/');
  return slash < 0 ? text : text.slice(0, slash);
};

/**
 * Whether a stem of the ref at `place` to `target` (forEachStem) can be a target pointer, by its
 * text's first segment: a stem begins with `#/` and the first of the place's segments that equal
 * the target's at the same depth, or else with the place's first segment.
 */
function mayStemTarget(place: readonly string[], target: readonly string[], firstSegments: ReadonlySet<string>): boolean {
  if (place.length > 0 && firstSegments.has(firstSegment(place[0]!))) return true;
  for (let i = 1; i < place.length; i++) if (place[i] === target[i] && firstSegments.has(firstSegment(place[i]!))) return true;
  return false;
}

function resolveLocal(inner: Resolver, source: unknown, opts: Record<string, unknown>) {
  const r = inner as unknown as ResolverInternals;
  if (r.getRef || r.transformRef || r.transformDereferenceResult || !r.dereferenceInline) return undefined;
  if (opts.jsonPointer !== undefined || opts.getRef || opts.transformRef || opts.transformDereferenceResult) return undefined;
  if (typeof opts.baseUri !== 'string' || !opts.baseUri.startsWith('/')) return undefined;
  if (source === null || typeof source !== 'object') return undefined;

  // --- the crawl (ResolveCrawler.computeGraph and _resolveRef, for a root document) ---
  const pointerGraph = new RefGraph();
  const stemGraph = new RefGraph();
  const paths = new Map<string, string[]>();
  const toPath = (pointer: string): string[] => {
    let p = paths.get(pointer);
    if (!p) {
      p = pointerToPath(pointer) as string[];
      paths.set(pointer, p);
    }
    return p;
  };
  const parentPath: string[] = [];
  // The pointer of each prefix of parentPath, the first `known` of them up to date: sibling refs
  // (the items of a list of parameters, say) share all but the last.
  const prefixPointers: string[] = [];
  let known = 0;
  const parentPointerOf = (): string => {
    for (let i = known; i < parentPath.length; i++) prefixPointers[i] = `${i === 0 ? '#' : prefixPointers[i - 1]}/${escapePointerSegment(parentPath[i]!)}`;
    known = parentPath.length;
    return prefixPointers[parentPath.length - 1]!;
  };
  let refersToItself = false;
  // The refs whose stems give the stem graph's edges, added once the crawl has seen every target.
  const stemmed: { parentPath: string[]; targetPath: string[]; parentPointer: string; targetPointer: string }[] = [];

  const resolveRef = (ref: string) => {
    if (!ref.startsWith('#/')) throw new Unsupported('not a local ref');
    const parentPointer = parentPointerOf();
    // The path this pointer reads back as is the one just encoded, unless a key holds `%`
    // (pointerToPath decodes percent-escapes): remember it rather than decode it later.
    let place = parentPointer.includes('%') ? undefined : paths.get(parentPointer);
    if (!place) {
      place = parentPath.slice();
      if (!parentPointer.includes('%')) paths.set(parentPointer, place);
    }
    const targetPointer = ref;
    const targetPath = toPath(targetPointer);
    if (referencesParent(parentPath, targetPath)) {
      // The crawl skips a ref to the node that holds it; one to itself is a cycle of one ref.
      if (targetPath.length === parentPath.length) refersToItself = true;
      return;
    }
    stemGraph.addNode(targetPointer);
    stemmed.push({ parentPath: place, targetPath, parentPointer, targetPointer });
    pointerGraph.addNode(parentPointer);
    pointerGraph.addNode(targetPointer);
    pointerGraph.addDependency(parentPointer, targetPointer);
  };

  const refOf = (value: unknown): string | undefined =>
    value && typeof value === 'object' && typeof (value as Obj).$ref === 'string' ? ((value as Obj).$ref as string) : undefined;

  if (refOf(source) !== undefined) throw new Unsupported('the root is a $ref');
  const crawl = (target: object) => {
    if (hasOwn(target, 'hasOwnProperty')) throw new Unsupported('a key shadows hasOwnProperty');
    // Object.keys lists what `for (key in target)` with an own-property test lists, in the same
    // order, with one trap call per key on a key-order proxy instead of two. An indexed loop: it
    // runs for every node, mostly unoptimized, where for-of allocates an iterator result per step.
    const keys = Object.keys(target);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const value = (target as Obj)[key];
      const ref = refOf(value);
      if (known > parentPath.length) known = parentPath.length;
      parentPath.push(key);
      if (ref !== undefined) resolveRef(ref);
      else if (typeof value === 'object' && value !== null) crawl(value);
      parentPath.pop();
    }
  };
  crawl(source);
  // The stem graph is only asked for the dependencies of targets, and its edges lead from a dep to
  // a target, so a dep that is no target is never reached: its node and edges (most of them, on
  // a spec whose operations refer to shared definitions) are left out. Closures keep their members.
  // A ref none of whose stems can be a target (its stems' first segments begin no target, as for
  // most refs under `paths`) is not stemmed at all: the stems are strings built to be looked up.
  const firstSegments = new Set<string>();
  for (const target of stemGraph.nodes.keys()) firstSegments.add(firstSegment(target.slice(2)));
  for (const { parentPath: place, targetPath, parentPointer, targetPointer } of stemmed) {
    if (!mayStemTarget(place, targetPath, firstSegments)) continue;
    forEachStem(place, targetPath, parentPointer, targetPointer, dep => {
      if (stemGraph.nodes.has(dep)) stemGraph.addDependency(dep, targetPointer);
    });
  }

  // The runner the original would have built: same URI handling, same root node, and registered in
  // the resolver's uriCache (a later document referring to this file finds it there, as before).
  const runner = new ResolveRunner(source, undefined, {
    uriCache: r.uriCache,
    resolvers: r.resolvers,
    dereferenceInline: r.dereferenceInline,
    dereferenceRemote: r.dereferenceRemote,
    parseResolveResult: r.parseResolveResult,
    ...opts,
    ctx: { ...(r.ctx ?? {}), ...((opts.ctx as object) ?? {}) },
  } as never) as unknown as {
    root: string;
    baseUri: unknown;
    uriStack: string[];
    graph: { getNodeData(id: string): { refMap: Record<string, string>; data: unknown }; setNodeData(id: string, data: unknown): void };
    _source: unknown;
  };

  // --- the inline dereferencing (ResolveRunner.resolve, dereferenceInline) ---
  const refMap: Record<string, string> = {};
  const errors: ResolveError[] = [];
  const tree = new Tree(source);

  const { stopped, chains } = dereferenceInline(
    pointerGraph,
    stemGraph,
    toPath,
    {
      get: path => {
        if (path.length === 0) throw new Unsupported('a $ref to the whole document');
        return tree.get(path);
      },
      plan: places => tree.plan(places),
    },
    ({ pointer, to, path, from, val }) => {
      refMap[from] = to;
      if (val !== undefined) tree.set(path, val);
      else {
        errors.push({ code: 'POINTER_MISSING', message: `'${pointer}' does not exist`, path, uri: runner.baseUri, uriStack: runner.uriStack, pointerStack: [] });
      }
    },
    source,
  );
  if (stopped) errors.push({ code: 'RESOLVE_LIMIT', message: stopped.message, path: stopped.path, uri: runner.baseUri, uriStack: runner.uriStack, pointerStack: [] });

  const result = tree.finalize();

  runner._source = result;
  const nodeData = runner.graph.getNodeData(runner.root);
  // The graph node's ref map has the same entries, in an object of its own, as in the original.
  nodeData.refMap = Object.assign(nodeData.refMap ?? {}, refMap);
  nodeData.data = result;
  runner.graph.setNodeData(runner.root, nodeData);
  if (chains && !refersToItself) withoutRefCycles.add(source);
  return { result, graph: runner.graph, refMap, errors, runner };
}
