// What an operation *is*: a collection read, a single-resource read, a batch, a create, a
// monitoring endpoint. Decided here, once, so that every rule classifies operations alike.
// Everything works on the `$ref`-resolved document, where a shared `$ref` target is one object:
// schema identity tells whether two operations talk about the same resource.
import {
  isJsonMediaType,
  isObject,
  isStreamMediaType,
  operations,
  parameters,
  requestBodies,
  responseBodies,
  responseHeaders,
  responses,
  sharedList,
  type Body,
  type Obj,
  type Operation,
  type Parameter,
} from './oas.js';
import { schemaTypes, unwrappedSchema } from './schemas.js';
import { stringList } from './options.js';
import { rememberByNode, rememberByString } from './remember.js';

/** Paths of infrastructure endpoints that are not part of the resource API. */
export const DEFAULT_MONITORING_PATHS: readonly string[] = ['/health', '/metrics', '/status', '/ping'];

/** The `monitoringPaths` option, shared by every rule that leaves monitoring endpoints out; `why` ends its description. */
export const monitoringPathsOption = (why: string) =>
  stringList(`Monitoring endpoints: a path ending with one of these (no parameter before it; /health also matches /v1/health), ${why}.`, { nonEmpty: true });

const segments = (path: string): string[] => path.split('/').filter(s => s !== '');
const isTemplate = (segment: string): boolean => /^\{[^}]*\}$/.test(segment);

/**
 * A monitoring endpoint: the path, without trailing parameters, ends with one of `paths` and has no
 * parameter before it. So `/health`, `/v1/health`, `/management/health/{check}` and, for the entry
 * `/actuator/health`, `/actuator/health` are monitoring; `/orders/{order_id}/status` (the status
 * of an order, a resource) is not. Case and a trailing slash are ignored; entries may omit the
 * leading slash.
 */
export function isMonitoringOperation(op: Operation, paths: readonly string[]): boolean {
  const own = segments(op.path.toLowerCase());
  while (own.length > 0 && isTemplate(own[own.length - 1]!)) own.pop();
  return paths.some(entry => {
    const tail = segments(entry.toLowerCase());
    if (tail.length === 0 || tail.length > own.length) return false;
    const head = own.slice(0, own.length - tail.length);
    return own.slice(head.length).join('/') === tail.join('/') && !head.some(isTemplate);
  });
}

/** 3.1 webhooks are requests the API sends, not endpoints it serves. */
export const isWebhook = (op: Operation): boolean => op.jsonPath[0] === 'webhooks';

/** The endpoints the API serves: `paths` operations (webhooks left out). */
export const apiOperations = (root: unknown): Operation[] => operations(root).filter(op => !isWebhook(op));

/** `pageSize`, `page-size`, `Page_Size` → `page_size`: names compared by meaning, not style. */
// Rules ask for the same few names (every operation's headers, for several rules): remembered.
export const normalizeName = rememberByString(
  (name: string): string =>
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
      .toLowerCase(),
  10_000,
);

const parametersInCache = new Map<string, WeakMap<Operation, readonly (Parameter & { name: string })[]>>();

/**
 * The operation's parameters in `location` (`query`, `header`, ...), with their normalized names.
 * Rules ask for an operation's headers many times (each header looked up, by several rules): listed
 * once per operation and location, and shared frozen.
 */
export function parametersIn(op: Operation, location: string): (Parameter & { name: string })[] {
  let cache = parametersInCache.get(location);
  if (!cache) parametersInCache.set(location, (cache = new WeakMap()));
  return sharedList(cache, op, () => {
    const list: (Parameter & { name: string })[] = [];
    for (const p of parameters(op)) {
      if (p.parameter.in === location && typeof p.parameter.name === 'string') list.push(Object.freeze({ ...p, name: normalizeName(p.parameter.name) }));
    }
    return list;
  });
}

/** The flow id request header every operation accepts (guideline 4, headers). */
export const FLOW_ID_HEADER = 'X-Flow-ID';

/** The request header parameter named `name` (compared case-insensitively), if the operation accepts it. */
export function headerParameter(op: Operation, name: string): Parameter | undefined {
  const normalized = normalizeName(name);
  return parametersIn(op, 'header').find(p => p.name === normalized);
}

