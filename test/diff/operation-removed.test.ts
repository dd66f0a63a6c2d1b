import { testDiffRule } from '../helpers/diff.js';

testDiffRule('operation-removed', [
  { name: '3.1: an operation removed from a path that stays', fixture: 'removed', changes: [{ in: 'base', line: 8, column: 5, severity: 'error', message: 'Operation "DELETE /orders/{order_id}" was removed' }] },
  { name: '2.0: removal after a passed x-sunset (an unquoted YAML date) is info', fixture: 'sunset-passed', changes: [{ in: 'base', line: 8, column: 5, severity: 'info', message: 'x-sunset 2025-12-31, which has passed' }] },
  { name: 'deprecated without x-sunset: still an error, with what is missing', fixture: 'deprecated-without-sunset', changes: [{ in: 'base', line: 8, column: 5, severity: 'error', message: 'has no x-sunset' }] },
  { name: 'a whole path removed is path-removed\'s, not one finding per operation', fixture: 'path-removed', changes: [] },
  {
    name: 'two templates that differ in their variables only: each pairs with its own, in either order',
    fixture: 'same-shape-paths',
    alsoOn: ['path-removed', 'api-added'],
    changes: [{ in: 'base', line: 12, column: 5, severity: 'error', message: 'Operation "PATCH /orders/{order_number}" was removed' }],
  },
]);
