import { expect, it } from 'vitest';
import { DATA_EVENT, GENERAL_EVENT, edit, jsonWithStringSchema, lineOf, openapi, single } from '../helpers/events.js';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const twoParts = edit(GENERAL_EVENT, 'version: 2.1.0', "version: '2.1'");
const unversioned = edit(DATA_EVENT, '    version: 1.0.0\n', '');
const prerelease = edit(DATA_EVENT, 'version: 1.0.0', 'version: 1.0.0-beta.1');
const json = jsonWithStringSchema({ name: 'shipping.shipment-changed', schema: { version: 'v3' } }, { type: 'object' });

testRule('event-schema-semver', [
  { name: 'standalone single: MAJOR.MINOR is not enough', document: single(twoParts), errors: [{ line: lineOf(single(twoParts), "version: '2.1'"), column: 12, severity: 'error', message: 'Schema version "2.1" is not semantic' }] },
  { name: 'standalone list: no version, reported at schema', document: GENERAL_EVENT + unversioned, errors: [{ line: lineOf(GENERAL_EVENT + unversioned, '  schema:\n    type: json_schema\n    schema:'), column: 3, severity: 'error', message: 'has no `schema.version`' }] },
  { name: 'standalone JSON: a "v" prefix', document: json, options: { name: 'openapi.json' }, errors: [{ line: lineOf(json, '"v3"'), column: 16, severity: 'error' }] },
  { name: '3.0: a pre-release suffix', document: openapi('3.0.3', prerelease), errors: [{ line: 4 + lineOf(prerelease, 'beta'), column: 16, severity: 'error' }] },
  { name: '3.1: semantic versions pass', document: openapi('3.1.0', DATA_EVENT + GENERAL_EVENT), errors: [] },
  { name: '2.0: a YAML number is not a version', document: openapi('2.0', edit(GENERAL_EVENT, 'version: 2.1.0', 'version: 2.1')), errors: [{ line: 4 + lineOf(GENERAL_EVENT, 'version: 2.1.0'), column: 16, severity: 'error', message: '"2.1"' }] },
]);

it('fires on the reference spec at the edited version', async () => {
  const { findings, line } = await lintMutatedReference('event-schema-semver', { find: 'version: 1.2.0', replace: 'version: 1.2.0.1' });
  expectFindings('event-schema-semver', findings, [{ line, column: 16, severity: 'error' }]);
});

it('the reference spec passes', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['event-schema-semver'] })).toEqual([]);
});
