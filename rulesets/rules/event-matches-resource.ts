import pluralize from 'pluralize';
import { defineRule } from '../rule.js';
import { distinctEventSchemas, eventTypeNodes, isDataChangeEvent, objectShape, rootNode, schemaFinding, type SubSchema } from '../lib/events.js';
import { isOas2, isObject, operations, requestBodies, responseBodies, responses, type Obj } from '../lib/oas.js';
import { oas2, oas3 } from '../formats.js';

/** Compares names across casings and number: `shipping.shipments`, `Shipment` and `shipment` agree. */
const normalize = (name: string): string => pluralize.singular(name.replace(/[^A-Za-z0-9]/g, '').toLowerCase());

/** The entity names a `data_type` schema gives (`shipping.shipment` names "shipment"). */
function dataTypeNames(dataType: SubSchema | undefined): string[] {
  if (!dataType) return [];
  const s = dataType.schema;
  const values = [s.const, s.default, s.example, ...(Array.isArray(s.enum) ? s.enum : []), ...(Array.isArray(s.examples) ? s.examples : [])];
  return values.flatMap(v => (typeof v === 'string' && v !== '' ? [normalize(v.split(/[.:/]/).pop()!)] : []));
}

/** Whether the `data` schema is a resource schema, or composes one with `allOf`. */
function isResource(data: SubSchema, resources: ReadonlySet<Obj>): boolean {
  const stack: unknown[] = [data.schema];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const s = stack.pop();
    if (!isObject(s) || seen.has(s)) continue;
    seen.add(s);
    if (resources.has(s)) return true;
    if (Array.isArray(s.allOf)) for (const member of s.allOf) stack.push(member);
  }
  return false;
}

/**
 * The API's resources: the component schemas its operations exchange as bodies, directly, as
 * `allOf` members, as array items or as the items of a page object's array property. All
 * component schemas when the document has no operations (an event-only document; the check
 * leaves out the event schemas themselves).
 */
function resourceSchemas(root: Obj): Map<string, Obj> {
  const components = isOas2(root) ? root.definitions : isObject(root.components) ? root.components.schemas : undefined;
  const all = new Map(Object.entries(isObject(components) ? components : {}).filter((e): e is [string, Obj] => isObject(e[1])));
  const exchanged = new Set<unknown>();
  const add = (s: unknown) => {
    if (!isObject(s)) return;
    exchanged.add(s);
    if (Array.isArray(s.allOf)) s.allOf.forEach(member => exchanged.add(member));
    exchanged.add(s.items);
    if (isObject(s.properties)) for (const p of Object.values(s.properties)) if (isObject(p)) exchanged.add(p.items);
  };
  const ops = operations(root);
  for (const op of ops) {
    requestBodies(root, op).forEach(b => add(b.schema));
    for (const r of responses(op)) responseBodies(root, op, r.response, r.jsonPath).forEach(b => add(b.schema));
  }
  return ops.length === 0 ? all : new Map([...all].filter(([, s]) => exchanged.has(s)));
}

export default defineRule({
  id: 'event-matches-resource',
  severity: 'warn',
  ref: '6.9',
  zalando: [205],
  description: "A data change event's `data` or `data_type` names a resource schema of the API.",
  rationale:
    "Events define useful business resources, and data change events should match the resources of the API (guideline 6, item 9; Zalando rule 205): a consumer who knows the REST representation of a shipment should find the same representation in its change events, and the service maintains one model instead of two. In an OpenAPI document, the resources are the component schemas (`components.schemas`, `definitions` in Swagger 2.0) that operations send or return as bodies, their array items and the items of page objects; in a document without operations, every component schema but the event schemas themselves. A data change event matches when its `data` property is (or composes with `allOf`) one of them, or when its `data_type` (`const`, `enum`, `example` or `default`, e.g. `shipping.shipment`) names one (`Shipment`). Events that publish aggregates or computed data may legitimately differ: silence them with an inline ignore.",
  examples: {
    incorrect:
      'ShipmentChangedEvent:\n  properties:\n    data_type: {type: string, example: shipping.consignment}\n    data:\n      type: object\n      properties:\n        id: {type: string}',
    correct: "ShipmentChangedEvent:\n  properties:\n    data_type: {type: string, example: shipping.shipment}\n    data:\n      $ref: '#/components/schemas/Shipment'",
  },
  formats: [oas2, oas3],
  given: '$',
  check(root) {
    if (!isObject(root)) return;
    // Most documents declare no event types: nothing to compare, so no resources to collect.
    const events = eventTypeNodes(root);
    if (events.length === 0) return;
    // An event's own schema is the event, not a resource it can match (an event-only document
    // whose components hold the event schemas has no resources).
    const envelopes = new Set(events.map(node => (isObject(node.event.schema) ? node.event.schema.schema : undefined)));
    const resources = new Map([...resourceSchemas(root)].filter(([, schema]) => !envelopes.has(schema)));
    if (resources.size === 0) return;
    const schemas = new Set(resources.values());
    const names = new Set([...resources.keys()].map(normalize));
    const where = isOas2(root) ? 'definitions' : 'components.schemas';
    return distinctEventSchemas(events.filter(node => isDataChangeEvent(node.event))).flatMap(schema => {
      const top = rootNode(schema);
      const shape = objectShape(schema, top);
      const data = shape.property('data');
      const dataType = shape.property('data_type');
      if (data && isResource(data, schemas)) return [];
      if (dataTypeNames(dataType).some(name => names.has(name))) return [];
      const at = data ?? dataType;
      return [
        schemaFinding(
          schema,
          at ? at.property : top.at,
          `Data change event matches no resource of the API: let "data" $ref the schema of the resource (in ${where}) that the API returns, or name that resource in "data_type" (e.g. "domain.resource").`,
          at !== undefined,
        ),
      ];
    });
  },
});
