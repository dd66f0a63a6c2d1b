// The factory of diff rules (`apilint diff`): each rule is one `defineDiffRule({...})` call holding
// its metadata, read by `apilint rules`, SARIF `rules[]`, the config and the docs generator like a
// lint rule's, beside listeners that the comparison (src/diff/compare.ts) calls for each matched
// pair of nodes of the two versions. Both versions are read into the version-neutral model below
// (src/diff/model.ts), so a rule never sees whether a side was Swagger 2.0 or OpenAPI 3.x.
import type { JsonPath } from '@stoplight/types';
import type { Severity } from '../src/core/severity.js';
import type { RuleIdentity } from './rule.js';

export type { Severity };

/** A node of one version: the file that holds it (absolute) and its JSON path in that file. */
export interface Loc {
  file: string;
  path: JsonPath;
}

export interface Located {
  loc: Loc;
}

/** A value as written, and where. */
export interface Keyword<T> extends Located {
  value: T;
}

export type Side = 'base' | 'revision';

/**
 * Who sends the data: `request` is what the client sends, `response` what it receives. Webhooks
 * and callbacks are sent by the API, so their requests are `response` and their responses `request`.
 */
export type Direction = 'request' | 'response';

/** A node in one version or both; neither side missing means matched. */
export interface Pair<T> {
  base?: T;
  revision?: T;
}

export interface Both<T> {
  base: T;
  revision: T;
}

export interface Deprecation {
  deprecated: boolean;
  /** `x-sunset`, as written. */
  sunset?: Keyword<unknown>;
}

export interface DocumentModel extends Located {
  /** `2.0`, `3.0.3`, `3.1.0`. */
  version: string;
  infoVersion?: Keyword<string>;
  servers: ServerModel[];
  /** By path template as written, with the base path in front (`/v1/orders/{order_id}`); src/diff/model.ts pairs them. */
  paths: Map<string, PathModel>;
  /** 3.1 webhooks, by name. */
  webhooks: Map<string, PathModel>;
}

export interface ServerModel extends Located {
  url: string;
  /** `https://api.example.com`, or `` for a relative URL. */
  origin: string;
}

export interface PathModel extends Located {
  /** The template as written (with the base path in front), or the webhook's name. */
  name: string;
  /** A 3.1 webhook: the API sends its requests. */
  webhook: boolean;
  operations: Map<string, OperationModel>;
}

export interface OperationModel extends Located, Deprecation {
  /** `GET /orders/{order_id}`: how messages and reports name an operation. */
  name: string;
  method: string;
  /** Webhooks and callbacks: the API sends the request and the client answers. */
  reversed: boolean;
  operationId?: Keyword<string>;
  summary?: Keyword<string>;
  description?: Keyword<string>;
  /** Parameters in effect, by `in:name` (headers by lower-case name, path parameters by position). */
  parameters: Map<string, ParameterModel>;
  requestBody?: RequestBodyModel;
  responses: Map<string, ResponseModel>;
  security: SecurityModel;
  /** Callback operations, by `callback name expression METHOD`. */
  callbacks: Map<string, OperationModel>;
}

export interface ParameterModel extends Located, Deprecation {
  name: string;
  in: string;
  required: boolean;
  /** How values go on the wire: `multi` (repeated), `csv`, `ssv`, `tsv`, `pipes`, `deepObject`, `label`, `matrix`, ... */
  serialization: Keyword<string>;
  schema?: SchemaNode;
  description?: Keyword<string>;
  /** Form fields (2.0 `formData`, 3.x form bodies) are compared as parameters `in: formData`. */
  formField: boolean;
  /** What its schema holds: only arrays and objects are serialized differently by style. */
  valueKind: 'array' | 'object' | 'scalar' | 'unknown';
}

/** A schema (or a Swagger 2.0 parameter or header, which is schema-like) with `$ref`s followed. */
export interface SchemaNode extends Located {
  value: unknown;
  /** Where it is used, when reached through a `$ref` (`loc` is where it is defined). */
  at?: Loc;
}

export interface MediaTypeModel extends Located {
  /** As written: `application/x.order+json;version=2`. */
  name: string;
  /** Type and subtype, lower case, without parameters. */
  essence: string;
  /** The `version` media type parameter (guideline 9.4). */
  version?: string;
  schema?: SchemaNode;
}

export interface RequestBodyModel extends Located {
  required: boolean;
  content: Map<string, MediaTypeModel>;
  description?: Keyword<string>;
}

export interface ResponseModel extends Located {
  code: string;
  headers: Map<string, HeaderModel>;
  content: Map<string, MediaTypeModel>;
  description?: Keyword<string>;
}

export interface HeaderModel extends Located, Deprecation {
  name: string;
  required: boolean;
  schema?: SchemaNode;
  description?: Keyword<string>;
}

/** One way to satisfy an operation's security: every scheme in it, each with its scopes. */
export interface SecurityAlternative {
  /** By a key that ignores the scheme's name (`oauth2`, `apiKey header x-api-key`, `http bearer`). */
  schemes: Map<string, { name: string; scopes: Set<string> }>;
}

export interface SecurityModel extends Located {
  /** Any one suffices; none: the operation is not secured (an empty alternative: anonymous access). */
  alternatives: SecurityAlternative[];
}

