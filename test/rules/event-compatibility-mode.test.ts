import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const undeclared = edit(GENERAL_EVENT, '  compatibility_mode: forward\n', '');
const backward = edit(DATA_EVENT, 'compatibility_mode: compatible', 'compatibility_mode: backward');
const json = jsonWithStringSchema({ name: 'shipping.shipment-changed', compatibility_mode: 'FORWARD' }, { type: 'object' });

testRule('event-compatibility-mode', [
  { name: 'standalone single: no compatibility mode', document: single(undeclared), errors: [{ line: 1, column: 1, severity: 'error', message: 'declares no compatibility mode' }] },
  { name: 'standalone list: an unknown mode is reported at the field', document: GENERAL_EVENT + backward, errors: [{ line: lineOf(GENERAL_EVENT + backward, 'backward'), column: 23, severity: 'error', message: 'has compatibility mode "backward"' }] },
  { name: 'standalone JSON: modes are lower case', document: json, options: { name: 'openapi.json' }, errors: [{ line: lineOf(json, '"compatibility_mode"'), column: 25, severity: 'error' }] },
  { name: '3.0: compatible, forward and none pass', document: openapi('3.0.3', DATA_EVENT + edit(GENERAL_EVENT, 'forward', 'none')), errors: [] },
  { name: '3.1: no compatibility mode', document: openapi('3.1.0', undeclared), errors: [{ line: 5, column: 5, severity: 'error' }] },
  { name: '2.0: an unknown mode', document: openapi('2.0', backward), errors: [{ line: 4 + lineOf(backward, 'backward'), column: 25, severity: 'error' }] },
]);

it('fires on the reference spec at the edited mode', async () => {
  const { findings, line } = await lintMutatedReference('event-compatibility-mode', {
    find: 'compatibility_mode: compatible\n    partition_strategy: hash\n    partition_key_fields:\n      - shipment_id',
    replace: 'compatibility_mode: full\n    partition_strategy: hash\n    partition_key_fields:\n      - shipment_id',
  });
  expectFindings('event-compatibility-mode', findings, [{ line, column: 25, severity: 'error' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-compatibility-mode'] })).toEqual([]);
});
