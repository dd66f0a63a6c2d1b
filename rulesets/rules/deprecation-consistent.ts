import type { IFunctionResult } from '@stoplight/spectral-core';
import { defineRule } from '../rule.js';
import { DEPRECATION_HEADERS, deprecatables, isDeprecated, isSunsetDate, SUNSET } from '../lib/deprecation.js';
import { atKey, isObject, responses } from '../lib/oas.js';
import { apiOperations } from '../lib/operations.js';
import { firstSight } from '../lib/remember.js';

const ANNOUNCING = new Set(DEPRECATION_HEADERS.map(name => name.toLowerCase()));

export default defineRule({
  id: 'deprecation-consistent',
  severity: 'warn',
  ref: '9.5',
  zalando: [187],
  description: 'Deprecation and Sunset headers and `x-sunset` appear only on deprecated elements, and `x-sunset` is a date.',
  rationale:
    'Deprecation is reflected in the API specification (guideline 9, item 5), and the signals must agree with it: `Deprecation` and `Sunset` response headers on an operation that is not deprecated, or `x-sunset` on an operation, parameter or schema without `deprecated: true`, announce a shutdown that the specification does not declare. `x-sunset` is the day the element is switched off: an RFC 3339 date (`2027-06-30`), or a date-time where the moment matters.',
  examples: {
    incorrect: "get:\n  x-sunset: 30.06.2027\n  responses:\n    '200':\n      headers:\n        Sunset: {schema: {type: string}}\n",
    correct: "get:\n  deprecated: true\n  x-sunset: '2027-06-30'\n  responses:\n    '200':\n      headers:\n        Sunset: {schema: {type: string}}\n",
  },
  given: '$',
  check(root) {
    const results: IFunctionResult[] = [];
    for (const deprecatable of deprecatables(root)) {
      const { node } = deprecatable;
      if (node[SUNSET] === undefined) continue;
      const path = [...deprecatable.jsonPath, SUNSET];
      if (!isDeprecated(node)) {
        results.push({ message: `"${SUNSET}" on ${deprecatable.label}, which is not deprecated: add "deprecated: true" or remove it.`, path });
      } else if (!isSunsetDate(node[SUNSET])) {
        results.push({ message: `"${SUNSET}" is not a date: write the sunset day as YYYY-MM-DD.`, path });
      }
    }
    // The message names neither operation nor status: a shared response is reported, and read, once.
    const first = firstSight();
    for (const op of apiOperations(root).filter(o => !isDeprecated(o.operation))) {
      for (const { response, jsonPath } of responses(op)) {
        if (!isObject(response.headers) || !first(response)) continue;
        for (const name of Object.keys(response.headers).filter(h => ANNOUNCING.has(h.toLowerCase()))) {
          results.push({
            message: `Header "${name}" is declared on a response of an operation that is not deprecated: remove it or deprecate the operation.`,
            path: atKey([...jsonPath, 'headers', name]),
          });
        }
      }
    }
    return results;
  },
});
