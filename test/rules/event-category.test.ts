import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const business = edit(GENERAL_EVENT, 'category: general', 'category: business');
const uncategorized = edit(DATA_EVENT, '  category: data\n', '');
const json = jsonWithStringSchema({ name: 'shipping.shipment-changed', category: 'undefined' }, { type: 'object' });

testRule('event-category', [
  { name: 'standalone single: Nakadi\'s "business" is named "general"', document: single(business), errors: [{ line: lineOf(single(business), 'business'), column: 11, severity: 'error', message: '"business" is the old name of "general"' }] },
  { name: 'standalone list: no category, reported at the definition', document: GENERAL_EVENT + uncategorized, errors: [{ line: lineOf(GENERAL_EVENT + uncategorized, '- name: shipping.shipment-changed'), column: 3, severity: 'error', message: 'declares no category' }] },
  { name: 'standalone JSON: the "undefined" category', document: json, options: { name: 'openapi.json' }, errors: [{ line: lineOf(json, '"category"'), column: 15, severity: 'error' }] },
  { name: '3.0: general and data pass', document: openapi('3.0.3', DATA_EVENT + GENERAL_EVENT), errors: [] },
  { name: '3.1: business', document: openapi('3.1.0', business), errors: [{ line: 4 + lineOf(business, 'business'), column: 15, severity: 'error' }] },
  { name: '2.0: no category', document: openapi('2.0', uncategorized), errors: [{ line: 5, column: 5, severity: 'error' }] },
]);

it('fires on the reference spec at the edited category', async () => {
  const { findings, line } = await lintMutatedReference('event-category', { find: 'category: general', replace: 'category: business' });
  expectFindings('event-category', findings, [{ line, column: 15, severity: 'error' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-category'] })).toEqual([]);
});
