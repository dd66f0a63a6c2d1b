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
import { isProxy } from 'node:util/types';
import { encodePointerUriFragment, pointerToPath } from '@stoplight/json';
import { ResolveRunner } from '@stoplight/json-ref-resolver/runner.js';
import type { Resolver } from '@stoplight/spectral-ref-resolver';
import type { JsonPath } from '@stoplight/types';

type Obj = Record<string, unknown>;

/** Thrown when the document needs something the fast path does not port: use the original resolver. */
class Unsupported extends Error {}

/** The resolver interface Spectral uses (`resolve` and `uriCache`). */
export type SpectralResolver = Pick<Resolver, 'resolve' | 'uriCache'>;

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

// ---------------------------------------------------------------------------------------------
// dependency-graph 0.11 (as the resolver uses it, with `circular: true`), with Sets for the
// membership tests its arrays did with indexOf. Node names are JSON pointers ("#/..."), never
// integer-like, so a Map keeps the insertion order its plain object kept.

interface GraphNode {
  out: string[];
  in: string[];
  /** Made once a list grows long enough for indexOf to cost. */
  outSet?: Set<string>;
  inSet?: Set<string>;
}

/** Adds `item` to `list` unless there; `set` mirrors a long list. */
function addOnce(list: string[], set: Set<string> | undefined, item: string): Set<string> | undefined {
  if (set) {
    if (!set.has(item)) {
      set.add(item);
      list.push(item);
    }
    return set;
  }
  if (list.includes(item)) return undefined;
  list.push(item);
  return list.length > 16 ? new Set(list) : undefined;
}

class Graph {
  readonly nodes = new Map<string, GraphNode>();

  addNode(node: string): void {
    if (!this.nodes.has(node)) this.nodes.set(node, { out: [], in: [] });
  }

  addDependency(from: string, to: string): void {
    const a = this.nodes.get(from)!;
    const b = this.nodes.get(to)!;
    a.outSet = addOnce(a.out, a.outSet, to) ?? a.outSet;
    b.inSet = addOnce(b.in, b.inSet, from) ?? b.inSet;
  }

  private dfs(direction: 'out' | 'in', result: string[]): (start: string) => void {
    const visited = new Set<string>();
    return (start: string) => {
      if (visited.has(start)) return;
      const inCurrentPath = new Set<string>();
      // The to-do stack as two parallel arrays (node, processed), not an object per entry: the
      // closures run once per pointer, thousands of times on a large API.
      const todo: string[] = [start];
      const processed: boolean[] = [false];
      while (todo.length > 0) {
        const top = todo.length - 1;
        const node = todo[top]!;
        if (!processed[top]) {
          if (visited.has(node) || inCurrentPath.has(node)) {
            todo.pop();
            processed.pop();
            continue;
          }
          inCurrentPath.add(node);
          processed[top] = true;
          const edges = this.nodes.get(node)![direction];
          for (let i = edges.length - 1; i >= 0; i--) {
            todo.push(edges[i]!);
            processed.push(false);
          }
        } else {
          todo.pop();
          processed.pop();
          inCurrentPath.delete(node);
          visited.add(node);
          result.push(node);
        }
      }
    };
  }

  private closure(node: string, direction: 'out' | 'in'): string[] {
    const result: string[] = [];
    this.dfs(direction, result)(node);
    const index = result.indexOf(node);
    if (index >= 0) result.splice(index, 1);
    return result;
  }

  dependenciesOf(node: string): string[] {
    return this.closure(node, 'out');
  }

  dependantsOf(node: string): string[] {
    return this.closure(node, 'in');
  }

  overallOrder(): string[] {
    const result: string[] = [];
    const keys = [...this.nodes.keys()];
    if (keys.length === 0) return result;
    const dfs = this.dfs('out', result);
    keys.filter(node => this.nodes.get(node)!.in.length === 0).forEach(dfs);
    const done = new Set(result);
    keys.filter(node => !done.has(node)).forEach(dfs);
    return result;
  }
}

// ---------------------------------------------------------------------------------------------
// immer 9's copy-on-write, replayed without proxies. A Draft stands for immer's draft of one
// object; it sits in its parent's copy exactly where immer's get trap stores a draft proxy.

const objectCtorString = Object.prototype.constructor.toString();

