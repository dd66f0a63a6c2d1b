import { defineRule } from '../rule.js';
import { atPathPart, splitPath } from '../lib/naming.js';
import { isExtensionKey } from '../lib/oas.js';

export default defineRule({
  id: 'path-no-empty-segments',
  severity: 'error',
  ref: '4.path.2',
  zalando: [136],
  description: 'Paths have no empty segments (`//`).',
  rationale:
    'Paths are normalized (guideline 4, path rules, item 2): an empty segment, as in `/orders//items`, is a typo that servers, proxies and clients normalize differently, so the same resource would answer under several URLs or not at all.',
  examples: {
    incorrect: 'paths:\n  /shipments//parcels:\n    get: ...',
    correct: 'paths:\n  /shipments/{shipment_id}/parcels:\n    get: ...',
  },
  given: '$.paths',
  field: '@key',
  check(path) {
    // A trailing slash also ends in an empty segment: path-no-trailing-slash reports that one.
    if (typeof path === 'string' && !isExtensionKey(path) && splitPath(path).slice(0, -1).includes('')) {
      return [{ message: `Path "${path}" has an empty segment: remove the extra "/".`, path: atPathPart(path, path.indexOf('//') + 1, 1) }];
    }
  },
});
