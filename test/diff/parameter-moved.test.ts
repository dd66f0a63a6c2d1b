import { testDiffRule } from '../helpers/diff.js';

testDiffRule('parameter-moved', [
  { name: '3.0: a query parameter that became a header (names compared without case)', fixture: 'moved', changes: [{ in: 'revision', line: 7, column: 11, severity: 'error', message: 'Parameter "Tenant" of GET /orders moved from query to header' }] },
]);