/** immer's isDraftable for the values a parser produces: plain objects (also proxied ones) and arrays. */
function isDraftable(value: unknown): value is object {
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto === null) return true;
  const Ctor = Object.prototype.hasOwnProperty.call(proto, 'constructor') && (proto as { constructor: unknown }).constructor;
  if (Ctor === Object) return true;
  return typeof Ctor === 'function' && Function.toString.call(Ctor) === objectCtorString;
}

const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** immer's shallowCopy: a proxied (ordered) object is copied through its property descriptors. */
function shallowCopy(base: object): Obj | unknown[] {
  if (Array.isArray(base)) return Array.prototype.slice.call(base);
  if (!isPlainDataObject(base)) return Object.create(Object.getPrototypeOf(base) as object, Object.getOwnPropertyDescriptors(base)) as Obj;
  return { ...(base as Obj) };
}

/** A non-proxy object with Object.prototype and no symbols: spreading it copies it exactly. */
function isPlainDataObject(base: object): boolean {
  return !isProxy(base) && Object.getPrototypeOf(base) === Object.prototype && Object.getOwnPropertySymbols(base).length === 0;
}

class Draft {
  copy: (Obj | unknown[]) | null = null;
  modified = false;
  finalized = false;
  constructor(
    readonly base: object,
    readonly parent: Draft | null,
  ) {}

  latest(): Obj {
    return (this.copy ?? this.base) as Obj;
  }

  prepareCopy(): Obj {
    this.copy ??= shallowCopy(this.base);
    return this.copy as Obj;
  }

  markChanged(): void {
    for (let d: Draft | null = this; d && !d.modified; d = d.parent) d.modified = true;
  }

  /** immer's get trap. */
  get(key: string): unknown {
    const source = this.latest();
    if (!hasOwn(source, key)) return (source as Record<string, unknown>)[key];
    const value = source[key];
    if (value instanceof Draft || this.finalized || !isDraftable(value)) return value;
    if (value === (this.base as Obj)[key]) {
      const child = new Draft(value, this);
      this.prepareCopy()[key] = child;
      return child;
    }
    return value;
  }

  /** lodash's assignValue on a draft, then immer's set trap. */
  assign(key: string, value: unknown): void {
    const objValue = this.get(key);
    const latest = this.latest();
    if (hasOwn(latest, key) && (objValue === value || (objValue !== objValue && value !== value)) && !(value === undefined && !(key in latest))) return;
    if (!this.modified) {
      const current = latest[key];
      if (current instanceof Draft && current.base === value) {
        this.prepareCopy()[key] = value;
        return;
      }
      if (Object.is(value, current) && (value !== undefined || hasOwn(this.base, key))) return;
      this.prepareCopy();
      this.markChanged();
    }
    const copy = this.copy as Obj;
    if ((copy[key] === value && (value !== undefined || key in copy)) || (Number.isNaN(value) && Number.isNaN(copy[key]))) return;
    copy[key] = value;
  }

  /** immer's finalize: the base when unmodified, else the copy with its drafts finalized. */
  finalize(): unknown {
    if (!this.modified) return this.base;
    if (!this.finalized) {
      this.finalized = true;
      const copy = this.copy as Obj;
      for (const key of Object.keys(copy)) {
        const value = copy[key];
        if (value instanceof Draft) copy[key] = value.finalize();
      }
    }
    return this.copy;
  }
}

/** lodash.get on the draft tree. */
function draftGet(root: Draft, path: readonly string[]): unknown {
  let object: unknown = root;
  let index = 0;
  while (object != null && index < path.length) {
    const key = path[index++]!;
    object = object instanceof Draft ? object.get(key) : (object as Record<string, unknown>)[key];
  }
  return index && index === path.length ? object : undefined;
}

/** lodash.set on the draft tree, for paths that exist (the locations of `$ref`s). */
function draftSet(root: Draft, path: readonly string[], value: unknown): void {
  let nested: unknown = root;
  for (let index = 0; nested != null && index < path.length; index++) {
    const key = path[index]!;
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
    if (!(nested instanceof Draft)) throw new Unsupported('set through a value that is not a draft');
    let newValue = value;
    if (index !== path.length - 1) {
      const objValue = nested.get(key);
      if (objValue === null || (typeof objValue !== 'object' && typeof objValue !== 'function')) throw new Unsupported('set through a missing node');
      newValue = objValue;
    }
    nested.assign(key, newValue);
    nested = nested.get(key);
  }
}

