import { testDiffRule } from '../helpers/diff.js';

testDiffRule('request-enum-value-removed', [
  {
    name: '3.0: a value removed from enum or x-extensible-enum, and a free value limited to an enum',
    fixture: 'removed',
    changes: [
      { in: 'revision', line: 7, column: 58, severity: 'error', message: 'Parameter "sort" no longer accepts "PRICE"' },
      { in: 'revision', line: 8, column: 61, severity: 'error', message: 'Parameter "channel" is now limited to "WEB", "STORE"' },
      { in: 'revision', line: 9, column: 60, severity: 'error', message: 'Parameter "region" no longer accepts "US"' },
    ],
  },
  { name: 'values added to a request enum are not reported', fixture: 'added', changes: [] },
  {
    name: 'an allOf part that declares a property again with fewer values narrows it',
    fixture: 'all-of-parts',
    changes: [{ in: 'revision', line: 23, column: 37, severity: 'error', message: 'Property "channel" of schema "NewOrder" no longer accepts "PHONE"' }],
  },
]);
