import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const closed = edit(GENERAL_EVENT, '      required: [metadata, delivered_at]\n', '      required: [metadata, delivered_at]\n      additionalProperties: false\n');
const open = edit(DATA_EVENT, '          type: object\n          properties:\n            id:', '          type: object\n          additionalProperties: true\n          properties:\n            id:');
const map = edit(GENERAL_EVENT, 'delivered_at: {type: string, format: date-time}', 'labels: {type: object, additionalProperties: {type: string}}');
const json = jsonWithStringSchema({ name: 'shipping.parcel-scanned' }, { type: 'object', properties: { parcel: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: { type: 'string' } } } });

const referenced = openapi(
  '3.0.3',
  `- name: shipping.shipment-delivered
  schema:
    type: json_schema
    schema: {$ref: '#/components/schemas/ShipmentDeliveredEvent'}
- name: shipping.shipment-returned
  schema:
    type: json_schema
    schema: {$ref: '#/components/schemas/ShipmentDeliveredEvent'}
`,
  `components:
  schemas:
    ShipmentDeliveredEvent:
      type: object
      additionalProperties: false
      properties:
        shipment_id: {type: string}
`,
);

testRule('event-schema-no-additional-properties', [
  { name: 'standalone single: additionalProperties: false', document: single(closed), errors: [{ line: lineOf(single(closed), 'additionalProperties'), column: 27, severity: 'warn', message: '`additionalProperties: false`' }] },
  { name: 'standalone list: additionalProperties: true on a nested object', document: GENERAL_EVENT + open, errors: [{ line: lineOf(GENERAL_EVENT + open, 'additionalProperties'), column: 33, severity: 'warn' }] },
  { name: 'standalone JSON: in a schema string, naming the place', document: json, options: { name: 'openapi.json' }, errors: [{ line: lineOf(json, '"schema": "'), column: 15, severity: 'warn', message: 'at #/properties/parcel/additionalProperties' }] },
  { name: '3.0: a shared component is reported once, where it is defined', document: referenced, errors: [{ line: lineOf(referenced, 'additionalProperties'), column: 29, severity: 'warn' }] },
  { name: '3.1: maps keep their value schema', document: openapi('3.1.0', map), errors: [] },
  { name: '2.0: additionalProperties: false', document: openapi('2.0', closed), errors: [{ line: 4 + lineOf(closed, 'additionalProperties'), column: 31, severity: 'warn' }] },
]);

it('fires on the reference spec at the edited schema', async () => {
  const { findings, line } = await lintMutatedReference('event-schema-no-additional-properties', {
    find: '      description: Business event published when a shipment has been delivered.\n',
    replace: '      description: Business event published when a shipment has been delivered.\n      additionalProperties: false\n',
  });
  expectFindings('event-schema-no-additional-properties', findings, [{ line: line + 1, column: 29, severity: 'warn' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-schema-no-additional-properties'] })).toEqual([]);
});
