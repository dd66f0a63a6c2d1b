import { testDiffRule } from '../helpers/diff.js';

testDiffRule('security-scope-added', [
  { name: '3.0: a further scope required', fixture: 'scope', changes: [{ in: 'revision', line: 6, column: 7, severity: 'error', message: 'GET /orders now requires scope "orders.write" (oauth)' }] },
  { name: 'a scope no longer required is not reported', fixture: 'scope-removed', changes: [] },
]);