export const isSuccessCode = (code: string): boolean => /^2(?:\d\d|XX)$/i.test(code);

/** The JSON bodies with a schema of a list of bodies (a shared response's list is read once). */
const jsonSchemaBodies = rememberByNode((bodies): readonly Body[] => jsonBodies(bodies).filter(b => isObject(b.schema)), []);

/** JSON bodies of the operation's 2xx responses. */
function successBodies(root: unknown, op: Operation): readonly Body[] {
  return responses(op)
    .filter(r => isSuccessCode(r.code))
    .flatMap(r => jsonSchemaBodies(responseBodies(root, op, r.response, r.jsonPath)));
}

/** Some body of the list has a streaming media type (a shared response's list is read once). */
const hasStreamBody = rememberByNode(bodies => (bodies as readonly Body[]).some(b => isStreamMediaType(b.mediaType)), false);

/**
 * The parts every instance of a schema also is: its `allOf` parts, and the one alternative of a
 * `oneOf` or `anyOf` of one (`nullable: true, oneOf: [{$ref: Page}]`, a 3.0 way to make a `$ref`
 * nullable, is a Page).
 */
function wholeParts(schema: Obj): readonly unknown[] {
  const allOf = Array.isArray(schema.allOf) ? (schema.allOf as unknown[]) : NO_PARTS;
  const { oneOf, anyOf } = schema;
  const one = Array.isArray(oneOf) && oneOf.length === 1;
  const any = Array.isArray(anyOf) && anyOf.length === 1;
  // Most schemas have no alternative of one: their allOf list as it is, not a copy.
  return one || any ? [...allOf, ...(one ? oneOf : []), ...(any ? anyOf : [])] : allOf;
}

const NO_PARTS: readonly unknown[] = [];

/**
 * The `properties` objects of a schema and its whole parts (wholeParts), as a reader merges them into one
 * object: parts first, in order, each part once, then the schema's own; a later one's property
 * replaces an earlier one's of the same name. The questions asked of the merged object are answered
 * from this list, and from answers kept per `properties` object, without copying the merged
 * object: n schemas that each extend one base of n properties copied n² properties. Made once per
 * schema: operations share bodies, and bodies share `allOf` parts.
 */
const propertyLayers: (schema: unknown) => readonly Obj[] = rememberByNode(layersOf, []);

function layersOf(schema: object): Obj[] {
  const out: Obj[] = [];
  const seen = new Set<object>();
  // Each part before the schema that includes it, parts in order; from a stack, not by recursion:
  // a chain of 12,800 schemas each extending the next overflowed the call stack.
  const stack: { schema: Obj; parts: readonly unknown[]; next: number }[] = [];
  const enter = (part: unknown) => {
    if (!isObject(part) || seen.has(part)) return;
    seen.add(part);
    stack.push({ schema: part, parts: wholeParts(part), next: 0 });
  };
  enter(schema);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.parts.length) {
      enter(top.parts[top.next++]);
      continue;
    }
    stack.pop();
    if (isObject(top.schema.properties)) out.push(top.schema.properties);
  }
  return out;
}

type Entry = readonly [name: string, schema: unknown];

const layerEntries = rememberByNode((properties): readonly Entry[] => Object.entries(properties), []);

/**
 * The merged object's properties, a layer's entries that no later layer replaces, layer by layer
 * (not in the merged object's order); `entriesOf` picks the entries of a layer that matter.
 */
export function* mergedProperties(schema: unknown, entriesOf: (properties: Obj) => readonly Entry[] = layerEntries): Generator<Entry> {
  const layers = propertyLayers(schema);
  for (let i = 0; i < layers.length; i++) {
    for (const entry of entriesOf(layers[i]!)) {
      let replaced = false;
      for (let j = i + 1; j < layers.length && !replaced; j++) replaced = Object.hasOwn(layers[j]!, entry[0]);
      if (!replaced) yield entry;
    }
  }
}

/** The one entry, if there is exactly one (read no further than a second). */
function sole<T>(entries: Iterable<T>): T | undefined {
  let found: T | undefined;
  let count = 0;
  for (const entry of entries) {
    if (++count > 1) return undefined;
    found = entry;
  }
  return found;
}

