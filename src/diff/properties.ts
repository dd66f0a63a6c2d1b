// The properties of a schema and its `allOf` members, merged as a reader merges them: the first
// declaration of a name wins, and is required where a later one is, or where any part's `required`
// lists it (a member may require what another declares). The merged view keeps the members' own
// maps as layers instead of copying them into a map per schema: n schemas that extend one base of
// n properties held n² entries, each its own copy of the base (4,000 of each: 1.1 GB). The
// comparison reads the layers too: a pair of layers is compared once, whichever schemas share it
// (compare.ts, `namesToCompare`).
import type { Loc, PropertyView } from '../../rulesets/diff-rule.js';

type Properties = ReadonlyMap<string, PropertyView>;

export class MergedProperties implements Properties {
  /** The maps merged, in order, none of them empty or merged itself. */
  readonly layers: readonly Properties[];
  /**
   * The merged view of each name declared in more than one layer, or required by a part that does
   * not declare it; every other name's view is its layer's.
   */
  readonly merged: ReadonlyMap<string, PropertyView>;
  readonly size: number;
  /** The largest layer, and the layers that declare each name of the others (a name of the largest alone is not listed). */
  private readonly largest: number;
  private readonly declaring: ReadonlyMap<string, readonly number[]>;

  /** `required`: names that parts list as required without declaring them, where each lists them. */
  constructor(layers: readonly Properties[], required: ReadonlyMap<string, Loc>) {
    this.layers = layers;
    let largest = 0;
    layers.forEach((layer, k) => {
      if (layer.size > layers[largest]!.size) largest = k;
    });
    this.largest = largest;
    // The work follows the layers other than the largest: n schemas that extend one base of n
    // properties each merge their own few names with it, not the base's n.
    const declaring = new Map<string, number[]>();
    layers.forEach((layer, k) => {
      if (k === largest) return;
      for (const name of layer.keys()) {
        const list = declaring.get(name);
        if (list) list.push(k);
        else declaring.set(name, [k]);
      }
    });
    const merged = new Map<string, PropertyView>();
    let size = layers.reduce((sum, layer) => sum + layer.size, 0);
    for (const [name, list] of declaring) {
      if (layers[largest]!.has(name)) {
        const after = list.findIndex(k => k > largest);
        list.splice(after < 0 ? list.length : after, 0, largest);
      }
      if (list.length === 1) continue;
      size -= list.length - 1;
      // The first declaration; required where a later one is, and listed where that one is.
      const views = list.map(k => layers[k]!.get(name)!);
      let view = views[0]!;
      const requiring = views.find(v => v.required);
      if (!view.required && requiring) view = { ...view, required: true, ...(requiring.requiredAt ? { requiredAt: requiring.requiredAt } : {}) };
      merged.set(name, view);
    }
    this.declaring = declaring;
    this.merged = merged;
    this.size = size;
    for (const [name, at] of required) {
      const view = this.get(name);
      if (view && !view.required) merged.set(name, { ...view, required: true, requiredAt: at });
    }
  }

  /** The first layer that declares `name`, or -1. */
  firstLayer(name: string): number {
    const list = this.declaring.get(name);
    if (list) return list[0]!;
    return this.layers[this.largest]!.has(name) ? this.largest : -1;
  }

  get(name: string): PropertyView | undefined {
    const k = this.firstLayer(name);
    return k < 0 ? undefined : (this.merged.get(name) ?? this.layers[k]!.get(name));
  }

  has(name: string): boolean {
    return this.firstLayer(name) >= 0;
  }

  /** Layer by layer, each name where it is first declared (a Map's order, as the merge inserts them). */
  *entries(): MapIterator<[string, PropertyView]> {
    for (let k = 0; k < this.layers.length; k++) {
      for (const entry of this.layers[k]!) {
        if ((this.declaring.get(entry[0])?.[0] ?? k) !== k) continue;
        const view = this.merged.get(entry[0]);
        yield view === undefined ? entry : [entry[0], view];
      }
    }
  }

  *keys(): MapIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): MapIterator<PropertyView> {
    for (const [, view] of this.entries()) yield view;
  }

  [Symbol.iterator](): MapIterator<[string, PropertyView]> {
    return this.entries();
  }

  forEach(callback: (value: PropertyView, key: string, map: Properties) => void, thisArg?: unknown): void {
    for (const [name, view] of this.entries()) callback.call(thisArg, view, name, this);
  }
}

/** The maps a view's properties are made of: a merged view's layers, or the one map. */
export const layersOf = (properties: Properties): readonly Properties[] => (properties instanceof MergedProperties ? properties.layers : [properties]);

/**
 * The properties of `maps` merged in order (a schema's own, then each `allOf` member's), with the
 * names that `required` lists (where a part lists them) required. One map (or none) that holds
 * properties, and makes none of them required, is the view's own map as it is.
 */
export function mergeProperties(maps: readonly Properties[], required: ReadonlyMap<string, Loc>): Properties {
  const layers = maps.flatMap(layersOf).filter(layer => layer.size > 0);
  if (layers.length === 0) return maps[0] ?? new Map();
  const properties = new MergedProperties(layers, required);
  return layers.length === 1 && properties.merged.size === 0 ? layers[0]! : properties;
}
