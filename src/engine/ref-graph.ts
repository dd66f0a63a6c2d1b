// The graphs of `$ref`s that @stoplight/json-ref-resolver builds while it crawls a document, and
// its inline dereferencing over them, in time linear in the number of refs where the original is
// quadratic. Used by the local-ref fast path (resolve-local.ts) and by the ported runner
// (runner.ts) for referenced files.
import { encodePointerUriFragment } from '@stoplight/json';
import type { JsonPath } from '@stoplight/types';
import { rememberByString } from '../../rulesets/lib/remember.js';
import { forEachComponent } from '../core/components.js';
import { MAX_REF_SETS } from '../load/limits.js';
import { getPath } from './draft.js';

// ---------------------------------------------------------------------------------------------
// dependency-graph 0.11 (as the resolver uses it, with `circular: true`), with Sets for the
// membership tests its arrays did with indexOf (a target referred to from n places cost n² there). Node names are JSON pointers ("#/..."), never
// integer-like, so a Map keeps the insertion order its plain object kept.

interface GraphNode {
  out: string[];
  in: string[];
  /** Made once a list grows long enough for indexOf to cost. */
  outSet?: Set<string>;
  inSet?: Set<string>;
  /** The last walk that finished this node, and the last that had it on its current path. */
  done: number;
  onPath: number;
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

export class RefGraph {
  readonly nodes = new Map<string, GraphNode>();
  /** Numbers the walks, whose marks are kept on the nodes (no Sets of names to fill). */
  private walks = 0;

  hasNode(node: string): boolean {
    return this.nodes.has(node);
  }

  addNode(node: string): void {
    if (!this.nodes.has(node)) this.nodes.set(node, { out: [], in: [], done: 0, onPath: 0 });
  }

  addDependency(from: string, to: string): void {
    const a = this.nodes.get(from)!;
    const b = this.nodes.get(to)!;
    a.outSet = addOnce(a.out, a.outSet, to) ?? a.outSet;
    b.inSet = addOnce(b.in, b.inSet, from) ?? b.inSet;
  }

  private dfs(direction: 'out' | 'in', result: string[]): (start: string) => void {
    const walk = ++this.walks;
    return (start: string) => {
      const first = this.nodes.get(start)!;
      if (first.done === walk) return;
      // The path marks of an earlier start of this walk are all cleared as it finished.
      // The to-do stack as two parallel arrays (node, processed), not an object per entry: the
      // closures run once per pointer, thousands of times on a large API.
      const todo: string[] = [start];
      const processed: boolean[] = [false];
      while (todo.length > 0) {
        const top = todo.length - 1;
        const name = todo[top]!;
        const node = this.nodes.get(name)!;
        if (!processed[top]) {
          if (node.done === walk || node.onPath === walk) {
            todo.pop();
            processed.pop();
            continue;
          }
          node.onPath = walk;
          processed[top] = true;
          const edges = node[direction];
          for (let i = edges.length - 1; i >= 0; i--) {
            todo.push(edges[i]!);
            processed.push(false);
          }
        } else {
          todo.pop();
          processed.pop();
          node.onPath = 0;
          node.done = walk;
          result.push(name);
        }
      }
    };
  }

  private closure(node: string, direction: 'out' | 'in'): string[] {
    const result: string[] = [];
    this.dfs(direction, result)(node);
    // The walk finishes its start last: dependency-graph's indexOf and splice take it from the end.
    if (result[result.length - 1] === node) result.pop();
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
    const walk = this.walks;
    keys.filter(node => this.nodes.get(node)!.in.length === 0).forEach(dfs);
    // What the first pass reached is marked done by this walk.
    keys.filter(node => this.nodes.get(node)!.done !== walk).forEach(dfs);
    return result;
  }
}

// ---------------------------------------------------------------------------------------------
// The stems that make a place circular (json-ref-resolver's check): a place is circular for a
// pointer when its path starts with a stem the pointer depends on, i.e. a node the pointer reaches
// in the stem graph (the pointer itself aside). The original lists all of them for every pointer:
// in a component of schemas that refer to one another round in a circle (common: an order refers
// to its customer, who refers to their orders), every pointer reaches the whole component, so the
// lists cost the square of its size. Here the graph's strongly connected components are found
// once; a node reaches every other node of its own component, and the components below it are
// walked once per component, not once per pointer.

/** A level of a PathTree: the items whose path ends here, and the levels one segment further. */
export interface PathLevel<T> {
  items: T[] | undefined;
  below: Map<string | number, PathLevel<T>> | undefined;
}

/**
 * A tree of paths, a level per segment: a path's prefixes are looked up one segment at a time,
 * without spelling each one, and a walk ends where no path goes on. `key` says which segments are
 * the same (the runner's places: equal strings; stems: as @stoplight/json's startsWith compares).
 */
export class PathTree<T> {
  readonly top: PathLevel<T> = { items: undefined, below: undefined };

