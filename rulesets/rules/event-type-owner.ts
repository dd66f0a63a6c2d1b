import { defineRule } from '../rule.js';
import { eventTypeNodes, fieldFinding } from '../lib/events.js';
import { eventTypes, oas2, oas3 } from '../formats.js';

export default defineRule({
  id: 'event-type-owner',
  severity: 'error',
  ref: '6.1',
  zalando: [207],
  description: 'Every event type declares its `owning_application`.',
  rationale:
    'Each event type has a declared owner (guideline 6, item 1). Ownership is indicated by the `owning_application` field of the event type (Zalando rule 207): the owning application, and through it the owning team, is responsible for the definition, its schema evolution and its compatibility promises, just as for a REST API.',
  examples: {
    incorrect: '- name: shipping.shipment-delivered\n  category: general',
    correct: '- name: shipping.shipment-delivered\n  owning_application: shipment-service\n  category: general',
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root) {
    return eventTypeNodes(root).flatMap(node => {
      const owner = node.event.owning_application;
      if (typeof owner === 'string' && owner.trim() !== '') return [];
      return [fieldFinding(node, 'owning_application', `${node.label} has no owner: set \`owning_application\` to the application that publishes and maintains it.`)];
    });
  },
});
