// Where a node of the `$ref`-resolved document is written: in the document, or in a file a `$ref`
// leads to. The schema index gives a schema reached through a `$ref` the path of the `$ref`'s
// target, as short as that schema's nesting in its own file, instead of the path by which the walk
// of the resolved document met it: down a chain of schemas that each refer to the next, that path
// grows with the chain, and the index held the square of its length (25,600 schemas in a
// referenced file of 2.3 MB ran out of memory).
//
// A path in another file starts with a mark naming the file (inFile). Only apilint's own placing
// (src/lint/results.ts) reads it, so a document's sources are known to the rules only where that
// placing runs (rulesets/rule.ts), and only where some `$ref` names more than a component.
import { extractPointerFromRef, extractSourceFromRef, pointerToPath } from '@stoplight/json';
import { dirname, isAbsolute, join, stripRoot } from '@stoplight/path';
import type { JsonPath } from '@stoplight/types';

/** The first segment of a path in another file: the mark, then the file. */
const IN_FILE = '\u0000file:';

export const inFile = (file: string): string => `${IN_FILE}${file}`;

/** The file a path's first segment names, if it is a mark (inFile). */
export const markedFile = (segment: unknown): string | undefined =>
  typeof segment === 'string' && segment.startsWith(IN_FILE) ? segment.slice(IN_FILE.length) : undefined;

/** The fields of Spectral's DocumentInventory read here. */
export interface InventoryLike {
  document: { source: string | null; data: unknown };
  resolved: unknown;
  referencedDocuments: Record<string, { data: unknown }>;
  /** The resolver's graph: each file's ref map, from the place of a `$ref` to its target. */
  graph: { getNodeData(source: string): { refMap: Record<string, string> } | undefined } | null;
}

/** A node as it is written: its file, the node there (unresolved), and where known its path in that file. */
export interface Written {
  file: string;
  node: unknown;
  /** The path of the node in `file`, with no `$ref` on it. */
  path?: JsonPath;
}

/** A `$ref`'s target, with its path in its file. */
export type Target = Written & { path: JsonPath };

/** Most `$ref`s followed from one node to the next: beyond, a chain of refs is taken for a cycle. */
const MAX_HOPS = 64;

/** A `$ref`'s file part that is a URL (`https://…`), taken as it is. */
const isUrl = (source: string): boolean => /^[a-z]+:\/\//i.test(source);

/**
 * The file a `$ref` (or a ref map's target) in `file` names, as the resolver names it: a relative
 * one joined to the file's folder; null for a ref within the file.
 */
export function refFileOf(file: string, ref: string): string | null {
  const source = extractSourceFromRef(ref);
  if (source === null) return null;
  return isAbsolute(source) || isUrl(source) ? source : join(dirname(file), stripRoot(source));
}

const refOf = (node: unknown): string | undefined =>
  node !== null && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string' ? (node as { $ref: string }).$ref : undefined;

const child = (node: unknown, segment: string | number): unknown =>
  node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, segment) ? (node as Record<string | number, unknown>)[segment] : undefined;

/** The files of one run of the rules on a document, and the way through their `$ref`s. */
export class Sources {
  private readonly root: string;
  /** Each `$ref`'s target by the file holding it and its text (null: none that was read). */
  private readonly targets = new Map<string, Map<string, Target | null>>();
  /** Each file's mark (inFile), made once. */
  private readonly marks = new Map<string, string>();
  /** How many refs are being followed, one inside another (a ref whose target's path runs through it). */
  private following = 0;
  /** The file each written `$ref` object lies in, made on first use (leftTarget). */
  private refFiles: WeakMap<object, string> | undefined;

  constructor(private readonly inventory: InventoryLike & { document: { source: string } }) {
    this.root = inventory.document.source;
  }

  /** The document's own root, as written. */
  start(): Written {
    return { file: this.root, node: this.inventory.document.data };
  }

  /**
   * The node `segments` below `from`, following every `$ref` on the way and at the end, as the
   * resolver did; undefined where a `$ref` leads nowhere that was read (a remote ref not fetched,
   * a missing node, a cycle). Its `path` is set where a `$ref` was followed, or given (`path`: the
   * path of `from` in its file).
   */
  step(from: Written, segments: readonly (string | number)[], path?: JsonPath): Written | undefined {
    let { file, node } = from;
    for (const segment of segments) {
      node = child(node, segment);
      if (node === undefined) return undefined;
      if (path !== undefined) path = [...path, segment];
      if (refOf(node) !== undefined) {
        const target = this.follow(file, node);
        if (target === undefined) return undefined;
        ({ file, node, path } = target);
      }
    }
    return path === undefined ? { file, node } : { file, node, path };
  }

  /**
   * Where a `$ref` the resolver left in the resolved document leads (one that closes a cycle: the
   * written `$ref` object itself): the written target, in whichever file the `$ref` lies in.
   */
  leftTarget(node: object): Target | undefined {
    this.refFiles ??= this.refsByFile();
    const file = this.refFiles.get(node);
    return file === undefined ? undefined : this.follow(file, node);
  }

