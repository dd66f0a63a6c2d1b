import { defineRule } from '../rule.js';
import { operationName } from '../lib/oas.js';
import { apiOperations } from '../lib/operations.js';
import { documents429, isExempt } from '../lib/rate-limit.js';

export default defineRule({
  id: 'rate-limit-429',
  severity: 'error',
  ref: '7.6, 8.1',
  zalando: [153],
  description: 'Every operation that is not exempt from rate limiting documents a 429 response.',
  rationale:
    'Calls above the rate limit are blocked with status 429 (guideline 7, item 6; guideline 8, item 1), so every limited operation can answer 429 and its clients must be told how to handle it. Only an operation with `x-rate-limit: {exempt: true}` in effect (its own, its path item\'s or the document\'s) is not limited; a monitoring endpoint that is exempt must say so. A `4XX` or `default` response does not count: the 429 carries its own headers. Webhooks (3.1) are calls the API makes and are not checked.',
  examples: {
    incorrect: "paths:\n  /orders:\n    get:\n      responses:\n        '200': {description: OK}\n",
    correct:
      "paths:\n  /orders:\n    get:\n      responses:\n        '200': {description: OK}\n        '429': {$ref: '#/components/responses/TooManyRequests'}\n  /health:\n    get:\n      x-rate-limit: {exempt: true}\n      responses:\n        '200': {description: OK}\n",
  },
  given: '$',
  check(root) {
    return apiOperations(root)
      .filter(op => !isExempt(root, op) && !documents429(op))
      .map(op => ({
        message: `Operation "${operationName(op)}" does not document a 429 response: add one (or declare "x-rate-limit: {exempt: true}" on a monitoring endpoint).`,
        path: op.jsonPath,
      }));
  },
});
