import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('properties-snake-case', [
  {
    name: '3.0: camelCase and kebab-case names at the name, a shared schema once, names in a $ref\'d file there',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                orderNumber: {type: string}
                customer:
                  $ref: 'schemas.yaml#/Customer'
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Order'
components:
  schemas:
    Order:
      type: object
      properties:
        order_id: {type: string}
        shipping-address:
          $ref: '#/components/schemas/Address'
        billing_address:
          $ref: '#/components/schemas/Address'
    Address:
      type: object
      properties:
        zipCode: {type: string}
        _links: {type: object}
`,
    options: { files: { 'schemas.yaml': 'Customer:\n  type: object\n  properties:\n    customer_id: {type: string}\n    FirstName: {type: string}\n' } },
    errors: [
      { line: 12, column: 17, severity: 'error', message: 'Property "orderNumber" is not snake_case: rename it to "order_number".' },
      { line: 28, column: 9, severity: 'error', message: '"shipping_address"' },
      { line: 35, column: 9, severity: 'error', message: '"zip_code"' },
      { line: 5, column: 5, severity: 'error', file: 'schemas.yaml', message: '"first_name"' },
    ],
  },
  {
    name: '3.1: snake_case names (digits, leading underscore) pass; a leading digit does not',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        order_id: {type: string}
        line_2: {type: string}
        _embedded: {type: object}
        2nd_line: {type: string}
`,
    errors: [{ line: 12, column: 9, severity: 'error', message: 'Property "2nd_line" is not snake_case: rename it in snake_case, starting with a letter or "_".' }],
  },
  {
    name: '2.0: definitions, body parameters and event schemas',
    document: 'fixtures/rules/properties-snake-case/bad-2.0.yaml',
    errors: [{ line: 12, column: 15, severity: 'error' }, { line: 22, column: 7, severity: 'error' }, { line: 31, column: 11, severity: 'error' }],
  },
]);

it('fires on the reference spec at the edited property name', async () => {
  const { findings, line } = await lintMutatedReference('properties-snake-case', {
    find: '        delivered_at:\n          type: string\n          format: date-time\n          description: When the shipment was delivered;',
    replace: '        deliveredAt:\n          type: string\n          format: date-time\n          description: When the shipment was delivered;',
  });
  expectFindings('properties-snake-case', findings, [{ line, column: 9, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['properties-snake-case'] })).toEqual([]);
});
