import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { isCapitalisedKebabCase, toCapitalisedKebabCase } from '../lib/naming.js';
import { allParameters, atKey, isObject, operations, responses, type Obj } from '../lib/oas.js';
import { stringList } from '../lib/options.js';

interface Options {
  allowed: string[];
}

/** Every response object once (shared `$ref` targets are one object), with its JSON path. */
function allResponses(root: Obj): { response: Obj; jsonPath: JsonPath }[] {
  const seen = new Set<object>();
  const out: { response: Obj; jsonPath: JsonPath }[] = [];
  const add = (response: unknown, jsonPath: JsonPath) => {
    if (!isObject(response) || seen.has(response)) return;
    seen.add(response);
    out.push({ response, jsonPath });
  };
  for (const op of operations(root)) for (const r of responses(op)) add(r.response, r.jsonPath);
  for (const [base, map] of [
    [['components', 'responses'], isObject(root.components) ? root.components.responses : undefined],
    [['responses'], root.responses],
  ] as const) {
    if (isObject(map)) for (const [code, response] of Object.entries(map)) add(response, [...base, code]);
  }
  return out;
}

export default defineRule<Options>({
  id: 'header-names-kebab',
  severity: 'warn',
  ref: '4.headers',
  zalando: [132],
  description: 'Header names are Capitalised-Kebab-Case (`X-Flow-ID`, `Content-Type`); acronyms are allowed.',
  rationale:
    'Header names are kebab-case with capitalised words (guideline 4, headers: "Header naming"), the spelling of the HTTP standards (`Content-Type`, `If-Match`). HTTP compares header names case-insensitively, but one spelling in the specification keeps documentation, code generators and logs consistent. Acronyms and standard spellings pass (`X-Flow-ID`, `ETag`, `WWW-Authenticate`, `X-RateLimit-Limit`); request header parameters, response headers and reusable headers are checked.',
  examples: {
    incorrect: 'parameters:\n  - name: x-flow-id\n    in: header\nresponses:\n  200:\n    headers:\n      rate_limit_remaining: ...',
    correct: 'parameters:\n  - name: X-Flow-ID\n    in: header\nresponses:\n  200:\n    headers:\n      X-Ratelimit-Remaining: ...',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        allowed: stringList('Header names accepted as spelled: standard headers whose specification spells them otherwise.'),
      },
      additionalProperties: false,
    },
    defaults: { allowed: ['traceparent', 'tracestate', 'baggage', 'b3'] },
  },
  given: '$',
  check(root, { allowed }) {
    if (!isObject(root)) return;
    const allow = new Set(allowed);
    const finding = (name: string, path: JsonPath) =>
      isCapitalisedKebabCase(name) || allow.has(name)
        ? []
        : [{ message: `Header "${name}" is not Capitalised-Kebab-Case: rename it "${toCapitalisedKebabCase(name)}".`, path }];
    const named = (headers: unknown, base: JsonPath) =>
      isObject(headers) ? Object.keys(headers).flatMap(name => finding(name, atKey([...base, name]))) : [];
    return [
      ...allParameters(root).flatMap(({ parameter, jsonPath }) =>
        parameter.in === 'header' && typeof parameter.name === 'string' ? finding(parameter.name, [...jsonPath, 'name']) : [],
      ),
      ...allResponses(root).flatMap(({ response, jsonPath }) => named(response.headers, [...jsonPath, 'headers'])),
      ...named(isObject(root.components) ? root.components.headers : undefined, ['components', 'headers']),
    ];
  },
});
