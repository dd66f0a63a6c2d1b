import { testDiffRule } from '../helpers/diff.js';

testDiffRule('server-removed', [
  { name: '3.0: a server no longer listed', fixture: 'removed', changes: [{ in: 'base', line: 5, column: 10, severity: 'warn', message: 'Server https://sandbox.example.com is no longer listed' }] },
  { name: '2.0 host and schemes are the 3.0 server, variables at their defaults', fixture: 'swagger-to-openapi', changes: [] },
]);
