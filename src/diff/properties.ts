// The properties of a schema and its `allOf` members, merged as a validator reads them: a name
// declared in several parts must match every declaration, so its schema is all of them (a node
// whose view merges theirs, schema.ts), whatever the parts' order; it is required where any
// declaration is, or where any part's `required` lists it (a member may require what another
// declares), and it stands where it is first declared. The merged view keeps the members' own
// maps as layers instead of copying them into a map per schema: n schemas that extend one base of
// n properties held n² entries, each its own copy of the base (4,000 of each: 1.1 GB). The
// comparison reads the layers too: a pair of layers is compared once, whichever schemas share it
// (compare.ts, `namesToCompare`).
import type { Loc, PropertyView, SchemaNode } from '../../rulesets/diff-rule.js';

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
      merged.set(name, allDeclarations(list.map(k => layers[k]!.get(name)!)));
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

/**
 * One property declared in several parts: where it is first declared, with the schema of every
 * declaration; required where one is (and listed where that one is), read-only, write-only or
 * deprecated where one is.
 */
function allDeclarations(views: readonly PropertyView[]): PropertyView {
  const first = views[0]!;
  const requiring = first.required ? first : views.find(v => v.required);
  const sunset = views.find(v => v.sunset)?.sunset;
  return {
    ...first,
    schema: allOfSchemas(views.map(v => v.schema))!,
    required: requiring !== undefined,
    ...(requiring?.requiredAt ? { requiredAt: requiring.requiredAt } : {}),
    readOnly: views.some(v => v.readOnly),
    writeOnly: views.some(v => v.writeOnly),
    deprecated: views.some(v => v.deprecated),
    ...(sunset ? { sunset } : {}),
  };
}

/** The schemas each node made by allOfSchemas stands for, by its value. */
const allOfParts = new WeakMap<object, readonly SchemaNode[]>();

/**
 * The schemas that all apply to one value (what `allOf` says), written in different places: the
 * one schema where they are one, else a node whose view merges theirs (schema.ts), which stands
 * where the first is written and whose value reads as the `allOf` it stands for. A schema met
 * twice counts once, and a node made here counts as its parts, so that the work follows the
 * number of parts however deeply they are merged.
 */
export function allOfSchemas(nodes: readonly (SchemaNode | undefined)[]): SchemaNode | undefined {
  const distinct = new Map<unknown, SchemaNode>();
  for (const node of nodes) {
    if (node) for (const part of partsOf(node.value) ?? [node]) if (!distinct.has(part.value)) distinct.set(part.value, part);
  }
  const parts = [...distinct.values()];
  if (parts.length <= 1) return parts[0];
  const value = { allOf: parts.map(part => part.value) };
  allOfParts.set(value, parts);
  const [first] = parts;
  return { value, loc: first!.loc, ...(first!.at ? { at: first!.at } : {}) };
}

/** The schemas a node made by allOfSchemas stands for (by its value), or undefined for any other node. */
export const partsOf = (value: unknown): readonly SchemaNode[] | undefined => (value !== null && typeof value === 'object' ? allOfParts.get(value) : undefined);

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
