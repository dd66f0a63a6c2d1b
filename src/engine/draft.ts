// immer 9's copy-on-write, replayed without proxies, for the resolver's steps that only read and
// set paths that exist: the inline dereferencing and the placing of other files' results. A Draft
// stands for immer's draft of one object; it sits in its parent's copy exactly where immer's get
// trap stores a draft proxy, so that every node ends with the value, key order and sharing that
// immer gives (test/resolve-local.test.ts, test/resolve-files.test.ts). immer walked and copied
// each object through proxies and property descriptors: a quarter of github-api.json's run once,
// and 0.4 s of DigitalOcean's 2,907 files.
import { isProxy } from 'node:util/types';

/** Thrown for a step the replay does not cover: the caller takes the original code. */
export class Unsupported extends Error {}

type Obj = Record<string, unknown>;

const objectCtorString = Object.prototype.constructor.toString();

/** immer's isDraftable for the values a parser produces: plain objects (also proxied ones) and arrays. */
export function isDraftable(value: unknown): value is object {
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto === null) return true;
  const Ctor = Object.prototype.hasOwnProperty.call(proto, 'constructor') && (proto as { constructor: unknown }).constructor;
  if (Ctor === Object) return true;
  return typeof Ctor === 'function' && Function.toString.call(Ctor) === objectCtorString;
}

export const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** immer's shallowCopy: a proxied (ordered) object is copied through its property descriptors. */
function shallowCopy(base: object): Obj | unknown[] {
  if (Array.isArray(base)) return Array.prototype.slice.call(base);
  if (!isPlainDataObject(base)) return Object.create(Object.getPrototypeOf(base) as object, Object.getOwnPropertyDescriptors(base)) as Obj;
  return { ...(base as Obj) };
}

/** A non-proxy object with Object.prototype and no symbols: spreading it copies it exactly. */
function isPlainDataObject(base: object): boolean {
  return !isProxy(base) && Object.getPrototypeOf(base) === Object.prototype && Object.getOwnPropertySymbols(base).length === 0;
}

export class Draft {
  copy: (Obj | unknown[]) | null = null;
  modified = false;
  finalized = false;
  constructor(
    readonly base: object,
    readonly parent: Draft | null,
  ) {}

  latest(): Obj {
    return (this.copy ?? this.base) as Obj;
  }

  prepareCopy(): Obj {
    this.copy ??= shallowCopy(this.base);
    return this.copy as Obj;
  }

  markChanged(): void {
    for (let d: Draft | null = this; d && !d.modified; d = d.parent) d.modified = true;
  }

  /** immer's get trap. */
  get(key: string): unknown {
    const source = this.latest();
    if (!hasOwn(source, key)) return (source as Record<string, unknown>)[key];
    const value = source[key];
    if (value instanceof Draft || this.finalized || !isDraftable(value)) return value;
    if (value === (this.base as Obj)[key]) {
      const child = new Draft(value, this);
      this.prepareCopy()[key] = child;
      return child;
    }
    return value;
  }

  /** lodash's assignValue on a draft, then immer's set trap. */
  assign(key: string, value: unknown): void {
    const objValue = this.get(key);
    const latest = this.latest();
    if (hasOwn(latest, key) && (objValue === value || (objValue !== objValue && value !== value)) && !(value === undefined && !(key in latest))) return;
    if (!this.modified) {
      const current = latest[key];
      if (current instanceof Draft && current.base === value) {
        this.prepareCopy()[key] = value;
        return;
      }
      if (Object.is(value, current) && (value !== undefined || hasOwn(this.base, key))) return;
      this.prepareCopy();
      this.markChanged();
    }
    const copy = this.copy as Obj;
    if ((copy[key] === value && (value !== undefined || key in copy)) || (Number.isNaN(value) && Number.isNaN(copy[key]))) return;
    copy[key] = value;
  }

  /** immer's finalize: the base when unmodified, else the copy with its drafts finalized. */
  finalize(): unknown {
    if (!this.modified) return this.base;
    if (!this.finalized) {
      this.finalized = true;
      const copy = this.copy as Obj;
      for (const key of Object.keys(copy)) {
        const value = copy[key];
        if (value instanceof Draft) copy[key] = value.finalize();
      }
    }
    return this.copy;
  }
}