  private refsByFile(): WeakMap<object, string> {
    const files = new WeakMap<object, string>();
    const seen = new Set<object>();
    const documents: [string, unknown][] = [[this.root, this.inventory.document.data]];
    for (const [file, document] of Object.entries(this.inventory.referencedDocuments)) documents.push([file, document.data]);
    for (const [file, data] of documents) {
      const stack = [data];
      while (stack.length > 0) {
        const node = stack.pop();
        if (node === null || typeof node !== 'object' || seen.has(node)) continue;
        seen.add(node);
        if (refOf(node) !== undefined) files.set(node, file);
        for (const value of Object.values(node)) stack.push(value);
      }
    }
    return files;
  }

  /** The target of the `$ref` object `node` written in `file`, the refs it leads to followed; undefined where none was read. */
  target(file: string, node: object): Target | undefined {
    return this.follow(file, node);
  }

  /** The path a rule reports for a node written at `path` of `file`: as it is in the document, marked in another file. */
  pathOf(file: string, path: JsonPath): JsonPath {
    if (file === this.root) return path;
    let mark = this.marks.get(file);
    if (mark === undefined) this.marks.set(file, (mark = inFile(file)));
    return [mark, ...path];
  }

  /**
   * The target of the `$ref` at `node` in `file`, and of the refs it leads to in turn; kept per
   * file and ref text (many refs name one target).
   */
  private follow(file: string, node: unknown): Target | undefined {
    const ref = refOf(node)!;
    let byRef = this.targets.get(file);
    if (byRef === undefined) this.targets.set(file, (byRef = new Map()));
    let target = byRef.get(ref);
    if (target === undefined) {
      if (this.following >= MAX_HOPS) return undefined;
      this.following++;
      try {
        target = this.targetOf(file, node) ?? null;
      } finally {
        this.following--;
      }
      byRef.set(ref, target);
    }
    return target ?? undefined;
  }

  private targetOf(file: string, node: unknown): Target | undefined {
    let at: Target = { file, node, path: [] };
    for (let hops = 0; hops < MAX_HOPS; hops++) {
      const ref = refOf(at.node);
      if (ref === undefined) return at;
      const targetFile = this.fileOf(at.file, ref);
      if (targetFile === null) return undefined;
      const data = targetFile === this.root ? this.inventory.document.data : this.inventory.referencedDocuments[targetFile]!.data;
      let pointer: JsonPath;
      try {
        pointer = pointerToPath(extractPointerFromRef(ref) ?? '#');
      } catch {
        return undefined;
      }
      // The target's path is written without refs: a ref on the way to it is followed first.
      const target = this.step({ file: targetFile, node: data }, pointer, []);
      if (target === undefined) return undefined;
      at = target as Target;
    }
    return undefined;
  }

  /** The file a `$ref` in `file` leads to (null: none that was read). */
  private fileOf(file: string, ref: string): string | null {
    const target = refFileOf(file, ref) ?? file;
    return target === this.root || target in this.inventory.referencedDocuments ? target : null;
  }
}

/** By resolved document: its sources, or undefined where the schema index needs none. */
const known = new WeakMap<object, Sources | undefined>();

/**
 * A target the schema index names without the sources: a component schema (3.x, or a 2.0
 * definition), or another component (a response, a parameter), which the walk starts from. Chains
 * of schemas nested through refs run through other targets, or through other files.
 */
const COMPONENT = /^#\/(?:components\/[^/]+|definitions|parameters|responses)\/[^/]+$/;

/**
 * A file's ref map in the resolver's graph; none where the graph has no node for it (the resolver
 * names files by URI, and a file name that is no URI, with a line break say, is named otherwise).
 */
function refMapOf(graph: NonNullable<InventoryLike['graph']>, source: string): Record<string, string> {
  try {
    return graph.getNodeData(source)?.refMap ?? {};
  } catch {
    return {};
  }
}

/** Makes the files behind the resolved document known to the rules that run on it (rulesets/rule.ts). */
export function knowSources(inventory: InventoryLike): void {
  const { resolved, document, graph } = inventory;
  if (resolved === null || typeof resolved !== 'object' || known.has(resolved)) return;
  const needed = typeof document.source === 'string' && graph !== null && Object.values(refMapOf(graph, document.source)).some(target => !COMPONENT.test(target));
  known.set(resolved, needed ? new Sources(inventory as InventoryLike & { document: { source: string } }) : undefined);
}

/** The files behind a resolved document, where apilint's placing runs. */
export const sourcesOf = (resolved: object): Sources | undefined => known.get(resolved);

/**
 * Whether every `$ref` of a resolved document names a component of the document itself (apilint's
 * placing has seen its ref map): a `$ref` the resolver left in it (one that closes a cycle) then
 * reads as a pointer into the resolved document.
 */
export const refsAllLocal = (resolved: object): boolean => known.has(resolved) && known.get(resolved) === undefined;