/** The merged object's one property, if it has exactly one. */
const soleProperty = (schema: unknown): Entry | undefined => sole(mergedProperties(schema));

/**
 * The array a schema describes: the schema itself (typed `array`, or untyped with `items`), or
 * a whole part (wholeParts) that is one, since every such part holds (`allOf: [{$ref: Orders}]`,
 * the 3.0 way to put a description beside a `$ref`, is Orders). The depth bound guards odd input.
 */
export function arraySchema(schema: unknown, depth = 0): Obj | undefined {
  if (!isObject(schema)) return undefined;
  if (schemaTypes(schema).includes('array') || (schema.type === undefined && isObject(schema.items))) return schema;
  if (schema.type !== undefined || depth > 8) return undefined;
  for (const part of wholeParts(schema)) {
    const array = arraySchema(part, depth + 1);
    if (array) return array;
  }
  return undefined;
}

export const isArraySchema = (schema: unknown): boolean => arraySchema(schema) !== undefined;

/**
 * An object schema (typed, with properties, or composed of objects): the shape of a resource. The
 * parts are searched from a stack, each once: a chain of parts, or a cycle of them, overflowed the
 * call stack.
 */
const isObjectSchema = rememberByNode(composesObject, false);

function composesObject(schema: object): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const s = stack.pop();
    if (!isObject(s) || seen.has(s)) continue;
    seen.add(s);
    const types = schemaTypes(s);
    if (types.length > 0) {
      if (types.includes('object')) return true;
      continue;
    }
    if (isObject(s.properties) || isObject(s.additionalProperties)) return true;
    const parts = [s.allOf, s.oneOf, s.anyOf].find(Array.isArray) as unknown[] | undefined;
    if (parts) for (const part of parts) stack.push(part);
  }
  return false;
}

const layerArrays = rememberByNode((properties): readonly Entry[] => layerEntries(properties).filter(([, s]) => isArraySchema(s)), []);
const layerObjectArrays = rememberByNode(
  (properties): readonly Entry[] => layerArrays(properties).filter(([, s]) => isObjectSchema(arraySchema(s)!.items)),
  [],
);

/** The one array property of an object schema, if it has exactly one. */
function soleArrayProperty(schema: unknown): { name: string; schema: Obj } | undefined {
  const array = sole(mergedProperties(schema, layerArrays));
  return array && { name: array[0], schema: arraySchema(array[1])! };
}

/** Some property of the object schema is an array (a multi-status body holds one). */
export const hasArrayProperty = (schema: unknown): boolean => !mergedProperties(schema, layerArrays).next().done;

/** Some property of the object schema is an array of objects. */
const hasObjectArrayProperty = (schema: unknown): boolean => !mergedProperties(schema, layerObjectArrays).next().done;

const lastSegment = (path: string): string | undefined => segments(path).filter(s => !isTemplate(s)).at(-1);
const endsWithParameter = (path: string): boolean => isTemplate(segments(path).at(-1) ?? '');

/** Generic names of a page object's array. */
const PAGE_ARRAY_NAMES = new Set(['items', 'data', 'results', 'content', 'entries', 'elements', 'records']);
/** Objects that group a page's links or paging metadata (`links: {pages: {next}}` nests two). */
const LINK_CONTAINERS = new Set(['_links', 'links', '_meta', 'meta', 'paging', 'pagination', 'pages']);
/** Fields that lead to the next page: a link or a cursor. */
const NEXT_PAGE_FIELDS = new Set(['next', 'next_cursor', 'next_page', 'next_page_token', 'next_token', 'next_uri', 'next_url', 'next_link', 'next_href', 'cursor']);

/** A layer names a field that leads to the next page. */
const namesNextPage = rememberByNode(properties => Object.keys(properties).some(k => NEXT_PAGE_FIELDS.has(normalizeName(k))), false);
const layerLinkContainers = rememberByNode((properties): readonly Entry[] => layerEntries(properties).filter(([k]) => LINK_CONTAINERS.has(k.toLowerCase())), []);

