import { testDiffRule } from '../helpers/diff.js';

testDiffRule('response-type-changed', [
  {
    name: '3.0: wider formats and types, a schema that became a union; narrowing (number → integer) is not reported',
    fixture: 'changed',
    changes: [
      { in: 'revision', line: 17, column: 43, severity: 'error', message: 'Property "quantity" of schema "Order" changed format from int32 to int64' },
      { in: 'revision', line: 18, column: 9, severity: 'error', message: 'changed from integer to number' },
      { in: 'revision', line: 19, column: 9, severity: 'error', message: 'changed from integer to string' },
      { in: 'revision', line: 25, column: 15, severity: 'error', message: 'Property "payment" of schema "Order" can now also be schema "Invoice"' },
      { in: 'revision', line: 20, column: 9, severity: 'warn', message: 'no longer has format date-time' },
    ],
  },
  { name: '3.1: a new oneOf member, matched by schema name whatever the order', fixture: 'new-member', changes: [{ in: 'revision', line: 20, column: 15, severity: 'error', message: 'can now also be schema "Voucher"' }] },
  { name: 'a oneOf of one-value enums is that enum; int64 on an integer changes nothing', fixture: 'enum-as-one-of', changes: [] },
  {
    name: 'unnamed oneOf members pair by their allOf schemas or a one-value property, whatever the order',
    fixture: 'unnamed-members',
    changes: [{ in: 'revision', line: 16, column: 11, severity: 'error', message: 'Schema "Rule" can now also be a member with type "workflows"' }],
  },
  {
    // An open object split into kinds of values: each member is compared with the old schema, so
    // refinements are no change and only the member whose action is no longer a string breaks clients.
    name: 'a schema that became a union of named schemas in a response: each member against the old schema',
    fixture: 'split',
    changes: [{ in: 'revision', line: 36, column: 9, severity: 'error', message: 'changed from string to integer' }],
  },
  {
    name: 'inside a media type whose version changed, a break is info about the new version (guideline 9.4)',
    fixture: 'new-media-type-version',
    changes: [{ in: 'revision', line: 14, column: 19, severity: 'info', message: 'In media type version 2, which replaces 1' }],
  },
]);
