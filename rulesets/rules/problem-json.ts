import type { IFunctionResult } from '@stoplight/spectral-core';
import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { atKey, isJsonMediaType, isObject, isOas2, isProblemMediaType, PROBLEM_MEDIA_TYPE, type Obj } from '../lib/oas.js';
import { isProblemRef } from '../lib/known-refs.js';
import { errorResponseBodies, type ErrorBody } from '../lib/status-codes.js';

interface Options {
  minMembers: number;
}

const PROBLEM_MEMBERS = ['type', 'title', 'status', 'detail', 'instance'];

export default defineRule<Options>({
  id: 'problem-json',
  severity: 'error',
  ref: '7.3',
  zalando: [176],
  description: 'Error responses (4xx, 5xx, `default`) with a body use `application/problem+json` and a Problem schema.',
  rationale:
    'Error bodies use problem JSON (guideline 7, item 3): one format (RFC 9457) for every error lets clients handle errors of all APIs alike. A response of class 4xx or 5xx, or `default`, that has a body must offer the media type `application/problem+json` (Swagger 2.0: in the operation\'s or the document\'s `produces`), and its JSON schema must be a Problem: a `$ref` to the published Problem schema (https://opensource.zalando.com/problem/schema.yaml#/Problem, not fetched), or a schema declaring the Problem members (`type`, `title`, `status`, `detail`, `instance`). RFC 9457 makes each member optional, so a schema counts when it declares at least two of them (option `minMembers`), directly or through `allOf` (extending the Problem), while a custom error format (`code`, `message`) does not; a `oneOf`/`anyOf` counts when each alternative does. Responses without a body are fine.',
  examples: {
    incorrect:
      "responses:\n  '404':\n    description: Not found\n    content:\n      application/json:\n        schema:\n          type: object\n          properties:\n            message: {type: string}\n",
    correct:
      "responses:\n  '404':\n    description: Not found\n    content:\n      application/problem+json:\n        schema:\n          $ref: 'https://opensource.zalando.com/problem/schema.yaml#/Problem'\n",
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        minMembers: {
          type: 'integer',
          minimum: 1,
          maximum: 5,
          description: 'How many of the Problem members (type, title, status, detail, instance) an error schema must declare to count as a Problem.',
        },
      },
      additionalProperties: false,
    },
    defaults: { minMembers: 2 },
  },
  given: '$',
  check(root, { minMembers }) {
    // Keyed by path: a response or schema met twice at one place is reported once.
    const results = new Map<string, IFunctionResult>();
    const report = (message: string, path: JsonPath) => results.set(JSON.stringify(path), { message, path });
    const bodies = errorResponseBodies(root);
    const oas2 = isOas2(root);
    // A shared response or schema (one object that many `$ref`s reach) is checked once, at the
    // first path that reaches it: Spectral places that path at the object's own place, as every
    // other path would be (lib/schemas.ts). 2.0 media types come from each operation's
    // `produces`, so there each operation's response counts.
    const firstRecord = new Map<object, ErrorBody['response']>();
    const byResponse = new Map<ErrorBody['response'], ErrorBody[]>();
    for (const body of bodies) {
      const shared = oas2 ? body.response : body.response.response;
      let record = firstRecord.get(shared);
      if (record === undefined) firstRecord.set(shared, (record = body.response));
      if (record !== body.response) continue;
      const list = byResponse.get(record);
      if (list) list.push(body);
      else byResponse.set(record, [body]);
    }
    for (const [response, list] of byResponse) {
      if (list.some(body => isProblemMediaType(body.mediaType))) continue;
      if (oas2) {
        report(`Error responses are not served as "${PROBLEM_MEDIA_TYPE}": add it to produces.`, producesPath(root, list[0]!, response.jsonPath));
      } else {
        for (const { mediaType } of list) {
          report(`Error response media type "${mediaType}": serve error bodies as "${PROBLEM_MEDIA_TYPE}".`, atKey([...response.jsonPath, 'content', mediaType]));
        }
      }
    }
    const checked = new Set<Obj>();
    for (const { mediaType, schema, jsonPath } of bodies) {
      if (schema === undefined || !isJsonMediaType(mediaType)) continue;
      if (isObject(schema)) {
        if (checked.has(schema)) continue;
        checked.add(schema);
      }
      if (isProblem(schema, minMembers)) continue;
      report(
        'Error response schema is not a Problem: reference the Problem schema, extend it with allOf, or declare its members (type, title, status, detail, instance).',
        jsonPath,
      );
    }
    return [...results.values()];
  },
});

/** 2.0: the `produces` list in effect (the operation's, else the document's), else the response's schema. */
function producesPath(root: unknown, body: ErrorBody, responsePath: JsonPath): JsonPath {
  const declared = (list: unknown) => Array.isArray(list) && list.length > 0;
  if (declared(body.op.operation.produces)) return [...body.op.jsonPath, 'produces'];
  if (isObject(root) && declared(root.produces)) return ['produces'];
  return atKey([...responsePath, 'schema']);
}

/**
 * A `$ref` to the published Problem, a schema declaring enough members (own or through allOf), or
 * a choice of Problems. `active` holds the schemas being checked, against circular schemas.
 */
function isProblem(schema: unknown, minMembers: number, active = new Set<Obj>()): boolean {
  if (!isObject(schema) || active.has(schema)) return false;
  // The allOf chain: a part that is the published Problem makes the whole schema one.
  const parts: Obj[] = [schema];
  const declared = new Set<string>();
  for (const part of parts) {
    if (isProblemRef(part.$ref)) return true;
    if (isObject(part.properties)) Object.keys(part.properties).forEach(name => declared.add(name));
    if (Array.isArray(part.allOf)) for (const p of part.allOf) if (isObject(p) && !parts.includes(p)) parts.push(p);
  }
  if (PROBLEM_MEMBERS.filter(m => declared.has(m)).length >= minMembers) return true;
  const choice = [schema.oneOf, schema.anyOf].find(Array.isArray);
  if (choice === undefined || choice.length === 0) return false;
  active.add(schema);
  const result = choice.every(branch => isProblem(branch, minMembers, active));
  active.delete(schema);
  return result;
}
