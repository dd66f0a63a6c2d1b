// The comparison of two versions: one walk over both models that pairs what belongs together
// (paths by template, operations by method, parameters by `in` and name or position, responses
// by status, media types by type and version, properties by name, `oneOf` members by schema name)
// and calls every diff rule's listeners on each pair. Schemas shared by many operations are
// compared once per pair and direction (cycles included); the operations that reach a finding are
// found afterwards from the pairs' parents, so a report can group findings by operation.
import type {
  Both,
  ContentContext,
  DiffContext,
  DiffListeners,
  DiffResult,
  DiffRule,
  Direction,
  DocumentModel,
  HeaderModel,
  Loc,
  MediaTypeModel,
  OperationContext,
  OperationModel,
  Pair,
  ParameterModel,
  PathModel,
  PropertyView,
  ResponseModel,
  SchemaContext,
  SchemaNode,
  Severity,
  Side as SideName,
} from '../../rulesets/diff-rule.js';
import { sunsetDay } from '../../rulesets/lib/compat.js';
import { forEachComponent } from '../core/components.js';
import { SEVERITY_RANK } from '../core/severity.js';
import { buildModel, pairPaths } from './model.js';
import { layersOf, MergedProperties } from './properties.js';
import { sameness } from './same.js';
import { isNullOnly, schemaView, type View } from './schema.js';
import type { Side } from './side.js';

export interface DiffFinding {
  ruleId: string;
  severity: Severity;
  message: string;
  side: SideName;
  loc: Loc;
  /** The revision's node nearest to the change: inline ignores on it (or above it) apply. */
  anchor: Loc;
  /** The operations the change affects, in document order (none for document-wide changes). */
  operations: string[];
}

export interface ActiveRule {
  rule: DiffRule;
  severity: Severity;
}

interface Origin {
  anchor: Loc;
  /** An operation-level change, or the schema pair it was found in. */
  operations?: readonly string[];
  pair?: string;
  /** Inside a media type whose `version` changed: breaking changes are a new version (guideline 9.4). */
  newVersion?: { from?: string; to?: string };
}

interface Entry extends Omit<DiffFinding, 'operations'> {
  operations: Set<string>;
  pairs: Set<string>;
}

interface Walk {
  direction: Direction;
  /** `schema "Order"`, `the request body`, `parameter "limit"`. */
  root: string;
  /** Dotted path from the root (`items[].status`). */
  path: string;
  /** A union member compared with a schema that is no union. */
  inUnion?: boolean;
  /** A member of a union the old schema became (in responses): it need not hold the old schema's optional properties. */
  split?: boolean;
  newVersion?: Origin['newVersion'];
}

/** A finding to give, or a pair of schemas to compare, in the walk of nested schemas. */
type Step = () => void;

type ListenerName = Exclude<keyof DiffListeners, 'finish'>;

export class Comparison {
  readonly documents: Both<DocumentModel>;
  private readonly context: DiffContext;
  private readonly listeners = new Map<ListenerName, ActiveRule[]>();
  private readonly entries = new Map<string, Entry>();
  private readonly parents = new Map<string, Set<string>>();
  private readonly visited = new Set<string>();
  /** The pairs of property layers met (namesToCompare), and what each holds differently once read (changedIn). */
  private readonly changed = new WeakMap<object, WeakMap<object, readonly string[] | undefined>>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 1;
  private readonly order = new Map<string, number>();
  /**
   * Whether two parts of the models are the same in both versions (same.ts): then no listener has
   * anything to report on them or below them, and they are not walked.
   */
  private readonly isSame: (base: object, revision: object) => boolean;

  constructor(
    private readonly sides: Both<Side>,
    private readonly rules: readonly ActiveRule[],
    today: string,
  ) {
    this.isSame = sameness(sides);
    this.documents = { base: buildModel(sides.base), revision: buildModel(sides.revision) };
    this.context = {
      today,
      documents: this.documents,
      sunsetPassed: node => {
        const day = node.deprecated ? sunsetDay(node) : undefined;
        return day !== undefined && day <= today;
      },
    };
    for (const active of rules) {
      for (const name of Object.keys(active.rule.visit) as (keyof DiffListeners)[]) {
        if (name === 'finish') continue;
        const list = this.listeners.get(name) ?? [];
        list.push(active);
        this.listeners.set(name, list);
      }
    }
  }

  /** Every finding of the listeners, one per rule, node and message. */
  run(): DiffFinding[] {
    const { base, revision } = this.documents;
    const root = revision.loc;
    this.call('document', { base, revision }, this.context, { anchor: root });
    const pathsAnchor: Loc = { file: root.file, path: ['paths'] };
    for (const pair of pairPaths(base.paths, revision.paths)) this.comparePath(pair, pathsAnchor);
    const hooksAnchor: Loc = { file: root.file, path: ['webhooks'] };
    for (const key of union(revision.webhooks, base.webhooks)) {
      this.comparePath({ base: base.webhooks.get(key), revision: revision.webhooks.get(key) }, hooksAnchor);
    }
    return this.findings();
  }

