import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { isJsonMediaType, isObject, isOas2, operations, parameters, responses, type Obj } from '../lib/oas.js';
import { stringList } from '../lib/options.js';
import { mergedProperties } from '../lib/operations.js';
import { firstSight, rememberByString } from '../lib/remember.js';

const DATA_FORMATS = [
  'application/octet-stream', 'application/pdf', 'application/zip', 'application/gzip', 'application/x-ndjson',
  'application/x-json-stream', 'application/jsonl', 'application/json-seq', 'text/csv', 'text/event-stream',
  'image/*', 'audio/*', 'video/*', 'font/*',
];

/** Formats for structured data other than JSON: whatever the schema says, the payload should be JSON. */
const STRUCTURED_FORMAT = /(?:^|[/+])(?:xml|yaml|x-yaml|x-www-form-urlencoded|x-protobuf|protobuf|vnd\.[\w.-]*protobuf|cbor|cbor-seq|msgpack|x-msgpack|avro|x-avro)$/;

// Every operation of a 2.0 document lists the same few media types.
const baseType = rememberByString((mediaType: string) => mediaType.split(';')[0]!.trim().toLowerCase(), 10_000);

/** `image/*` in the allow-list matches any image type; media type parameters are ignored. */
function isAllowed(type: string, allowed: readonly string[]): boolean {
  if (isJsonMediaType(type)) return true;
  return allowed.some(entry => {
    const a = entry.toLowerCase();
    return a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a;
  });
}

/**
 * A body with members (object or array), which is data that JSON should carry; composed, if a
 * part is (`allOf: [{$ref: Message}]` is Message). The depth bound guards odd input.
 */
