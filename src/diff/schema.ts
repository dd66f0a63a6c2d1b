// Schemas as `apilint diff` compares them: by meaning, not by how they are written. `allOf` is
// merged into one view (so moving properties into a shared base schema is no change), a `$ref`
// with sibling keywords is the target plus the siblings, `oneOf`/`anyOf` with a `null` member is a
// nullable schema, 3.0 `nullable`, 2.0 `x-nullable` and 3.1 `type: [..., "null"]` are one thing,
// and 3.0's boolean `exclusiveMaximum` is 3.1's number. Views are built once per node.
import { CONSTRAINTS, type Constraint, type Keyword, type Loc, type PropertyView, type SchemaNode, type SchemaView } from '../../rulesets/diff-rule.js';
import { admittedTypes, valueKey } from '../../rulesets/lib/compat.js';
import { isObject, type Obj } from '../../rulesets/lib/oas.js';
import { isAnnotationKey, isExtensible31, schemaTypes } from '../../rulesets/lib/schemas.js';
import { allOfSchemas, mergeProperties, partsOf } from './properties.js';
import type { Side } from './side.js';

export type View = SchemaView & {
  unresolved?: true;
  /**
   * Names that the schema's `required` (or a part's) lists without declaring them, where each is
   * listed: a schema that merges it with a part that declares them makes them required.
   */
  requiredElsewhere?: ReadonlyMap<string, Loc>;
};

const views = new WeakMap<object, View>();
const building = new WeakSet<object>();

const EMPTY: Omit<View, 'loc'> = { nullable: false, constraints: {}, properties: new Map(), deprecated: false, readOnly: false, writeOnly: false };

/** The view of a schema node (already `$ref`-followed by Side.deref/child). */
export function schemaView(side: Side, node: SchemaNode & { unresolved?: true }): View {
  const value = node.value;
  if (node.unresolved || !isObject(value)) return { ...EMPTY, loc: node.loc, ...(node.unresolved ? { unresolved: true as const } : {}) };
  const cached = views.get(value);
  if (cached) return cached;
  // A schema that contains itself through allOf: the inner use adds nothing.
  if (building.has(value)) return { ...EMPTY, loc: node.loc };
  building.add(value);
  try {
    const parts = partsOf(value);
    const view = parts ? mergeParts({ ...EMPTY, loc: node.loc }, parts.map(part => schemaView(side, part))) : buildView(side, value, node.loc);
    views.set(value, view);
    return view;
  } finally {
    building.delete(value);
  }
}

const kw = <T>(value: T, loc: Loc, key: string): Keyword<T> => ({ value, loc: { file: loc.file, path: [...loc.path, key] } });

function buildView(side: Side, schema: Obj, loc: Loc): View {
  const node: SchemaNode = { value: schema, loc };
  const own = ownKeywords(side, schema, loc);
  const members: View[] = [];
  // 3.1 (and much real 3.0): keywords beside a $ref add to its target.
  if (typeof schema.$ref === 'string') members.push(schemaView(side, side.deref(schema, loc)));
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((_, i) => {
      const member = side.schema(node, 'allOf', i);
      if (member) members.push(schemaView(side, member));
    });
  }
  // oneOf/anyOf with a null member: a nullable schema; with one member left, that member.
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const list = schema[kind];
    // `anyOf: [{required: [a]}, {required: [b]}]` asks for one of some properties; it adds no shape.
    if (!Array.isArray(list) || own.variants || list.every(onlyRequires)) continue;
    const rest: SchemaNode[] = [];
    list.forEach((_, i) => {
      const member = side.schema(node, kind, i);
      if (!member) return;
      if (isNullOnly(member.value)) own.nullable = true;
      else rest.push(member);
    });
    if (rest.length === 1) members.push(schemaView(side, rest[0]!));
    else if (rest.length > 1 && rest.every(m => scalarChoice(schemaView(side, m)))) {
      // `oneOf: [{type: string, enum: [A]}, {type: string, enum: [B]}]` is `enum: [A, B]`.
      const choices = rest.map(m => schemaView(side, m));
      own.types = new Set(choices.flatMap(c => [...(c.types ?? [])]));
      own.enum = { value: choices.flatMap(c => c.enum!.value), loc: { file: loc.file, path: [...loc.path, kind] } };
    } else if (rest.length > 0) {
      own.variants = { kind, members: rest, loc: { file: loc.file, path: [...loc.path, kind] } };
      // What the members admit together, where each says.
      if (!own.types) {
        const types = rest.map(m => admittedTypes(schemaView(side, m)));
        if (types.every(t => t !== undefined)) own.types = new Set(types.flatMap(t => [...t!]));
      }
    }
  }
  if (own.nullable && own.types) own.types.add('null');
  return mergeParts(own, members);
}