/** lodash.get on the draft tree. */
export function draftGet(root: Draft, path: readonly string[]): unknown {
  let object: unknown = root;
  let index = 0;
  while (object != null && index < path.length) {
    const key = path[index++]!;
    object = object instanceof Draft ? object.get(key) : (object as Record<string, unknown>)[key];
  }
  return index && index === path.length ? object : undefined;
}

/** lodash.get on plain values. */
export function getPath(object: unknown, path: readonly string[]): unknown {
  let index = 0;
  while (object != null && index < path.length) object = (object as Record<string, unknown>)[path[index++]!];
  return index && index === path.length ? object : undefined;
}

/** Keys lodash.set stops at, leaving the tree as it was. */
const isSkippedKey = (key: string): boolean => key === '__proto__' || key === 'constructor' || key === 'prototype';

/** lodash.set on the draft tree, for paths that exist (the locations of `$ref`s). */
export function draftSet(root: Draft, path: readonly string[], value: unknown): void {
  let nested: unknown = root;
  for (let index = 0; nested != null && index < path.length; index++) {
    const key = path[index]!;
    if (isSkippedKey(key)) return;
    if (!(nested instanceof Draft)) throw new Unsupported('set through a value that is not a draft');
    let newValue = value;
    if (index !== path.length - 1) {
      const objValue = nested.get(key);
      if (objValue === null || (typeof objValue !== 'object' && typeof objValue !== 'function')) throw new Unsupported('set through a missing node');
      newValue = objValue;
    }
    nested.assign(key, newValue);
    nested = nested.get(key);
  }
}

/** A planned tree: the copy of the root, and every copy made (one per position on the way to a place). */
interface Planned {
  root: Obj | unknown[];
  copies: Set<object>;
}

/**
 * A tree changed copy-on-write as immer changes it. Replayed with Drafts; or, where every place
 * that will be set is known before the first read (`plan`), each object on the way to those
 * places is copied once, up front, and the sets go into the copies. Both give the same values and
 * sharing: immer hands a read target out as its draft, which ends as the target's copy if anything
 * below it changes (before or after) and as the target itself if not; a planned tree hands out
 * that final object at once. The Drafts cost an object and a copy for every node on the way to
 * every read and set (draftGet and draftSet: 82 of the 200 ms of Kubernetes' local resolution).
 */
export class Tree {
  private readonly draft: Draft;
  private planned: Planned | undefined;
  constructor(private readonly base: object) {
    this.draft = new Draft(base, null);
  }

  /** lodash.get on the tree as it is now. */
  get(path: readonly string[]): unknown {
    return this.planned ? getPath(this.planned.root, path) : draftGet(this.draft, path);
  }

  /** lodash.set, for paths that exist; once planned, for planned paths only. */
  set(path: readonly string[], value: unknown): void {
    if (!this.planned) return draftSet(this.draft, path, value);
    let at = this.planned.root as Obj;
    for (let i = 0; i < path.length - 1; i++) {
      if (isSkippedKey(path[i]!)) return;
      at = at[path[i]!] as Obj;
    }
    const key = path[path.length - 1]!;
    if (isSkippedKey(key)) return;
    if (!this.planned.copies.has(at)) throw new Unsupported('a set outside the plan');
    at[key] = value;
  }

  /** Names every place that will be set, before the first read or set; otherwise nothing is planned. */
  plan(places: readonly (readonly string[])[]): void {
    if (this.planned || this.draft.copy !== null) return;
    let planned: Planned | undefined;
    for (const path of places) {
      if (path.length === 0 || path.some(isSkippedKey)) continue;
      if (!planned) {
        const root = shallowCopy(this.base);
        planned = { root, copies: new Set([root]) };
      }
      let at = planned.root as Obj;
      for (let i = 0; i < path.length - 1; i++) {
        const key = path[i]!;
        let next = at[key] as Obj;
        // A position's copy is made once: the original there is no copy (a YAML alias puts one
        // original at several positions, and each gets its own copy, as with immer).
        if (!planned.copies.has(next)) {
          if (!hasOwn(at, key) || !isDraftable(next)) throw new Unsupported('a set through a value that is no plain object');
          next = shallowCopy(next) as Obj;
          planned.copies.add(next);
          at[key] = next;
        }
        at = next;
      }
    }
    this.planned = planned;
  }

  /** The tree as immer's produce returns it. */
  finalize(): unknown {
    return this.planned ? this.planned.root : this.draft.finalize();
  }
}
