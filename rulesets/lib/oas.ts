// Version-neutral views of an OpenAPI document (2.0 and 3.x), shared by all rules so that each
// concept (operations, media types, parameters, response headers) is read one way everywhere.
import type { JsonPath } from '@stoplight/types';
import { rememberByNode, rememberByString } from './remember.js';

export type Obj = Record<string, unknown>;

export const isObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const isOas2 = (root: unknown): boolean => isObject(root) && root.swagger === '2.0';

/**
 * Whether a key of an object that holds both entries and extensions (the Paths, Responses and
 * Callback objects) is an extension (`x-…`), which is no path, status code or expression.
 */
export const isExtensionKey = (key: string | number): boolean => typeof key === 'string' && key.startsWith('x-');

/**
 * The entries of a `paths` or `webhooks` map that are path items: in `paths`, an `x-` key is an
 * extension; a webhook may have any name.
 */
/** Keys whose children are names chosen by the author (an `x-` child there is a name, not an extension). */
export const NAMED_MAPS: ReadonlySet<string> = new Set([
  'properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'schemas', 'parameters', 'responses',
  'requestBodies', 'headers', 'examples', 'securitySchemes', 'securityDefinitions', 'links', 'callbacks', 'pathItems',
  'variables', 'encoding', 'mediaTypes', 'webhooks',
]);

/** Fields whose value is literal data wherever they stand as a field (not as a name in a map). */
const LITERAL_FIELDS = new Set(['example', 'default', 'const', 'enum']);

const isIndex = (segment: string | number | undefined): boolean => typeof segment === 'number' || (typeof segment === 'string' && /^\d+$/.test(segment));

/**
 * Whether `path` runs through literal data: the value of an `example`, `default`, `const` or `enum`
 * field, a 3.1 schema's `examples` list, an Example Object's `value`, or a 2.0 response's
 * `examples`. A `$ref` there is data that shows a reference, not one (OpenAPI: "embedded literal
 * example"); Spectral's resolver follows it all the same (stoplightio/spectral#1310). A segment
 * after a map of names (`properties`, `responses`, ...) is a name, whatever it spells: a property
 * named `example` holds a schema.
 */
export function inLiteral(path: readonly (string | number)[], oas2: boolean): boolean {
  let name = false;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (name || typeof key !== 'string' || isIndex(key)) {
      name = false;
      continue;
    }
    if (LITERAL_FIELDS.has(key)) return true;
    if (key === 'examples' && (oas2 || isIndex(path[i + 1]))) return true;
    if (key === 'value' && path[i - 2] === 'examples') return true;
    name = NAMED_MAPS.has(key) || key === 'paths' || key === 'content';
  }
  return false;
}

export const pathItemEntries = (root: Obj, section: 'paths' | 'webhooks'): [string, unknown][] => {
  const items = root[section];
  if (!isObject(items)) return [];
  const entries = Object.entries(items);
  return section === 'paths' ? entries.filter(([key]) => !isExtensionKey(key)) : entries;
};

/**
 * Marks a finding about a mapping key (a property or header name, a path, a status code) rather
 * than its value. Spectral maps a path through `$ref`s to the referenced node; for a key whose
 * value is a `$ref` that would point at the target schema. src/lint/linter.ts maps paths ending
 * in this marker to the key in the document that holds it, and places the finding on the key
 * (or on the part of it that `part` names, such as one segment of a path).
 */
export const AT_KEY = '\u0000key';

/** A part of a key, by UTF-16 offset and length in the key's value. */
export interface KeyPart {
  offset: number;
  length: number;
}

export const atKey = (path: JsonPath, part?: KeyPart): JsonPath => [...path, part ? `${AT_KEY}${part.offset}:${part.length}` : AT_KEY];

/** What a path's last segment marks: not a key (undefined), the whole key (null), or a part of it. */
export function keyMark(segment: unknown): KeyPart | null | undefined {
  if (typeof segment !== 'string' || !segment.startsWith(AT_KEY)) return undefined;
  if (segment.length === AT_KEY.length) return null;
  const [offset, length] = segment.slice(AT_KEY.length).split(':').map(Number);
  return { offset: offset!, length: length! };
}