/** A schema's own keywords (`own`, a view of its own) merged with the views of the parts that also apply (`allOf`, a `$ref`). */
function mergeParts(own: View, members: readonly View[]): View {
  if (members.some(m => m.unresolved)) return { ...own, unresolved: true };
  if (members.length === 0) return own;
  const { requiredElsewhere: _, ...merged } = members.reduce(merge, own);
  // `nullable: true, allOf: [{$ref: X}]`, the 3.0 way to make a $ref nullable: X or null (so
  // read whether or not the schema also names X's type).
  if (own.nullable && !merged.nullable) {
    merged.nullable = true;
    merged.types?.add('null');
  }
  // The schema's own description stands before its parts'.
  if (own.description) merged.description = own.description;
  // Every part's undeclared `required` names, the first place that lists each: an outer merge
  // reads this view's properties as layers again, and applies them anew.
  const required = new Map<string, Loc>();
  for (const part of [own, ...members]) for (const [name, at] of part.requiredElsewhere ?? []) if (!required.has(name)) required.set(name, at);
  // Every part's `items` (and `additionalProperties` schema) applies: one node for them all.
  const parts = [own, ...members];
  const items = allOfSchemas(parts.map(p => p.items));
  const additional = parts.some(p => p.additionalProperties === false) ? false : allOfSchemas(parts.map(p => p.additionalProperties || undefined));
  return {
    ...merged,
    ...(items ? { items } : {}),
    ...(additional !== undefined ? { additionalProperties: additional } : {}),
    properties: mergeProperties([own.properties, ...members.map(m => m.properties)], required),
    ...(required.size > 0 ? { requiredElsewhere: required } : {}),
  };
}

const onlyRequires = (member: unknown): boolean => isObject(member) && Object.keys(member).every(k => k === 'required' || isAnnotationKey(k));

/** A member that is one or a few values of a scalar type and nothing else. */
const scalarChoice = (view: View): boolean =>
  view.enum !== undefined && view.properties.size === 0 && !view.items && !view.variants && [...(view.types ?? [])].every(t => t !== 'object' && t !== 'array');

/**
 * The name of a schema that stands on its own: `components.schemas` (3.x), `definitions` (2.0),
 * or the top of another file (`schemas.yaml#/Order`, or a whole file).
 */
function componentName(side: Side, loc: Loc): string | undefined {
  const { path } = loc;
  if (path.length === 3 && path[0] === 'components' && path[1] === 'schemas') return String(path[2]);
  if (path.length === 2 && path[0] === 'definitions') return String(path[1]);
  if (loc.file !== side.file && path.length <= 1) return path.length === 1 ? String(path[0]) : loc.file.split(/[\\/]/).pop();
  return undefined;
}

/** A `oneOf`/`anyOf` member that admits null only: `{type: 'null'}` or `{enum: [null]}`, annotated or not. */
export const isNullOnly = (value: unknown): boolean =>
  isObject(value) &&
  (isNullType(value) || (Array.isArray(value.enum) && value.enum.length === 1 && value.enum[0] === null)) &&
  Object.keys(value).every(k => k === 'type' || k === 'enum' || isAnnotationKey(k));

/** `type: 'null'`, or in 3.1 the same as a list: `type: ['null']`. */
const isNullType = (value: Obj): boolean => {
  const types = schemaTypes(value);
  return types.length > 0 && types.every(t => t === 'null');
};

