import { testDiffRule } from '../helpers/diff.js';

testDiffRule('response-property-removed', [
  {
    name: '3.0: removed properties, also under items and additionalProperties, at the base property',
    fixture: 'removed',
    changes: [
      { in: 'base', line: 18, column: 9, severity: 'error', message: 'Property "status" of schema "Order" was removed from responses' },
      { in: 'base', line: 25, column: 15, severity: 'error', message: 'Property "lines[].quantity" of schema "Order"' },
      { in: 'base', line: 32, column: 15, severity: 'error', message: 'Property "labels.*.colour" of schema "Order"' },
    ],
  },
  { name: 'properties moved into an allOf base schema are no change', fixture: 'moved-into-allof', changes: [] },
  { name: 'an inline schema moved into components is no change', fixture: 'inline-to-component', changes: [] },
  { name: '3.1: a property that became writeOnly is gone from responses', fixture: 'write-only', changes: [{ in: 'base', line: 18, column: 9, severity: 'error', message: 'Property "card_number"' }] },
  { name: 'removal after a passed x-sunset on the property is info', fixture: 'sunset-passed', changes: [{ in: 'base', line: 18, column: 9, severity: 'info', message: 'x-sunset 2025-09-01, which has passed' }] },
  { name: 'a recursive schema is compared once, cycles included', fixture: 'recursive', changes: [{ in: 'base', line: 18, column: 9, severity: 'error', message: 'Property "slug" of schema "Category"' }] },
  { name: '2.0 → 3.0 migration with the same properties (x-nullable and nullable alike) is no change', fixture: 'swagger-to-openapi', changes: [] },
  { name: 'schemas in other files: the finding sits in the base\'s file, named after its top key', fixture: 'files', changes: [{ in: 'base', line: 5, column: 5, severity: 'error', message: 'Property "status" of schema "Order"' }] },
]);
