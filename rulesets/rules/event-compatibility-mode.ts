import { defineRule } from '../rule.js';
import { eventTypeNodes, fieldFinding } from '../lib/events.js';
import { quote } from '../lib/fields.js';
import { eventTypes, oas2, oas3 } from '../formats.js';
import { COMPATIBILITY_MODES } from '../lib/vocabularies.js';

const MODES: readonly string[] = COMPATIBILITY_MODES.required;

export default defineRule({
  id: 'event-compatibility-mode',
  severity: 'error',
  ref: '6.2',
  zalando: [245],
  description: 'Every event type declares its `compatibility_mode` (`compatible`, `forward` or `none`).',
  rationale:
    'The compatibility mode of an event type is defined (guideline 6, item 2; Zalando rule 245). It states how the schema may evolve — `compatible` (only additive optional fields), `forward` (consumers of the previous schema can read new events) or `none` — and therefore what consumers may rely on; registries otherwise apply a default the owner may not have chosen.',
  examples: {
    incorrect: '- name: shipping.shipment-delivered\n  owning_application: shipment-service\n  category: general',
    correct: '- name: shipping.shipment-delivered\n  owning_application: shipment-service\n  category: general\n  compatibility_mode: compatible',
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root) {
    return eventTypeNodes(root).flatMap(node => {
      const mode = node.event.compatibility_mode;
      if (typeof mode === 'string' && MODES.includes(mode)) return [];
      const found = mode === undefined ? 'declares no compatibility mode' : `has compatibility mode ${quote(String(mode))}`;
      return [fieldFinding(node, 'compatibility_mode', `${node.label} ${found}: set \`compatibility_mode\` to "compatible", "forward" or "none".`)];
    });
  },
});
