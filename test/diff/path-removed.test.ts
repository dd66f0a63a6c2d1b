import { testDiffRule } from '../helpers/diff.js';

testDiffRule('path-removed', [
  { name: '3.0: a removed path is an error at the base path item', fixture: 'removed', changes: [{ in: 'base', line: 8, column: 3, severity: 'error', message: 'Path "/orders/{order_id}" (GET, DELETE) was removed' }] },
  { name: 'a renamed path is a removal, and the message names the look-alike', fixture: 'renamed', changes: [{ in: 'base', line: 4, column: 3, severity: 'error', message: 'The revision has "/orders/{id}/Items"' }] },
  { name: 'removal after every operation\'s passed x-sunset is info', fixture: 'sunset-passed', changes: [{ in: 'base', line: 8, column: 3, severity: 'info', message: 'x-sunset 2025-06-30, which has passed' }] },
  { name: 'a deprecation whose x-sunset is still ahead does not allow the removal', fixture: 'sunset-not-passed', changes: [{ in: 'base', line: 8, column: 3, severity: 'error', message: 'its x-sunset 2027-06-30 has not passed (today is 2026-01-15)' }] },
  { name: 'a renamed path variable is no change', fixture: 'variable-renamed', changes: [] },
  { name: '2.0 basePath and 3.0 servers: a migration that keeps the URLs is no change', fixture: 'swagger-to-openapi', changes: [] },
  { name: '2.0: a new basePath moves every path', fixture: 'base-path-changed', changes: [{ in: 'base', line: 5, column: 3, severity: 'error', message: 'Path "/shop/orders" (GET)' }] },
]);
