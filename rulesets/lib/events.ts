// Event type definitions (guideline part 6) wherever they live: a standalone file holding one
// definition or a list of them, or the `x-event-types` list of an OpenAPI document. Each rule
// reads them, and their schemas, through this one place.
import type { IFunctionResult } from '@stoplight/spectral-core';
import type { JsonPath } from '@stoplight/types';
import { isEventType, isOpenApi } from '../formats.js';
import { quote } from './fields.js';
import { atKey, isObject, type Obj } from './oas.js';
import { jsonPointer, unescapePointerSegment } from './pointer.js';
import { firstSight, rememberByNode } from './remember.js';
import { joinedPath, schemaHomes, SUBSCHEMA_LISTS, SUBSCHEMA_MAPS, SUBSCHEMA_SINGLE, type PathLink, type SchemaHomes } from './schemas.js';
import type { Written } from './sources.js';
import { EVENT_SCHEMA_TYPES } from './vocabularies.js';

export interface EventTypeNode {
  event: Obj;
  /** The document (resolved) that holds the definition. */
  document: Obj;
  /** JSON path of the definition: `[]` (single file), `[i]` (list file), `['x-event-types', i]`. */
  jsonPath: JsonPath;
  /** `Event type "shipping.shipment-changed"`, or its position when it has no name. */
  label: string;
}

/** Every event type definition of a document, in document order. */
export function eventTypeNodes(root: unknown): EventTypeNode[] {
  let list: { value: unknown; jsonPath: JsonPath }[] = [];
  if (isOpenApi(root)) {
    const events = (root as Obj)['x-event-types'];
    if (Array.isArray(events)) list = events.map((value, i) => ({ value, jsonPath: ['x-event-types', i] }));
  } else if (Array.isArray(root)) {
    list = root.map((value, i) => ({ value, jsonPath: [i] }));
  } else if (isEventType(root)) {
    list = [{ value: root, jsonPath: [] }];
  }
  return list.flatMap(({ value, jsonPath }, i) =>
    isObject(value)
      ? [{ event: value, document: root as Obj, jsonPath, label: typeof value.name === 'string' && value.name !== '' ? `Event type ${quote(value.name)}` : `Event type #${i + 1}` }]
      : [],
  );
}

/** Data change events (category `data`) carry more obligations than general ones. */
export const isDataChangeEvent = (event: Obj): boolean => event.category === 'data';

/**
 * A finding about a field of the definition: at the field when it is there, else at the
 * definition that lacks it.
 */
export const fieldFinding = (node: EventTypeNode, field: string, message: string): IFunctionResult => ({
  message,
  path: field in node.event ? [...node.jsonPath, field] : node.jsonPath,
});

/** An event type's JSON schema (`schema.schema`), parsed when it is held as a JSON string. */
export interface EventSchema {
  root: Obj;
  /** JSON path of `schema.schema` in the document: the schema object, or the string holding it. */
  jsonPath: JsonPath;
  /** Held as a JSON string (as event bus registries store it): findings point at the string. */
  inString: boolean;
  /** Where the document's schemas are written; none in a string, which the document's `$ref`s do not reach. */
  homes: SchemaHomes | undefined;
}

export interface EventSchemaResult {
  /** Undefined when there is no usable JSON schema; `problems` says why. */
  schema?: EventSchema;
  /** What makes the schema unusable or not a JSON schema (reported by event-schema-valid). */
  problems: IFunctionResult[];
}

const schemaCache = new WeakMap<Obj, EventSchemaResult>();

/** The event type's JSON schema and any problem with `schema` itself, cached per definition. */
export function eventSchema(node: EventTypeNode): EventSchemaResult {
  let result = schemaCache.get(node.event);
  if (!result) {
    result = readEventSchema(node);
    schemaCache.set(node.event, result);
  }
  return result;
}

