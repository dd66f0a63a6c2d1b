import { testDiffRule } from '../helpers/diff.js';

testDiffRule('request-property-removed', [
  {
    name: '3.0: a removed request property, and one that became readOnly; response properties are another rule\'s',
    fixture: 'removed',
    changes: [
      { in: 'base', line: 22, column: 9, severity: 'warn', message: 'Property "gift_wrap" of schema "OrderInput" was removed from requests' },
      { in: 'base', line: 23, column: 9, severity: 'warn', message: 'Property "coupon"' },
    ],
  },
  {
    name: 'a request body removed as a whole; on GET it was never read',
    fixture: 'body-removed',
    changes: [
      { in: 'base', line: 6, column: 7, severity: 'info', message: 'The request body of GET /orders is no longer documented' },
      { in: 'base', line: 13, column: 7, severity: 'warn', message: 'The request body of POST /orders was removed' },
    ],
  },
]);