/**
 * A page object's fields, or those of its link containers (`_links`, `links`, `_meta`, ...; two
 * deep for `links: {pages: {next}}`), name a next link or a cursor.
 */
function leadsToNextPage(schema: unknown, depth: number): boolean {
  if (propertyLayers(schema).some(namesNextPage)) return true;
  if (depth === 2) return false;
  for (const [, container] of mergedProperties(schema, layerLinkContainers)) if (leadsToNextPage(container, depth + 1)) return true;
  return false;
}

/** The page object leads to the next page (a `next` link or a cursor). */
export const hasNextPageField = rememberByNode(schema => leadsToNextPage(schema, 0), false);

export type CollectionResponse = {
  /** The 2xx JSON body that carries the collection. */
  body: Body;
  /** Schema of one item. */
  item: unknown;
} & (
  | { kind: 'array' } // a bare array of resources
  | { kind: 'page'; arrayName: string } // a page object and the name of its one array property
);

/**
 * Streams are not pages: a streaming media type (`application/x-json-stream`, `application/x-ndjson`,
 * `text/event-stream`) or `stream_*` parameters (a stream declared as plain JSON).
 */
function isStreaming(root: unknown, op: Operation): boolean {
  if (responses(op).some(r => hasStreamBody(responseBodies(root, op, r.response, r.jsonPath)))) return true;
  return parameters(op).some(p => typeof p.parameter.name === 'string' && normalizeName(p.parameter.name).split('_').includes('stream'));
}

// Segments that name a report about a resource (`/subscriptions/{id}/stats`): figures computed
// per call, a fixed set of rows, not a collection that grows.
const REPORT_WORDS = new Set(['stats', 'statistics', 'metrics', 'summary', 'totals', 'counts', 'usage', 'analytics', 'insights']);

const collectionCache = new WeakMap<Operation, CollectionResponse | null>();

/**
 * A GET that lists a collection: its path ends with a resource name, not a parameter or a report
 * (`stats`, `metrics`, ...), and a 2xx JSON body is an array of objects, or a page object: an object
 * with exactly one array property that holds objects and is named `items` (or `data`, `results`,
 * ...) or after the path (`/merchants` → `merchants`), or that sits beside a `next` link or cursor.
 * Streams are not collections.
 */
export function collectionResponse(root: unknown, op: Operation): CollectionResponse | undefined {
  // Five rules and the classification of POSTs ask about the same operations.
  let collection = collectionCache.get(op);
  if (collection === undefined) collectionCache.set(op, (collection = findCollection(root, op) ?? null));
  return collection ?? undefined;
}

function findCollection(root: unknown, op: Operation): CollectionResponse | undefined {
  if (op.method !== 'get' || isWebhook(op) || endsWithParameter(op.path) || isStreaming(root, op)) return undefined;
  const resource = lastSegment(op.path);
  if (resource !== undefined && REPORT_WORDS.has(normalizeName(resource).split('_').at(-1)!)) return undefined;
  for (const body of successBodies(root, op)) {
    const list = arraySchema(body.schema);
    if (list) {
      if (isObjectSchema(list.items)) return { body, kind: 'array', item: list.items };
      continue;
    }
    const array = soleArrayProperty(body.schema);
    if (!array) continue;
    const name = normalizeName(array.name);
    const named = PAGE_ARRAY_NAMES.has(name) || (resource !== undefined && name === normalizeName(resource));
    // A name alone marks a list of resources (objects); a next link marks a page of anything.
    if ((named && isObjectSchema(array.schema.items)) || hasNextPageField(body.schema)) {
      return { body, kind: 'page', arrayName: array.name, item: array.schema.items };
    }
  }
  return undefined;
}

/** A GET of one resource: the path ends with its identifier and a 2xx JSON body is an object. */
export const isSingleResourceGet = (root: unknown, op: Operation): boolean =>
  op.method === 'get' && !isWebhook(op) && endsWithParameter(op.path) && successBodies(root, op).some(b => isObjectSchema(b.schema));

/**
 * The array a bulk-shaped request body carries: the body itself, or the main property of a wrapper
 * object (named `items`, or the object's only property), also inside a `{data: {...}}`-style
 * envelope. An object that merely has an array among its fields (an order with its lines) is one
 * resource, not a bulk request.
 */