function readEventSchema({ event, document, jsonPath, label }: EventTypeNode): EventSchemaResult {
  const holder = event.schema;
  if (!isObject(holder)) {
    return { problems: [{ message: `${label} has no schema: add \`schema\` with \`type: json_schema\`, \`version\` and the \`schema\` itself.`, path: jsonPath }] };
  }
  const holderPath = [...jsonPath, 'schema'];
  const problems: IFunctionResult[] = [];
  // A missing type is reported but the schema is still read as JSON schema; another type
  // (Avro, say) is a different language the other event rules cannot read.
  if (holder.type !== EVENT_SCHEMA_TYPES.required[0]) {
    const found = holder.type === undefined ? 'no schema type' : `schema type ${quote(String(holder.type))}`;
    problems.push({
      message: `${label} has ${found}: event schemas are JSON schemas, declare \`type: json_schema\`.`,
      path: holder.type === undefined ? holderPath : [...holderPath, 'type'],
    });
    if (holder.type !== undefined) return { problems };
  }
  const value = holder.schema;
  const schemaPath = [...holderPath, 'schema'];
  if (value === undefined) {
    problems.push({ message: `${label} has no \`schema.schema\`: add the event's JSON schema (an object, or a JSON string).`, path: holderPath });
    return { problems };
  }
  let root: unknown = value;
  if (typeof value === 'string') {
    try {
      root = JSON.parse(value);
    } catch (error) {
      const reason = error instanceof SyntaxError ? error.message.split('\n')[0] : 'cannot be parsed';
      problems.push({ message: `${label}: the schema string is not valid JSON (${reason}): fix the JSON or give the schema as an object.`, path: schemaPath });
      return { problems };
    }
  }
  if (!isObject(root)) {
    problems.push({ message: `${label}: \`schema.schema\` must be a schema object, or a JSON string holding one.`, path: schemaPath });
    return { problems };
  }
  if (typeof value === 'string') return { schema: { root, jsonPath: schemaPath, inString: true, homes: undefined }, problems };
  const homes = schemaHomes(document);
  if (homes.top(root, schemaPath).path === undefined) return { schema: { root, jsonPath: schemaPath, inString: false, homes }, problems };
  // Event types whose schema is one component (a `$ref` to it) share one EventSchema: its findings
  // land where the component is written, and the rules read it once (distinctEventSchemas). Read
  // for each of 1,000 event types, a shared schema of 1,000 properties took 3.4 s.
  let shared = sharedSchemas.get(root);
  if (!shared) sharedSchemas.set(root, (shared = { root, jsonPath: schemaPath, inString: false, homes }));
  return { schema: shared, problems };
}

const sharedSchemas = new WeakMap<Obj, EventSchema>();

/** The event schemas of these event types, each once (event types may share one: see readEventSchema). */
export function distinctEventSchemas(nodes: readonly EventTypeNode[]): EventSchema[] {
  const schemas = new Set<EventSchema>();
  for (const node of nodes) {
    const { schema } = eventSchema(node);
    if (schema) schemas.add(schema);
  }
  return [...schemas];
}

/** A JSON pointer for messages about a place inside a schema string (`#/properties/eid`). */
const pointer = (inner: JsonPath): string => `#${jsonPointer(inner)}`;

/**
 * A finding at `at`: a SubSchema's `at`, or a path below it. Inside a schema object it lands on
 * that node (`onKey`: on its name, for a property); inside a schema string it lands on the string
 * and the message names the place.
 */
export function schemaFinding(schema: EventSchema, at: JsonPath, message: string, onKey = false): IFunctionResult {
  if (!schema.inString) return { message, path: onKey ? atKey(at) : at };
  const place = at.length > 0 ? ` at ${pointer(at)}` : '';
  return { message: `${message.replace(/\.$/, '')} (in the schema string${place}).`, path: schema.jsonPath };
}

/** A path inside the event schema (from its root) as schemaFinding takes it. */
export const innerPath = (schema: EventSchema, inner: JsonPath): JsonPath => (schema.inString ? inner : [...rootNode(schema).at, ...inner]);

export interface SubSchema {
  schema: Obj;
  /**
   * Where findings about the schema go: its path in the document (in another file, marked: see
   * Sources), or its path inside a schema string (the target's own for a `$ref` there). Built
   * when first read: read it for the schemas a rule reports on.
   */
  readonly at: JsonPath;
}

/** A schema of an event schema's tree, whose path is built when first read (see joinedPath). */
class WalkedSubSchema implements SubSchema, PathLink {
  private path: JsonPath | undefined;
  constructor(
    readonly schema: Obj,
    readonly up: WalkedSubSchema | undefined,
    readonly tail: JsonPath,
    /** Where the schema is written, where something below it crosses a `$ref` (SchemaHomes). */
    readonly written: Written | undefined,
  ) {}

  get at(): JsonPath {
    return (this.path ??= joinedPath(this.up, this.tail));
  }
}

/** A property of an object schema (objectShape): its schema, and where the property is declared. */
export interface PropertySchema extends SubSchema {
  /**
   * The property in its parent (`…/properties/name`): where findings about the property itself go
   * (atKey: on its name). The schema's own `at` is where that is written, a component say.
   */
  readonly property: JsonPath;
}

