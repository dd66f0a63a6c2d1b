import { testDiffRule } from '../helpers/diff.js';

testDiffRule('security-requirement-added', [
  { name: '3.0: document-wide security added; an operation with security: [] stays open', fixture: 'added', changes: [{ in: 'revision', line: 3, column: 1, severity: 'error', message: 'GET /orders now requires authentication (oauth (orders.read))' }] },
  { name: 'an API key replaced by OAuth 2.0', fixture: 'scheme-replaced', changes: [{ in: 'revision', line: 6, column: 7, severity: 'error', message: 'GET /orders no longer accepts api_key' }] },
  { name: 'a new alternative beside the old one is not a new requirement', fixture: 'alternative-kept', changes: [] },
  { name: '2.0 → 3.0: a renamed scheme of the same kind is no change', fixture: 'scheme-renamed', changes: [] },
]);