export interface Operation {
  path: string;
  method: HttpMethod;
  operation: Obj;
  pathItem: Obj;
  /** JSON path of the operation object. */
  jsonPath: JsonPath;
}

/**
 * A list computed once per key (a document, an operation, a response path) and shared by the
 * rules, frozen so that no rule can change it for the others.
 */
export function sharedList<K extends object, T>(cache: WeakMap<K, readonly T[]>, key: K, compute: () => T[]): T[] {
  let list = cache.get(key);
  if (!list) {
    list = Object.freeze(compute());
    cache.set(key, list);
  }
  return list as T[];
}

const operationCache = new WeakMap<object, readonly Operation[]>();

/**
 * Every operation of `paths` (and 3.1 `webhooks`), in document order. Most rules ask for them:
 * they are listed once per document and shared, frozen so that no rule can change them for the
 * others (the same goes for `parameters` and `responses` of an operation).
 */
export function operations(root: unknown): Operation[] {
  if (!isObject(root)) return [];
  return sharedList(operationCache, root, () => {
    const list: Operation[] = [];
    for (const section of ['paths', 'webhooks'] as const) {
      for (const [path, pathItem] of pathItemEntries(root, section)) {
        if (!isObject(pathItem)) continue;
        for (const method of HTTP_METHODS) {
          const operation = pathItem[method];
          if (isObject(operation)) list.push(Object.freeze({ path, method, operation, pathItem, jsonPath: Object.freeze([section, path, method]) as JsonPath }));
        }
      }
    }
    return list;
  });
}

/** `GET /orders`: how messages name an operation. */
export const operationName = (op: Operation): string => `${op.method.toUpperCase()} ${op.path}`;

export interface Parameter {
  parameter: Obj;
  jsonPath: JsonPath;
}

/** Parameters in effect for an operation: its own, then the path item's ones it does not override. */
const parameterCache = new WeakMap<Operation, readonly Parameter[]>();

export function parameters(op: Operation): Parameter[] {
  return sharedList(parameterCache, op, () => {
    const own = listParameters(op.operation.parameters, [...op.jsonPath, 'parameters']);
    const key = (p: Obj) => `${String(p.in)}:${String(p.name).toLowerCase()}`;
    const seen = new Set(own.map(p => key(p.parameter)));
    const inherited = listParameters(op.pathItem.parameters, [...op.jsonPath.slice(0, -1), 'parameters']).filter(
      p => !seen.has(key(p.parameter)),
    );
    return [...own, ...inherited].map(p => Object.freeze({ ...p, jsonPath: Object.freeze(p.jsonPath) as JsonPath }));
  });
}

function listParameters(list: unknown, base: JsonPath): Parameter[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((parameter, i) => (isObject(parameter) ? [{ parameter, jsonPath: [...base, i] }] : []));
}

const allParameterCache = new WeakMap<object, readonly Parameter[]>();

/**
 * Every parameter object of the document once: path items' and operations' lists, then
 * `components.parameters` (3.x) or `parameters` (2.0). A `$ref`'d parameter is one object in the
 * resolved document, so identity keeps it to its first use (which Spectral maps to its definition).
 * Six rules ask for it: listed once per document and shared, frozen as `parameters` is.
 */
