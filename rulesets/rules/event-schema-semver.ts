import { defineRule } from '../rule.js';
import { eventTypeNodes } from '../lib/events.js';
import { quote } from '../lib/fields.js';
import { isObject } from '../lib/oas.js';
import { eventTypes, oas2, oas3 } from '../formats.js';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export default defineRule({
  id: 'event-schema-semver',
  severity: 'error',
  ref: '6.4',
  zalando: [246],
  description: 'The event schema declares a semantic `schema.version` (MAJOR.MINOR.PATCH).',
  rationale:
    'Event type schemas use semantic versioning and keep backward compatibility (guideline 6, item 4; Zalando rule 246). The `schema.version` tells consumers what kind of change a new schema is: PATCH for descriptions, MINOR for new optional fields, MAJOR for breaking changes, which the `compatible` and `forward` modes do not allow.',
  examples: {
    incorrect: 'schema:\n  type: json_schema\n  version: v2\n  schema: {...}',
    correct: 'schema:\n  type: json_schema\n  version: 2.1.0\n  schema: {...}',
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root) {
    return eventTypeNodes(root).flatMap(node => {
      const holder = node.event.schema;
      // A missing schema is event-schema-valid's finding.
      if (!isObject(holder)) return [];
      const holderPath = [...node.jsonPath, 'schema'];
      const { version } = holder;
      if (version === undefined) {
        return [{ message: `${node.label} has no \`schema.version\`: declare the schema's semantic version, e.g. "1.0.0".`, path: holderPath }];
      }
      if (typeof version === 'string' && SEMVER.test(version)) return [];
      return [{ message: `Schema version ${quote(String(version))} is not semantic: use MAJOR.MINOR.PATCH, e.g. "1.2.0" (quoted in YAML).`, path: [...holderPath, 'version'] }];
    });
  },
});