  /** An operation's place in document order (the revision's, then the base's removed ones). */
  rank(operation: string): number {
    return this.order.get(operation) ?? this.order.size;
  }

  /** The `finish` listeners, given the findings that remain after config and ignores. */
  finish(findings: readonly { ruleId: string; severity: Severity }[]): DiffFinding[] {
    const before = this.entries.size;
    for (const active of this.rules) {
      const finish = active.rule.visit.finish;
      if (!finish) continue;
      for (const result of asList(finish(findings, this.context))) this.add(active, result, { anchor: this.documents.revision.loc });
    }
    return this.findings().slice(before);
  }

  private comparePath(pair: Pair<PathModel>, anchor: Loc): void {
    this.call('path', pair, this.context, { anchor: pair.revision?.loc ?? anchor });
    const methods = union(pair.revision?.operations ?? new Map(), pair.base?.operations ?? new Map());
    for (const method of methods) {
      const operation = { base: pair.base?.operations.get(method), revision: pair.revision?.operations.get(method) };
      this.compareOperation(operation, pair.revision?.loc ?? anchor, pair.revision === undefined);
    }
  }

  private compareOperation(pair: Pair<OperationModel>, anchor: Loc, pathRemoved: boolean): void {
    const name = (pair.revision ?? pair.base)!.name;
    if (!this.order.has(name)) this.order.set(name, this.order.size);
    const operations = [name];
    const context: OperationContext = { ...this.context, operation: pair };
    this.call('operation', pair, { ...context, pathRemoved }, { anchor: pair.revision?.loc ?? anchor, operations });
    const { base, revision } = pair;
    if (!base || !revision) return;
    const here = { anchor: revision.loc, operations };
    const request: Direction = revision.reversed ? 'response' : 'request';
    const response: Direction = revision.reversed ? 'request' : 'response';

    for (const [b, r] of pairParameters(base.parameters, revision.parameters)) {
      this.call('parameter', { base: b, revision: r }, context, { ...here, anchor: r?.loc ?? revision.loc });
      if (b?.schema && r?.schema) this.compareSchemas(b.schema, r.schema, { direction: request, root: `${r.formField ? 'form field' : 'parameter'} "${r.name}"`, path: '' }, `op:${name}`);
    }

    const bodyAnchor = revision.requestBody?.loc ?? revision.loc;
    this.call('requestBody', { base: base.requestBody, revision: revision.requestBody }, context, { ...here, anchor: bodyAnchor });
    if (base.requestBody && revision.requestBody && !this.isSame(base.requestBody.content, revision.requestBody.content)) {
      this.compareContent(base.requestBody.content, revision.requestBody.content, { ...context, direction: request, holder: 'the request body' }, name, bodyAnchor);
    }

    const responsesAnchor: Loc = { file: revision.loc.file, path: [...revision.loc.path, 'responses'] };
    for (const [code, b, r] of pairResponses(base.responses, revision.responses)) {
      const responseContext = { ...context, code };
      this.call('response', { base: b, revision: r }, responseContext, { ...here, anchor: r?.loc ?? responsesAnchor });
      if (!b || !r || this.isSame(b, r)) continue;
      for (const key of union(r.headers, b.headers)) {
        const header: Pair<HeaderModel> = { base: b.headers.get(key), revision: r.headers.get(key) };
        // A shared response that changed is compared for each operation: its headers that did not, once.
        if (header.base && header.revision && this.isSame(header.base, header.revision)) continue;
        this.call('header', header, responseContext, { ...here, anchor: header.revision?.loc ?? r.loc });
        if (header.base?.schema && header.revision?.schema) {
          this.compareSchemas(header.base.schema, header.revision.schema, { direction: response, root: `response header "${header.revision.name}"`, path: '' }, `op:${name}`);
        }
      }
      this.compareContent(b.content, r.content, { ...context, direction: response, holder: `the ${code} response`, code }, name, r.loc);
    }

    if (!this.isSame(base.security, revision.security)) this.call('security', { base: base.security, revision: revision.security }, context, { ...here, anchor: revision.security.loc });

    for (const key of union(revision.callbacks, base.callbacks)) {
      this.compareOperation({ base: base.callbacks.get(key), revision: revision.callbacks.get(key) }, revision.loc, false);
    }
  }

