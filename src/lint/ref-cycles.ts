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

const keyOf = (path: readonly (string | number)[]): string => JSON.stringify(path.map(String));

/** The local `$ref` objects of `data`, by their path, in document order. */
function localRefs(data: unknown): Map<string, Place> {
  const places = new Map<string, Place>();
  const stack: { node: unknown; path: JsonPath }[] = [{ node: data, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    const ref = (node as { $ref?: unknown }).$ref;
    // The resolver replaces the whole object: what else it holds is not walked.
    if (!Array.isArray(node) && typeof ref === 'string') {
      if (ref.startsWith('#')) places.set(keyOf(path), { path, ref, order: places.size });
      continue;
    }
    const entries = Object.entries(node);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ node: entries[i]![1], path: [...path, Array.isArray(node) ? i : entries[i]![0]] });
  }
  return places;
}

/** Each cycle of local `$ref`s that only lead to one another, once. */
export function refCycles(data: unknown): RefCycle[] {
  const places = localRefs(data);
  const cycles: RefCycle[] = [];
  // A place already followed to its end: from there on, nothing new.
  const done = new Set<string>();
  for (const [start] of places) {
    const chain: string[] = [];
    const inChain = new Map<string, number>();
    let key: string | undefined = start;
    while (key !== undefined && !done.has(key)) {
      if (inChain.has(key)) {
        const members = chain.slice(inChain.get(key));
        const first = members.reduce((a, b) => (places.get(a)!.order <= places.get(b)!.order ? a : b));
        const from = members.indexOf(first);
        const refs = [...members.slice(from), ...members.slice(0, from)].map(member => places.get(member)!.ref);
        cycles.push({ path: places.get(first)!.path, refs });
        break;
      }
      inChain.set(key, chain.length);
      chain.push(key);
      key = targetOf(places, places.get(key)!.ref);
    }
    for (const member of chain) done.add(member);
  }
  return cycles;
}

/** The place a local ref points at, if that node is itself a local `$ref`. */
function targetOf(places: Map<string, Place>, ref: string): string | undefined {
  let path: JsonPath;
  try {
    path = pointerToPath(ref);
  } catch {
    return undefined;
  }
  const key = keyOf(path);
  return places.has(key) ? key : undefined;
}