class ShapeProperty implements PropertySchema {
  constructor(
    readonly node: SubSchema,
    private readonly parent: WalkedSubSchema,
    private readonly name: string,
  ) {}

  get schema(): Obj {
    return this.node.schema;
  }

  get at(): JsonPath {
    return this.node.at;
  }

  get property(): JsonPath {
    return joinedPath(this.parent, ['properties', this.name]);
  }
}

/** The node as one that children can be walked below (a `$ref` target's path is its own). */
const walked = (node: SubSchema): WalkedSubSchema =>
  node instanceof WalkedSubSchema ? node : node instanceof ShapeProperty ? walked(node.node) : new WalkedSubSchema(node.schema, undefined, node.at, undefined);

/**
 * The schema `tail` below `parent`. A schema of the document written elsewhere (a component, or
 * the target of a `$ref`) takes the path where it is written: down a chain of schemas that each
 * refer to the next, paths below the event schema's grew with the chain, and placing n findings
 * walked n² steps (12,800 took 34 s).
 */
function below(schema: EventSchema, parent: WalkedSubSchema, value: Obj, tail: JsonPath): WalkedSubSchema {
  if (schema.homes === undefined) return new WalkedSubSchema(value, parent, tail, undefined);
  const home = schema.homes.below(parent.written, value, tail);
  return home.path ? new WalkedSubSchema(value, undefined, home.path, home.written) : new WalkedSubSchema(value, parent, tail, home.written);
}

const roots = new WeakMap<EventSchema, SubSchema>();

/** The event schema's root as a node, where its findings go; a local root `$ref` in a string followed. */
export function rootNode(schema: EventSchema): SubSchema {
  let root = roots.get(schema);
  if (root === undefined) {
    if (schema.homes === undefined) root = walked(deref(schema, { schema: schema.root, at: [] }));
    else {
      const home = schema.homes.top(schema.root, schema.jsonPath);
      root = new WalkedSubSchema(schema.root, undefined, home.path ?? schema.jsonPath, home.written);
    }
    roots.set(schema, root);
  }
  return root;
}

/**
 * Follows a local `$ref` inside a schema string (the document's own `$ref`s are resolved by the
 * loader; a string is opaque to it). Unresolvable refs come back unchanged.
 */
function deref(schema: EventSchema, node: SubSchema): SubSchema {
  let current = node;
  for (let hops = 0; schema.inString && typeof current.schema.$ref === 'string' && hops < 32; hops++) {
    const ref = current.schema.$ref as string;
    if (!ref.startsWith('#')) break;
    const inner = ref
      .slice(1)
      .split('/')
      .slice(1)
      .map(s => unescapePointerSegment(decodeURIComponent(s)));
    let target: unknown = schema.root;
    for (const segment of inner) target = isObject(target) ? target[segment] : undefined;
    if (!isObject(target)) break;
    current = { schema: target, at: inner };
  }
  return current;
}

/** A schema of an event schema's tree, and the event schema it was reached from. */
export interface EventSubSchema {
  schema: EventSchema;
  node: SubSchema;
}

/**
 * Every schema of these event schemas' trees (properties, items, combinators, ...), each tree
 * root first. A schema of the document that has a place of its own (a component, a `$ref`'s
 * target), and everything below it, is listed once, from the first event schema that reaches
 * it: its findings land there whichever event schema reaches it. Listed for each of 1,000 event
 * schemas that extend one base of 1,000 properties, it took n² steps. Read a node's `at` only to
 * report on it: it is built then.
 */
export function eventSubSchemas(schemas: readonly EventSchema[]): EventSubSchema[] {
  const out: EventSubSchema[] = [];
  const firstPlaced = firstSight();
  for (const schema of schemas) {
    const seen = new Set<Obj>();
    // Explicit stack, like the schema index: event schemas can nest deeply, and through the
    // document's `$ref`s as deep as a chain of schemas is long.
    const stack: SubSchema[] = [rootNode(schema)];
    while (stack.length > 0) {
      const node = walked(deref(schema, stack.pop()!));
      if (seen.has(node.schema)) continue;
      seen.add(node.schema);
      if (schema.homes !== undefined && node.up === undefined && !firstPlaced(node.schema)) continue;
      out.push({ schema, node });
      const s = node.schema;
      const push = (value: unknown, ...tail: (string | number)[]) => {
        if (isObject(value)) stack.push(below(schema, node, value, tail));
      };
      if (isObject(s.properties)) for (const [name, child] of Object.entries(s.properties)) push(child, 'properties', name);
      if (Array.isArray(s.items)) s.items.forEach((child, i) => push(child, 'items', i));
      else push(s.items, 'items');
      for (const key of SUBSCHEMA_SINGLE) push(s[key], key);
      for (const key of SUBSCHEMA_LISTS) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((child, i) => push(child, key, i));
      for (const key of SUBSCHEMA_MAPS) if (isObject(s[key])) for (const [k, child] of Object.entries(s[key])) push(child, key, k);
    }
  }
  return out;
}

