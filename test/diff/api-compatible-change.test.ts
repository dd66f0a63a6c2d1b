import { testDiffRule } from '../helpers/diff.js';

testDiffRule('api-compatible-change', [
  {
    name: '3.0: inputs that accept more, outputs that promise more, a renamed operationId',
    fixture: 'compatible',
    changes: [
      { in: 'revision', line: 6, column: 20, severity: 'info', message: 'The operationId of GET /orders changed from "listOrders" to "getOrders"' },
      { in: 'revision', line: 8, column: 11, severity: 'info', message: 'Parameter "currency" (query) of GET /orders is no longer required' },
      { in: 'revision', line: 9, column: 69, severity: 'info', message: 'looser maximum in requests (maximum ≤ 50 → ≤ 100)' },
      { in: 'revision', line: 15, column: 15, severity: 'info', message: 'additionalProperties: false removed' },
      { in: 'revision', line: 17, column: 28, severity: 'info', message: 'Property "total" in the 200 response body is now required in responses' },
      { in: 'revision', line: 19, column: 19, severity: 'info', message: 'changed from number to integer in responses' },
      { in: 'revision', line: 20, column: 42, severity: 'info', message: 'is no longer "LOST" in responses' },
      { in: 'revision', line: 21, column: 19, severity: 'info', message: 'Property "note" in the 200 response body is no longer null' },
    ],
  },
]);