/** A schema seen through `allOf` (merged), with the keywords the rules compare. */
export interface SchemaView extends Located, Deprecation {
  /** JSON types it admits (`null` included when nullable); undefined: any. */
  types?: Set<string>;
  nullable: boolean;
  format?: Keyword<string>;
  /** A closed `enum`. */
  enum?: Keyword<unknown[]>;
  /** `x-extensible-enum`, or in 3.1 `examples` with a description starting "[Extensible enum]". */
  extensibleEnum?: Keyword<unknown[]>;
  constraints: Partial<Record<Constraint, Keyword<unknown>>>;
  /** By name, in the order they are declared (`allOf` members after the schema's own). */
  properties: ReadonlyMap<string, PropertyView>;
  /** `false`: no other properties; a schema: their schema; undefined: open. */
  additionalProperties?: false | SchemaNode;
  items?: SchemaNode;
  /** `oneOf` / `anyOf` members, `null`-only members left out (they make the view nullable). */
  variants?: { kind: 'oneOf' | 'anyOf'; members: SchemaNode[]; loc: Loc };
  default?: Keyword<unknown>;
  readOnly: boolean;
  writeOnly: boolean;
  /** The component's name when this is a named schema (`components.schemas` or `definitions`). */
  component?: string;
  description?: Keyword<string>;
}

export const CONSTRAINTS = [
  'maxLength', 'minLength', 'pattern', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties',
] as const;
export type Constraint = (typeof CONSTRAINTS)[number];

export interface PropertyView extends Located, Deprecation {
  name: string;
  /** The property's schema, `$ref`s followed; `loc` is the property's entry under `properties`. */
  schema: SchemaNode;
  required: boolean;
  /** Where `required` lists it, when it does. */
  requiredAt?: Loc;
  readOnly: boolean;
  writeOnly: boolean;
}

/** What every listener is given. */
export interface DiffContext {
  /** The run's date, `YYYY-MM-DD` (`--date`): sunsets are judged against it. */
  today: string;
  documents: Both<DocumentModel>;
  /** Whether the base deprecated the node with an `x-sunset` that has passed, so removing it is allowed. */
  sunsetPassed(node: Deprecation): boolean;
}

export interface OperationContext extends DiffContext {
  /** The matched operation, or the one that exists when the listener is about the operation itself. */
  operation: Pair<OperationModel>;
}

export interface ResponseContext extends OperationContext {
  code: string;
}

/** Where a media type or schema is met: who sends it and what holds it. */
export interface ContentContext extends OperationContext {
  direction: Direction;
  /** `the request body`, `the 200 response`, `parameter "limit"`, `response header "ETag"`. */
  holder: string;
  /** The response's status code, for response bodies and headers. */
  code?: string;
}

export interface SchemaContext extends DiffContext {
  direction: Direction;
  /**
   * How messages name the schema: `property "items[].status" of schema "Order"`,
   * `the 200 response body`, `parameter "limit"`. A schema shared by several operations is
   * compared once, so the label never names an operation.
   */
  label: string;
  /** The label of a property of this schema (`property "status" of schema "Order"`). */
  propertyLabel(name: string): string;
  /**
   * Comparing a `oneOf`/`anyOf` member with the schema of the other version that is no union:
   * whether null is allowed belongs to the union, which is compared on its own.
   */
  inUnion: boolean;
}

export interface DiffResult {
  message: string;
  /** The revision's node for changes and additions, the base's for removals. */
  side: Side;
  loc: Loc;
  /** Lower than the rule's severity for this finding (an error response, a passed sunset). */
  severity?: Severity;
}

type Listener<T, C> = (pair: T, context: C) => DiffResult[] | DiffResult | undefined | void;

export interface DiffListeners {
  document?: Listener<Both<DocumentModel>, DiffContext>;
  path?: Listener<Pair<PathModel>, DiffContext>;
  operation?: Listener<Pair<OperationModel>, OperationContext & { pathRemoved: boolean }>;
  parameter?: Listener<Pair<ParameterModel>, OperationContext>;
  requestBody?: Listener<Pair<RequestBodyModel>, OperationContext>;
  response?: Listener<Pair<ResponseModel>, ResponseContext>;
  mediaType?: Listener<Pair<MediaTypeModel>, ContentContext>;
  header?: Listener<Pair<HeaderModel>, ResponseContext>;
  security?: Listener<Both<SecurityModel>, OperationContext>;
  schema?: Listener<Both<SchemaView>, SchemaContext>;
  property?: Listener<Pair<PropertyView>, SchemaContext>;
  /** A `oneOf`/`anyOf` member on one side only. */
  variant?: Listener<Pair<SchemaNode>, SchemaContext>;
  /** After every other listener: the findings so far (after config and ignores), for judgements over the whole change. */
  finish?: (findings: readonly { ruleId: string; severity: Severity }[], context: DiffContext) => DiffResult[] | DiffResult | undefined | void;
}

export interface DiffRuleDefinition extends RuleIdentity {
  /** YAML fragments for the docs page: a base and a revision that the rule reports. */
  examples: { base: string; revision: string };
  visit: DiffListeners;
}

export type DiffRule = DiffRuleDefinition & { kind: 'diff' };

export const defineDiffRule = (rule: DiffRuleDefinition): DiffRule => ({ ...rule, kind: 'diff' });
