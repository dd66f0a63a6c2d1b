import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { atKey, isObject, isOas2, operations, responseHeaders, responses, type Obj } from '../lib/oas.js';
import { schemaTypes } from '../lib/schemas.js';
import { apiOperations, headerParameter, isSuccessCode, parametersIn } from '../lib/operations.js';
import { firstSight } from '../lib/remember.js';

const STANDARD = ['ETag', 'If-Match', 'If-None-Match', 'Prefer', 'Idempotency-Key'];
/** Spelling-blind key: `X-Idempotency-Key`, `Idempotency_Key` and `idempotencykey` all map to `idempotencykey`. */
const key = (name: string): string => name.toLowerCase().replace(/^x[-_]/, '').replace(/[^a-z]/g, '');
const BY_KEY = new Map(STANDARD.map(name => [key(name), name]));

type Result = { message: string; path: JsonPath };

/** Spelling and type of one declared header: `namePath` points at its name, `holder` holds its schema (2.0: itself). */
function checkHeader(root: unknown, name: string, holder: Obj, holderPath: JsonPath, namePath: JsonPath): Result[] {
  const standard = BY_KEY.get(key(name));
  if (!standard) return [];
  const out: Result[] = [];
  if (name !== standard) out.push({ message: `Header "${name}" is the standard "${standard}" header: spell it "${standard}".`, path: namePath });
  const [schema, schemaPath] = !isOas2(root) && isObject(holder.schema) ? [holder.schema, [...holderPath, 'schema']] : [holder, holderPath];
  const types = schemaTypes(schema);
  if (types.length > 0 && !types.includes('string')) {
    out.push({ message: `Header "${name}" is typed "${types.join(', ')}": the ${standard} header is a string.`, path: [...schemaPath, 'type'] });
  }
  return out;
}

export default defineRule({
  id: 'prefer-etag-idempotency',
  severity: 'info',
  ref: '4.headers',
  zalando: [181, 182, 230],
  description: 'ETag, If-Match, If-None-Match, Prefer and Idempotency-Key are spelled right, typed as strings, and ETag is paired with If-Match.',
  rationale:
    'Support for `Prefer`, `ETag` with `If-Match`/`If-None-Match`, and `Idempotency-Key` is optional (guideline 4, headers), but where used they follow their standards: the standard names (`ETag`, not `Etag` or `X-ETag`; `Idempotency-Key`, not `X-Idempotency-Key`), string values (entity tags are quoted strings), and an `ETag` served by GET is there to be sent back: PUT, PATCH and DELETE of the same path accept `If-Match` so that concurrent updates are detected. Read-only resources need no `If-Match`.',
  examples: {
    incorrect:
      "paths:\n  /orders/{order_id}:\n    get:\n      responses:\n        '200':\n          headers:\n            Etag: {schema: {type: string}}\n    put:\n      parameters:\n        - {name: X-Idempotency-Key, in: header, schema: {type: string}}",
    correct:
      "paths:\n  /orders/{order_id}:\n    get:\n      responses:\n        '200':\n          headers:\n            ETag: {schema: {type: string}}\n    put:\n      parameters:\n        - {name: If-Match, in: header, schema: {type: string}}",
  },
  given: '$',
  check(root) {
    const out: Result[] = [];
    // A `$ref`'d response is checked once, not once per operation that uses it.
    const first = firstSight();
    for (const op of operations(root)) {
      for (const p of parametersIn(op, 'header')) {
        out.push(...checkHeader(root, String(p.parameter.name), p.parameter, p.jsonPath, [...p.jsonPath, 'name']));
      }
      for (const r of responses(op)) {
        if (!first(r.response)) continue;
        for (const { name, header } of responseHeaders(r.response).values()) {
          const path = [...r.jsonPath, 'headers', name];
          if (isObject(header)) out.push(...checkHeader(root, name, header, path, atKey(path)));
        }
      }
    }
    // An ETag from GET pairs with If-Match on the same path's writes.
    for (const op of apiOperations(root)) {
      if (!['put', 'patch', 'delete'].includes(op.method) || headerParameter(op, 'If-Match')) continue;
      const get = op.pathItem.get;
      const getResponses = isObject(get) && isObject(get.responses) ? Object.entries(get.responses) : [];
      const servesETag = getResponses.some(([code, r]) => isSuccessCode(code) && isObject(r) && [...responseHeaders(r).keys()].some(h => key(h) === 'etag'));
      if (servesETag) {
        out.push({
          message: `GET ${op.path} returns an ETag but ${op.method.toUpperCase()} does not accept "If-Match": accept it to detect concurrent updates.`,
          path: [...op.jsonPath],
        });
      }
    }
    return out;
  },
});
