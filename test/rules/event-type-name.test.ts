import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const camel = edit(GENERAL_EVENT, 'name: shipping.shipment-delivered', 'name: ShipmentDelivered');
const list = DATA_EVENT + edit(GENERAL_EVENT, 'name: shipping.shipment-delivered', "name: ''");
const unnamed = DATA_EVENT + edit(GENERAL_EVENT, '- name: shipping.shipment-delivered\n  owning_application', '- owning_application');
const threeSegments = edit(DATA_EVENT, 'name: shipping.shipment-changed', 'name: logistics.shipping.shipment-changed');
const json = jsonWithStringSchema({ name: 'shipping_shipment_changed', category: 'data' }, { type: 'object' });

testRule('event-type-name', [
  { name: 'standalone single: a camel-case name', document: single(camel), errors: [{ line: 1, column: 7, severity: 'error', message: 'Event type name "ShipmentDelivered" does not follow' }] },
  { name: 'standalone single: a valid name passes', document: single(DATA_EVENT), errors: [] },
  { name: 'standalone list: an empty name', document: list, errors: [{ line: lineOf(list, "name: ''"), column: 9, severity: 'error', message: 'has no name' }] },
  { name: 'standalone JSON: underscores instead of a dot', document: json, options: { name: 'openapi.json' }, errors: [{ line: lineOf(json, '"name"'), column: 11, severity: 'error' }] },
  { name: '3.0: three segments do not follow the convention', document: openapi('3.0.3', threeSegments), errors: [{ line: 5, column: 11, severity: 'error' }] },
  { name: '3.1: a definition without a name is reported at its list item', document: openapi('3.1.0', unnamed), errors: [{ line: 4 + lineOf(unnamed, '- owning_application'), column: 5, severity: 'error', message: 'Event type #2 has no name' }] },
  { name: '3.1: versioned names pass', document: openapi('3.1.0', edit(DATA_EVENT, 'name: shipping.shipment-changed', 'name: shipping.shipment-changed.v2')), errors: [] },
  { name: '2.0: a camel-case name in x-event-types', document: openapi('2.0', DATA_EVENT + camel), errors: [{ line: 4 + lineOf(DATA_EVENT + camel, 'ShipmentDelivered'), column: 11, severity: 'error' }] },
  { name: 'standalone single: a configured pattern admits three segments', document: single(threeSegments), options: { ruleOptions: { pattern: '^[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)+$' } }, errors: [] },
]);

it('fires on the reference spec at the edited name', async () => {
  const { findings, line } = await lintMutatedReference('event-type-name', { find: '- name: shipping.shipment-delivered', replace: '- name: ShipmentDelivered' });
  expectFindings('event-type-name', findings, [{ line, column: 11, severity: 'error' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-type-name'] })).toEqual([]);
});
