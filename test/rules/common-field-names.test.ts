import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule, wrappedProperty } from '../helpers/lint.js';

testRule('common-field-names', [
  {
    name: '3.0: numeric ids, a non-string etag and a date on an audit field, at the property name; names in a $ref\'d file there',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        id:
          type: integer
          format: int64
        customer_id:
          $ref: '#/components/schemas/CustomerNumber'
        etag:
          type: object
        created_at:
          type: string
          format: date
        shipped_at:
          type: string
          format: date
        reference:
          type: integer
          format: int32
        customer:
          $ref: 'schemas.yaml#/Customer'
    CustomerNumber:
      type: integer
      format: int64
`,
    options: { files: { 'schemas.yaml': 'Customer:\n  type: object\n  properties:\n    id:\n      type: number\n      format: double\n' } },
    errors: [
      { line: 9, column: 9, severity: 'error', message: 'Property "id" is of type integer: "id" and "*_id" fields are strings.' },
      { line: 12, column: 9, severity: 'error', message: '"customer_id"' },
      { line: 14, column: 9, severity: 'error', message: 'Property "etag" is of type object: "etag" is a string.' },
      { line: 16, column: 9, severity: 'error', message: 'Property "created_at" has format "date": "created_at" and "modified_at" are date-time strings.' },
      { line: 4, column: 5, severity: 'error', file: 'schemas.yaml' },
    ],
  },
  {
    name: '3.1: nullable strings pass; *_at booleans are reported, *_at numbers are left to date-time-format',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        id:
          type: [string, 'null']
        parent_id:
          type: [integer, 'null']
          format: int64
        modified_at:
          type: [string, 'null']
          format: date-time
        cancelled_at:
          type: boolean
        paid_at:
          type: integer
          format: int64
        shipment_ids:
          type: array
          items: {type: string}
`,
    errors: [{ line: 11, column: 9, severity: 'error', message: 'is of type integer' }, { line: 17, column: 9, severity: 'error', message: '"*_at" fields are date-time strings' }],
  },
  {
    name: '2.0: definitions and body schemas',
    document: 'fixtures/rules/common-field-names/bad-2.0.yaml',
    errors: [{ line: 12, column: 15, severity: 'error' }, { line: 22, column: 7, severity: 'error' }],
  },
  {
    name: '3.0: an integer behind an allOf wrapper (a description beside its $ref)',
    document: wrappedProperty('customer_id', '{type: integer, format: int64}'),
    errors: [{ line: 19, column: 9, severity: 'error', message: 'Property "customer_id" is of type integer' }],
  },
  {
    name: '3.0: an integer behind a oneOf of one (the 3.0 way to make a $ref nullable)',
    document: wrappedProperty('customer_id', '{type: integer, format: int64}').replace("allOf: [{$ref: '#/components/schemas/Target'}]", "nullable: true\n          oneOf: [{$ref: '#/components/schemas/Target'}]"),
    errors: [{ line: 19, column: 9, severity: 'error', message: 'Property "customer_id" is of type integer' }],
  },
]);

it('fires on the reference spec at the edited field', async () => {
  const { findings, line } = await lintMutatedReference('common-field-names', {
    find: '        id:\n          type: string\n          description: Identifier of the shipment.\n',
    replace: '        id:\n          type: integer\n          description: Identifier of the shipment.\n',
  });
  expectFindings('common-field-names', findings, [{ line, column: 9, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['common-field-names'] })).toEqual([]);
});
