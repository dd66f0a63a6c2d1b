import { testDiffRule } from '../helpers/diff.js';

testDiffRule('request-property-added-required', [
  { name: '3.0: a new required request property; a new optional one is not reported', fixture: 'added', changes: [{ in: 'revision', line: 19, column: 9, severity: 'error', message: 'Property "warehouse_id" of schema "OrderInput" is new and required in requests' }] },
  { name: 'a new required property in a response asks nothing of clients', fixture: 'response-only', changes: [] },
]);
