// Answers that depend only on a string (a name, a word), kept for the rest of the process: a
// document repeats its names, and with many files so does the next document. And answers about a
// node of a document, kept as long as the node: a document is not changed while it is linted, and
// many operations share one schema.

/** `fn`, answering each argument from memory after the first call; bounded by `max` entries. */
export function rememberByString<T>(fn: (key: string) => T, max = 100_000): (key: string) => T {
  const memory = new Map<string, T>();
  return key => {
    if (memory.has(key)) return memory.get(key)!;
    if (memory.size >= max) memory.clear();
    const value = fn(key);
    memory.set(key, value);
    return value;
  };
}

/**
 * `fn` of a node (a schema, say), answered from memory after the first call; anything that is no
 * object gets `other`. Asked about a schema shared by n operations, a walk of its m properties
 * cost n·m where it costs n + m.
 */
export function rememberByNode<T>(fn: (node: object) => T, other: T): (node: unknown) => T {
  const memory = new WeakMap<object, T>();
  return node => {
    if (node === null || typeof node !== 'object') return other;
    if (memory.has(node)) return memory.get(node)!;
    const value = fn(node);
    memory.set(node, value);
    return value;
  };
}

/**
 * `fn` of a pair of nodes, answered from memory after the first call: a part shared by n
 * operations is compared with its counterpart once, not n times.
 */
export function rememberByPair<A extends object, B extends object, T>(fn: (a: A, b: B) => T): (a: A, b: B) => T {
  const memory = new WeakMap<A, WeakMap<B, { value: T }>>();
  return (a, b) => {
    let byB = memory.get(a);
    if (!byB) memory.set(a, (byB = new WeakMap()));
    let known = byB.get(b);
    if (!known) byB.set(b, (known = { value: fn(a, b) }));
    return known.value;
  };
}

/**
 * A test that holds the first time it meets a node and fails after: for walks that meet a shared
 * node (a `$ref`'d response, its list of bodies) once per operation that uses it.
 */
export function firstSight(): (node: object) => boolean {
  const seen = new WeakSet<object>();
  return node => {
    if (seen.has(node)) return false;
    seen.add(node);
    return true;
  };
}
