import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('no-null-array', [
  {
    name: '3.0: nullable arrays are reported at "nullable", also in a $ref\'d file; other nullables pass',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: 'schemas.yaml#/OrderPage'
components:
  schemas:
    Order:
      type: object
      properties:
        tags:
          type: array
          nullable: true
          items: {type: string}
        note:
          type: string
          nullable: true
`,
    options: {
      files: { 'schemas.yaml': 'OrderPage:\n  type: object\n  properties:\n    items:\n      type: array\n      nullable: true\n      items: {type: string}\n' },
    },
    errors: [
      { line: 20, column: 21, severity: 'warn', message: 'Array schema is nullable: use an empty array instead of null.' },
      { line: 6, column: 17, severity: 'warn', file: 'schemas.yaml' },
    ],
  },
  {
    name: '3.1: type [array, "null"] at "type", an anyOf null branch at the branch',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        tags:
          type: [array, 'null']
          items: {type: string}
        parcels:
          anyOf:
            - type: array
              items: {type: string}
            - type: 'null'
        lines:
          type: array
          items: {type: string}
`,
    errors: [{ line: 10, column: 11, severity: 'warn' }, { line: 16, column: 15, severity: 'warn' }],
  },
  {
    name: '2.0: x-nullable arrays in definitions and in a body schema',
    document: 'fixtures/rules/no-null-array/bad-2.0.yaml',
    errors: [{ line: 13, column: 29, severity: 'warn' }, { line: 23, column: 21, severity: 'warn' }],
  },
]);

it('fires on the reference spec at the edited array', async () => {
  const { findings, line } = await lintMutatedReference('no-null-array', {
    find: '          description: The parcels to ship.\n',
    replace: '          nullable: true\n          description: The parcels to ship.\n',
  });
  expectFindings('no-null-array', findings, [{ line, column: 21, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['no-null-array'] })).toEqual([]);
});
