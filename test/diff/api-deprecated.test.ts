import { testDiffRule } from '../helpers/diff.js';

testDiffRule('api-deprecated', [
  {
    name: '3.0: an operation and a property deprecated with x-sunset, at the date',
    fixture: 'deprecated',
    changes: [
      { in: 'revision', line: 7, column: 17, severity: 'info', message: 'Operation "GET /orders" is deprecated, with sunset 2027-06-30' },
      { in: 'revision', line: 21, column: 58, severity: 'info', message: 'Property "code" of schema "Order" is deprecated, with sunset 2027-01-01' },
    ],
  },
]);