/** A part of the event schemas validated on its own (see validationUnits). */
export interface ValidationUnit {
  schema: EventSchema;
  /** The part, with the parts below it that are units of their own left as empty schemas. */
  value: unknown;
  /** Where a problem at a path inside `value` lies, as schemaFinding takes it. */
  inner(path: JsonPath): JsonPath;
}

/**
 * The event schemas as parts to validate against the meta-schema: each event schema, and each
 * schema of the document with a place of its own (a component, a `$ref`'s target) that they reach
 * where every dialect validates a schema (a property, `items`, an `allOf` member,
 * `additionalProperties`), once. Validated whole, each event schema took in the base that 1,000 of
 * them extend again. A part's problems land where it is written, as they did through the event
 * schemas' paths; a schema string is one part.
 */
export function validationUnits(schemas: readonly EventSchema[]): ValidationUnit[] {
  const units: ValidationUnit[] = [];
  const firstPlaced = firstSight();
  for (const schema of schemas) {
    if (schema.homes === undefined) {
      units.push({ schema, value: schema.root, inner: path => innerPath(schema, path) });
      continue;
    }
    const pending = [walked(rootNode(schema))];
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (!firstPlaced(node.schema)) continue;
      units.push({ schema, value: withoutUnits(schema, node, pending), inner: path => [...node.at, ...path] });
    }
  }
  return units;
}

/** A copy of the node's schema in which the units below it are empty schemas, each added to `pending`. */
function withoutUnits(schema: EventSchema, node: WalkedSubSchema, pending: WalkedSubSchema[]): Obj {
  const s = node.schema;
  const copy: Obj = { ...s };
  const cut = (value: Obj, ...tail: (string | number)[]): Obj => {
    const child = below(schema, node, value, tail);
    if (child.up !== undefined) return withoutUnits(schema, child, pending);
    pending.push(child);
    return {};
  };
  if (isObject(s.properties)) copy.properties = Object.fromEntries(Object.entries(s.properties).map(([name, value]) => [name, isObject(value) ? cut(value, 'properties', name) : value]));
  if (isObject(s.items)) copy.items = cut(s.items, 'items');
  if (isObject(s.additionalProperties)) copy.additionalProperties = cut(s.additionalProperties, 'additionalProperties');
  if (Array.isArray(s.allOf)) copy.allOf = s.allOf.map((value, i) => (isObject(value) ? cut(value, 'allOf', i) : value));
  return copy;
}

export interface ObjectShape {
  /** The property `name`, `allOf` members included: the first declaration met, own ones first. */
  property(name: string): PropertySchema | undefined;
  /** Some part lists `name` in `required`. */
  requires(name: string): boolean;
  /** Some part declares `properties`: an absent name is then really absent, not merely unknown. */
  readonly declared: boolean;
}

const shapes = new WeakMap<SubSchema, ObjectShape>();

/**
 * The properties an object schema declares over its `allOf` composition; made once per node
 * (rules look up the same properties, and the field paths of many event types). Looked up in its
 * parts, not copied out of them: 1,000 event schemas that extend one base of 1,000 properties
 * copied a million.
 */
export function objectShape(schema: EventSchema, node: SubSchema): ObjectShape {
  let shape = shapes.get(node);
  if (shape === undefined) shapes.set(node, (shape = new Shape(schema, shapeParts(schema, node))));
  return shape;
}

/** The schema and its `allOf` members, each once, in the order their properties count. */
function shapeParts(schema: EventSchema, node: SubSchema): WalkedSubSchema[] {
  const parts: WalkedSubSchema[] = [];
  const seen = new Set<Obj>();
  const stack = [walked(node)];
  while (stack.length > 0) {
    const part = walked(deref(schema, stack.pop()!));
    const s = part.schema;
    if (seen.has(s)) continue;
    seen.add(s);
    parts.push(part);
    if (Array.isArray(s.allOf)) s.allOf.forEach((member, i) => isObject(member) && stack.push(below(schema, part, member, ['allOf', i])));
  }
  return parts;
}

