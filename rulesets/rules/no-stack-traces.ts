import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { atKey, isObject } from '../lib/oas.js';
import { reachableSchemas, schemaIndex } from '../lib/schemas.js';
import { errorResponseBodies } from '../lib/status-codes.js';
import { stringList } from '../lib/options.js';

interface Options {
  names: string[];
}

// `stackTrace`, `Stack-Trace` and `stack_trace` are one name.
const normalize = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

export default defineRule<Options>({
  id: 'no-stack-traces',
  severity: 'error',
  ref: '7.4',
  zalando: [177],
  description: 'Error response schemas expose no stack trace fields.',
  rationale:
    'Stack traces are never exposed (guideline 7, item 4): they leak implementation details an attacker can use, and couple clients to internals. Every schema reachable from a 4xx, 5xx or `default` response (nested properties, items, `allOf`/`oneOf`/`anyOf` included) is checked for the listed property names, compared ignoring case, `_` and `-`.',
  examples: {
    incorrect: 'Problem:\n  type: object\n  properties:\n    title: {type: string}\n    stack_trace: {type: string}\n',
    correct: 'Problem:\n  type: object\n  properties:\n    title: {type: string}\n    detail: {type: string}\n',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        names: stringList('Property names that carry stack traces.'),
      },
      additionalProperties: false,
    },
    defaults: { names: ['stack_trace', 'stacktrace', 'exception', 'trace', 'backtrace'] },
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root, { names }) {
    const forbidden = new Set(names.map(normalize));
    const reachable = reachableSchemas(errorResponseBodies(root).map(body => body.schema), isObject(root) ? root : undefined);
    return schemaIndex(root)
      .properties.filter(prop => reachable.has(prop.parent.schema) && forbidden.has(normalize(prop.name)))
      .map(prop => ({
        message: `Error schema property "${prop.name}" exposes stack trace details: remove it.`,
        path: atKey(prop.jsonPath),
      }));
  },
});