  constructor(private readonly key: (segment: string) => string | number) {}

  add(path: readonly string[], item: T): void {
    let level = this.top;
    for (const segment of path) {
      const key = this.key(segment);
      let next = level.below?.get(key);
      if (next === undefined) (level.below ??= new Map()).set(key, (next = { items: undefined, below: undefined }));
      level = next;
    }
    (level.items ??= []).push(item);
  }

  /** The level one segment below `level`, where some path goes on with that segment. */
  next(level: PathLevel<T>, segment: string): PathLevel<T> | undefined {
    return level.below?.get(this.key(segment));
  }
}

/**
 * A path segment as @stoplight/json's startsWith compares it: equal strings match, and so do
 * different ones that parseInt (without a radix, as there) reads as the same integer.
 */
const segmentKey = (segment: string): string | number => {
  const n = parseInt(segment);
  return Number.isNaN(n) ? segment : n;
};

class StemReach {
  /** Each node's component, numbered as Tarjan's algorithm finishes them (a component after those it reaches). */
  private readonly component = new Map<string, number>();
  /** The components each component has an edge to. */
  private readonly below: number[][] = [];
  /** The components a component reaches (itself aside), found on first use. */
  private readonly reached = new Map<number, Set<number>>();
  /** Nodes by their path. */
  private readonly byPath = new PathTree<string>(segmentKey);
  /** Nodes that read as no path: the original throws where it lists one as a stem. */
  private readonly unreadable: string[] = [];
  /** Nodes visited so far by the walks below components: the work, for the bound on steps. */
  steps = 0;

  constructor(private readonly graph: RefGraph, toPath: (pointer: string) => string[]) {
    this.findComponents();
    for (const node of graph.nodes.keys()) {
      let path: string[];
      try {
        path = toPath(node);
      } catch {
        this.unreadable.push(node);
        continue;
      }
      this.byPath.add(path, node);
    }
  }

  /**
   * Throws as the original's listing of `pointer`'s stems does, where one of them reads as no
   * path (`toPath` throws again for it).
   */
  list(pointer: string, toPath: (pointer: string) => string[]): void {
    for (const node of this.unreadable) if (node !== pointer && this.reaches(pointer, node)) toPath(node);
  }

  /**
   * Whether the place `place` (its pointer and path) is circular for `pointer` (its pointer and
   * path): a prefix of it is a stem `pointer` depends on. `direct`: the place's own `$ref` names
   * `pointer`. Then the stems that ref gave (forEachStem: the place's prefixes past the part it
   * shares with the target, spelt from its keys) each have an edge to `pointer`, and `pointer`
   * reaches such a stem exactly when the two lie in one component; no walk below is needed.
   */
  isCircular(pointer: string, pointerPath: readonly string[], place: string, path: readonly string[], direct: boolean): boolean {
    const from = this.component.get(pointer)!;
    // A `%` in the place's pointer: its path is percent-decoded, not the keys forEachStem spelt.
    const spelling = direct && !place.includes('%');
    let shared = 0;
    while (shared < path.length && path[shared] === pointerPath[shared]) shared++;
    // Past the shared part, forEachStem spells a stem as the prefix itself until a key matches the
    // target's again at its depth.
    let ownStems = spelling;
    let level: PathLevel<string> | undefined = this.byPath.top;
    for (let length = 0; length <= path.length; length++) {
      if (length > 0) {
        const segment = path[length - 1]!;
        level = this.byPath.next(level, segment);
        if (level === undefined) return false;
        if (length > shared && segment === pointerPath[length - 1]) ownStems = false;
      }
      const stems = level.items;
      if (stems === undefined) continue;
      // The prefix as forEachStem spells it, where the place's own ref may have made it a stem.
      const spelt = ownStems && length > shared ? `#${path.slice(0, length).map(segment => `/${segment}`).join('')}` : undefined;
      const own = spelt !== undefined && spelt !== place;
      for (const stem of stems) {
        if (stem === pointer) continue;
        if (own && stem === spelt ? this.component.get(stem) === from : this.reaches(pointer, stem, from)) return true;
      }
    }
    return false;
  }

  /** Whether `node` is reached from `pointer` (another node): in its component, or in one below. */
  private reaches(pointer: string, node: string, from = this.component.get(pointer)!): boolean {
    const to = this.component.get(node)!;
    return to === from || this.reachedFrom(from).has(to);
  }

  private reachedFrom(start: number): Set<number> {
    let set = this.reached.get(start);
    if (set) return set;
    set = new Set<number>();
    const todo = [...this.below[start]!];
    while (todo.length > 0) {
      const c = todo.pop()!;
      if (set.has(c)) continue;
      set.add(c);
      this.steps++;
      for (const next of this.below[c]!) if (!set.has(next)) todo.push(next);
    }
    this.reached.set(start, set);
    return set;
  }

