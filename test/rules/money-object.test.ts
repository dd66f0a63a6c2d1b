import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule, wrappedProperty } from '../helpers/lint.js';

testRule('money-object', [
  {
    name: '3.0: bare prices and a badly typed money amount, at the property name; a $ref\'d money object there',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        price:
          type: number
          format: double
        shipping_cost:
          type: integer
          format: int32
        total:
          type: integer
          format: int32
        total_price:
          $ref: 'schemas.yaml#/Money'
        discount:
          $ref: '#/components/schemas/Money'
    Money:
      type: object
      properties:
        amount:
          type: number
          format: decimal
        currency:
          type: string
          format: iso-4217
`,
    options: {
      files: {
        'schemas.yaml': 'Money:\n  type: object\n  properties:\n    amount:\n      type: integer\n      format: int64\n    currency:\n      type: string\n',
      },
    },
    errors: [
      { line: 9, column: 9, severity: 'warn', message: 'Property "price" is a bare number: use a money object with "amount" and "currency".' },
      { line: 12, column: 9, severity: 'warn', message: '"shipping_cost"' },
      { line: 4, column: 5, severity: 'warn', file: 'schemas.yaml', message: 'Money amount "amount" is of type integer: use type number with format decimal.' },
    ],
  },
  {
    name: '3.1: a quantity amount beside a unit and a number amount without format pass; a double amount does not',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    DiskSize:
      type: object
      properties:
        amount: {type: integer, format: int32}
        unit: {type: string}
    Price:
      type: object
      properties:
        amount: {type: number}
        currency: {type: string, pattern: '^[A-Z]{3}$'}
    Fee:
      type: object
      properties:
        amount: {type: [number, 'null'], format: double}
        currency: {type: string, pattern: '^[A-Z]{3}$'}
`,
    errors: [{ line: 19, column: 9, severity: 'warn', message: 'has format "double"' }],
  },
  {
    name: '2.0: definitions and body schemas',
    document: 'fixtures/rules/money-object/bad-2.0.yaml',
    errors: [{ line: 12, column: 15, severity: 'warn' }, { line: 21, column: 7, severity: 'warn' }],
  },
  {
    name: '3.0: configured names and suffixes replace the default ones',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        charge: {type: number, format: double}
        service_charge: {type: integer, format: int32}
        price: {type: number, format: double}
`,
    options: { ruleOptions: { names: ['charge'], suffixes: ['_charge'] } },
    errors: [{ line: 9, column: 9, severity: 'warn', message: 'Property "charge" is a bare number' }, { line: 10, column: 9, severity: 'warn', message: '"service_charge"' }],
  },
  {
    name: '3.0: a number behind an allOf wrapper (a description beside its $ref)',
    document: wrappedProperty('price', '{type: number, format: decimal}'),
    errors: [{ line: 19, column: 9, severity: 'warn', message: 'Property "price" is a bare number' }],
  },
]);

it('fires on the reference spec at the edited amount', async () => {
  const { findings, line } = await lintMutatedReference('money-object', {
    find: '        amount:\n          type: number\n          format: decimal\n',
    replace: '        amount:\n          type: number\n          format: float\n',
  });
  expectFindings('money-object', findings, [{ line, column: 9, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['money-object'] })).toEqual([]);
});
