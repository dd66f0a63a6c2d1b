import { testDiffRule } from '../helpers/diff.js';

testDiffRule('response-enum-value-added', [
  {
    name: '3.0: a closed enum that grows, or stops being an enum',
    fixture: 'closed',
    changes: [
      { in: 'revision', line: 17, column: 32, severity: 'error', message: 'Property "status" of schema "Order" can now be "RETURNED"' },
      { in: 'revision', line: 18, column: 9, severity: 'error', message: 'Property "channel" of schema "Order" is no longer limited to its enum values' },
    ],
  },
  {
    name: 'x-extensible-enum may grow; a closed enum turned extensible with new values may not',
    fixture: 'extensible',
    changes: [{ in: 'revision', line: 20, column: 11, severity: 'error', message: 'Property "carrier" of schema "Order" can now be "GLS"' }],
  },
  { name: '3.1: the examples form of an extensible enum may grow', fixture: 'extensible-3.1', changes: [] },
  // The values both parts list, whichever comes first (the first part's enum alone was read).
  { name: 'a property declared in two allOf parts with different enums, the parts reordered', fixture: 'all-of-parts', changes: [] },
]);
