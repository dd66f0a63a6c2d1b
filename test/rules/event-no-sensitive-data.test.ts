import { expect, it } from 'vitest';
import { GENERAL_EVENT, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const withProperty = (line: string) => edit(GENERAL_EVENT, '        delivered_at: {type: string, format: date-time}\n', `        delivered_at: {type: string, format: date-time}\n${line}\n`);
const password = withProperty('        recipient_password: {type: string}');
const camel = withProperty('        creditCardNumber: {type: string}');
const harmless = withProperty('        tokens_used: {type: integer, format: int32}\n        delivery_address: {type: string}');
const json = jsonWithStringSchema({ name: 'shipping.payment-received' }, { type: 'object', properties: { payment: { type: 'object', properties: { iban: { type: 'string' } } } } });
const referenced = openapi(
  '3.0.3',
  `- name: shipping.shipment-delivered
  schema:
    type: json_schema
    schema:
      type: object
      properties:
        recipient: {$ref: 'schemas.yaml#/Recipient'}
`,
);

testRule('event-no-sensitive-data', [
  { name: 'the Shipment Service event types (YAML list) pass', document: 'fixtures/events/shipment-events.yaml', errors: [] },
  { name: 'the Shipment Service event type with a schema string (JSON) passes', document: 'fixtures/events/parcel-scanned.json', errors: [] },
  { name: 'standalone single: a password, at the property name', document: single(password), errors: [{ line: lineOf(single(password), 'recipient_password'), column: 7, severity: 'warn', message: 'Event property "recipient_password" looks like sensitive data' }] },
  { name: 'standalone list: names in any casing', document: camel, errors: [{ line: lineOf(camel, 'creditCardNumber'), column: 9, severity: 'warn' }] },
  { name: 'standalone JSON: in a schema string, naming the place', document: json, options: { name: 'openapi.json' }, errors: [{ line: lineOf(json, '"schema": "'), column: 15, severity: 'warn', message: '(in the schema string at #/properties/payment/properties/iban).' }] },
  {
    name: '3.0: a property of a schema in another file',
    document: referenced,
    options: { files: { 'schemas.yaml': 'Recipient:\n  type: object\n  properties:\n    name: {type: string}\n    ssn: {type: string}\n' } },
    errors: [{ file: 'schemas.yaml', line: 5, column: 5, severity: 'warn' }],
  },
  { name: '3.1: whole words only; needed personal data is fine', document: openapi('3.1.0', harmless), errors: [] },
  { name: '2.0: a password', document: openapi('2.0', password), errors: [{ line: 4 + lineOf(password, 'recipient_password'), column: 11, severity: 'warn' }] },
  { name: 'standalone list: a configured list of names replaces the default one', document: harmless, options: { ruleOptions: { names: ['delivery_address'] } }, errors: [{ line: lineOf(harmless, 'delivery_address'), column: 9, severity: 'warn', message: '"delivery_address"' }] },
]);

it('fires on the reference spec at the edited property', async () => {
  const { findings, line } = await lintMutatedReference('event-no-sensitive-data', { find: '        parcel_count:\n', replace: '        access_token:\n' });
  expectFindings('event-no-sensitive-data', findings, [{ line, column: 9, severity: 'warn' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-no-sensitive-data'] })).toEqual([]);
});
