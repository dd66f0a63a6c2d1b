import { defineRule } from '../rule.js';
import { distinctEventSchemas, eventSubSchemas, eventTypeNodes, schemaFinding } from '../lib/events.js';
import { isObject } from '../lib/oas.js';
import { eventTypes, oas2, oas3 } from '../formats.js';

export default defineRule({
  id: 'event-schema-no-additional-properties',
  severity: 'warn',
  ref: '6.3',
  zalando: [210],
  description: 'Event schemas avoid `additionalProperties` on objects with declared properties.',
  rationale:
    '`additionalProperties` should be avoided in event schemas (guideline 6, item 3; Zalando rule 210). Events are stored and replayed long after they were published, so producers and consumers read them with different schema versions: `additionalProperties: true` is a wildcard extension point that defeats compatibility checks, and `false` makes every new optional field a breaking change. Evolve the schema by adding optional properties instead. A map (an object without `properties` whose values follow an `additionalProperties` schema) has no other way to say its value type and is not reported.',
  examples: {
    incorrect: 'ShipmentDeliveredEvent:\n  type: object\n  additionalProperties: false\n  properties:\n    metadata: {$ref: \'#/components/schemas/EventMetadata\'}',
    correct: 'ShipmentDeliveredEvent:\n  type: object\n  properties:\n    metadata: {$ref: \'#/components/schemas/EventMetadata\'}',
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root) {
    return eventSubSchemas(distinctEventSchemas(eventTypeNodes(root))).flatMap(({ schema, node }) => {
      const s = node.schema;
      if (s.additionalProperties === undefined) return [];
      const isMap = s.properties === undefined && isObject(s.additionalProperties);
      if (isMap) return [];
      return [schemaFinding(schema, [...node.at, 'additionalProperties'], `Event schema declares \`additionalProperties: ${isObject(s.additionalProperties) ? '{...}' : String(s.additionalProperties)}\`: remove it and evolve the schema with new optional properties.`)];
    });
  },
});