// ---------------------------------------------------------------------------------------------
// @stoplight/json's startsWith on paths (segments compared as integers when either parses as one;
// parseInt without a radix, as there, so `0x1f` is 31).

function startsWithPath(path: readonly string[], prefix: readonly string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    const a = parseInt(path[i]!);
    const b = parseInt(prefix[i]!);
    if (Number.isNaN(a) && Number.isNaN(b)) {
      if (path[i] !== prefix[i]) return false;
    } else if (a !== b) return false;
  }
  return true;
}

/** The first-segment key under which startsWithPath can match. */
const firstKey = (segment: string): string => {
  const n = parseInt(segment);
  return Number.isNaN(n) ? `s:${segment}` : `n:${n}`;
};

// ---------------------------------------------------------------------------------------------

/**
 * Characters that @stoplight/json's encodePointerUriFragment leaves as they are: neither escaped
 * (`~`, `/`) nor percent-encoded. A segment made only of them encodes to itself.
 */
const PLAIN_SEGMENT = /^[A-Za-z0-9_.!*'()-]*$/;

/** @stoplight/json's pathToPointer, with plain segments taken as they are. */
function pathToPointer(jsonPath: readonly (string | number)[]): string {
  if (jsonPath.length === 0) return '#';
  let out = '#';
  for (const segment of jsonPath) out += `/${typeof segment === 'number' || PLAIN_SEGMENT.test(segment) ? segment : encodePointerUriFragment(segment)}`;
  return out;
}

const encodeSegment = (key: string): string => (key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key);

/**
 * Whether the pointer graph is made of chains that the linear dereferencing may take: every `$ref`
 * place leads to one target, no chain closes in a cycle (`order` lists a node's target before the
 * node), and no target lies inside a `$ref` place (read through a place, a target's value would
 * depend on when that place was set).
 */
function isChainForest(graph: Graph, order: readonly string[], toPath: (pointer: string) => string[]): boolean {
  const rank = new Map<string, number>();
  for (const pointer of order) {
    const node = graph.nodes.get(pointer)!;
    if (node.out.length > 1 || (node.out.length === 1 && !rank.has(node.out[0]!))) return false;
    rank.set(pointer, rank.size);
  }
  const places = new Set<string>();
  for (const [pointer, node] of graph.nodes) if (node.out.length > 0) places.add(toPath(pointer).map(encodeSegment).join('/'));
  for (const [pointer, node] of graph.nodes) {
    if (node.in.length === 0) continue;
    const path = toPath(pointer);
    let prefix = '';
    for (let i = 0; i < path.length - 1; i++) {
      prefix += i === 0 ? encodeSegment(path[i]!) : `/${encodeSegment(path[i]!)}`;
      if (places.has(prefix)) return false;
    }
  }
  return true;
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

interface ResolveError {
  code: string;
  message: string;
  path: JsonPath;
  uri: unknown;
  uriStack: string[];
  pointerStack: string[];
}

function resolveLocal(inner: Resolver, source: unknown, opts: Record<string, unknown>) {
  const r = inner as unknown as ResolverInternals;
  if (r.getRef || r.transformRef || r.transformDereferenceResult || !r.dereferenceInline) return undefined;
  if (opts.jsonPointer !== undefined || opts.getRef || opts.transformRef || opts.transformDereferenceResult) return undefined;
  if (typeof opts.baseUri !== 'string' || !opts.baseUri.startsWith('/')) return undefined;
  if (source === null || typeof source !== 'object') return undefined;

  // --- the crawl (ResolveCrawler.computeGraph and _resolveRef, for a root document) ---
  const pointerGraph = new Graph();
  const stemGraph = new Graph();
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
  // The stem graph's edges, as (dep, target) pairs, added once the crawl has seen every target.
  const stemEdges: string[] = [];

  const resolveRef = (ref: string) => {
    if (!ref.startsWith('#/')) throw new Unsupported('not a local ref');
    const parentPointer = `#/${parentPath.map(encodeSegment).join('/')}`;
    // The path this pointer reads back as is the one just encoded, unless a key holds `%`
    // (pointerToPath decodes percent-escapes): remember it rather than decode it later.
    if (!parentPointer.includes('%') && !paths.has(parentPointer)) paths.set(parentPointer, parentPath.slice());
    const targetPointer = ref;
    const targetPath = toPath(targetPointer);
    let referencesParent = targetPath.length > 0;
    for (let i = 0; i < targetPath.length; i++) {
      if (parentPath[i] !== targetPath[i]) {
        referencesParent = false;
        break;
      }
    }
    if (referencesParent) return;
    stemGraph.addNode(targetPointer);
    let stem = '#';
    let tail = '';
    for (let i = 0; i < parentPath.length; i++) {
      const part = parentPath[i]!;
      if (part === targetPath[i]) stem += `/${part}`;
      else {
        tail += `/${part}`;
        const dep = `${stem}${tail}`;
        if (dep !== parentPointer && dep !== targetPointer) stemEdges.push(dep, targetPointer);
      }
    }
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
  for (let i = 0; i < stemEdges.length; i += 2) {
    if (stemGraph.nodes.has(stemEdges[i]!)) stemGraph.addDependency(stemEdges[i]!, stemEdges[i + 1]!);
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
  const nodeRefMap: Record<string, string> = {};
  const errors: ResolveError[] = [];
  const root = new Draft(source, null);
  const order = pointerGraph.overallOrder();

  // The stems that make a dependant of `pointer` circular, grouped by the first segment they can match.
  const stemsOf = (pointer: string) => {
    const stems = new Map<string, string[][]>();
    for (const stem of stemGraph.dependenciesOf(pointer)) {
      const stemPath = toPath(stem);
      const key = stemPath.length === 0 ? '' : firstKey(stemPath[0]!);
      let list = stems.get(key);
      if (!list) stems.set(key, (list = []));
      list.push(stemPath);
    }
    return stems;
  };
  const isCircular = (stems: Map<string, string[][]>, dependantPath: readonly string[]) => {
    if (stems.size === 0) return false;
    if (stems.has('')) return true;
    const candidates = dependantPath.length > 0 ? stems.get(firstKey(dependantPath[0]!)) : undefined;
    return candidates !== undefined && candidates.some(stem => startsWithPath(dependantPath, stem));
  };
  const missing = (pointer: string, dependantPath: string[]): ResolveError => ({
    code: 'POINTER_MISSING',
    message: `'${pointer}' does not exist`,
    path: dependantPath,
    uri: runner.baseUri,
    uriStack: runner.uriStack,
    pointerStack: [],
  });

  // Where every `$ref` place D leads to one target, the places that depend on a pointer P form
  // chains D → X1 → … → P. The original sets every transitive dependant of every pointer, pointers
  // in dependency order, so a chain of n refs costs n² sets. The set of D that stays is the last,
  // from its own target X1, unless X1 makes D circular; then none, as no pointer further down does
  // either: only a pointer that is no `$ref` place has stems (a stem is a proper prefix of a place,
  // and the crawl does not enter places), so that pointer is X1. On such graphs only that set is
  // made: the same values, sharing and ref map, in time linear in the number of refs. A missing
  // target (the end of a chain) still reaches every transitive dependant: each gets an error.
  const chains = isChainForest(pointerGraph, order, toPath);
  for (const pointer of order) {
    // Most pointers are the places of `$ref`s, which nothing refers to: no closure to walk.
    const node = pointerGraph.nodes.get(pointer)!;
    if (node.in.length === 0) continue;
    const pointerPath = toPath(pointer);
    if (pointerPath.length === 0) throw new Unsupported('a $ref to the whole document');
    const val = draftGet(root, pointerPath);
    const to = pathToPointer(pointerPath);
    const dependants = chains && val !== undefined ? node.in : pointerGraph.dependantsOf(pointer);
    const stems = stemsOf(pointer);
    for (const dependant of dependants) {
      const dependantPath = toPath(dependant);
      if (isCircular(stems, dependantPath)) continue;
      const from = pathToPointer(dependantPath);
      refMap[from] = to;
      nodeRefMap[from] = to;
      if (val !== undefined) draftSet(root, dependantPath, val);
      else errors.push(missing(pointer, dependantPath));
    }
  }
  const result = root.finalize();

  runner._source = result;
  const nodeData = runner.graph.getNodeData(runner.root);
  nodeData.refMap = Object.assign(nodeData.refMap ?? {}, nodeRefMap);
  nodeData.data = result;
  runner.graph.setNodeData(runner.root, nodeData);
  return { result, graph: runner.graph, refMap, errors, runner };
}
