import { expect, it } from 'vitest';
import { lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const PAGINATED = `      parameters:
        - {name: cursor, in: query, schema: {type: string}}
        - {name: limit, in: query, schema: {type: integer, format: int32}}
`;

testRule('pagination-page-object', [
  {
    name: '3.0: a page without links is reported at its schema (in its own file), a bare array at the array',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
${PAGINATED}      responses:
        '200':
          description: A page of orders.
          content:
            application/json:
              schema: {$ref: 'schemas.yaml#/OrderPage'}
  /customers:
    get:
${PAGINATED}      responses:
        '200':
          description: Customers.
          content:
            application/json:
              schema:
                type: array
                items: {type: object}
  /items:
    get:
      responses:
        '200':
          description: Unpaginated items (collections-paginated reports those).
          content:
            application/json:
              schema: {type: array, items: {type: object}}
`,
    options: {
      files: {
        'schemas.yaml': `OrderPage:
  type: object
  properties:
    items:
      type: array
      items: {type: object}
`,
      },
    },
    errors: [
      { line: 25, message: 'Paginated collection answers with a bare array' },
      { line: 1, file: 'schemas.yaml', message: 'Page object lacks "self" and "next"' },
    ],
  },
  {
    name: '3.1: links may sit in a _links object; an array named otherwise than items is reported',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
${PAGINATED}      responses:
        '200':
          description: A page of orders.
          content:
            application/json:
              schema:
                type: object
                properties:
                  _links:
                    type: object
                    properties:
                      self: {type: object, properties: {href: {type: string, format: uri}}}
                      next: {type: object, properties: {href: {type: string, format: uri}}}
                  items: {type: array, items: {type: object}}
  /customers:
    get:
${PAGINATED}      responses:
        '200':
          description: A page of customers.
          content:
            application/json:
              schema:
                allOf:
                  - {$ref: '#/components/schemas/Links'}
                  - properties:
                      customers: {type: array, items: {type: object}}
components:
  schemas:
    Links:
      type: object
      properties:
        self: {type: string, format: uri}
        next: {type: string, format: uri}
`,
    errors: [{ line: 33, message: 'Page object lacks "items" (its array is "customers")' }],
  },
  {
    name: '2.0: a page found by its next link is checked too',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        200:
          description: A page of orders.
          schema: {$ref: '#/definitions/OrderPage'}
definitions:
  OrderPage:
    type: object
    properties:
      orders: {type: array, items: {type: object}}
      next: {type: string, format: uri}
`,
    errors: [{ line: 11, message: 'Page object lacks "items" (its array is "orders") and "self"' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['pagination-page-object'] })).toEqual([]);
});

it('fires on the reference spec at the page schema whose self link was renamed', async () => {
  const head = '    ShipmentPage:\n      type: object\n      description: A page of shipments.\n      required:\n        - self\n        - first\n        - items\n      properties:\n';
  const { findings, line } = await lintMutatedReference('pagination-page-object', { find: `${head}        self:\n`, replace: `${head}        current:\n` });
  expect(findings.map(f => [f.ruleId, f.line])).toEqual([['pagination-page-object', line]]);
});
