import { testDiffRule } from '../helpers/diff.js';

testDiffRule('deprecated-without-sunset', [
  {
    name: '3.0: an operation and a parameter deprecated without x-sunset; a property deprecated with one is fine',
    fixture: 'deprecated',
    changes: [
      { in: 'revision', line: 5, column: 5, severity: 'warn', message: 'Operation "GET /orders" is deprecated without x-sunset' },
      { in: 'revision', line: 8, column: 11, severity: 'warn', message: 'Parameter "sort"' },
    ],
  },
]);
