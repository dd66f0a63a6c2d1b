import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, lintText, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const unordered = edit(DATA_EVENT, '  ordering_key_fields: [data.revision]\n', '');
const unorderedGeneral = edit(GENERAL_EVENT, '  ordering_key_fields: [delivered_at]\n', '');
const unknownField = edit(DATA_EVENT, 'ordering_key_fields: [data.revision]', 'ordering_key_fields: [data.version]');
const empty = edit(DATA_EVENT, 'ordering_key_fields: [data.revision]', 'ordering_key_fields: []');
const json = jsonWithStringSchema(
  { name: 'shipping.parcel-scanned', category: 'general', ordering_key_fields: ['scan_sequence', 'metadata.occurred_at', 'parcel.sequence'] },
  { type: 'object', properties: { metadata: { $ref: '#/definitions/Metadata' }, scan_sequence: { type: 'integer' }, parcel: { type: 'object', properties: { id: { type: 'string' } } } }, definitions: { Metadata: { properties: { occurred_at: { type: 'string' } } } } },
);

testRule('event-ordering', [
  { name: 'standalone single: a data change event without ordering', document: single(unordered), errors: [{ line: 1, column: 1, severity: 'error', message: 'must name the field that orders its events' }] },
  { name: 'standalone list: a general event without ordering is reported too (as a warning, below)', document: unorderedGeneral + DATA_EVENT, errors: [{ line: 1, column: 3, severity: 'warn', message: 'general events should name the field that orders them' }] },
  {
    name: 'standalone JSON: ordering fields are looked up in the schema string (local $refs followed)',
    document: json,
    options: { name: 'openapi.json' },
    errors: [{ line: lineOf(json, '"parcel.sequence"'), column: 5, severity: 'error', message: '"parcel.sequence", which is not a property of the event schema' }],
  },
  { name: '3.0: a field the schema does not declare', document: openapi('3.0.3', unknownField), errors: [{ line: 4 + lineOf(unknownField, 'ordering_key_fields'), column: 27, severity: 'error' }] },
  { name: '3.1: an empty list', document: openapi('3.1.0', empty), errors: [{ line: 4 + lineOf(empty, 'ordering_key_fields'), column: 5, severity: 'error' }] },
  { name: '2.0: ordered events pass', document: openapi('2.0', DATA_EVENT + GENERAL_EVENT), errors: [] },
]);

it('reports a general event without ordering as a warning, a data change event as an error', async () => {
  const findings = await lintText(unorderedGeneral + unordered, { rules: ['event-ordering'] });
  expectFindings('event-ordering', findings, [
    { line: 1, column: 3, severity: 'warn', message: 'general events should' },
    { line: lineOf(unorderedGeneral + unordered, '- name: shipping.shipment-changed'), column: 3, severity: 'error', message: 'is a data change event without' },
  ]);
});

it('fires on the reference spec at the edited ordering field', async () => {
  const { findings, line } = await lintMutatedReference('event-ordering', { find: '      - data.revision', replace: '      - data.version' });
  expectFindings('event-ordering', findings, [{ line, column: 9, severity: 'error' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-ordering'] })).toEqual([]);
});