export function allParameters(root: unknown): Parameter[] {
  if (!isObject(root)) return [];
  return sharedList(allParameterCache, root, () => {
    const seen = new Set<object>();
    const out: Parameter[] = [];
    const add = (list: Parameter[]) => {
      for (const p of list) {
        if (seen.has(p.parameter)) continue;
        seen.add(p.parameter);
        out.push(Object.freeze({ parameter: p.parameter, jsonPath: Object.freeze(p.jsonPath) as JsonPath }));
      }
    };
    for (const section of ['paths', 'webhooks'] as const) {
      for (const [path, item] of pathItemEntries(root, section)) {
        if (!isObject(item)) continue;
        add(listParameters(item.parameters, [section, path, 'parameters']));
        for (const method of HTTP_METHODS) {
          const op = item[method];
          if (isObject(op)) add(listParameters(op.parameters, [section, path, method, 'parameters']));
        }
      }
    }
    const named = (map: unknown, base: JsonPath): Parameter[] =>
      isObject(map) ? Object.entries(map).flatMap(([k, parameter]) => (isObject(parameter) ? [{ parameter, jsonPath: [...base, k] }] : [])) : [];
    add(named(isObject(root.components) ? root.components.parameters : undefined, ['components', 'parameters']));
    add(named(root.parameters, ['parameters']));
    return out;
  });
}

export interface Body {
  mediaType: string;
  /** The schema, if any. */
  schema: unknown;
  /** JSON path of the schema (or of the body holder when there is none). */
  jsonPath: JsonPath;
}

/**
 * The path of a response or request body defined in the document's components (3.x
 * `components.responses` and `components.requestBodies`), by the object: a `$ref`'d one is one
 * object that every operation using it reaches.
 */
const componentPaths = rememberByNode(root => {
  const paths = new Map<object, JsonPath>();
  const add = (map: unknown, base: JsonPath) => {
    if (isObject(map)) for (const [name, value] of Object.entries(map)) if (isObject(value) && !paths.has(value)) paths.set(value, Object.freeze([...base, name]) as JsonPath);
  };
  const components = (root as Obj).components;
  if (isObject(components)) {
    add(components.responses, ['components', 'responses']);
    add(components.requestBodies, ['components', 'requestBodies']);
  }
  return paths;
}, new Map<object, JsonPath>());

/** The bodies of a component's content, made once and shared by the operations that use it. */
const componentBodies = new WeakMap<object, readonly Body[]>();

/** Request bodies: 3.x `requestBody.content`, 2.0 `in: body` parameter with `consumes`. */
export function requestBodies(root: unknown, op: Operation): Body[] {
  if (isOas2(root)) {
    const body = parameters(op).find(p => p.parameter.in === 'body');
    if (!body) return [];
    const jsonPath = [...body.jsonPath, 'schema'];
    return bodyKinds(mediaTypes2(root, op.operation, 'consumes')).map(mediaType => ({ mediaType, schema: body.parameter.schema, jsonPath }));
  }
  const requestBody = op.operation.requestBody;
  if (!isObject(requestBody)) return [];
  const component = componentPaths(root).get(requestBody);
  if (component) return sharedList(componentBodies, requestBody, () => contentBodies(requestBody.content, [...component, 'content']));
  return contentBodies(requestBody.content, [...op.jsonPath, 'requestBody', 'content']);
}

const responseBodyCache = new WeakMap<JsonPath, readonly Body[]>();

/**
 * Response bodies of one response object: 3.x `content`, 2.0 `schema` with `produces`. Seven rules
 * ask for the same ones: a response from responses(), whose frozen path names it with its
 * operation, is answered once.
 */
export function responseBodies(root: unknown, op: Operation | undefined, response: Obj, jsonPath: JsonPath): Body[] {
  // A shared 3.x response has the same bodies for every operation, where it is written. (A 2.0
  // one has the media types of each operation that uses it.)
  const component = !isOas2(root) && componentPaths(root).get(response);
  if (component) return sharedList(componentBodies, response, () => contentBodies(response.content, [...component, 'content']));
  const find = () => findResponseBodies(root, op, response, jsonPath);
  return Object.isFrozen(jsonPath) ? sharedList(responseBodyCache, jsonPath, find) : find();
}

function findResponseBodies(root: unknown, op: Operation | undefined, response: Obj, jsonPath: JsonPath): Body[] {
  if (isOas2(root)) {
    if (response.schema === undefined) return [];
    const types = op ? mediaTypes2(root, op.operation, 'produces') : globalMediaTypes2(root, 'produces');
    const schemaPath = [...jsonPath, 'schema'];
    return bodyKinds(types).map(mediaType => ({ mediaType, schema: response.schema, jsonPath: schemaPath }));
  }
  return contentBodies(response.content, [...jsonPath, 'content']);
}

