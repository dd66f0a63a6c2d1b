// How the engine replaces a function inside a dependency.
const PATCHED = Symbol.for('apilint.engine.patched');

/**
 * Replaces `name` on a module's exports with `make(original)`, once per module object: a module
 * evaluated again (a test runner's fresh module graph over Node's shared require cache) finds the
 * patch in place and does not wrap it twice.
 */
export function patchOnce<M extends object, K extends keyof M>(module: M, name: K, make: (original: M[K]) => M[K]): void {
  const marks = module as unknown as Record<symbol, Set<PropertyKey> | undefined>;
  const done = (marks[PATCHED] ??= new Set());
  if (done.has(name)) return;
  module[name] = make(module[name]);
  done.add(name);
}