  private compareContent(base: Map<string, MediaTypeModel>, revision: Map<string, MediaTypeModel>, context: ContentContext, operation: string, anchor: Loc): void {
    for (const [b, r] of pairMediaTypes(base, revision)) {
      if (b && r && this.isSame(b, r)) continue;
      const newVersion = b && r && b.version !== r.version ? { ...(b.version !== undefined ? { from: b.version } : {}), ...(r.version !== undefined ? { to: r.version } : {}) } : undefined;
      this.call('mediaType', { base: b, revision: r }, context, { anchor: r?.loc ?? anchor, operations: [operation] });
      if (b?.schema && r?.schema) {
        const root = context.code ? `the ${context.code} response body` : 'the request body';
        this.compareSchemas(b.schema, r.schema, { direction: context.direction, root, path: '', ...(newVersion ? { newVersion } : {}) }, `op:${operation}`);
      }
    }
  }

  private id(value: unknown): number | string {
    if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'undefined';
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(value, id);
    }
    return id;
  }

  /**
   * Compares two schemas and everything below them. The nested schemas are compared from a stack of
   * steps, in the order a recursive walk takes (each schema's own findings, then each property's,
   * each followed by the schemas below it): by recursion, a chain of 6,400 schemas each nested in
   * the one before through a `$ref` overflowed the call stack.
   */
  private compareSchemas(b: SchemaNode & { unresolved?: true }, r: SchemaNode & { unresolved?: true }, walk: Walk, parent: string): void {
    const stack: Step[] = [() => this.compareSchemaPair(b, r, walk, parent, stack)];
    while (stack.length > 0) stack.pop()!();
  }

  /** One pair of schemas: its findings now, the steps below it onto `stack`, the first on top. */
  private compareSchemaPair(b: SchemaNode & { unresolved?: true }, r: SchemaNode & { unresolved?: true }, walk: Walk, parent: string, stack: Step[]): void {
    if (b.unresolved || r.unresolved) return;
    const key = `${this.id(b.value)}:${this.id(r.value)}:${walk.direction}:${walk.inUnion ? 'u' : ''}:${walk.newVersion ? `${walk.newVersion.from}>${walk.newVersion.to}` : ''}`;
    let parents = this.parents.get(key);
    if (!parents) this.parents.set(key, (parents = new Set()));
    parents.add(parent);
    if (this.visited.has(key)) return;
    this.visited.add(key);
    const base = schemaView(this.sides.base, b);
    const revision = schemaView(this.sides.revision, r);
    if (base.unresolved || revision.unresolved) return;
    // A named schema starts its own labels: its properties read the same from every operation.
    // Where the revision names another schema than the base did, the change is the property's.
    const component = revision.component !== undefined && (base.component === undefined || base.component === revision.component) ? revision.component : undefined;
    const here: Walk = component !== undefined && walk.root !== `schema "${component}"` ? { ...walk, root: `schema "${component}"`, path: '' } : walk;
    const context = this.schemaContext(here);
    const origin: Origin = { anchor: revision.loc, pair: key, ...(walk.newVersion ? { newVersion: walk.newVersion } : {}) };
    this.call('schema', { base, revision }, context, origin);
    if (!sameShape(base, revision)) return;
    const steps: Step[] = [];
    const compare = (bs: SchemaNode, rs: SchemaNode, next: Walk) => steps.push(() => this.compareSchemaPair(bs, rs, next, key, stack));
    // A union on one side only: its members hold the properties, compared member by member below.
    if (!base.variants !== !revision.variants) {
      this.compareVariants({ base: b, revision: r }, { base, revision }, here, context, origin, steps, compare);
    } else {
      for (const name of this.namesToCompare(base.properties, revision.properties)) {
        const bp = visible(base.properties.get(name), here.direction);
        const rp = visible(revision.properties.get(name), here.direction);
        if (!bp && !rp) continue;
        // One kind of value of a split schema: leaving out what was optional takes nothing clients were promised.
        if (here.split && bp && !rp && !bp.required) continue;
        // A property the same in both versions: not walked.
        if (bp && rp && this.isSame(bp, rp)) continue;
        steps.push(() => this.call('property', { base: bp, revision: rp }, context, { ...origin, anchor: rp?.loc ?? revision.loc }));
        if (bp && rp) compare(bp.schema, rp.schema, child(here, name));
      }
      if (base.items && revision.items) compare(base.items, revision.items, child(here, '[]'));
      if (base.additionalProperties && revision.additionalProperties) compare(base.additionalProperties, revision.additionalProperties, child(here, '*'));
      if (base.variants && revision.variants) this.compareVariants({ base: b, revision: r }, { base, revision }, here, context, origin, steps, compare);
    }
    for (let i = steps.length - 1; i >= 0; i--) stack.push(steps[i]!);
  }

  /**
   * The names of two schemas' properties that the comparison must look at, in the order of
   * `union(revision, base)`: all of them, but where the two are made of as many layers (a schema's
   * own properties and its `allOf` members', properties.ts), those that some pair of layers holds
   * differently (`changedIn`) or whose merged view is not its layer's (declared again, or required
   * by another part). Any other name is in one layer on each side, the same layer, with the same
   * property: it is left out, as the loop would skip it. A pair of
   * layers is read once, whichever schemas it is part of: n schemas that extend one base of n
   * properties read the base's n names once, not n times.
   */
  private namesToCompare(base: ReadonlyMap<string, PropertyView>, revision: ReadonlyMap<string, PropertyView>): string[] {
    const b = layersOf(base);
    const r = layersOf(revision);
    if (b.length !== r.length) return union(revision, base);
    // Two single maps (most schemas) are read by the loop as they are the first time the pair is met:
    // n schemas that are each `allOf: [Base]` share the base's map, and meet it again.
    if (b.length === 1 && this.firstMeeting(b[0]!, r[0]!)) return union(revision, base);
    const names = new Set<string>();
    for (const properties of [base, revision]) if (properties instanceof MergedProperties) for (const name of properties.merged.keys()) names.add(name);
    b.forEach((layer, k) => {
      for (const name of this.changedIn(layer, r[k]!)) names.add(name);
    });
    if (names.size === 0) return [];
    const inRevision = [...names].filter(name => revision.has(name));
    const inBaseOnly = [...names].filter(name => !revision.has(name));
    return [...inOrder(inRevision, revision), ...inOrder(inBaseOnly, base)];
  }

  /** The pairs of layers met so far, by base layer, with what each holds differently once read. */
  private layerPairs(base: object): WeakMap<object, readonly string[] | undefined> {
    let byRevision = this.changed.get(base);
    if (!byRevision) this.changed.set(base, (byRevision = new WeakMap()));
    return byRevision;
  }

  /** Whether the pair of layers is met for the first time; it is met from now on. */
  private firstMeeting(base: object, revision: object): boolean {
    const byRevision = this.layerPairs(base);
    if (byRevision.has(revision)) return false;
    byRevision.set(revision, undefined);
    return true;
  }

  /** The names that two layers of properties do not hold alike: on one side only, or not the same. Kept per pair of layers. */
  private changedIn(base: ReadonlyMap<string, PropertyView>, revision: ReadonlyMap<string, PropertyView>): readonly string[] {
    const byRevision = this.layerPairs(base);
    let names = byRevision.get(revision);
    if (!names) {
      const found: string[] = [];
      for (const [name, property] of base) {
        const other = revision.get(name);
        if (!other || !this.isSame(property, other)) found.push(name);
      }
      for (const name of revision.keys()) if (!base.has(name)) found.push(name);
      byRevision.set(revision, (names = found));
    }
    return names;
  }

  /**
   * `oneOf`/`anyOf` members pair up by schema name (or title), then in order. A schema that became
   * a union (or stopped being one) is compared with its namesake member, and the other members
   * are new (or gone). Its findings and comparisons are steps, after those before them.
   */
  private compareVariants(nodes: Both<SchemaNode>, views: Both<View>, walk: Walk, context: SchemaContext, origin: Origin, steps: Step[], compare: (b: SchemaNode, r: SchemaNode, walk: Walk) => void): void {
    // A union that became one schema must take, in requests, what each of its members took; a
    // member known by another name than the schema left is gone.
    if (walk.direction === 'request' && views.base.variants && !views.revision.variants) {
      const kept = memberKey(this.sides.revision, nodes.revision).name;
      for (const member of views.base.variants.members) {
        const name = memberKey(this.sides.base, member).name;
        if (name !== undefined && kept !== undefined && name !== kept) steps.push(() => this.call('variant', { base: member }, context, origin));
        else compare(member, nodes.revision, { ...walk, inUnion: true });
      }
      return;
    }
    // A schema that became a union in responses: the old schema said what clients get, each member
    // now says what one kind of value holds. Unless the old schema is one of the members by name
    // (the others are then new), each member is compared with it: one that admits what the old
    // schema did not breaks clients, a refinement of it does not.
    if (walk.direction === 'response' && !views.base.variants && views.revision.variants) {
      const was = memberKey(this.sides.base, nodes.base).name;
      const members = views.revision.variants.members;
      if (was === undefined || !members.some(m => memberKey(this.sides.revision, m).name === was)) {
        for (const member of members) compare(nodes.base, member, { ...walk, inUnion: true, split: true });
        return;
      }
    }
    const oneSided = !views.base.variants || !views.revision.variants;
    const members = pairVariants(
      (views.base.variants?.members ?? [nodes.base]).map(node => ({ node, key: memberKey(this.sides.base, node) })),
      (views.revision.variants?.members ?? [nodes.revision]).map(node => ({ node, key: memberKey(this.sides.revision, node) })),
      oneSided,
    );
    for (const [bm, rm] of members) {
      if (bm && rm) compare(bm, rm, oneSided ? { ...walk, inUnion: true } : walk);
      else steps.push(() => this.call('variant', { base: bm, revision: rm }, context, { ...origin, anchor: rm?.at ?? rm?.loc ?? views.revision.variants?.loc ?? views.revision.loc }));
    }
  }

  private schemaContext(walk: Walk): SchemaContext {
    const suffix = walk.root.startsWith('schema ') ? `of ${walk.root}` : `in ${walk.root}`;
    return {
      ...this.context,
      direction: walk.direction,
      label: walk.path === '' ? walk.root : `property "${walk.path}" ${suffix}`,
      inUnion: walk.inUnion === true,
      propertyLabel: name => `property "${walk.path === '' ? name : `${walk.path}.${name}`}" ${suffix}`,
    };
  }

  private call<K extends ListenerName>(name: K, pair: Parameters<NonNullable<DiffListeners[K]>>[0], context: Parameters<NonNullable<DiffListeners[K]>>[1], origin: Origin): void {
    const list = this.listeners.get(name);
    if (!list) return;
    for (const active of list) {
      const listener = active.rule.visit[name] as (p: typeof pair, c: typeof context) => ReturnType<NonNullable<DiffListeners[K]>>;
      for (const result of asList(listener(pair, context))) this.add(active, result, origin);
    }
  }

  private add(active: ActiveRule, result: DiffResult, origin: Origin): void {
    let severity = active.severity;
    let message = result.message;
    if (result.severity && SEVERITY_RANK[result.severity] > SEVERITY_RANK[severity]) severity = result.severity;
    // A new media type version is how the guideline makes an incompatible change (9.4).
    if (origin.newVersion && SEVERITY_RANK[severity] < SEVERITY_RANK.info) {
      severity = 'info';
      message = `${message} (In media type version ${origin.newVersion.to ?? 'without a version'}, which replaces ${origin.newVersion.from ?? 'the unversioned one'}: a new version, chosen by content negotiation.)`;
    }
    const anchor = result.side === 'revision' ? result.loc : origin.anchor;
    const key = `${active.rule.id}\u0000${result.side}\u0000${result.loc.file}\u0000${result.loc.path.join('\u0000')}\u0000${message}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { ruleId: active.rule.id, severity, message, side: result.side, loc: result.loc, anchor, operations: new Set(), pairs: new Set() };
      this.entries.set(key, entry);
    }
    for (const op of origin.operations ?? []) entry.operations.add(op);
    if (origin.pair) entry.pairs.add(origin.pair);
  }

  private findings(): DiffFinding[] {
    const entries = [...this.entries.values()];
    const reaching = operationsAbove(this.parents, entries.flatMap(entry => [...entry.pairs]));
    return entries.map(({ operations, pairs, ...rest }) => {
      const all = new Set(operations);
      for (const pair of pairs) for (const op of reaching.get(pair)!) all.add(op);
      return { ...rest, operations: [...all].sort((a, b) => (this.order.get(a) ?? 0) - (this.order.get(b) ?? 0)) };
    });
  }
}

/**
 * The operations above each pair of `starts`: those reached through `parents`, up from parent
 * to parent, where a parent `op:<operation>` is an operation (and has none above it). Each pair
 * above the starts is read once, component by component: a component's operations are its
 * members' own and those of the components above it, which finish first. A component with one
 * component above it and no operation of its own shares that component's set. (Walked from each
 * pair afresh, a chain of n schemas cost n², and n schemas that refer round in a ring each
 * walked all n.)
 */
export function operationsAbove(parents: ReadonlyMap<string, ReadonlySet<string>>, starts: readonly string[]): Map<string, ReadonlySet<string>> {
  const above = new Map<string, ReadonlySet<string>>();
  const none: ReadonlySet<string> = new Set();
  const pairsAbove = (pair: string) => [...(parents.get(pair) ?? none)].filter(parent => !parent.startsWith('op:'));
  forEachComponent(starts, pairsAbove, members => {
    const own = new Set<string>();
    const upper = new Set<ReadonlySet<string>>();
    for (const m of members) {
      for (const parent of parents.get(m) ?? none) {
        if (parent.startsWith('op:')) own.add(parent.slice(3));
        else {
          // A member of this component has no set yet; the components above have theirs.
          const set = above.get(parent);
          if (set) upper.add(set);
        }
      }
    }
    let ops: ReadonlySet<string>;
    if (own.size === 0 && upper.size <= 1) ops = upper.size === 0 ? none : [...upper][0]!;
    else {
      for (const set of upper) for (const op of set) own.add(op);
      ops = own;
    }
    for (const m of members) above.set(m, ops);
  });
  return above;
}

const asList = (result: DiffResult[] | DiffResult | undefined | void): DiffResult[] => (result === undefined ? [] : Array.isArray(result) ? result : [result]);

/** `names`, all of them in `properties`, in the order it lists them. */
function inOrder(names: string[], properties: ReadonlyMap<string, PropertyView>): string[] {
  if (names.length < 2) return names;
  const layers = layersOf(properties);
  const place = new Map<string, [number, number]>();
  for (const name of names) {
    const k = properties instanceof MergedProperties ? properties.firstLayer(name) : 0;
    place.set(name, [k, indexIn(layers[k]!, name)]);
  }
  return names.sort((x, y) => {
    const [a, b] = [place.get(x)!, place.get(y)!];
    return a[0] - b[0] || a[1] - b[1];
  });
}

/** Each map's keys by their place in it, made once per map (a base that n schemas extend is one map). */
const indexes = new WeakMap<object, Map<string, number>>();
function indexIn(layer: ReadonlyMap<string, unknown>, name: string): number {
  let index = indexes.get(layer);
  if (!index) {
    index = new Map();
    for (const key of layer.keys()) index.set(key, index.size);
    indexes.set(layer, index);
  }
  return index.get(name)!;
}

/** Keys of the first map in its order, then the second's that the first lacks. */
function union<K>(first: ReadonlyMap<K, unknown>, second: ReadonlyMap<K, unknown>): K[] {
  const out = [...first.keys()];
  for (const key of second.keys()) if (!first.has(key)) out.push(key);
  return out;
}

const child = (walk: Walk, name: string): Walk => ({ ...walk, inUnion: false, split: false, path: walk.path === '' ? name : name === '[]' ? `${walk.path}[]` : `${walk.path}.${name}` });

/** Clients send no read-only properties and receive no write-only ones. */
function visible<T extends { readOnly: boolean; writeOnly: boolean }>(property: T | undefined, direction: Direction): T | undefined {
  if (!property) return undefined;
  return (direction === 'request' && property.readOnly) || (direction === 'response' && property.writeOnly) ? undefined : property;
}

/** Whether the two schemas can hold the same kind of value (an object, an array, ...): else their insides are not compared. */
function sameShape(base: View, revision: View): boolean {
  const kinds = (view: View) => (view.types ? [...view.types].filter(t => t !== 'null').map(t => (t === 'integer' ? 'number' : t)) : []);
  const b = kinds(base);
  const r = kinds(revision);
  return b.length === 0 || r.length === 0 || b.some(t => r.includes(t));
}

/**
 * Parameters by key; a parameter that exists on one side only under another `in` with the same
 * name is paired with it (moved, not removed and added).
 */
function pairParameters(base: Map<string, ParameterModel>, revision: Map<string, ParameterModel>): [ParameterModel | undefined, ParameterModel | undefined][] {
  const out: [ParameterModel | undefined, ParameterModel | undefined][] = [];
  const movedFrom = new Map<string, string>();
  // The base's parameters the revision lacks, by name: each revision-only one is matched with the
  // first of its name in another place (searched in a list of them all, n renamed cost n²).
  const baseOnly = new Map<string, string[]>();
  for (const [key, b] of base) {
    if (revision.has(key)) continue;
    const name = b.name.toLowerCase();
    const list = baseOnly.get(name);
    if (list) list.push(key);
    else baseOnly.set(name, [key]);
  }
  for (const [key, r] of revision) {
    if (base.has(key)) continue;
    const match = baseOnly.get(r.name.toLowerCase())?.find(k => !movedFrom.has(k) && base.get(k)!.in !== r.in);
    if (match !== undefined) movedFrom.set(match, key);
  }
  const pairedRevision = new Set(movedFrom.values());
  for (const [key, r] of revision) {
    if (pairedRevision.has(key)) continue;
    out.push([base.get(key), r]);
  }
  for (const [key, b] of base) {
    if (revision.has(key)) continue;
    const moved = movedFrom.get(key);
    out.push([b, moved !== undefined ? revision.get(moved) : undefined]);
  }
  return out;
}

/** Responses by status; a status the revision now covers with a range (`2XX`) is compared with the range. */
function pairResponses(base: Map<string, ResponseModel>, revision: Map<string, ResponseModel>): [string, ResponseModel | undefined, ResponseModel | undefined][] {
  const out: [string, ResponseModel | undefined, ResponseModel | undefined][] = [];
  for (const [code, r] of revision) out.push([code, base.get(code), r]);
  for (const [code, b] of base) {
    if (revision.has(code)) continue;
    const range = /^\d/.test(code) ? revision.get(`${code[0]}XX`) : undefined;
    out.push([code, b, range]);
  }
  return out;
}

/**
 * Media types: the same name; else the same type and subtype (a `version` or `charset` parameter
 * changed), one to one.
 */
function pairMediaTypes(base: Map<string, MediaTypeModel>, revision: Map<string, MediaTypeModel>): [MediaTypeModel | undefined, MediaTypeModel | undefined][] {
  const normal = (m: MediaTypeModel) => m.name.replace(/\s+/g, '').toLowerCase();
  // The base's media types not paired yet, in order, by a key: the first of a key is taken.
  const taken = new Set<MediaTypeModel>();
  const byKey = (key: (m: MediaTypeModel) => string): Map<string, MediaTypeModel[]> => {
    const out = new Map<string, MediaTypeModel[]>();
    for (const b of base.values()) {
      if (taken.has(b)) continue;
      const k = key(b);
      const list = out.get(k);
      if (list) list.push(b);
      else out.set(k, [b]);
    }
    return out;
  };
  const takeFirst = (lists: Map<string, MediaTypeModel[]>, k: string): MediaTypeModel | undefined => {
    const b = lists.get(k)?.shift();
    if (b) taken.add(b);
    return b;
  };
  const out: [MediaTypeModel | undefined, MediaTypeModel | undefined][] = [];
  const unmatched: MediaTypeModel[] = [];
  const byName = byKey(normal);
  for (const r of revision.values()) {
    const b = takeFirst(byName, normal(r));
    if (b) out.push([b, r]);
    else unmatched.push(r);
  }
  const byEssence = byKey(m => m.essence);
  for (const r of unmatched) out.push([takeFirst(byEssence, r.essence), r]);
  for (const b of base.values()) if (!taken.has(b)) out.push([b, undefined]);
  return out;
}

/**
 * What identifies a `oneOf`/`anyOf` member across versions: its schema name or title; for an
 * `allOf` of named schemas, their names; for a plain value, its type; else the properties whose
 * value is fixed (a discriminator such as `type: {enum: [workflows]}`); else its property names
 * (paired by overlap). `detail` (memberDetail) tells apart members of one name or of one set of
 * property names.
 */
interface MemberKey {
  name?: string;
  detail?: string;
  properties: ReadonlySet<string>;
}

function memberKey(side: Side, node: SchemaNode, depth = 0): MemberKey {
  // A member that is a oneOf of itself (through a $ref) has no key to find.
  if (depth > 8) return { properties: new Set() };
  // `oneOf: [{$ref: Card}]` (with or without a null member) is Card.
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const list = (node.value as Record<string, unknown> | null)?.[kind];
    if (!Array.isArray(list) || (node.value as Record<string, unknown>).properties !== undefined) continue;
    const members = list.map((_, i) => side.schema(node, kind, i)!).filter(m => !isNullOnly(m.value));
    if (members.length === 1) return memberKey(side, members[0]!, depth + 1);
  }
  const view = schemaView(side, node);
  const properties = new Set(view.properties.keys());
  const name = memberName(side, node, view, properties);
  return { ...(name === undefined ? {} : { name }), detail: memberDetail(side, view, 0), properties };
}

function memberName(side: Side, node: SchemaNode, view: View, properties: ReadonlySet<string>): string | undefined {
  const [section, key] = node.loc.path.slice(-2);
  const value = node.value as { title?: unknown; allOf?: unknown } | null;
  if ((section === 'schemas' || section === 'definitions') && key !== undefined) return `#${String(key)}`;
  if (typeof value?.title === 'string') return `title ${value.title}`;
  if (Array.isArray(value?.allOf)) {
    const names = value.allOf.flatMap((_, i) => {
      const member = side.schema(node, 'allOf', i);
      const [s2, k2] = member?.loc.path.slice(-2) ?? [];
      return s2 === 'schemas' || s2 === 'definitions' ? [String(k2)] : [];
    });
    if (names.length > 0) return `allOf ${names.sort().join('+')}`;
  }
  const types = [...(view.types ?? [])].filter(t => t !== 'null');
  if (properties.size === 0 && types.length === 1 && types[0] !== 'object') return `type ${types[0]}`;
  const fixed = [...view.properties.values()].flatMap(p => {
    const values = schemaView(side, p.schema).enum?.value;
    return values?.length === 1 ? [`${p.name}=${JSON.stringify(values[0])}`] : [];
  });
  return fixed.length > 0 ? `fixed ${fixed.sort().join(',')}` : undefined;
}

