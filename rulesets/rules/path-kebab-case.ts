import { defineRule } from '../rule.js';
import { atSegment, isKebabCase, pathSegments, toKebabCase } from '../lib/naming.js';

export default defineRule({
  id: 'path-kebab-case',
  severity: 'error',
  ref: '4.path.1',
  zalando: [129],
  description: 'Path segments other than parameters are kebab-case.',
  rationale:
    'Path segments are kebab-case (guideline 4, path rules, item 1): lower-case words joined by hyphens, as in `/pickup-points`. One convention across APIs keeps URLs predictable; camelCase, snake_case and capitals are easy to mistype because many clients and proxies treat paths as case-sensitive. Parameter names inside `{...}` are not part of the URL and are not checked here; dots and colons may separate kebab-case parts (`.well-known`, `{name}.json`).',
  examples: {
    incorrect: 'paths:\n  /pickupPoints/{pickup_point_id}:\n    get: ...\n  /tracking_events:\n    get: ...',
    correct: 'paths:\n  /pickup-points/{pickup_point_id}:\n    get: ...\n  /tracking-events:\n    get: ...',
  },
  given: '$.paths',
  check(paths) {
    return pathSegments(paths)
      .filter(s => !isKebabCase(s.text))
      .map(s => ({
        message: `Path segment "${s.text}" is not kebab-case: rename it "${toKebabCase(s.text)}".`,
        path: atSegment(s),
      }));
  },
});
