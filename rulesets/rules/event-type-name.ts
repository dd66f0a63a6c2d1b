import { defineRule } from '../rule.js';
import { eventTypeNodes, fieldFinding } from '../lib/events.js';
import { quote } from '../lib/fields.js';
import { eventTypes, oas2, oas3 } from '../formats.js';
import { optionPattern } from '../lib/pattern.js';

interface Options {
  pattern: string;
}

const DEFAULT_PATTERN = '^[a-z][a-z0-9-]*\\.[a-z][a-z0-9-]*(\\.[Vv][0-9.]+)?$';

export default defineRule<Options>({
  id: 'event-type-name',
  severity: 'error',
  ref: '6.1',
  zalando: [213],
  description: 'Event type names follow `<functional-name>.<event-name>`.',
  rationale:
    'Each event is a registered event type whose name follows a naming convention (guideline 6, item 1). The convention is `<functional-name>.<event-name>` in lower-case kebab-case words, optionally followed by a version segment (Zalando rule 213): the functional name groups the event types of one domain or application and keeps names globally unique and readable in a shared event type registry.',
  examples: {
    incorrect: '- name: ShipmentDelivered\n  owning_application: shipment-service\n  category: general',
    correct: '- name: shipping.shipment-delivered\n  owning_application: shipment-service\n  category: general',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', format: 'regex', description: 'Regular expression an event type name must match.' },
      },
      additionalProperties: false,
    },
    defaults: { pattern: DEFAULT_PATTERN },
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root, { pattern }) {
    const re = optionPattern(pattern, DEFAULT_PATTERN);
    return eventTypeNodes(root).flatMap(node => {
      const { name } = node.event;
      if (typeof name !== 'string' || name === '') {
        return [fieldFinding(node, 'name', `${node.label} has no name: name it \`<functional-name>.<event-name>\`, e.g. "shipping.shipment-delivered".`)];
      }
      if (re.test(name)) return [];
      const convention =
        pattern === DEFAULT_PATTERN
          ? 'does not follow `<functional-name>.<event-name>` (lower-case kebab-case words, e.g. "shipping.shipment-delivered")'
          : `does not match the configured pattern ${pattern}`;
      return [{ message: `Event type name ${quote(name)} ${convention}.`, path: [...node.jsonPath, 'name'] }];
    });
  },
});
