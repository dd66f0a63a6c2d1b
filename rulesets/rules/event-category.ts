import { defineRule } from '../rule.js';
import { eventTypeNodes, fieldFinding } from '../lib/events.js';
import { quote } from '../lib/fields.js';
import { eventTypes, oas2, oas3 } from '../formats.js';
import { EVENT_CATEGORIES } from '../lib/vocabularies.js';

export default defineRule({
  id: 'event-category',
  severity: 'error',
  ref: '6.5',
  zalando: [198],
  description: 'Every event type belongs to the `general` or the `data` category.',
  rationale:
    'Each event belongs to one category (guideline 6, item 5): general events signal steps in business processes, data change events signal mutations of resources (Zalando rule 198). The category decides the structure of the event (`data_op`, `data_type` and `data` for data change events) and the rules that apply to it, such as ordering and partitioning. Nakadi\'s `business` category is the general category under its old name: call it `general`.',
  examples: {
    incorrect: '- name: shipping.shipment-changed\n  owning_application: shipment-service\n  category: business',
    correct: '- name: shipping.shipment-changed\n  owning_application: shipment-service\n  category: data',
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root) {
    return eventTypeNodes(root).flatMap(node => {
      const category = node.event.category;
      if ((EVENT_CATEGORIES.required as readonly unknown[]).includes(category)) return [];
      const found = category === undefined ? 'declares no category' : `has category ${quote(String(category))}`;
      const hint = category === 'business' ? ' ("business" is the old name of "general")' : '';
      return [fieldFinding(node, 'category', `${node.label} ${found}: set \`category\` to "general" (business process steps) or "data" (data changes)${hint}.`)];
    });
  },
});