function bulkArray(schema: unknown, depth = 0): Obj | undefined {
  const list = arraySchema(schema);
  if (list) return list;
  const sole = soleProperty(schema);
  const array = soleArrayProperty(schema);
  if (array && (array.name === 'items' || sole)) return array.schema;
  return depth === 0 && sole ? bulkArray(sole[1], 1) : undefined;
}

/** The JSON ones of a list of bodies (a shared request body's list is read once). */
const jsonBodies = rememberByNode((bodies): readonly Body[] => (bodies as readonly Body[]).filter(b => isJsonMediaType(b.mediaType)), []);
/** JSON request bodies of the operation. */
const jsonRequestBodies = (root: unknown, op: Operation): readonly Body[] => jsonBodies(requestBodies(root, op));

/** The item schemas of bulk-shaped JSON bodies: arrays of objects (see bulkArray). */
const bulkItemsOf = rememberByNode(
  (bodies): readonly unknown[] =>
    (bodies as readonly Body[]).flatMap(b => {
      const array = bulkArray(b.schema);
      return array && isObjectSchema(array.items) ? [array.items] : [];
    }),
  [],
);
const bulkItems = (root: unknown, op: Operation): readonly unknown[] => bulkItemsOf(jsonRequestBodies(root, op));

const words = (name: string): string[] => normalizeName(name).split('_');

/**
 * Named as a batch, on a path that does not end with one resource's id: a batch endpoint (the last
 * segment says `batch` or `bulk`: `/batch`, `/orders/bulk`) sent without a body or with a bulk-shaped
 * one (a `bulk-list` of digests is a query), or a batch name (`/shipment-batches`,
 * `createShipmentBatch`) on a bulk-shaped body. A plural name alone is often a resource of its own
 * (batch jobs, `/batches/{batch_id}/cancel`), not a batch request.
 */
function namedBatch(root: unknown, op: Operation): boolean {
  if (endsWithParameter(op.path)) return false;
  const bulk = bulkItems(root, op).length > 0;
  const segment = words(lastSegment(op.path) ?? '');
  if ((segment.includes('batch') || segment.includes('bulk')) && (bulk || jsonRequestBodies(root, op).length === 0)) return true;
  const id = typeof op.operation.operationId === 'string' ? words(op.operation.operationId) : [];
  return bulk && [...segment, ...id].some(w => ['batch', 'batches', 'bulk'].includes(w));
}

const resourceCache = new WeakMap<object, Set<unknown>>();

/**
 * Resource schemas of the API (by identity): items of collections, bodies of single-resource reads,
 * and object bodies written by POST, PUT and PATCH (create and update payloads).
 */
function resourceSchemas(root: unknown): Set<unknown> {
  if (!isObject(root)) return new Set();
  let set = resourceCache.get(root);
  if (set) return set;
  set = new Set();
  // What wrappers stand for (unwrappedSchema), as bulk items are asked for (`allOf: [{$ref: Order}]` is Order).
  const add = (schema: unknown) => set!.add(unwrappedSchema(schema));
  for (const op of apiOperations(root)) {
    const collection = collectionResponse(root, op);
    if (collection) add(collection.item);
    if (isSingleResourceGet(root, op)) for (const b of successBodies(root, op)) add(b.schema);
    if (['post', 'put', 'patch'].includes(op.method)) {
      for (const b of requestBodies(root, op)) if (isObjectSchema(b.schema) && !isArraySchema(b.schema)) add(b.schema);
    }
  }
  resourceCache.set(root, set);
  return set;
}

const batchCache = new WeakMap<Operation, boolean>();

/**
 * A batch or bulk request: named so (see namedBatch; POST, PUT, PATCH or DELETE), or a POST whose
 * body is an array of the API's resources (or a wrapper object holding one, see bulkArray). An
 * array of other things (cursors to compare, queries) is a read with a payload, not a batch.
 */
export function isBatchOperation(root: unknown, op: Operation): boolean {
  // Asked of every operation by batch-207 (twice) and by the classification of POSTs.
  let batch = batchCache.get(op);
  if (batch === undefined) batchCache.set(op, (batch = findBatch(root, op)));
  return batch;
}