function isStructured(schema: unknown, depth = 0): boolean {
  if (!isObject(schema)) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object') || types.includes('array') || ['properties', 'items', 'additionalProperties'].some(key => key in schema)) return true;
  const parts = ['allOf', 'oneOf', 'anyOf'].flatMap(key => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
  return depth < 8 && parts.some(part => isStructured(part, depth + 1));
}

/**
 * A file in a multipart form (2.0 `type: file`, 3.0 `format: binary`, 3.1 `contentMediaType`),
 * also as an array item or an alternative; the depth bound guards against recursive schemas.
 */
function isFile(schema: unknown, depth = 0): boolean {
  if (!isObject(schema) || depth > 3) return false;
  if (schema.type === 'file' || schema.format === 'binary' || schema.format === 'base64' || 'contentMediaType' in schema) return true;
  const alternatives = ['oneOf', 'anyOf', 'allOf'].flatMap(key => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
  return [schema.items, ...alternatives].some(s => isFile(s, depth + 1));
}

/** Only a multipart body's parts are looked at (`dataParts`): the others need not be. */
const isMultipart = (mediaType: string) => baseType(mediaType).startsWith('multipart/');

/** A 3.x multipart body whose properties (allOf's layers merged) are files, or whose encoding names their content types. */
function hasDataParts(media: unknown, schema: unknown): boolean {
  const encoding = isObject(media) && isObject(media.encoding) ? Object.values(media.encoding) : [];
  return encoding.some(e => isObject(e) && typeof e.contentType === 'string') || [...mergedProperties(schema)].some(([, p]) => isFile(p));
}

interface Use {
  type: string;
  /** The bodies declared with this media type (a 2.0 list serves several). */
  bodies: unknown[];
  /** A multipart body whose parts are files or declare their own data formats. */
  dataParts: boolean;
  jsonPath: JsonPath;
}

/** Every request and response media type that governs a body, once, at the key or list entry that declares it. */
function uses(root: Obj): Use[] {
  const out: Use[] = [];
  const add = (mediaType: string, bodies: unknown[], dataParts: boolean, jsonPath: JsonPath) => {
    const use = { type: baseType(mediaType), bodies, dataParts, jsonPath };
    out.push(use);
    return use;
  };

  if (isOas2(root)) {
    // A list governs the bodies of its operation, the global one those of every operation without
    // its own: only the global one is met again, and its uses gather the bodies.
    // A list governs the bodies of its operation, the document's those of every operation without
    // its own: its uses are made once, with all those bodies.
    const list = (owner: Obj, key: 'produces' | 'consumes', base: JsonPath, bodies: unknown[]) => {
      const types = owner[key];
      if (!Array.isArray(types) || bodies.length === 0) return;
      const dataParts = types.some(type => isMultipart(String(type))) && bodies.some(b => isFile(b));
      types.forEach((type, i) => add(String(type), bodies, dataParts, [...base, key, i]));
    };
    const global = { produces: [] as unknown[], consumes: [] as unknown[] };
    for (const op of operations(root)) {
      const produced = responses(op).flatMap(r => (r.response.schema === undefined ? [] : [r.response.schema]));
      const consumed = parameters(op)
        .map(p => p.parameter)
        .filter(p => p.in === 'body' || p.in === 'formData')
        .map(p => p.schema ?? p);
      for (const [key, bodies] of [['produces', produced], ['consumes', consumed]] as const) {
        if (Array.isArray(op.operation[key])) list(op.operation, key, op.jsonPath, bodies);
        else for (const body of bodies) global[key].push(body);
      }
    }
    list(root, 'produces', [], global.produces);
    list(root, 'consumes', [], global.consumes);
    return out;
  }

  // A shared response or request body is one object, met once per operation that uses it.
  const first = firstSight();
  const content = (holder: unknown, base: JsonPath) => {
    if (!isObject(holder) || !isObject(holder.content) || !first(holder)) return;
    for (const [type, media] of Object.entries(holder.content)) {
      const schema = isObject(media) ? media.schema : undefined;
      add(type, [schema], isMultipart(type) && hasDataParts(media, schema), [...base, 'content', type]);
    }
  };
  for (const op of operations(root)) {
    content(op.operation.requestBody, [...op.jsonPath, 'requestBody']);
    for (const r of responses(op)) content(r.response, r.jsonPath);
  }
  const components = isObject(root.components) ? root.components : {};
  for (const section of ['requestBodies', 'responses'] as const) {
    const map = components[section];
    if (isObject(map)) for (const [name, holder] of Object.entries(map)) content(holder, ['components', section, name]);
  }
  return out;
}

export default defineRule<{ allowed: string[] }>({
  id: 'json-media-types',
  severity: 'warn',
  ref: '1.3, 2',
  zalando: [172],
  description: 'Request and response bodies are JSON or a standard data format (images, PDF, CSV, binary).',
  rationale:
    'Payloads are JSON (guideline 1, item 3; guideline 2, payload format): one format keeps clients and servers loosely coupled and lets all APIs share tooling. Other media types may only be passed using data-specific standard formats, such as images, PDF or CSV. XML, YAML, form encodings and plain text carrying structured data are not such formats. A media type the rule does not know passes unless its schema is an object or array, since it may be a data format of its own (a diff, an SDP offer).',
  examples: {
    incorrect: 'responses:\n  "200":\n    content:\n      application/xml:\n        schema: {$ref: "#/components/schemas/Order"}',
    correct: 'responses:\n  "200":\n    content:\n      application/json:\n        schema: {$ref: "#/components/schemas/Order"}',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        allowed: stringList('Data formats accepted besides JSON (`type/subtype`, or `type/*` for a whole family).'),
      },
      additionalProperties: false,
    },
    defaults: { allowed: DATA_FORMATS },
  },
  given: '$',
  check(root, { allowed }) {
    if (!isObject(root)) return;
    const results = [];
    for (const use of uses(root)) {
      if (isAllowed(use.type, allowed)) continue;
      if (isMultipart(use.type) && use.dataParts) continue;
      const shown = use.type.length > 60 ? `${use.type.slice(0, 57)}...` : use.type;
      if (STRUCTURED_FORMAT.test(use.type) || use.type.startsWith('multipart/')) {
        results.push({ message: `Media type "${shown}" is not JSON: use application/json for payloads.`, path: use.jsonPath });
      } else if (use.bodies.some(body => isStructured(body))) {
        results.push({ message: `Media type "${shown}" carries structured data: use application/json.`, path: use.jsonPath });
      }
    }
    return results;
  },
});
