import { testDiffRule } from '../helpers/diff.js';

testDiffRule('response-property-became-nullable', [
  {
    name: '3.0: nullable: true, also on an allOf wrapper of a $ref',
    fixture: 'nullable',
    changes: [
      { in: 'revision', line: 17, column: 9, severity: 'error', message: 'Property "shipped_at" of schema "Order" can now be null in responses' },
      { in: 'revision', line: 18, column: 9, severity: 'error', message: 'Property "customer" of schema "Order"' },
    ],
  },
  {
    name: '3.1: type with "null", and a oneOf with a null member',
    fixture: 'openapi-3.1',
    changes: [
      { in: 'revision', line: 17, column: 9, severity: 'error', message: 'Property "note"' },
      { in: 'revision', line: 18, column: 9, severity: 'error', message: 'Property "customer"' },
    ],
  },
  { name: '3.0 nullable and 3.1 type: [..., "null"] are the same', fixture: 'same-in-3.0-and-3.1', changes: [] },
]);
