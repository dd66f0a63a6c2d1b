import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule, wrappedProperty } from '../helpers/lint.js';

testRule('array-names-plural', [
  {
    name: '3.0: singular array names at the name, with a plural suggestion; names in a $ref\'d file there',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        line_item:
          type: array
          items: {type: string}
        customer:
          $ref: 'schemas.yaml#/Customer'
        status: {type: string}
`,
    options: { files: { 'schemas.yaml': 'Customer:\n  type: object\n  properties:\n    address:\n      type: array\n      items: {type: string}\n' } },
    errors: [
      { line: 9, column: 9, severity: 'warn', message: 'Array property "line_item" has a singular name: use a plural, such as "line_items".' },
      { line: 4, column: 5, severity: 'warn', file: 'schemas.yaml', message: '"addresses"' },
    ],
  },
  {
    name: '3.1: plural, uncountable and collective names pass; the head noun before a preposition decides; names without a noun pass',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        items: {type: array}
        data: {type: array}
        metadata: {type: array}
        content: {type: array}
        output: {type: array}
        information: {type: array}
        equipment: {type: array}
        children: {type: array}
        status_history: {type: array}
        types_to_compress: {type: array}
        tracking_events: {type: [array, 'null']}
        rule_for_order: {type: [array, 'null']}
        label: {type: string}
        sort_by: {type: array}
        added: {type: array}
        feed: {type: array}
`,
    errors: [{ line: 20, column: 9, severity: 'warn', message: '"rules_for_order"' }, { line: 24, column: 9, severity: 'warn', message: '"feeds"' }],
  },
  {
    name: '2.0: definitions and body parameter schemas',
    document: 'fixtures/rules/array-names-plural/bad-2.0.yaml',
    errors: [{ line: 12, column: 15, severity: 'warn', message: '"parcels"' }, { line: 24, column: 7, severity: 'warn', message: '"tags"' }],
  },
  {
    name: '3.0: configured collective nouns replace the default ones',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        feed: {type: array}
        roster: {type: array}
        history: {type: array}
`,
    options: { ruleOptions: { collectiveNouns: ['Feed', 'roster'] } },
    errors: [{ line: 11, column: 9, severity: 'warn', message: 'Array property "history" has a singular name: use a plural, such as "histories".' }],
  },
  {
    name: '3.0: an array behind an allOf wrapper (a description beside its $ref)',
    document: wrappedProperty('line', '{type: array, items: {type: object}}'),
    errors: [{ line: 19, column: 9, severity: 'warn', message: 'Array property "line" has a singular name' }],
  },
]);

it('fires on the reference spec at the edited array name', async () => {
  const { findings, line } = await lintMutatedReference('array-names-plural', {
    find: '        tracking_events:\n          type: array\n          description: The tracking events of the shipment;',
    replace: '        tracking_event:\n          type: array\n          description: The tracking events of the shipment;',
  });
  expectFindings('array-names-plural', findings, [{ line, column: 9, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['array-names-plural'] })).toEqual([]);
});
