import { defineRule } from '../rule.js';
import { isJsonMediaType, isObject, operations, requestBodies, responseBodies, responses, type Obj } from '../lib/oas.js';
import { schemaTypes } from '../lib/schemas.js';
import { firstSight } from '../lib/remember.js';

/**
 * What a body schema's top level is: 'object', another JSON type, or undefined when the schema
 * does not say (`{}`, a free `oneOf`). `allOf` is an object if any part is; `oneOf`/`anyOf` only
 * if every alternative is.
 */
function topLevel(schema: Obj, depth = 0): string | undefined {
  const types = schemaTypes(schema).filter(t => t !== 'null');
  if (types.includes('object')) return 'object';
  if (types.length > 0) return types[0];
  if (isObject(schema.properties) || schema.additionalProperties !== undefined) return 'object';
  // Cycles only go through properties/items, which are not followed; the bound guards odd input.
  if (depth > 8) return undefined;
  const parts = (key: string) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]).filter(isObject) : []);
  const allOf = parts('allOf').map(s => topLevel(s, depth + 1));
  if (allOf.includes('object')) return 'object';
  const defined = allOf.find(t => t !== undefined);
  if (defined) return defined;
  for (const key of ['oneOf', 'anyOf']) {
    const alternatives = parts(key).map(s => topLevel(s, depth + 1));
    if (alternatives.length > 0 && alternatives.every(t => t === 'object')) return 'object';
    if (alternatives.length > 0 && alternatives.every(t => t !== undefined && t !== 'object')) return alternatives[0];
  }
  return undefined;
}

/** Binary payloads (2.0 `type: file`, `format: binary` strings) are not JSON structures. */
const isBinary = (schema: Obj): boolean => schema.type === 'file' || schema.format === 'binary';

export default defineRule({
  id: 'top-level-object',
  severity: 'error',
  ref: '2',
  zalando: [110],
  description: 'JSON request and response bodies are objects, never a bare array or scalar.',
  rationale:
    'The top-level structure of a payload is always a JSON object, never a bare array or scalar (guideline 2, "Top-level structure"). ' +
    'An object can grow new fields (paging links, metadata) without breaking clients; a bare array or value cannot. ' +
    'A body counts as an object when its schema has `type: object`, `properties` or `additionalProperties`, an `allOf` part that is an object, ' +
    'or only object alternatives in `oneOf`/`anyOf`; bodies whose schema does not say (`{}`) and binary payloads are not judged.',
  examples: {
    incorrect: "responses:\n  '200':\n    content:\n      application/json:\n        schema:\n          type: array\n          items:\n            $ref: '#/components/schemas/Order'",
    correct:
      "responses:\n  '200':\n    content:\n      application/json:\n        schema:\n          type: object\n          properties:\n            items:\n              type: array\n              items:\n                $ref: '#/components/schemas/Order'",
  },
  given: '$',
  check(root) {
    // A shared response's bodies are one list, judged once.
    const first = firstSight();
    const lists = operations(root).flatMap(op => [requestBodies(root, op), ...responses(op).map(r => responseBodies(root, op, r.response, r.jsonPath))]);
    const bodies = lists.filter(first).flat();
    return bodies.flatMap(body => {
      if (!isJsonMediaType(body.mediaType) || !isObject(body.schema) || isBinary(body.schema)) return [];
      const type = topLevel(body.schema);
      if (type === undefined || type === 'object') return [];
      const what = type === 'array' ? 'a bare array' : `a bare ${type}`;
      const fix = type === 'array' ? 'put the array in a property of an object, such as "items"' : 'put the value in a named property of an object';
      return [{ message: `JSON body is ${what}: the top level is always an object; ${fix}.`, path: body.jsonPath }];
    });
  },
});
