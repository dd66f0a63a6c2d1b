// Node-by-node comparison of two data trees, for the tests that check apilint's parsers and
// resolver against Spectral's own: values and key order always, and on request what else a rule
// could observe (plain-object prototypes, key-order proxies, nodes shared between places).
import { isProxy } from 'node:util/types';

export interface TreeChecks {
  /** A plain object on one side is a plain object on the other. */
  prototypes?: boolean;
  /** A key-order proxy on one side is a proxy on the other. */
  proxies?: boolean;
  /** A node reached twice on one side is reached at the same places on the other. */
  sharing?: boolean;
}

/** Where the trees first differ (a JSON pointer and what differs), or undefined. */
export function compareTrees(a: unknown, b: unknown, checks: TreeChecks = {}): string | undefined {
  const ab = new Map<object, object>();
  const ba = new Map<object, object>();
  const stack: { a: unknown; b: unknown; at: string }[] = [{ a, b, at: '#' }];
  while (stack.length > 0) {
    const { a: x, b: y, at } = stack.pop()!;
    if (x === null || typeof x !== 'object' || y === null || typeof y !== 'object') {
      if (!Object.is(x, y)) return `${at}: ${String(x)} != ${String(y)}`;
      continue;
    }
    if (checks.sharing) {
      const seenX = ab.get(x);
      const seenY = ba.get(y);
      if (seenX !== undefined || seenY !== undefined) {
        if (seenX !== y || seenY !== x) return `${at}: shared differently`;
        continue;
      }
      ab.set(x, y);
      ba.set(y, x);
    }
    if (Array.isArray(x) !== Array.isArray(y)) return `${at}: array and object`;
    if (checks.prototypes && (Object.getPrototypeOf(x) === Object.prototype) !== (Object.getPrototypeOf(y) === Object.prototype)) return `${at}: prototypes differ`;
    if (checks.proxies && isProxy(x) !== isProxy(y)) return `${at}: proxy ${isProxy(x)} != ${isProxy(y)}`;
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    if (kx.join('\u0000') !== ky.join('\u0000')) return `${at}: keys ${JSON.stringify(kx.slice(0, 8))} != ${JSON.stringify(ky.slice(0, 8))}`;
    for (const k of kx) stack.push({ a: (x as Record<string, unknown>)[k], b: (y as Record<string, unknown>)[k], at: `${at}/${k}` });
  }
  return undefined;
}
