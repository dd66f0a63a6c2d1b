import { defineRule } from '../rule.js';
import { atKey, isOas2 } from '../lib/oas.js';
import { COMMON_STATUS_CODES, isOfficialResponseCode, operationResponses, statusNumber } from '../lib/status-codes.js';

interface Options {
  codes: number[];
}

export default defineRule<Options>({
  id: 'common-status-codes',
  severity: 'warn',
  ref: '7.1',
  zalando: [150],
  description: 'Response codes stay among the most common HTTP status codes.',
  rationale:
    'The set of codes stays among the most common (guideline 7, item 1): clients handle the common codes well, and every rarely used code is one more case each of them must understand. `default` and 3.x ranges (`4XX`) are accepted; codes that are not registered at all are official-status-codes\'s finding.',
  examples: {
    incorrect: "responses:\n  '200': {description: OK}\n  '402': {description: Payment required}\n",
    correct: "responses:\n  '200': {description: OK}\n  '404': {description: Not found}\n",
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        codes: {
          type: 'array',
          items: { type: 'integer', minimum: 100, maximum: 599 },
          description: 'The status codes considered common.',
        },
      },
      additionalProperties: false,
    },
    defaults: { codes: [...COMMON_STATUS_CODES] },
  },
  given: '$',
  check(root, { codes }) {
    const common = new Set(codes);
    const oas2 = isOas2(root);
    return operationResponses(root).flatMap(({ code, jsonPath }) => {
      const n = statusNumber(code);
      if (n === undefined || common.has(n) || !isOfficialResponseCode(code, oas2)) return [];
      return [{ message: `Status code "${code}" is not among the common codes: prefer a common one where it fits.`, path: atKey(jsonPath) }];
    });
  },
});