function findBatch(root: unknown, op: Operation): boolean {
  if (isWebhook(op) || !['post', 'put', 'patch', 'delete'].includes(op.method)) return false;
  if (namedBatch(root, op)) return true;
  if (op.method !== 'post') return false;
  // The API's resources (a walk of every operation) are only gathered for a POST of an array of objects.
  return bulkItems(root, op).some(item => resourceSchemas(root).has(unwrappedSchema(item)));
}

/**
 * Sends many things at once (a batch, or a JSON body that is or holds an array of objects among its
 * fields): where a 207 for partial success can make sense.
 */
export function isBulkShaped(root: unknown, op: Operation): boolean {
  if (isBatchOperation(root, op)) return true;
  return !isWebhook(op) && jsonRequestBodies(root, op).some(b => isObjectSchema(arraySchema(b.schema)?.items) || hasObjectArrayProperty(b.schema));
}

/** A 2xx response of `op` declares a `Location` header. */
const declaresLocation = (op: Operation): boolean => responses(op).some(r => isSuccessCode(r.code) && responseHeaders(r.response).has('location'));

/**
 * A POST that creates a resource: it answers 201 or a `Location`, or it posts an object to a path
 * that lists a collection (GET on the same path) and answers with an object (the new resource; a
 * bodyless 204 is a command such as a toggle). Batches and monitoring endpoints are not creates.
 */
export function isCreatingPost(root: unknown, op: Operation): boolean {
  if (op.method !== 'post' || isWebhook(op) || isBatchOperation(root, op) || isMonitoringOperation(op, DEFAULT_MONITORING_PATHS)) return false;
  if (responses(op).some(r => r.code === '201') || declaresLocation(op)) return true;
  const get = op.pathItem.get;
  if (!isObject(get)) return false;
  const listing: Operation = { ...op, method: 'get', operation: get, jsonPath: [...op.jsonPath.slice(0, -1), 'get'] };
  const postsObject = requestBodies(root, op).some(b => isObjectSchema(b.schema) && !isArraySchema(b.schema));
  return postsObject && successBodies(root, op).some(b => isObjectSchema(b.schema)) && collectionResponse(root, listing) !== undefined;
}

/** Query parameters that select a page (cursors first; offset and page numbers still paginate). */
export const DEFAULT_CURSOR_PARAMETERS: readonly string[] = [
  'cursor', 'page_token', 'next_token', 'continuation_token', 'page_cursor', 'starting_after', 'ending_before',
  'after', 'before', 'marker', 'continue', 'offset', 'page', 'page_number', 'skip',
];
/** Query parameters that bound a page's size (look-alikes of `limit` included: query-conventional-names reports those). */
export const DEFAULT_LIMIT_PARAMETERS: readonly string[] = ['limit', 'page_size', 'per_page', 'size', 'max_results', 'max_items', 'count', 'top'];

export interface PaginationNames {
  cursorParameters: readonly string[];
  limitParameters: readonly string[];
}

export interface Pagination {
  /** A page-selecting query parameter (`cursor`, `offset`, ...). */
  cursorParameter: boolean;
  /** The page object leads to the next page (a `next` link or cursor, which carries the position). */
  nextLink: boolean;
  /** The read selects a page: by a parameter or by following the next link. */
  cursor: boolean;
  /** A page-size parameter (`limit`, ...). */
  limit: boolean;
  /** How many query parameters the read accepts at all. */
  queryParameters: number;
}

/**
 * How a collection read paginates. Names are compared normalized (`pageSize` = `page_size`).
 */
export function pagination(op: Operation, collection: CollectionResponse, names: PaginationNames): Pagination {
  const query = new Set(parametersIn(op, 'query').map(p => p.name));
  const accepts = (list: readonly string[]) => list.some(n => query.has(normalizeName(n)));
  const cursorParameter = accepts(names.cursorParameters);
  const nextLink = collection.kind === 'page' && hasNextPageField(collection.body.schema);
  return { cursorParameter, nextLink, cursor: cursorParameter || nextLink, limit: accepts(names.limitParameters), queryParameters: query.size };
}
