// Strongly connected components (Tarjan's algorithm), without recursion: the graphs are documents'
// `$ref`s and the diff's compared pairs, a chain of 100,000 of which would overflow the call stack.
// The engine's stem graph (src/engine/ref-graph.ts) and the diff's operations above a finding
// (src/diff/compare.ts) each build what they need from the components as they finish.

/**
 * Calls `finish` with each component reached from `roots` through `next`, in the order Tarjan's
 * algorithm finishes them: a component after every component it reaches. A node reached from an
 * earlier root is not visited again.
 */
export function forEachComponent<T>(roots: Iterable<T>, next: (node: T) => readonly T[], finish: (members: T[]) => void): void {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  let counter = 0;
  // Each frame: a node, the nodes it leads to, and how many of them have been looked at. Indexed
  // loops: they run once per node, mostly before V8 optimises them.
  const frames: [T, readonly T[], number][] = [];
  const enter = (node: T) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    frames.push([node, next(node), 0]);
  };
  for (const root of roots) {
    if (index.has(root)) continue;
    enter(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const [node, edges, at] = frame;
      if (at < edges.length) {
        frame[2]++;
        const to = edges[at]!;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) !== index.get(node)) continue;
      const members: T[] = [];
      let member: T;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      finish(members);
    }
  }
}