function ownKeywords(side: Side, schema: Obj, loc: Loc): View {
  const node: SchemaNode = { value: schema, loc };
  const rawTypes = schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type.map(String) : [String(schema.type)];
  const types = rawTypes && new Set(rawTypes.map(t => (t === 'file' ? 'string' : t)));
  let nullable = schema.nullable === true || schema['x-nullable'] === true || types?.has('null') === true;
  let enumKw: Keyword<unknown[]> | undefined;
  if (Array.isArray(schema.enum)) {
    if (schema.enum.includes(null)) nullable = true;
    enumKw = kw(schema.enum.filter(v => v !== null), loc, 'enum');
  } else if (schema.const !== undefined) {
    // 3.1 `const: X` is a one-value enum.
    enumKw = kw([schema.const], loc, 'const');
  }
  if (nullable && types) types.add('null');
  const extensible = Array.isArray(schema['x-extensible-enum'])
    ? kw(schema['x-extensible-enum'] as unknown[], loc, 'x-extensible-enum')
    : isExtensible31(schema)
      ? kw(schema.examples as unknown[], loc, 'examples')
      : undefined;
  const constraints: View['constraints'] = {};
  for (const name of CONSTRAINTS) if (schema[name] !== undefined && schema[name] !== false) constraints[name] = kw(schema[name], loc, name);
  // 3.0 writes an exclusive bound as a flag beside the bound; 3.1 as the bound itself.
  for (const [flag, bound] of [['exclusiveMaximum', 'maximum'], ['exclusiveMinimum', 'minimum']] as const) {
    if (schema[flag] === true && typeof schema[bound] === 'number') {
      constraints[flag] = kw(schema[bound], loc, flag);
      delete constraints[bound];
    } else if (schema[flag] === true) {
      delete constraints[flag];
    }
  }
  const required = new Map<string, Loc>();
  if (Array.isArray(schema.required)) {
    schema.required.forEach((name, i) => {
      if (typeof name === 'string') required.set(name, { file: loc.file, path: [...loc.path, 'required', i] });
    });
  }
  const properties = new Map<string, PropertyView>();
  if (isObject(schema.properties)) {
    for (const name of Object.keys(schema.properties)) {
      const entry = { file: loc.file, path: [...loc.path, 'properties', name] };
      const target = side.deref(schema.properties[name], entry, true);
      const value = isObject(target.value) ? target.value : {};
      properties.set(name, {
        name,
        schema: target,
        loc: entry,
        required: required.has(name),
        ...(required.has(name) ? { requiredAt: required.get(name)! } : {}),
        readOnly: value.readOnly === true,
        writeOnly: value.writeOnly === true,
        deprecated: value.deprecated === true,
        ...(value['x-sunset'] !== undefined ? { sunset: kw(value['x-sunset'], target.loc, 'x-sunset') } : {}),
      });
    }
  }
  // Most schemas declare all they require: no map for them.
  let requiredElsewhere: Map<string, Loc> | undefined;
  for (const [name, at] of required) if (!properties.has(name)) (requiredElsewhere ??= new Map()).set(name, at);
  const additional = schema.additionalProperties;
  const component = componentName(side, loc);
  return {
    loc,
    ...(types ? { types } : {}),
    nullable,
    // A 2.0 `type: file` is what 3.x writes as a binary string.
    ...(typeof schema.format === 'string' ? { format: kw(schema.format, loc, 'format') } : schema.type === 'file' ? { format: kw('binary', loc, 'type') } : {}),
    ...(enumKw ? { enum: enumKw } : {}),
    ...(extensible ? { extensibleEnum: extensible } : {}),
    constraints,
    properties,
    ...(requiredElsewhere ? { requiredElsewhere } : {}),
    ...(additional === false ? { additionalProperties: false as const } : isObject(additional) ? { additionalProperties: side.schema(node, 'additionalProperties')! } : {}),
    ...(isObject(schema.items) ? { items: side.schema(node, 'items')! } : {}),
    ...(schema.default !== undefined ? { default: kw(schema.default, loc, 'default') } : {}),
    readOnly: schema.readOnly === true,
    writeOnly: schema.writeOnly === true,
    deprecated: schema.deprecated === true,
    ...(schema['x-sunset'] !== undefined ? { sunset: kw(schema['x-sunset'], loc, 'x-sunset') } : {}),
    ...(component !== undefined ? { component } : {}),
    ...(typeof schema.description === 'string' ? { description: kw(schema.description, loc, 'description') } : {}),
  };
}

