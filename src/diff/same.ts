// Whether two parts of the models (a response, a request body's content, a security model) are
// the same in both versions, apart from where they are written: such a pair gives no diff rule
// anything to report, so the comparison need not walk it again for every operation that shares
// it (compare.ts). A shared response of n headers, compared for each of n operations, cost n²
// (1,000 of each: 9.7 s and 1.65 GB).
import type { SchemaNode } from '../../rulesets/diff-rule.js';
import { isObject } from '../../rulesets/lib/oas.js';
import type { Side } from './side.js';

type Both<T> = { base: T; revision: T };

/** A value of a model that stands for a node of a document: compared as written, `$ref`s followed. */
const isNode = (value: object): value is SchemaNode => 'value' in value && 'loc' in value && isObject((value as SchemaNode).loc);

/** Keys of a model that say where, not what. */
const PLACE_KEYS = new Set(['loc', 'at']);

/**
 * Whether `base` and `revision` (parts of the two models) are the same. Nodes of the documents
 * are compared by their values with every `$ref` followed in its own version (so a shared
 * schema that changed behind a `$ref` is a change); a `$ref` that does not resolve, or stands
 * in one version only, counts as a difference. Pairs met again (cycles) are taken as the same.
 */
export function sameModels(sides: Both<Side>, base: unknown, revision: unknown): boolean {
  const assumed = new Map<object, Set<object>>();
  /** First meeting of a pair of objects: to be compared; else already being compared. */
  const first = (b: object, r: object): boolean => {
    let partners = assumed.get(b);
    if (!partners) assumed.set(b, (partners = new Set()));
    if (partners.has(r)) return false;
    partners.add(r);
    return true;
  };
  // Models, and document values with the file each is written in.
  type Pair = { kind: 'model'; b: unknown; r: unknown } | { kind: 'value'; b: unknown; bFile: string; r: unknown; rFile: string };
  const todo: Pair[] = [{ kind: 'model', b: base, r: revision }];
  while (todo.length > 0) {
    const pair = todo.pop()!;
    let { b, r } = pair;
    if (pair.kind === 'value') {
      const hasRef = (v: unknown) => isObject(v) && typeof v.$ref === 'string';
      if (hasRef(b) !== hasRef(r)) return false;
      let bFile = pair.bFile;
      let rFile = pair.rFile;
      if (hasRef(b)) {
        // Keywords beside a `$ref` are compared as written, the target as it resolves.
        if (!sameKeys(b as object, r as object)) return false;
        for (const key of Object.keys(b as object)) if (key !== '$ref') todo.push({ kind: 'value', b: (b as Record<string, unknown>)[key], bFile, r: (r as Record<string, unknown>)[key], rFile });
        const bt = sides.base.target(b, bFile);
        const rt = sides.revision.target(r, rFile);
        if (!bt || !rt) return false;
        ({ value: b, file: bFile } = bt);
        ({ value: r, file: rFile } = rt);
      }
      if (Object.is(b, r) && bFile === rFile) continue;
      if (typeof b !== 'object' || typeof r !== 'object' || b === null || r === null) {
        if (!Object.is(b, r)) return false;
        continue;
      }
      if (Array.isArray(b) !== Array.isArray(r) || !sameKeys(b, r)) return false;
      if (!first(b, r)) continue;
      for (const key of Object.keys(b)) todo.push({ kind: 'value', b: (b as Record<string, unknown>)[key], bFile, r: (r as Record<string, unknown>)[key], rFile });
      continue;
    }
    if (Object.is(b, r)) continue;
    if (typeof b !== 'object' || typeof r !== 'object' || b === null || r === null) return false;
    if (!first(b, r)) continue;
    if (b instanceof Map || r instanceof Map) {
      if (!(b instanceof Map && r instanceof Map) || b.size !== r.size) return false;
      for (const [key, value] of b) {
        if (!r.has(key)) return false;
        todo.push({ kind: 'model', b: value, r: r.get(key) });
      }
      continue;
    }
    if (b instanceof Set || r instanceof Set) {
      // Sets of the models hold strings (scopes).
      if (!(b instanceof Set && r instanceof Set) || b.size !== r.size) return false;
      for (const value of b) if (!r.has(value)) return false;
      continue;
    }
    if (isNode(b) && isNode(r)) {
      todo.push({ kind: 'value', b: b.value, bFile: b.loc.file, r: r.value, rFile: r.loc.file });
      continue;
    }
    const keys = Object.keys(b).filter(key => !PLACE_KEYS.has(key));
    if (Array.isArray(b) !== Array.isArray(r) || keys.length !== Object.keys(r).filter(key => !PLACE_KEYS.has(key)).length) return false;
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(r, key)) return false;
      todo.push({ kind: 'model', b: (b as Record<string, unknown>)[key], r: (r as Record<string, unknown>)[key] });
    }
  }
  return true;
}

/** The same own keys, in any order. */
function sameKeys(b: object, r: object): boolean {
  const keys = Object.keys(b);
  if (keys.length !== Object.keys(r).length) return false;
  return keys.every(key => Object.prototype.hasOwnProperty.call(r, key));
}
