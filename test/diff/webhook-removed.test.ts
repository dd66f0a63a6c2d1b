import { testDiffRule } from '../helpers/diff.js';

testDiffRule('webhook-removed', [
  { name: '3.1: a removed webhook', fixture: 'webhook', changes: [{ in: 'base', line: 4, column: 3, severity: 'error', message: 'Webhook "order-shipped" was removed' }] },
  { name: '3.0: a removed callback of an operation that stays', fixture: 'callback', changes: [{ in: 'base', line: 9, column: 13, severity: 'error', message: 'POST callback "shipped" of POST /subscriptions was removed' }] },
]);