/**
 * `allOf`: what the schema's own keywords and each member's say together, whatever the parts'
 * order. Types and enums intersect, the tighter of two bounds holds, and `uniqueItems`,
 * `readOnly`, `writeOnly` and `deprecated` hold where one part says so (the parts' `items`,
 * `additionalProperties`, properties and `required`: mergeParts). Of two values that cannot be
 * merged (formats, patterns, defaults, unions), one is kept, the same one whatever the order.
 * `into` is the view being built, whose types are its own; a member's, which other views read,
 * are copied before any change. Null is admitted where every part with a type admits it (a typed
 * part's `nullable` is in its types); a `nullable` without a type only counts where no part has one.
 */
function merge(into: View, member: View): View {
  const types = into.types && member.types ? intersect(into.types, member.types) : (into.types ?? (member.types && new Set(member.types)));
  const nullable = types ? types.has('null') : into.nullable || member.nullable;
  const constraints: Partial<Record<Constraint, Keyword<unknown>>> = { ...member.constraints, ...into.constraints };
  for (const name of CONSTRAINTS) {
    const a = into.constraints[name];
    const b = member.constraints[name];
    if (a && b) constraints[name] = tighterOf(name, a, b);
  }
  return {
    ...member,
    ...into,
    ...(types ? { types } : {}),
    nullable,
    constraints,
    format: kept(into.format, member.format),
    enum: into.enum && member.enum ? commonValues(into.enum, member.enum) : (into.enum ?? member.enum),
    extensibleEnum: kept(into.extensibleEnum, member.extensibleEnum),
    variants: into.variants && member.variants ? (unionKey(member.variants) < unionKey(into.variants) ? member.variants : into.variants) : (into.variants ?? member.variants),
    default: kept(into.default, member.default),
    readOnly: into.readOnly || member.readOnly,
    writeOnly: into.writeOnly || member.writeOnly,
    deprecated: into.deprecated || member.deprecated,
    // A named schema keeps its name; a wrapper does not take its members' names.
    component: into.component,
    description: kept(into.description, member.description),
  } as View;
}

/** Bounds whose smaller value is the tighter one. */
const UPPER = new Set<Constraint>(['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties']);
const LOWER = new Set<Constraint>(['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties']);

/** The keyword of two parts that admits fewer values, where the constraint says which (else the one kept). */
function tighterOf(name: Constraint, a: Keyword<unknown>, b: Keyword<unknown>): Keyword<unknown> {
  if (typeof a.value === 'number' && typeof b.value === 'number' && a.value !== b.value) {
    if (UPPER.has(name)) return a.value < b.value ? a : b;
    if (LOWER.has(name)) return a.value > b.value ? a : b;
  }
  if (name === 'uniqueItems' && a.value !== b.value) return a.value === true ? a : b;
  return kept(a, b)!;
}

/** Of two keywords that cannot be merged, the one kept: the one whose value spells first, the same whatever their order. */
function kept<T>(a: Keyword<T> | undefined, b: Keyword<T> | undefined): Keyword<T> | undefined {
  if (!a || !b) return a ?? b;
  const ka = valueKey(a.value);
  const kb = valueKey(b.value);
  return kb < ka || (kb === ka && sortKey(b.loc) < sortKey(a.loc)) ? b : a;
}

const sortKey = (loc: Loc): string => `${loc.file}#${loc.path.join('/')}`;

/** A union as written, to keep one of two the same way whatever their order. */
const unionKey = (union: NonNullable<View['variants']>): string => valueKey([union.kind, union.members.map(member => member.value)]);

/** The values two enums both list: the one list where it holds all of the other's values. */
function commonValues(a: Keyword<unknown[]>, b: Keyword<unknown[]>): Keyword<unknown[]> {
  const inA = new Set(a.value.map(valueKey));
  const inB = new Set(b.value.map(valueKey));
  const aInB = a.value.every(v => inB.has(valueKey(v)));
  const bInA = b.value.every(v => inA.has(valueKey(v)));
  if (aInB && bInA) return kept(a, b)!;
  if (aInB) return a;
  if (bInA) return b;
  return { value: a.value.filter(v => inB.has(valueKey(v))), loc: kept(a, b)!.loc };
}

function intersect(a: Set<string>, b: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const t of a) {
    if (b.has(t)) out.add(t);
    else if (t === 'integer' && b.has('number')) out.add('integer');
  }
  for (const t of b) if (t === 'integer' && a.has('number')) out.add('integer');
  return out;
}
