import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const ownerless = edit(GENERAL_EVENT, '  owning_application: shipment-service\n', '');
const blank = edit(DATA_EVENT, 'owning_application: shipment-service', "owning_application: ' '");
const json = jsonWithStringSchema({ name: 'shipping.shipment-changed', category: 'data' }, { type: 'object' });

testRule('event-type-owner', [
  { name: 'standalone single: no owning_application, reported at the definition', document: single(ownerless), errors: [{ line: 1, column: 1, severity: 'error', message: 'has no owner' }] },
  { name: 'standalone list: a blank owner is reported at the field', document: blank + GENERAL_EVENT, errors: [{ line: lineOf(blank, 'owning_application'), column: 23, severity: 'error' }] },
  { name: 'standalone JSON: no owner', document: json, options: { name: 'openapi.json' }, errors: [{ line: 1, column: 1, severity: 'error' }] },
  { name: '3.0: the second event type has no owner', document: openapi('3.0.3', DATA_EVENT + ownerless), errors: [{ line: 4 + lineOf(DATA_EVENT + ownerless, '- name: shipping.shipment-delivered'), column: 5, severity: 'error' }] },
  { name: '3.1: owned event types pass', document: openapi('3.1.0', DATA_EVENT + GENERAL_EVENT), errors: [] },
  { name: '2.0: no owner', document: openapi('2.0', ownerless), errors: [{ line: 5, column: 5, severity: 'error' }] },
]);

it('fires on the reference spec at the edited owner', async () => {
  const { findings, line } = await lintMutatedReference('event-type-owner', {
    find: '    owning_application: shipment-service\n    category: general',
    replace: "    owning_application: ''\n    category: general",
  });
  expectFindings('event-type-owner', findings, [{ line, column: 25, severity: 'error' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-type-owner'] })).toEqual([]);
});
