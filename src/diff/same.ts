// Whether two parts of the models (a response, a request body's content, a security model) are
// the same in both versions, apart from where they are written: such a pair gives no diff rule
// anything to report, so the comparison need not walk it again for every operation that shares
// it (compare.ts). A shared response of n headers, compared for each of n operations, cost n²
// (1,000 of each: 9.7 s and 1.65 GB).
import type { SchemaNode } from '../../rulesets/diff-rule.js';
import { isObject } from '../../rulesets/lib/oas.js';
import { partsOf } from './properties.js';
import type { Side } from './side.js';

type Both<T> = { base: T; revision: T };

/** A value of a model that stands for a node of a document: compared as written, `$ref`s followed. */
const isNode = (value: object): value is SchemaNode => 'value' in value && 'loc' in value && isObject((value as SchemaNode).loc);

/** Keys of a model that say where, not what. */
const PLACE_KEYS = new Set(['loc', 'at']);

/** The objects one object pairs with, where it pairs with more than one. */
class Partners extends Set<object> {}

/** Pairs of objects; most objects of one version pair with one of the other. */
class PairSet {
  /** Weakly held for what a whole comparison learns; a plain map for one question's pairs. */
  constructor(private readonly pairs: WeakMap<object, object> | Map<object, object>) {}

  has(b: object, r: object): boolean {
    const partners = this.pairs.get(b);
    return partners === r || (partners instanceof Partners && partners.has(r));
  }

  add(b: object, r: object): void {
    const partners = this.pairs.get(b);
    if (partners === undefined) this.pairs.set(b, r);
    else if (partners instanceof Partners) partners.add(r);
    else if (partners !== r) this.pairs.set(b, new Partners([partners, r]));
  }
}

/**
 * Whether `base` and `revision` (parts of the two models) are the same. Nodes of the documents
 * are compared by their values with every `$ref` followed in its own version (so a shared
 * schema that changed behind a `$ref` is a change); a `$ref` that does not resolve, or stands
 * in one version only, counts as a difference. Pairs met again (cycles) are taken as the same.
 *
 * What one question learns is kept for the next: the pairs of a comparison that held are the
 * same, and a pair that differs, with every pair that holds it, is different. So a schema that
 * n operations reach is compared once, not n times (Kubernetes against itself: 1.00 → 0.63 s).
 */