function contentBodies(content: unknown, base: JsonPath): Body[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([mediaType, media]) => ({
    mediaType,
    schema: isObject(media) ? media.schema : undefined,
    jsonPath: [...base, mediaType, 'schema'],
  }));
}

const JSON_ONLY: readonly string[] = ['application/json'];

/** A list of media types as strings, read once per list (the document's applies to every operation). */
const typeList = rememberByNode((list): readonly string[] => (list as unknown[]).map(String), JSON_ONLY);

function globalMediaTypes2(root: unknown, key: 'produces' | 'consumes'): readonly string[] {
  const list = isObject(root) ? root[key] : undefined;
  return Array.isArray(list) && list.length > 0 ? typeList(list) : JSON_ONLY;
}

/**
 * A 2.0 list of media types as the rules tell bodies apart: the first type of each kind (JSON or
 * not, streaming or not, problem+json or not), in order. A 2.0 body has the schema and the path
 * of its response (or body parameter) whatever its type, so the other types of a kind change no
 * rule's answer; and a document's list applies to every operation without its own: n types for n
 * operations were n² bodies. (json-media-types, which judges each type, reads the lists itself.)
 */
const bodyKinds = rememberByNode((types): readonly string[] => {
  const kinds = new Set<string>();
  return (types as readonly string[]).filter(type => {
    const kind = `${isJsonMediaType(type)} ${isStreamMediaType(type)} ${isProblemMediaType(type)}`;
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  });
}, JSON_ONLY);

/** 2.0 media types: the operation's own list, else the document's, else JSON (the 2.0 default in practice). */
export function mediaTypes2(root: unknown, operation: Obj, key: 'produces' | 'consumes'): readonly string[] {
  const own = operation[key];
  return Array.isArray(own) && own.length > 0 ? typeList(own) : globalMediaTypes2(root, key);
}

export interface Response {
  code: string;
  response: Obj;
  jsonPath: JsonPath;
}

const responseCache = new WeakMap<Operation, readonly Response[]>();

/** An operation's responses by status code (or range, or `default`); extensions are none. */
export function responses(op: Operation): Response[] {
  return sharedList(responseCache, op, () => {
    const list = op.operation.responses;
    if (!isObject(list)) return [];
    return Object.entries(list).flatMap(([code, response]) =>
      isObject(response) && !isExtensionKey(code) ? [Object.freeze({ code: String(code), response, jsonPath: Object.freeze([...op.jsonPath, 'responses', code]) as JsonPath })] : [],
    );
  });
}

/**
 * Response headers by lower-case name (the same shape in 2.0 and 3.x), made once per response: a
 * `$ref`'d response is one object, asked about for every operation that uses it.
 */
export const responseHeaders: (response: Obj) => ReadonlyMap<string, { header: unknown; name: string }> = rememberByNode(response => {
  const headers = (response as Obj).headers;
  const out = new Map<string, { header: unknown; name: string }>();
  if (isObject(headers)) for (const [name, header] of Object.entries(headers)) out.set(name.toLowerCase(), { header, name });
  return out;
}, new Map());

/** Media types of a stream of values (a JSON stream is not one JSON body). */
export const isStreamMediaType = rememberByString((mediaType: string): boolean => /stream|ndjson|jsonl|json-seq/i.test(mediaType));

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';
export const isProblemMediaType = rememberByString((mediaType: string): boolean => mediaType.split(';')[0]!.trim().toLowerCase() === PROBLEM_MEDIA_TYPE);

/** Structured JSON media types: application/json, application/*+json, and variants with parameters. */
export const isJsonMediaType = rememberByString((mediaType: string): boolean => /^application\/(?:[\w.+-]+\+)?json(?:\s*;.*)?$/i.test(mediaType.trim()));