/** The names of a `required` list (shared by the schemas that extend one base). */
const requiredNames = rememberByNode((list): ReadonlySet<unknown> => new Set(list as unknown[]), new Set());

class Shape implements ObjectShape {
  private readonly found = new Map<string, PropertySchema | undefined>();
  readonly declared: boolean;

  constructor(
    private readonly schema: EventSchema,
    private readonly parts: readonly WalkedSubSchema[],
  ) {
    this.declared = parts.some(part => isObject(part.schema.properties));
  }

  property(name: string): PropertySchema | undefined {
    if (this.found.has(name)) return this.found.get(name);
    let property: PropertySchema | undefined;
    for (const part of this.parts) {
      const { properties } = part.schema;
      const child = isObject(properties) && Object.hasOwn(properties, name) ? properties[name] : undefined;
      if (!isObject(child)) continue;
      property = new ShapeProperty(deref(this.schema, below(this.schema, part, child, ['properties', name])), part, name);
      break;
    }
    this.found.set(name, property);
    return property;
  }

  requires(name: string): boolean {
    return this.parts.some(part => Array.isArray(part.schema.required) && requiredNames(part.schema.required).has(name));
  }
}

/**
 * Heights of values measured whole, with no cycle cut short below them: the same whichever value
 * they are reached from, so kept for the next question (event schemas that extend one base
 * measured it once each).
 */
const wholeHeights = new WeakMap<object, number>();

/**
 * Whether a value nests more than `limit` levels deep, the targets of the document's `$ref`s
 * included (a value reached twice is measured once; a cycle counts its turn once). From a stack:
 * this is asked of values too deep for a recursive walk.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  // Heights below a cycle cut short, for this question only.
  const height = new Map<object, number>();
  const onPath = new Set<object>();
  const stack: { node: object; children: unknown[]; next: number; tallest: number; cut: boolean }[] = [];
  const enter = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || wholeHeights.has(node) || height.has(node) || onPath.has(node)) return;
    onPath.add(node);
    stack.push({ node, children: Object.values(node), next: 0, tallest: 0, cut: false });
  };
  enter(value);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (stack.length > limit) return true;
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      if (child === null || typeof child !== 'object') continue;
      const whole = wholeHeights.get(child);
      const known = whole ?? height.get(child);
      if (known !== undefined) top.tallest = Math.max(top.tallest, known);
      if (whole === undefined && (known !== undefined || onPath.has(child))) top.cut = true;
      else if (known === undefined) enter(child);
      continue;
    }
    stack.pop();
    onPath.delete(top.node);
    const own = top.tallest + 1;
    if (own > limit) return true;
    (top.cut ? height : wholeHeights).set(top.node, own);
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.tallest = Math.max(parent.tallest, own);
      parent.cut ||= top.cut;
    }
  }
  // A value measured whole by an earlier question is not walked again.
  return (wholeHeights.get(value as object) ?? 0) > limit;
}

/**
 * Whether a dot-separated field path (`data.revision`, as `ordering_key_fields` and
 * `partition_key_fields` give it) names a property of the event schema. Unknown (true) when the
 * walk reaches a schema that declares no properties (free-form, or an unresolved `$ref`).
 */
export function hasField(schema: EventSchema, field: string): boolean {
  let node = rootNode(schema);
  for (const segment of field.split('.')) {
    const shape = objectShape(schema, node);
    if (!shape.declared) return true;
    const next = shape.property(segment);
    if (!next) return false;
    node = next;
  }
  return true;
}

/**
 * Checks a list of field paths of the definition (`ordering_key_fields`, `partition_key_fields`):
 * present and non-empty, and each entry a property of the event schema.
 */
export function keyFieldFindings(node: EventTypeNode, field: string, missing: string): IFunctionResult[] {
  const value = node.event[field];
  if (!Array.isArray(value) || value.length === 0) return [fieldFinding(node, field, missing)];
  const { schema } = eventSchema(node);
  return value.flatMap((entry, i) => {
    if (typeof entry !== 'string') {
      return [{ message: `${node.label}: \`${field}\` entries are dot-separated field paths (strings).`, path: [...node.jsonPath, field, i] }];
    }
    if (!schema || hasField(schema, entry)) return [];
    return [{ message: `${node.label}: \`${field}\` names ${quote(entry)}, which is not a property of the event schema: use a field the schema declares.`, path: [...node.jsonPath, field, i] }];
  });
}
