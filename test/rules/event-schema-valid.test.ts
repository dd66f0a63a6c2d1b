import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, dataRef, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, lintText, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const typo = edit(GENERAL_EVENT, 'delivered_at: {type: string, format: date-time}', 'delivered_at: {type: strin, format: date-time}');
const avro = edit(DATA_EVENT, 'type: json_schema', 'type: avro_schema');
const noSchema = `- name: shipping.shipment-cancelled
  owning_application: shipment-service
  category: general
  schema:
    type: json_schema
    version: 1.0.0
`;
const stringSchema = { type: 'object', properties: { metadata: { type: 'object' }, parcel_count: { type: 'integer', minimum: -1, maxLength: -1 } } };
const json = jsonWithStringSchema({ name: 'shipping.parcel-scanned' }, stringSchema);
const notJson = JSON.stringify({ name: 'shipping.parcel-scanned', schema: { type: 'json_schema', schema: '{"type": "object",}' } }, null, 2);

const referenced = openapi(
  '3.0.3',
  `- name: shipping.shipment-delivered
  owning_application: shipment-service
  schema:
    type: json_schema
    version: 1.0.0
    schema: {$ref: 'schemas.yaml#/ShipmentDeliveredEvent'}
`,
);
const schemasFile = `ShipmentDeliveredEvent:
  type: object
  properties:
    shipment_id: {type: string}
    status:
      type: string
      const: DELIVERED
`;
const circular = openapi(
  '3.0.3',
  dataRef('#/components/schemas/Node'),
  `components:
  schemas:
    Node:
      type: object
      nullable: true
      properties:
        id: {type: string}
        parent: {$ref: '#/components/schemas/Node'}
`,
);
// An event schema as deep as 300 schemas each nested in the one before through a $ref: 600 levels.
const deep = openapi(
  '3.0.3',
  dataRef('#/components/schemas/S0'),
  `components:\n  schemas:\n${Array.from({ length: 300 }, (_, i) => `    S${i}: {type: object, properties: {next: {$ref: '#/components/schemas/S${i + 1}'}}}\n`).join('')}    S300: {type: object}\n`,
);
// Two event schemas reach one base: through `allOf`, and as a property and the items of another.
const sharedBase = openapi(
  '3.0.3',
  dataRef('#/components/schemas/Thing') + dataRef('#/components/schemas/Other'),
  `components:
  schemas:
    Base:
      type: object
      properties:
        count: {type: integer, minimum: abc}
    Thing:
      allOf: [{$ref: '#/components/schemas/Base'}]
    Other:
      type: object
      properties:
        base: {$ref: '#/components/schemas/Base'}
        more: {type: array, items: {$ref: '#/components/schemas/Base'}}
`,
);
const oas31 = edit(DATA_EVENT, 'id: {type: string}', "id: {type: [string, 'null'], const: X}");
const oas2 = edit(DATA_EVENT, 'id: {type: string}', 'id: {type: string, x-nullable: true, nullable: true}');

testRule('event-schema-valid', [
  { name: 'the Shipment Service event types (YAML list) pass', document: 'fixtures/events/shipment-events.yaml', errors: [] },
  { name: 'the Shipment Service event type with a schema string (JSON) passes', document: 'fixtures/events/parcel-scanned.json', errors: [] },
  { name: 'standalone single: an unknown type, at the keyword', document: single(typo), errors: [{ line: lineOf(single(typo), 'type: strin,'), column: 28, severity: 'error', message: 'Did you mean "string"?' }] },
  {
    name: 'standalone list: an Avro schema and a missing schema',
    document: avro + noSchema,
    errors: [
      { line: lineOf(avro, 'avro_schema'), column: 11, severity: 'error', message: 'schema type "avro_schema": event schemas are JSON schemas' },
      { line: lineOf(avro + noSchema, 'schema:\n    type: json_schema\n    version: 1.0.0\n'), column: 3, severity: 'error', message: 'has no `schema.schema`' },
    ],
  },
  {
    name: 'standalone JSON: problems inside a schema string land on the string, naming the place',
    document: json,
    options: { name: 'openapi.json' },
    errors: [
      { line: lineOf(json, '"schema": "'), column: 15, severity: 'error', message: '"maxLength" property must be >= 0 (in the schema string at #/properties/parcel_count/maxLength).' },
    ],
  },
  { name: 'standalone JSON: a schema string that is not JSON', document: notJson, options: { name: 'openapi.json' }, errors: [{ line: lineOf(notJson, '"schema": "'), column: 15, severity: 'error', message: 'the schema string is not valid JSON' }] },
  {
    name: '3.0: a $ref to a schema in another file is checked where it is defined',
    document: referenced,
    options: { files: { 'schemas.yaml': schemasFile } },
    errors: [{ file: 'schemas.yaml', line: 7, column: 14, severity: 'error', message: 'Property "const" is not expected to be here' }],
  },
  { name: '3.0: circular references and nullable pass', document: circular, errors: [] },
  {
    name: '3.0: a base that event schemas reach three ways: its problem once, where it is written',
    document: sharedBase,
    errors: [{ line: lineOf(sharedBase, 'minimum: abc'), column: 41, severity: 'error', message: '"minimum" property type must be number' }],
  },
  {
    name: '3.0: a schema nested 600 levels deep through $refs: one finding that says so (the validator ran out of call stack)',
    document: deep,
    errors: [{ line: lineOf(deep, '    version: 1.0.0\n      schema:') + 1, column: 7, severity: 'error', message: 'Event schema nests more than 500 levels deep (with what its $refs lead to): too deep to check it against the Schema Object; flatten it.' }],
  },
  { name: '3.1: JSON Schema 2020-12 keywords pass', document: openapi('3.1.0', oas31), errors: [] },
  { name: '3.1: an unknown type', document: openapi('3.1.0', typo), errors: [{ line: 4 + lineOf(typo, 'type: strin,'), column: 32, severity: 'error' }] },
  { name: '2.0: nullable is not a Swagger 2.0 keyword (x-nullable is)', document: openapi('2.0', oas2), errors: [{ line: 4 + lineOf(oas2, 'nullable: true}'), column: 62, severity: 'error' }] },
]);

it('fires on the reference spec at the edited keyword', async () => {
  const { findings, line } = await lintMutatedReference('event-schema-valid', {
    find: '          type: integer\n          format: int32\n          description: Number of delivered parcels.',
    replace: '          type: int\n          format: int32\n          description: Number of delivered parcels.',
  });
  expectFindings('event-schema-valid', findings, [{ line, column: 17, severity: 'error' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-schema-valid'] })).toEqual([]);
});

it('documents linted one after another share the compiled meta-schemas, each with its own errors', async () => {
  // The validators are compiled once per process (rulesets/lib/require.ts): a validator that kept
  // state between documents would give one document's errors to the next.
  const lint = (document: string) => lintText(document, { rules: ['event-schema-valid'] });
  const broken = openapi('3.0.3', typo);
  const first = await lint(broken);
  expect(first.map(f => f.message)).toEqual(['Invalid event schema: "type" property must be equal to one of the allowed values: "array", "boolean", "integer", "number", "object", "string". Did you mean "string"?']);
  expect(await lint(openapi('3.0.3', GENERAL_EVENT))).toEqual([]);
  const other = await lint(json);
  expect(other.length).toBeGreaterThan(0);
  expect(other.some(f => f.message.includes('"string"'))).toBe(false);
  const again = await lint(broken);
  expect(again.map(({ file: _, ...f }) => f)).toEqual(first.map(({ file: _, ...f }) => f));
});
