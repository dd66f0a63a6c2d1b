import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, dataRef, edit, lineOf, openapi } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

// The API returns shipments; Address is only nested in them.
const components = (version: '2.0' | '3.x') => {
  const ref = version === '2.0' ? '#/definitions' : '#/components/schemas';
  const schemas = `    Shipment:
      type: object
      properties:
        id: {type: string}
        revision: {type: integer, format: int64}
        destination: {$ref: '${ref}/Address'}
    Address:
      type: object
      properties:
        city: {type: string}
`;
  const body = version === '2.0' ? `schema: {$ref: '${ref}/Shipment'}` : `content: {application/json: {schema: {$ref: '${ref}/Shipment'}}}`;
  const paths = `paths:\n  /shipments/{id}:\n    get:\n      responses:\n        '200': {description: OK, ${body}}\n`;
  return { paths, schemas: version === '2.0' ? `definitions:\n${schemas.replace(/^ {2}/gm, '')}` : `components:\n  schemas:\n${schemas}` };
};
const document = (version: '2.0' | '3.0.3' | '3.1.0', events: string) => {
  const { paths, schemas } = components(version === '2.0' ? '2.0' : '3.x');
  return openapi(version, events, schemas).replace('paths: {}\n', paths);
};
const inline = edit(DATA_EVENT, 'example: shipping.shipment', 'example: shipping.consignment');
const addressRef = edit(dataRef('#/components/schemas/Address'), 'example: shipping.shipment', "enum: ['logistics:address']");
const composed = edit(dataRef('#/components/schemas/Shipment').replace("        data: {$ref: '#/components/schemas/Shipment'}\n", "        data:\n          allOf: [{$ref: '#/components/schemas/Shipment'}]\n"), 'example: shipping.shipment', 'example: shipping.consignment');

const inlineDoc = document('3.0.3', inline);
const addressDoc = document('3.1.0', addressRef);

/** An event-only document (no operations) whose event schema is a component, beside `other` components. */
const eventOnly = (dataType: string, other = '') => `openapi: 3.0.3
info: {title: Shipment events, version: 1.0.0}
paths: {}
x-event-types:
  - name: shipping.shipment-changed
    owning_application: shipment-service
    category: data
    schema:
      type: json_schema
      version: 1.0.0
      schema: {$ref: '#/components/schemas/ShipmentChanged'}
components:
  schemas:
    ShipmentChanged:
      type: object
      properties:
        data_type: {type: string, example: ${dataType}}
        data:
          type: object
          properties:
            id: {type: string}
${other}`;
const withParcel = eventOnly('shipping.shipment', '    Parcel:\n      type: object\n      properties:\n        id: {type: string}\n');

testRule('event-matches-resource', [
  { name: '3.0: inline data with an unknown data_type, at the data property', document: inlineDoc, errors: [{ line: lineOf(inlineDoc, '        data:\n'), column: 11, severity: 'warn', message: 'Data change event matches no resource of the API' }] },
  { name: '3.0: data_type naming the resource passes (plural and prefix ignored)', document: document('3.0.3', edit(DATA_EVENT, 'example: shipping.shipment', "const: 'shipping:shipments'")), errors: [] },
  { name: '3.0: data composing the resource with allOf passes', document: document('3.0.3', composed), errors: [] },
  { name: '3.1: data referencing a schema the API does not exchange', document: addressDoc, errors: [{ line: lineOf(addressDoc, "        data: {$ref"), column: 11, severity: 'warn' }] },
  { name: '3.1: data referencing the resource passes; general events are not checked', document: document('3.1.0', dataRef('#/components/schemas/Shipment') + GENERAL_EVENT), errors: [] },
  { name: '2.0: data referencing the resource definition passes', document: document('2.0', edit(dataRef('#/definitions/Shipment'), 'example: shipping.shipment', 'example: shipping.consignment')), errors: [] },
  // The event's own schema is no resource: with no other component, there is nothing to match.
  { name: '3.0: an event-only document whose only component is the event schema passes', document: eventOnly('shipping.shipment'), errors: [] },
  { name: '3.0: an event-only document: its other components are the resources', document: withParcel, errors: [{ line: lineOf(withParcel, '        data:\n'), column: 9, severity: 'warn' }] },
  { name: '2.0: inline data with an unknown data_type', document: document('2.0', inline), errors: [{ line: lineOf(document('2.0', inline), '        data:\n'), column: 11, severity: 'warn', message: 'in definitions' }] },
]);

it('fires on the reference spec at the edited data', async () => {
  const { findings, line } = await lintMutatedReference('event-matches-resource', {
    find: "          example: shipping.shipment\n        data:\n          $ref: '#/components/schemas/Shipment'",
    replace: '          example: shipping.consignment\n        data:\n          type: object',
  });
  expectFindings('event-matches-resource', findings, [{ line: line + 1, column: 9, severity: 'warn' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-matches-resource'] })).toEqual([]);
});