/**
 * What tells apart members of one name or of one set of property names: the types, an enum or a
 * format, an array's items, and an object's properties with theirs (one level: a string with an
 * enum is not a free string, `labels: [string]` is not `labels: [object]`). A named schema is its name.
 */
function memberDetail(side: Side, view: View, depth: number): string {
  if (depth > 0 && view.component !== undefined) return `#${view.component}`;
  const types = [...(view.types ?? [])].filter(t => t !== 'null').sort().join('|');
  let out = `${types}${view.enum ? ' enum' : ''}${view.format ? ` ${view.format.value}` : ''}`;
  if (depth >= 3) return out;
  if (view.items) out += `[${memberDetail(side, schemaView(side, view.items), depth + 1)}]`;
  if (depth === 0 && view.properties.size > 0) {
    const shapes = [...view.properties.values()].map(p => `${p.name}:${memberDetail(side, schemaView(side, p.schema), depth + 1)}`);
    out += `{${shapes.sort().join(',')}}`;
  }
  return out;
}

export type Member = { node: SchemaNode; key: MemberKey };

/**
 * `oneOf`/`anyOf` members paired: by name and detail (memberKey), then by name alone, then by the
 * overlap of their property names (at least half of the smaller one's; between equal overlaps, the
 * closer in size), then (unless `byName`) the rest in order when as many remain on both sides.
 * Unless `byName`, a member whose name finds no partner is paired by its properties too: a `$ref`
 * inlined, or an inline member moved into a component, is the member it was.
 *
 * A union of n members takes time that follows n and the members' property names: a name finds
 * its base member in a map, and a nameless member counts what it shares with each base member
 * through the base members that hold each of its properties (members that share nothing are never
 * looked at).
 */