export function sameness(sides: Both<Side>): (base: unknown, revision: unknown) => boolean {
  const same = new PairSet(new WeakMap());
  const different = new PairSet(new WeakMap());
  // A pair of objects being compared, and the pair that holds it.
  type Held = { b: object; r: object; up: Held | undefined };
  // Models, and document values with the file each is written in.
  type Pair = ({ kind: 'model'; b: unknown; r: unknown } | { kind: 'value'; b: unknown; bFile: string; r: unknown; rFile: string }) & { up: Held | undefined };

  return (base, revision) => {
    const assumed = new PairSet(new Map());
    const met: Held[] = [];
    /**
     * Known, or met already in this comparison (a cycle): true; known to differ: false; else a
     * pair to compare. Kept when found the same: the question's own pair, and pairs of document
     * values, which many operations reach (the models below the question's pair are its own).
     */
    const known = (b: object, r: object, up: Held | undefined, keep: boolean): boolean | Held => {
      if (different.has(b, r)) return false;
      if (same.has(b, r) || assumed.has(b, r)) return true;
      assumed.add(b, r);
      const held = { b, r, up };
      if (keep) met.push(held);
      return held;
    };
    // A comparison that fails learns only the pairs that hold the difference: another pair met may
    // have held on the assumption that a pair around it does, which has just failed.
    const differ = (from: Held | undefined): false => {
      for (let held = from; held; held = held.up) different.add(held.b, held.r);
      return false;
    };
    const todo: Pair[] = [{ kind: 'model', b: base, r: revision, up: undefined }];
    while (todo.length > 0) {
      const pair = todo.pop()!;
      let { b, r } = pair;
      const { up } = pair;
      if (pair.kind === 'value') {
        const hasRef = (v: unknown) => isObject(v) && typeof v.$ref === 'string';
        if (hasRef(b) !== hasRef(r)) return differ(up);
        let bFile = pair.bFile;
        let rFile = pair.rFile;
        if (hasRef(b)) {
          // Keywords beside a `$ref` are compared as written, the target as it resolves.
          if (!sameKeys(b as object, r as object)) return differ(up);
          for (const key of Object.keys(b as object)) if (key !== '$ref') todo.push({ kind: 'value', b: (b as Record<string, unknown>)[key], bFile, r: (r as Record<string, unknown>)[key], rFile, up });
          const bt = sides.base.target(b, bFile);
          const rt = sides.revision.target(r, rFile);
          if (!bt || !rt) return differ(up);
          ({ value: b, file: bFile } = bt);
          ({ value: r, file: rFile } = rt);
        }
        if (Object.is(b, r) && bFile === rFile) continue;
        if (typeof b !== 'object' || typeof r !== 'object' || b === null || r === null) {
          if (!Object.is(b, r)) return differ(up);
          continue;
        }
        const held = known(b, r, up, true);
        if (held === false) return differ(up);
        if (held === true) continue;
        if (Array.isArray(b) !== Array.isArray(r) || !sameKeys(b, r)) return differ(held);
        for (const key of Object.keys(b)) todo.push({ kind: 'value', b: (b as Record<string, unknown>)[key], bFile, r: (r as Record<string, unknown>)[key], rFile, up: held });
        continue;
      }
      if (Object.is(b, r)) continue;
      if (typeof b !== 'object' || typeof r !== 'object' || b === null || r === null) return differ(up);
      const held = known(b, r, up, up === undefined);
      if (held === false) return differ(up);
      if (held === true) continue;
      if (b instanceof Map || r instanceof Map) {
        if (!(b instanceof Map && r instanceof Map) || b.size !== r.size) return differ(held);
        for (const [key, value] of b) {
          if (!r.has(key)) return differ(held);
          todo.push({ kind: 'model', b: value, r: r.get(key), up: held });
        }
        continue;
      }
      if (b instanceof Set || r instanceof Set) {
        // Sets of the models hold strings (scopes).
        if (!(b instanceof Set && r instanceof Set) || b.size !== r.size) return differ(held);
        for (const value of b) if (!r.has(value)) return differ(held);
        continue;
      }
      if (isNode(b) && isNode(r)) {
        // A node for several schemas (properties.ts, allOfSchemas) is its parts, each read in its own file.
        const bParts = partsOf(b.value);
        const rParts = partsOf(r.value);
        if (bParts || rParts) {
          if (!bParts || !rParts) return differ(held);
          todo.push({ kind: 'model', b: bParts, r: rParts, up: held });
        } else todo.push({ kind: 'value', b: b.value, bFile: b.loc.file, r: r.value, rFile: r.loc.file, up: held });
        continue;
      }
      const keys = Object.keys(b).filter(key => !PLACE_KEYS.has(key));
      if (Array.isArray(b) !== Array.isArray(r) || keys.length !== Object.keys(r).filter(key => !PLACE_KEYS.has(key)).length) return differ(held);
      for (const key of keys) {
        if (!Object.prototype.hasOwnProperty.call(r, key)) return differ(held);
        todo.push({ kind: 'model', b: (b as Record<string, unknown>)[key], r: (r as Record<string, unknown>)[key], up: held });
      }
    }
    // Every pair met held, on the assumption that those met twice do.
    for (const { b, r } of met) same.add(b, r);
    return true;
  };
}

/** The same own keys, in any order. */
function sameKeys(b: object, r: object): boolean {
  const keys = Object.keys(b);
  if (keys.length !== Object.keys(r).length) return false;
  return keys.every(key => Object.prototype.hasOwnProperty.call(r, key));
}
