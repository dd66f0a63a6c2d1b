import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, referenceLine, testRule } from '../helpers/lint.js';

const PAGINATED = `      parameters:
        - {name: cursor, in: query, schema: {type: string}}
        - {name: limit, in: query, schema: {type: integer, format: int32}}
`;

/** A paginated GET /orders whose 200 body is `wrapper` (YAML ending with `allOf:` or `oneOf:`) around Orders, whose schema `orders` is (YAML from `Orders:`). The schema key is on line 14. */
const wrappedListing = (wrapper: string, orders: string) => `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
${PAGINATED}      responses:
        '200':
          description: Orders.
          content:
            application/json:
              schema:
${wrapper.replace(/^/gm, '                ')}
                  - $ref: '#/components/schemas/Orders'
components:
  schemas:
${orders.replace(/^/gm, '    ')}
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
      { line: 25, column: 15, severity: 'warn', message: 'Paginated collection answers with a bare array' },
      { line: 1, column: 1, severity: 'warn', file: 'schemas.yaml', message: 'Page object (its array is "items") has no way to the next page' },
    ],
  },
  {
    name: '3.1: any consistent shape passes: links in a _links object, an array named after the resource, links from a shared schema',
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
    errors: [],
  },
  {
    name: '2.0: a page with links.self and links.next and an array named after the resource passes; a page with only a self link does not',
    document: `swagger: '2.0'
info: {title: Merchants, version: 1.0.0}
paths:
  /merchants:
    get:
      parameters:
        - {name: limit, in: query, type: integer, format: int32}
      responses:
        200:
          description: A page of merchants.
          schema: {$ref: '#/definitions/MerchantPage'}
  /orders:
    get:
      parameters:
        - {name: cursor, in: query, type: string}
      responses:
        200:
          description: A page of orders.
          schema: {$ref: '#/definitions/OrderPage'}
definitions:
  MerchantPage:
    type: object
    properties:
      links:
        type: object
        properties:
          self: {type: string, format: uri}
          next: {type: string, format: uri}
      merchants: {type: array, items: {type: object}}
  OrderPage:
    type: object
    properties:
      self: {type: string, format: uri}
      orders: {type: array, items: {type: object}}
`,
    errors: [{ line: 30, column: 3, severity: 'warn', message: 'Page object (its array is "orders") has no way to the next page' }],
  },
  {
    name: '3.0: a bare array behind an allOf wrapper (the 3.0 way to describe a $ref) is still a bare array',
    document: wrappedListing('description: The orders, newest first.\nallOf:', 'Orders:\n  type: array\n  items: {type: object}'),
    errors: [{ line: 14, column: 15, severity: 'warn', message: 'Paginated collection answers with a bare array' }],
  },
  {
    name: '3.0: a page behind a oneOf of one (the 3.0 way to make a $ref nullable) is still a page',
    document: wrappedListing('nullable: true\noneOf:', 'Orders:\n  type: object\n  properties:\n    items: {type: array, items: {type: object}}'),
    errors: [{ line: 14, column: 15, severity: 'warn', message: 'Page object (its array is "items") has no way to the next page' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['pagination-page-object'] })).toEqual([]);
});

it('fires on the reference spec at the page schema whose next link was renamed', async () => {
  const { findings } = await lintMutatedReference('pagination-page-object', {
    find: '        next:\n          type: string\n          format: uri\n          description: Link to the next page; absent on the last page.\n          example: https://shipments.example.com/shipments?cursor=bmV4dA\n',
    replace: '        following:\n          type: string\n          format: uri\n          description: Link to the next page; absent on the last page.\n          example: https://shipments.example.com/shipments?cursor=bmV4dA\n',
  });
  expectFindings('pagination-page-object', findings, [{ line: referenceLine('    ShipmentPage:\n'), column: 5, severity: 'warn' }]);
});
