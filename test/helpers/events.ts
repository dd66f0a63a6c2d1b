// Event type documents for the event rule tests: one valid data change event and one valid
// general event, in the three places event types live (a standalone list file, a standalone
// single-type file, an OpenAPI document's `x-event-types`). A test breaks one line with `edit`
// and asserts the finding at `lineOf` that line, so the line numbers stay readable.

/** A data change event that passes every event rule, as a list item. */
export const DATA_EVENT = `- name: shipping.shipment-changed
  owning_application: shipment-service
  category: data
  compatibility_mode: compatible
  partition_strategy: hash
  partition_key_fields: [data.id]
  ordering_key_fields: [data.revision]
  schema:
    type: json_schema
    version: 1.0.0
    schema:
      type: object
      required: [metadata, data_op, data_type, data]
      properties:
        metadata:
          type: object
          required: [eid, occurred_at]
          properties:
            eid: {type: string, format: uuid}
            occurred_at: {type: string, format: date-time}
        data_op: {type: string, enum: [C, U, D, S]}
        data_type: {type: string, example: shipping.shipment}
        data:
          type: object
          properties:
            id: {type: string}
            revision: {type: integer, format: int64}
`;

/** A general event that passes every event rule, as a list item. */
export const GENERAL_EVENT = `- name: shipping.shipment-delivered
  owning_application: shipment-service
  category: general
  compatibility_mode: forward
  ordering_key_fields: [delivered_at]
  schema:
    type: json_schema
    version: 2.1.0
    schema:
      type: object
      required: [metadata, delivered_at]
      properties:
        metadata:
          type: object
          required: [eid, occurred_at]
          properties:
            eid: {type: string, format: uuid}
            occurred_at: {type: string, format: date-time}
        delivered_at: {type: string, format: date-time}
`;

/** Replaces text that must occur exactly once (keep edits to one line so line numbers hold). */
export function edit(text: string, find: string, replace: string): string {
  const at = text.indexOf(find);
  if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new Error(`edit target must occur exactly once: ${find}`);
  return text.slice(0, at) + replace + text.slice(at + find.length);
}

/** 1-based line of the unique text `find` in `text`. */
export function lineOf(text: string, find: string): number {
  const at = text.indexOf(find);
  if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new Error(`line target must occur exactly once: ${find}`);
  return text.slice(0, at).split('\n').length;
}

/** A standalone file holding one event type (a list item made a top-level mapping). */
export const single = (event: string): string => event.replace(/^- /, '').replace(/^ {2}/gm, '');

/** DATA_EVENT with its `data` schema given as a `$ref` to `target`. */
export const dataRef = (target: string): string =>
  edit(DATA_EVENT, `        data:
          type: object
          properties:
            id: {type: string}
            revision: {type: integer, format: int64}
`, `        data: {$ref: '${target}'}
`);

/** An OpenAPI document with these event types (list items) under `x-event-types`, then `tail`. */
export function openapi(version: '2.0' | '3.0.3' | '3.1.0', events: string, tail = ''): string {
  const head = version === '2.0' ? "swagger: '2.0'" : `openapi: ${version}`;
  const list = events.replace(/^(?=.)/gm, '  ');
  return `${head}\ninfo: {title: Shipments, version: 1.0.0}\npaths: {}\nx-event-types:\n${list}${tail}`;
}

/** A standalone JSON event type whose `schema.schema` is a JSON string (as registries store it). */
export function jsonWithStringSchema(fields: Record<string, unknown>, schema: unknown): string {
  const { schema: holder, ...rest } = fields as { schema?: Record<string, unknown> };
  return `${JSON.stringify({ ...rest, schema: { type: 'json_schema', version: '1.0.0', ...holder, schema: JSON.stringify(schema) } }, null, 2)}\n`;
}
