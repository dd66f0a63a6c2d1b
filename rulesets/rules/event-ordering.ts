import { defineRule } from '../rule.js';
import { eventTypeNodes, isDataChangeEvent, keyFieldFindings } from '../lib/events.js';
import { eventTypes, oas2, oas3 } from '../formats.js';

export default defineRule({
  id: 'event-ordering',
  severity: 'error',
  ref: '6.5',
  zalando: [203, 242],
  description: 'Data change events declare `ordering_key_fields` (error); general events should (warn). The fields exist in the event schema.',
  rationale:
    'Explicit ordering must be provided for data change events and should be provided for general events (guideline 6, item 5; Zalando rules 203 and 242): consumers replaying or reconstructing a stream, or receiving events out of order, restore their order from a monotonic entity version or counter, named in `ordering_key_fields` as dot-separated paths into the event (e.g. `data.revision`), which must exist in the schema. The rule is an error for data change events; a general event without ordering is reported as a warning, since for it ordering is a "should".',
  examples: {
    incorrect: '- name: shipping.shipment-changed\n  category: data\n  partition_strategy: hash\n  partition_key_fields: [data.id]',
    correct: '- name: shipping.shipment-changed\n  category: data\n  partition_strategy: hash\n  partition_key_fields: [data.id]\n  ordering_key_fields: [data.revision]',
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root) {
    return eventTypeNodes(root).flatMap(node => {
      if (isDataChangeEvent(node.event)) {
        const missing = `${node.label} is a data change event without \`ordering_key_fields\`: it must name the field that orders its events, e.g. an entity revision ("data.revision").`;
        return keyFieldFindings(node, 'ordering_key_fields', missing);
      }
      // General events only "should" declare ordering: a missing declaration is a warning.
      const missing = `${node.label} has no \`ordering_key_fields\`: general events should name the field that orders them, e.g. a sequence number.`;
      return keyFieldFindings(node, 'ordering_key_fields', missing).map(r => (r.message === missing ? { ...r, severity: 'warn' as const } : r));
    });
  },
});
