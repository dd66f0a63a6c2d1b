import { defineRule } from '../rule.js';
import { eventTypeNodes, isDataChangeEvent, keyFieldFindings } from '../lib/events.js';
import { eventTypes, oas2, oas3 } from '../formats.js';

interface Options {
  generalEvents: boolean;
}

export default defineRule<Options>({
  id: 'event-ordering',
  severity: 'error',
  ref: '6.5',
  zalando: [203, 242],
  description: 'Data change events declare `ordering_key_fields` that name fields of the event schema.',
  rationale:
    'Explicit ordering must be provided for data change events and should be provided for general events (guideline 6, item 5; Zalando rules 203 and 242): consumers replaying or reconstructing a stream, or receiving events out of order, restore their order from a monotonic entity version or counter, named in `ordering_key_fields` as dot-separated paths into the event (e.g. `data.revision`), which must exist in the schema. A rule has one severity, so this rule (error) checks data change events; general events, for which ordering is only a "should", are checked too when the `generalEvents` option is on.',
  examples: {
    incorrect: '- name: shipping.shipment-changed\n  category: data\n  partition_strategy: hash\n  partition_key_fields: [data.id]',
    correct: '- name: shipping.shipment-changed\n  category: data\n  partition_strategy: hash\n  partition_key_fields: [data.id]\n  ordering_key_fields: [data.revision]',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        generalEvents: { type: 'boolean', description: 'Also require `ordering_key_fields` on general events (a "should" in the guideline).' },
      },
      additionalProperties: false,
    },
    defaults: { generalEvents: false },
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root, { generalEvents }) {
    return eventTypeNodes(root).flatMap(node => {
      const data = isDataChangeEvent(node.event);
      // General events only "should" declare ordering: checked on request, or when they declare it.
      if (!data && !generalEvents && !('ordering_key_fields' in node.event)) return [];
      const missing = data
        ? `${node.label} is a data change event without \`ordering_key_fields\`: it must name the field that orders its events, e.g. an entity revision ("data.revision").`
        : `${node.label} has no \`ordering_key_fields\`: general events should name the field that orders them, e.g. a sequence number.`;
      return keyFieldFindings(node, 'ordering_key_fields', missing);
    });
  },
});
