import { defineRule } from '../rule.js';
import { atPathPart } from '../lib/naming.js';
import { isExtensionKey } from '../lib/oas.js';

export default defineRule({
  id: 'path-no-trailing-slash',
  severity: 'error',
  ref: '4.path.2',
  zalando: [136],
  description: 'Paths have no trailing slash.',
  rationale:
    'Paths are normalized (guideline 4, path rules, item 2): `/orders` and `/orders/` would name the same resource twice, and clients and caches treat them as different URLs.',
  examples: {
    incorrect: 'paths:\n  /orders/:\n    get: ...',
    correct: 'paths:\n  /orders:\n    get: ...',
  },
  given: '$.paths',
  field: '@key',
  check(path) {
    if (typeof path === 'string' && !isExtensionKey(path) && path.length > 1 && path.endsWith('/')) {
      return [{ message: `Path "${path}" ends with a slash: remove the trailing "/".`, path: atPathPart(path, path.length - 1, 1) }];
    }
  },
});