  /** The components over the out-edges, numbered as they finish, and the components below each. */
  private findComponents(): void {
    const { nodes } = this.graph;
    forEachComponent(nodes.keys(), node => nodes.get(node)!.out, members => {
      const id = this.below.length;
      for (const m of members) this.component.set(m, id);
      // Components finish after every component they reach: their numbers are known here.
      const below = new Set<number>();
      for (const m of members) for (const next of nodes.get(m)!.out) if (this.component.get(next) !== id) below.add(this.component.get(next)!);
      this.below.push([...below]);
    });
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Characters that @stoplight/json's encodePointerUriFragment leaves as they are: neither escaped
 * (`~`, `/`) nor percent-encoded. A segment made only of them encodes to itself.
 */
const PLAIN_SEGMENT = /^[A-Za-z0-9_.!*'()-]*$/;

const encodedKey = rememberByString((segment: string): string => String(encodePointerUriFragment(segment)), 10_000);

/**
 * A path segment as @stoplight/json's pointers spell it (encodePointerUriFragment: `~` and `/`
 * escaped, then percent-encoded), a plain one as it is; the others are kept, as the same path
 * keys recur in thousands of pointers.
 */
export const pointerUriSegment = (segment: string | number): string => (typeof segment === 'number' || PLAIN_SEGMENT.test(segment) ? String(segment) : encodedKey(segment));

/** @stoplight/json's pathToPointer. */
export function pathToPointer(jsonPath: readonly (string | number)[]): string {
  if (jsonPath.length === 0) return '#';
  let out = '#';
  for (const segment of jsonPath) out += `/${pointerUriSegment(segment)}`;
  return out;
}


/**
 * Whether the pointer graph is made of chains that the linear dereferencing may take: every `$ref`
 * place leads to one target, no chain closes in a cycle (`order` lists a node's target before the
 * node), and no target lies inside a `$ref` place (read through a place, a target's value would
 * depend on when that place was set). `original` is the tree before any place is set.
 */
function isChainForest(graph: RefGraph, order: readonly string[], toPath: (pointer: string) => string[], original: unknown): boolean {
  try {
    return chainForest(graph, order, toPath, original);
  } catch {
    // A pointer that does not read as a path: the general walk meets it where the original does.
    return false;
  }
}

function chainForest(graph: RefGraph, order: readonly string[], toPath: (pointer: string) => string[], original: unknown): boolean {
  const before = new Set<string>();
  for (const pointer of order) {
    const node = graph.nodes.get(pointer)!;
    if (node.out.length > 1 || (node.out.length === 1 && !before.has(node.out[0]!))) return false;
    before.add(pointer);
  }
  // Every place is a `$ref` object of the original tree: a target with one on its way lies inside
  // a place (a `$ref` object that is no place, one the crawl skipped, only makes the test stricter).
  for (const [pointer, node] of graph.nodes) {
    if (node.in.length === 0) continue;
    const path = toPath(pointer);
    // The whole document as a target: read as the tree, not by a path.
    if (path.length === 0) return false;
    let value = original;
    for (let i = 0; i < path.length - 1 && typeof value === 'object' && value !== null; i++) {
      value = (value as Record<string, unknown>)[path[i]!];
      if (typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string') return false;
    }
  }
  return true;
}

/** An error as json-ref-resolver reports it (Spectral reads its message, path and uriStack). */
export interface ResolveError {
  code: string;
  message: string;
  uri: unknown;
  uriStack: string[];
  pointerStack: string[];
  path: JsonPath;
}

/** Whether a `$ref` at `parentPath` points at a node that holds it: the crawl skips such a ref. */
export function referencesParent(parentPath: readonly string[], targetPath: readonly string[]): boolean {
  if (targetPath.length === 0) return false;
  for (let i = 0; i < targetPath.length; i++) if (parentPath[i] !== targetPath[i]) return false;
  return true;
}

/**
 * The stems of a `$ref` at `parentPath` to `targetPath`, as json-ref-resolver's crawl makes them:
 * the place's prefixes from where its path leaves the target's (the common part, then the place's
 * own segments), except the place and the target themselves.
 */
export function forEachStem(parentPath: readonly string[], targetPath: readonly string[], parentPointer: string, targetPointer: string, visit: (dep: string) => void): void {
  let stem = '#';
  let tail = '';
  for (let i = 0; i < parentPath.length; i++) {
    const part = parentPath[i]!;
    if (part === targetPath[i]) stem += `/${part}`;
    else {
      tail += `/${part}`;
      const dep = `${stem}${tail}`;
      if (dep !== parentPointer && dep !== targetPointer) visit(dep);
    }
  }
}

/** A `$ref` place resolved to its target by the inline dereferencing; `val` undefined: the target is missing. */
export interface Dereferenced {
  /** The target, as the pointer the graph names it by, and as the pointer the ref map gives. */
  pointer: string;
  to: string;
  /** The place, as a path and as the pointer the ref map gives. */
  path: string[];
  from: string;
  val: unknown;
}

/** The tree the inline dereferencing reads and sets (draft.ts's Tree, or immer's draft). */
export interface InlineTree {
  /** The value at a path as it is now (lodash.get). */
  get(path: string[]): unknown;
  /** Names every place that will be set, before any read: called on chains only. */
  plan(places: readonly string[][]): void;
}

/**
 * json-ref-resolver's inline dereferencing: each pointer in dependency order, its value set at the
 * places that depend on it unless a stem makes the place circular. `tree` gives the value at a
 * path as it is now; `apply` makes one set (or records the missing target) and its ref map entry;
 * `original` is the tree before any set.
 *
 * Where every `$ref` place D leads to one target, the places that depend on a pointer P form
 * chains D → X1 → … → P. The original sets every transitive dependant of every pointer, so a chain
 * of n refs costs n² sets. The set of D that stays is the last, from its own target X1, unless X1
 * makes D circular; then none, as no pointer further down does either: only a pointer that is no
 * `$ref` place has stems (a stem is a proper prefix of a place, and the crawl does not enter
 * places), so that pointer is X1. On such graphs only that set is made: the same values, sharing
 * and ref map, in time linear in the number of refs. A missing target (the end of a chain) still
 * reaches every transitive dependant, as each gets an error. No target lies inside a place, so
 * whether it is missing can be read from `original`, and every place to be set is known before
 * the first set: the tree is told them first (`plan`).
 *
 * Other graphs take the general walk, whose sets are bounded by MAX_REF_SETS: past it the walk
 * stops, and says where. `chains` tells which way was taken: chains close no cycle of refs.
 */
export function dereferenceInline(
  pointerGraph: RefGraph,
  stemGraph: RefGraph,
  toPath: (pointer: string) => string[],
  tree: InlineTree,
  apply: (set: Dereferenced) => void,
  original: unknown,
): { stopped?: StoppedAt; chains: boolean } {
  const order = pointerGraph.overallOrder();
  const chains = isChainForest(pointerGraph, order, toPath, original);
  // On chains, each pointer's sets, applied once all are known.
  const planned: { pointerPath: string[]; sets: Dereferenced[] }[] = [];
  const stems = new StemReach(stemGraph, toPath);
  let steps = 0;
  let stopped: StoppedAt | undefined;
  for (const pointer of order) {
    // Most pointers are the places of `$ref`s, which nothing refers to: no closure to walk.
    const node = pointerGraph.nodes.get(pointer)!;
    if (node.in.length === 0) continue;
    const pointerPath = toPath(pointer);
    const val = chains ? getPath(original, pointerPath) : tree.get(pointerPath);
    const to = pathToPointer(pointerPath);
    const dependants = chains && val !== undefined ? node.in : pointerGraph.dependantsOf(pointer);
    steps += dependants.length;
    stems.list(pointer, toPath);
    if (steps + stems.steps > MAX_REF_SETS) {
      stopped = { pointer, path: pointerPath, message: `the $refs of this file form cycles too long to resolve (more than ${MAX_REF_SETS.toLocaleString('en-US')} steps): resolution stopped at ${pointer}` };
      break;
    }
    const sets: Dereferenced[] = [];
    const direct = dependants === node.in ? undefined : new Set(node.in);
    for (const dependant of dependants) {
      const path = toPath(dependant);
      if (!stems.isCircular(pointer, pointerPath, dependant, path, direct === undefined || direct.has(dependant))) sets.push({ pointer, to, path, from: pathToPointer(path), val });
    }
    if (chains) planned.push({ pointerPath, sets });
    else sets.forEach(apply);
  }
  if (chains) {
    tree.plan(planned.flatMap(({ sets }) => (sets.length > 0 && sets[0]!.val !== undefined ? sets.map(set => set.path) : [])));
    for (const { pointerPath, sets } of planned) {
      if (sets.length === 0) continue;
      // The value as it is now: a place's target may itself be a place set before.
      const val = sets[0]!.val === undefined ? undefined : tree.get(pointerPath);
      for (const set of sets) {
        set.val = val;
        apply(set);
      }
    }
  }
  return stopped ? { chains, stopped } : { chains };
}

/** Where and why the inline dereferencing stopped: the bound on its steps was reached. */
export interface StoppedAt {
  pointer: string;
  path: string[];
  message: string;
}
