import { testDiffRule } from '../helpers/diff.js';

testDiffRule('response-status-removed', [
  {
    name: '3.0: a removed success status is an error, an error status no longer documented is info',
    fixture: 'removed',
    changes: [
      { in: 'base', line: 7, column: 9, severity: 'error', message: 'The 200 response of GET /orders/{order_id} was removed' },
      { in: 'base', line: 9, column: 9, severity: 'info', message: 'The 404 response of GET /orders/{order_id} is no longer documented' },
    ],
  },
  { name: '2.0: unquoted status codes', fixture: 'swagger', changes: [{ in: 'base', line: 7, column: 9, severity: 'error', message: 'The 201 response of POST /orders' }] },
  { name: '3.1: a status now covered by a range (2XX) is not removed', fixture: 'covered-by-range', changes: [] },
]);
