import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const random = edit(DATA_EVENT, 'partition_strategy: hash', 'partition_strategy: random');
const unpartitioned = edit(DATA_EVENT, '  partition_strategy: hash\n  partition_key_fields: [data.id]\n', '');
const keyless = edit(DATA_EVENT, '  partition_key_fields: [data.id]\n', '');
const unknownKey = edit(DATA_EVENT, 'partition_key_fields: [data.id]', 'partition_key_fields: [data.shipment_id]');
const json = jsonWithStringSchema(
  { name: 'shipping.shipment-changed', category: 'data', partition_strategy: 'user_defined' },
  { type: 'object', properties: { data: { type: 'object' } } },
);

testRule('event-hash-partition', [
  { name: 'standalone single: random partitioning of a data change event', document: single(random), errors: [{ line: lineOf(single(random), 'random'), column: 21, severity: 'warn', message: 'uses partition strategy "random"' }] },
  { name: 'standalone list: no strategy, at the definition; general events are not checked', document: GENERAL_EVENT + unpartitioned, errors: [{ line: lineOf(GENERAL_EVENT + unpartitioned, '- name: shipping.shipment-changed'), column: 3, severity: 'warn', message: 'declares no partition strategy' }] },
  { name: 'standalone JSON: a user-defined strategy', document: json, options: { name: 'openapi.json' }, errors: [{ line: lineOf(json, '"user_defined"'), column: 25, severity: 'warn' }] },
  { name: '3.0: hash without partition_key_fields', document: openapi('3.0.3', keyless), errors: [{ line: 5, column: 5, severity: 'warn', message: 'without `partition_key_fields`' }] },
  { name: '3.1: a key the schema does not declare', document: openapi('3.1.0', unknownKey), errors: [{ line: 4 + lineOf(unknownKey, 'partition_key_fields'), column: 28, severity: 'warn' }] },
  { name: '2.0: hash with a declared key passes', document: openapi('2.0', DATA_EVENT), errors: [] },
]);

it('fires on the reference spec at the edited strategy', async () => {
  const { findings, line } = await lintMutatedReference('event-hash-partition', {
    find: 'partition_strategy: hash\n    partition_key_fields:\n      - data.id',
    replace: 'partition_strategy: random\n    partition_key_fields:\n      - data.id',
  });
  expectFindings('event-hash-partition', findings, [{ line, column: 25, severity: 'warn' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-hash-partition'] })).toEqual([]);
});
