import { defineRule } from '../rule.js';
import { eventTypeNodes, fieldFinding, isDataChangeEvent, keyFieldFindings } from '../lib/events.js';
import { quote } from '../lib/fields.js';
import { eventTypes, oas2, oas3 } from '../formats.js';
import { PARTITION_STRATEGIES } from '../lib/vocabularies.js';

export default defineRule({
  id: 'event-hash-partition',
  severity: 'warn',
  ref: '6.5',
  zalando: [204],
  description: 'Data change events use `partition_strategy: hash` with `partition_key_fields` from the event schema.',
  rationale:
    'The hash partition strategy should be used for data change events (guideline 6, item 5; Zalando rule 204): hashing the fields that identify the changed entity (`partition_key_fields`, e.g. `data.id`) sends all changes of one entity to the same partition, where they keep their order; with random partitioning consumers may see an update before the create.',
  examples: {
    incorrect: '- name: shipping.shipment-changed\n  category: data\n  partition_strategy: random',
    correct: '- name: shipping.shipment-changed\n  category: data\n  partition_strategy: hash\n  partition_key_fields: [data.id]',
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root) {
    return eventTypeNodes(root).flatMap(node => {
      if (!isDataChangeEvent(node.event)) return [];
      const strategy = node.event.partition_strategy;
      if (strategy !== PARTITION_STRATEGIES.required[0]) {
        const found = strategy === undefined ? 'declares no partition strategy' : `uses partition strategy ${quote(String(strategy))}`;
        return [fieldFinding(node, 'partition_strategy', `${node.label} is a data change event that ${found}: use \`partition_strategy: hash\` with \`partition_key_fields\` naming the entity's id.`)];
      }
      return keyFieldFindings(node, 'partition_key_fields', `${node.label} uses the hash partition strategy without \`partition_key_fields\`: name the fields that identify the changed entity, e.g. "data.id".`);
    });
  },
});
