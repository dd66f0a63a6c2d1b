import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const noMetadata = `- name: shipping.shipment-delivered
  category: general
  schema:
    type: json_schema
    schema:
      type: object
      properties:
        delivered_at: {type: string, format: date-time}
`;
const weakMetadata = edit(
  GENERAL_EVENT,
  '          required: [eid, occurred_at]\n          properties:\n            eid: {type: string, format: uuid}\n            occurred_at: {type: string, format: date-time}\n',
  '          required: [occurred_at]\n          properties:\n            eid: {type: string}\n            occurred_at: {type: string, format: date}\n',
);
const noDataOp = edit(DATA_EVENT, 'required: [metadata, data_op, data_type, data]', 'required: [metadata, data_type, data]');
const composed = openapi(
  '3.0.3',
  `- name: shipping.shipment-changed
  category: data
  schema:
    type: json_schema
    schema: {$ref: '#/components/schemas/ShipmentChangedEvent'}
`,
  `components:
  schemas:
    DataChangeEvent:
      type: object
      required: [metadata, data_op, data_type]
      properties:
        metadata: {$ref: 'metadata.yaml#/EventMetadata'}
        data_op: {type: string, enum: [C, U, D, S]}
        data_type: {type: string}
    ShipmentChangedEvent:
      allOf:
        - $ref: '#/components/schemas/DataChangeEvent'
        - type: object
          properties:
            data: {type: object}
`,
);
const metadataFile = `EventMetadata:
  type: object
  required: [eid, occurred_at]
  properties:
    eid: {type: string, format: uuid}
    occurred_at: {type: string}
`;
const json = jsonWithStringSchema(
  { name: 'shipping.parcel-scanned', category: 'data' },
  { type: 'object', required: ['metadata'], properties: { metadata: { $ref: '#/definitions/Metadata' } }, definitions: { Metadata: { type: 'object', required: ['eid', 'occurred_at'], properties: { eid: { type: 'string', format: 'uuid' } } } } },
);
const jsonLine = lineOf(json, '"schema": "');
const metadataNotRequired = edit(composed, 'required: [metadata, data_op, data_type]', 'required: [data_op, data_type]');
const jsonNotRequired = jsonWithStringSchema(
  { name: 'shipping.parcel-scanned', category: 'general' },
  { type: 'object', properties: { metadata: { $ref: '#/definitions/Metadata' } }, definitions: { Metadata: { type: 'object', required: ['eid', 'occurred_at'], properties: { eid: { type: 'string', format: 'uuid' }, occurred_at: { type: 'string', format: 'date-time' } } } } },
);

testRule('event-metadata', [
  { name: 'the Shipment Service event types (YAML list) pass', document: 'fixtures/events/shipment-events.yaml', errors: [] },
  { name: 'the Shipment Service event type with a schema string (JSON) passes', document: 'fixtures/events/parcel-scanned.json', errors: [] },
  { name: 'standalone single: no metadata, at the schema', document: single(noMetadata), errors: [{ line: lineOf(single(noMetadata), '  schema:\n    type: object'), column: 3, severity: 'error', message: 'Event schema has no "metadata" property' }] },
  {
    name: 'standalone list: metadata with a bad eid and occurred_at',
    document: DATA_EVENT + weakMetadata,
    errors: [
      { line: lineOf(DATA_EVENT + weakMetadata, 'eid: {type: string}'), column: 13, severity: 'error', message: 'Event metadata property "eid" is mandatory: list it in `required`' },
      { line: lineOf(DATA_EVENT + weakMetadata, 'eid: {type: string}'), column: 13, severity: 'error', message: '"eid" must be a string with `format: uuid`' },
      { line: lineOf(DATA_EVENT + weakMetadata, 'format: date}'), column: 49, severity: 'error', message: '"occurred_at" must be a string with `format: date-time`' },
    ],
  },
  {
    name: 'standalone JSON: a data change event in a schema string, metadata behind a local $ref',
    document: json,
    options: { name: 'openapi.json' },
    errors: [
      { line: jsonLine, column: 15, severity: 'error', message: 'Event metadata has no "occurred_at" property: add it (string, format date-time) and list it in `required` (in the schema string at #/definitions/Metadata).' },
      { line: jsonLine, column: 15, severity: 'error', message: 'Data change event schema has no "data_op" property' },
      { line: jsonLine, column: 15, severity: 'error', message: 'Data change event schema has no "data_type" property' },
    ],
  },
  {
    name: '3.0: allOf compositions and $refs to other files are followed',
    document: composed,
    options: { files: { 'metadata.yaml': metadataFile } },
    errors: [{ file: 'metadata.yaml', line: 6, column: 5, severity: 'error', message: '"occurred_at" must be a string with `format: date-time`' }],
  },
  {
    // The property's schema lies in another file; the finding is about the property, where it is declared.
    name: '3.0: a property behind a $ref that is not required: at the property, not at the schema it refers to',
    document: metadataNotRequired,
    options: { files: { 'metadata.yaml': metadataFile } },
    errors: [
      { file: 'metadata.yaml', line: 6, column: 5, severity: 'error', message: '"occurred_at" must be a string with `format: date-time`' },
      { line: lineOf(metadataNotRequired, "metadata: {$ref: 'metadata.yaml"), column: 9, severity: 'error', message: 'Event schema property "metadata" is mandatory: list it in `required`.' },
    ],
  },
  {
    name: 'standalone JSON: in a schema string, a property behind a local $ref that is not required is named as the property',
    document: jsonNotRequired,
    options: { name: 'openapi.json' },
    errors: [{ line: lineOf(jsonNotRequired, '"schema": "'), column: 15, severity: 'error', message: 'Event schema property "metadata" is mandatory: list it in `required` (in the schema string at #/properties/metadata).' }],
  },
  { name: '3.1: data_op must be required', document: openapi('3.1.0', noDataOp), errors: [{ line: 4 + lineOf(noDataOp, 'data_op: {'), column: 11, severity: 'error', message: 'Data change event schema property "data_op" is mandatory' }] },
  { name: '2.0: complete metadata passes', document: openapi('2.0', DATA_EVENT + GENERAL_EVENT), errors: [] },
]);

it('fires on the reference spec at the edited format', async () => {
  const { findings, line } = await lintMutatedReference('event-metadata', {
    find: 'format: uuid\n          description: Unique identifier of the event; consumers use it to drop duplicates.',
    replace: 'format: uri\n          description: Unique identifier of the event; consumers use it to drop duplicates.',
  });
  expectFindings('event-metadata', findings, [{ line, column: 19, severity: 'error' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-metadata'] })).toEqual([]);
});
