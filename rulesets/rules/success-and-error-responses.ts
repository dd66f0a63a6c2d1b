import { defineRule } from '../rule.js';
import { isObject, operationName, operations } from '../lib/oas.js';
import { isErrorResponseCode, statusClass } from '../lib/status-codes.js';

export default defineRule({
  id: 'success-and-error-responses',
  severity: 'error',
  ref: '7.2',
  zalando: [151],
  description: 'Every operation documents a success (2xx or 3xx) response and at least one error (4xx, 5xx or `default`) response.',
  rationale:
    'Success and error responses are specified for every operation (guideline 7, item 2): a client must know what a successful call returns and what a failed one looks like. A 2xx or 3xx code (or range) counts as success; a 4xx or 5xx code (or range), or `default`, as an error. Webhooks (3.1) are not checked: their responses are the consumer\'s answers.',
  examples: {
    incorrect: "get:\n  responses:\n    '200': {description: OK}\n",
    correct: "get:\n  responses:\n    '200': {description: OK}\n    default: {description: Problem}\n",
  },
  given: '$',
  check(root) {
    // Webhook responses are the consumer's answers, not the API's.
    return operations(root).flatMap(op => {
      if (op.jsonPath[0] === 'webhooks') return [];
      const codes = isObject(op.operation.responses) ? Object.keys(op.operation.responses) : undefined;
      const success = codes?.some(code => [2, 3].includes(statusClass(code) ?? 0)) ?? false;
      const error = codes?.some(isErrorResponseCode) ?? false;
      if (success && error) return [];
      const lacking = [success ? '' : 'success (2xx or 3xx)', error ? '' : 'error (4xx, 5xx or "default")'].filter(Boolean);
      return [
        {
          message: `Operation "${operationName(op)}" documents no ${lacking.join(' and no ')} response: add ${lacking.length > 1 ? 'them' : 'one'}.`,
          path: codes ? [...op.jsonPath, 'responses'] : op.jsonPath,
        },
      ];
    });
  },
});
