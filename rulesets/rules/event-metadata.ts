import type { IFunctionResult } from '@stoplight/spectral-core';
import { defineRule } from '../rule.js';
import { distinctEventSchemas, eventTypeNodes, isDataChangeEvent, objectShape, rootNode, schemaFinding, type EventSchema, type ObjectShape, type SubSchema } from '../lib/events.js';
import { eventTypes, oas2, oas3 } from '../formats.js';

/**
 * A mandatory field of an object schema: declared, listed in `required`, and of the expected
 * `format` where one is given. Findings at the field, or at the object that lacks it.
 */
function mandatory(schema: EventSchema, owner: SubSchema, shape: ObjectShape, name: string, what: string, format?: string): IFunctionResult[] {
  const field = shape.property(name);
  if (!field) return [schemaFinding(schema, owner.at, `${what} has no "${name}" property: add it${format ? ` (string, format ${format})` : ''} and list it in \`required\`.`)];
  const out: IFunctionResult[] = [];
  if (!shape.requires(name)) out.push(schemaFinding(schema, field.property, `${what} property "${name}" is mandatory: list it in \`required\`.`, true));
  if (format && field.schema.format !== format) {
    const at = field.schema.format === undefined ? field.at : [...field.at, 'format'];
    out.push(schemaFinding(schema, at, `${what} property "${name}" must be a string with \`format: ${format}\`.`));
  }
  return out;
}

export default defineRule({
  id: 'event-metadata',
  severity: 'error',
  ref: '6.6',
  zalando: [247, 211],
  description: 'Event schemas carry `metadata` with `eid` (uuid) and `occurred_at` (date-time); data change events also `data_op` and `data_type`.',
  rationale:
    'Each event carries mandatory metadata and a unique event identifier (guideline 6, item 6; Zalando rules 247 and 211). Following the event bus convention, the event schema has a required `metadata` object with `eid` (a uuid consumers use to drop duplicates, which they must expect) and `occurred_at` (a date-time); a data change event also carries, at the top level, `data_op` (the kind of change: C, U, D or S) and `data_type` (the changed entity). Properties are looked up through `allOf` compositions and `$ref`s, so a shared `EventMetadata` schema is checked once, where it is defined. Lint the complete event schema, envelope included: a registry that adds the envelope itself (Nakadi\'s `business` and `data` categories) still publishes events that must carry it, and a schema without it leaves consumers guessing.',
  examples: {
    incorrect: 'ShipmentDeliveredEvent:\n  type: object\n  properties:\n    shipment_id: {type: string}',
    correct:
      'ShipmentDeliveredEvent:\n  type: object\n  required: [metadata, shipment_id]\n  properties:\n    metadata:\n      type: object\n      required: [eid, occurred_at]\n      properties:\n        eid: {type: string, format: uuid}\n        occurred_at: {type: string, format: date-time}\n    shipment_id: {type: string}',
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root) {
    const nodes = eventTypeNodes(root);
    const out: IFunctionResult[] = [];
    for (const schema of distinctEventSchemas(nodes)) {
      const top = rootNode(schema);
      const shape = objectShape(schema, top);
      out.push(...mandatory(schema, top, shape, 'metadata', 'Event schema'));
      const metadata = shape.property('metadata');
      if (metadata) {
        const metaShape = objectShape(schema, metadata);
        out.push(...mandatory(schema, metadata, metaShape, 'eid', 'Event metadata', 'uuid'));
        out.push(...mandatory(schema, metadata, metaShape, 'occurred_at', 'Event metadata', 'date-time'));
      }
    }
    for (const schema of distinctEventSchemas(nodes.filter(node => isDataChangeEvent(node.event)))) {
      const top = rootNode(schema);
      for (const name of ['data_op', 'data_type']) out.push(...mandatory(schema, top, objectShape(schema, top), name, 'Data change event schema'));
    }
    return out;
  },
});
