import { defineRule } from '../rule.js';
import { atKey, operationName, responseBodies, responses } from '../lib/oas.js';
import { apiOperations, hasArrayProperty, isArraySchema, isBatchOperation, isBulkShaped } from '../lib/operations.js';

/** A multi-status body: per-item outcomes, as an array or an object holding one. */
const isMultiStatus = (schema: unknown): boolean => isArraySchema(schema) || hasArrayProperty(schema);

export default defineRule({
  id: 'batch-207',
  severity: 'error',
  ref: '4.methods.3, 7.5',
  zalando: [152],
  description: 'A batch or bulk operation answers 207 with a multi-status body; 207 is not used elsewhere.',
  rationale:
    'Batch and bulk requests answer with status 207 (guideline 4, methods, item 3, and 7, item 5): items succeed or fail on their own, and a 207 body reports the outcome of every item, where a single status would hide partial failure. A batch is named so (a `batch`/`bulk` path segment or operationId) or is a POST of an array of the API\'s resources (or of an object holding one such array). 207 on an operation that sends no such array is a misuse.',
  examples: {
    incorrect: "paths:\n  /order-batches:\n    post:\n      responses:\n        '200': {description: All orders were created.}",
    correct:
      "paths:\n  /order-batches:\n    post:\n      responses:\n        '207':\n          description: The outcome of every order.\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/BatchResult'}",
  },
  given: '$',
  check(root) {
    return apiOperations(root).flatMap(op => {
      const name = operationName(op);
      const multiStatus = responses(op).find(r => r.code === '207');
      if (isBatchOperation(root, op)) {
        if (!multiStatus) return [{ message: `${name} is a batch or bulk operation but does not answer 207: report each item's outcome in a 207 response.`, path: [...op.jsonPath] }];
        const bodies = responseBodies(root, op, multiStatus.response, multiStatus.jsonPath);
        return bodies.some(b => isMultiStatus(b.schema))
          ? []
          : [{ message: 'The 207 response has no multi-status body: return the outcome of every item (an array of item results).', path: [...multiStatus.jsonPath] }];
      }
      if (multiStatus && !isBulkShaped(root, op)) {
        return [{ message: `${name} is not a batch or bulk operation: use 207 only for batch and bulk requests.`, path: atKey([...multiStatus.jsonPath]) }];
      }
      return [];
    });
  },
});
