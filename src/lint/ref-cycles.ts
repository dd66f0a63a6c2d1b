// Local `$ref`s that lead only to other `$ref`s and back: `x-a: {$ref: '#/x-b'}` beside
// `x-b: {$ref: '#/x-a'}`. Such a cycle never reaches a value. json-ref-resolver leaves its refs as
// they are and reports nothing (its circular-ref test takes them for recursion, which is legal
// through a schema's properties), so every rule saw `{$ref: ...}` where a schema or a value
// belongs. Found in the document as parsed, in one pass over its refs.
import { pointerToPath } from '@stoplight/json';
import type { JsonPath } from '@stoplight/types';

export interface RefCycle {
  /** The `$ref` object of the cycle met first in the document. */
  path: JsonPath;
  /** The cycle's refs as written, from that one's to the one that leads back to it. */
  refs: string[];
}

interface Place {
  path: JsonPath;
  ref: string;
  /** Its rank in document order. */
  order: number;
}

/**
 * The local `$ref` objects of `data`, in document order. One walk with one path array, copied
 * only at a ref (13 MB of JSON: under 10 ms).
 */
function localRefs(data: unknown): Map<object, Place> {
  const places = new Map<object, Place>();
  const path: (string | number)[] = [];
  // Recursive: documents nest at most MAX_NESTING deep (src/load/limits.ts).
  const visit = (node: object): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i];
        if (typeof child !== 'object' || child === null) continue;
        path.push(i);
        visit(child);
        path.pop();
      }
      return;
    }
    const ref = (node as { $ref?: unknown }).$ref;
    // The resolver replaces the whole object: what else it holds is not walked.
    if (typeof ref === 'string') {
      if (ref.startsWith('#') && !places.has(node)) places.set(node, { path: [...path], ref, order: places.size });
      return;
    }
    // Parsed data: plain objects, whose keys are all their own.
    for (const key in node) {
      const child: unknown = (node as Record<string, unknown>)[key];
      if (typeof child !== 'object' || child === null) continue;
      path.push(key);
      visit(child);
      path.pop();
    }
  };
  if (typeof data === 'object' && data !== null) visit(data);
  return places;
}

/** Each cycle of local `$ref`s that only lead to one another, once. */
export function refCycles(data: unknown): RefCycle[] {
  const places = localRefs(data);
  const cycles: RefCycle[] = [];
  // Places already followed to their end: from there on, nothing new.
  const done = new Set<object>();
  for (const [start, place] of places) {
    if (done.has(start)) continue;
    let next = targetOf(data, places, place.ref);
    done.add(start);
    // Most refs lead to a value at once.
    if (next === undefined) continue;
    const chain: object[] = [start];
    const inChain = new Map<object, number>([[start, 0]]);
    for (; next !== undefined && !done.has(next); next = targetOf(data, places, places.get(next)!.ref)) {
      inChain.set(next, chain.length);
      chain.push(next);
      done.add(next);
    }
    const at = next === undefined ? undefined : inChain.get(next);
    if (at === undefined) continue;
    const members = chain.slice(at);
    const first = members.reduce((a, b) => (places.get(a)!.order <= places.get(b)!.order ? a : b));
    const from = members.indexOf(first);
    const refs = [...members.slice(from), ...members.slice(0, from)].map(member => places.get(member)!.ref);
    cycles.push({ path: places.get(first)!.path, refs });
  }
  return cycles;
}

/** A JSON pointer without `~` or `%` escapes reads as its segments. */
const PLAIN_POINTER = /^#(?:\/[^/~%]*)*$/;

/** The place a local ref points at, if the node there is itself a local `$ref`. */
function targetOf(data: unknown, places: Map<object, Place>, ref: string): object | undefined {
  let path: JsonPath;
  try {
    path = PLAIN_POINTER.test(ref) ? ref.split('/').slice(1) : pointerToPath(ref);
  } catch {
    return undefined;
  }
  let node = data;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return typeof node === 'object' && node !== null && places.has(node) ? node : undefined;
}
