import { testDiffRule } from '../helpers/diff.js';

testDiffRule('api-added', [
  {
    name: '3.0: every kind of addition, and an x-extensible-enum that grows in a response',
    fixture: 'added',
    changes: [
      { in: 'revision', line: 7, column: 58, severity: 'info', message: 'Parameter "sort" now also accepts "OLDEST" in requests' },
      { in: 'revision', line: 8, column: 11, severity: 'info', message: 'Optional parameter "cursor" (query) of GET /orders was added' },
      { in: 'revision', line: 13, column: 13, severity: 'info', message: 'Header "X-Total" was added to the 200 response of GET /orders' },
      { in: 'revision', line: 19, column: 42, severity: 'info', message: 'may now also be "CLOSED" (an extensible enum' },
      { in: 'revision', line: 20, column: 19, severity: 'info', message: 'Property "total" in the 200 response body was added to responses' },
      { in: 'revision', line: 21, column: 13, severity: 'info', message: 'Media type "text/csv" was added' },
      { in: 'revision', line: 23, column: 9, severity: 'info', message: 'The 304 response of GET /orders was added' },
      { in: 'revision', line: 24, column: 5, severity: 'info', message: 'Operation "POST /orders" was added' },
    ],
  },
  { name: '3.1: a new webhook', fixture: 'webhook', changes: [{ in: 'revision', line: 6, column: 5, severity: 'info', message: 'POST webhook "order-shipped" was added' }] },
]);