export function pairVariants(base: Member[], revision: Member[], byName: boolean): [SchemaNode | undefined, SchemaNode | undefined][] {
  const out: [SchemaNode | undefined, SchemaNode | undefined][] = [];
  const taken = new Uint8Array(base.length);
  // The base members of each name, and of each name and detail, in order, with where the first
  // left may be: the members before it are taken.
  const named = new Map<string, { at: number; members: number[] }>();
  const detailed = new Map<string, { at: number; members: number[] }>();
  const list = (lists: Map<string, { at: number; members: number[] }>, k: string, i: number) => {
    const same = lists.get(k);
    if (same) same.members.push(i);
    else lists.set(k, { at: 0, members: [i] });
  };
  const firstLeft = (same: { at: number; members: number[] } | undefined): number | undefined => {
    if (!same) return undefined;
    while (same.at < same.members.length && taken[same.members[same.at]!]) same.at++;
    return same.members[same.at];
  };
  const detailKey = (key: MemberKey) => `${key.name}\u0000${key.detail ?? ''}`;
  // The base members that hold each property name (only the nameless ones where names decide).
  const holders = new Map<string, number[]>();
  base.forEach(({ key }, i) => {
    if (key.name !== undefined) {
      list(named, key.name, i);
      list(detailed, detailKey(key), i);
    }
    if (key.name === undefined || !byName) {
      for (const p of key.properties) {
        const list = holders.get(p);
        if (list) list.push(i);
        else holders.set(p, [i]);
      }
    }
  });
  // By name and detail, then by name alone: members of one type that changed places find
  // their own. The revision's members left, by their place in its list.
  const pairs: (number | undefined)[] = revision.map(r => {
    const i = r.key.name === undefined ? undefined : firstLeft(detailed.get(detailKey(r.key)));
    if (i !== undefined) taken[i] = 1;
    return i;
  });
  const rest: number[] = [];
  revision.forEach((r, place) => {
    const i = pairs[place] ?? (r.key.name === undefined ? undefined : firstLeft(named.get(r.key.name)));
    if (i !== undefined) {
      taken[i] = 1;
      out.push([base[i]!.node, r.node]);
    } else rest.push(place);
  });
  // The share of the smaller member's properties the other has too: a member that grew stays itself.
  const shared = new Uint32Array(base.length);
  const touched: number[] = [];
  const unmatched: Member[] = [];
  for (const place of rest) {
    const r = revision[place]!;
    if ((byName && r.key.name !== undefined) || r.key.properties.size === 0) {
      unmatched.push(r);
      continue;
    }
    for (const p of r.key.properties) {
      for (const i of holders.get(p) ?? []) {
        if (taken[i]) continue;
        if (shared[i] === 0) touched.push(i);
        shared[i] = shared[i]! + 1;
      }
    }
    // The best overlap; between equals, the closer in size (a member that stayed as it was before
    // one that grew), then the one of the same detail, then the member at the same place in its
    // list, else the first.
    let best = -1;
    let score = 0.5;
    let closeness = 0;
    const sameDetail = (i: number) => base[i]!.key.detail === r.key.detail;
    for (const i of touched) {
      const ours = base[i]!.key.properties.size;
      const theirs = r.key.properties.size;
      const o = shared[i]! / Math.min(ours, theirs);
      const c = shared[i]! / Math.max(ours, theirs);
      shared[i] = 0;
      const tie = o === score && c === closeness;
      const before = best < 0 || (sameDetail(i) !== sameDetail(best) ? sameDetail(i) : best !== place && (i === place || i < best));
      if (o > score || (o === score && c > closeness) || (tie && before)) [best, score, closeness] = [i, o, c];
    }
    touched.length = 0;
    if (best >= 0) {
      taken[best] = 1;
      out.push([base[best]!.node, r.node]);
    } else unmatched.push(r);
  }
  const left = base.filter((_, i) => !taken[i]);
  // Renamed schemas: all that is left, in order, when as many are left on both sides.
  if (!byName && unmatched.length === left.length) {
    unmatched.forEach((r, i) => out.push([left[i]!.node, r.node]));
    return out;
  }
  for (const r of unmatched) out.push([undefined, r.node]);
  for (const b of left) out.push([b.node, undefined]);
  return out;
}
