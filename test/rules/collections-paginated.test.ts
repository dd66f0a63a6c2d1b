import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, referenceLine, testRule } from '../helpers/lint.js';

testRule('collections-paginated', [
  {
    name: '3.0: collection reads without cursor or limit are reported at the operation',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: cursor, in: query, schema: {type: string}}
        - {name: limit, in: query, schema: {type: integer, format: int32}}
      responses:
        '200':
          description: A page of orders.
          content:
            application/json:
              schema: {$ref: 'schemas.yaml#/OrderPage'}
  /customers:
    get:
      responses:
        '200':
          description: Customers.
          content:
            application/json:
              schema: {$ref: 'schemas.yaml#/OrderPage'}
  /items:
    get:
      parameters:
        - {name: limit, in: query, schema: {type: integer, format: int32}}
      responses:
        '200':
          description: Items.
          content:
            application/json:
              schema:
                type: array
                items: {type: object, properties: {id: {type: string}}}
  /orders/{order_id}:
    get:
      responses:
        '200':
          description: One order, with its lines.
          content:
            application/json:
              schema: {$ref: 'schemas.yaml#/OrderPage'}
  /health:
    get:
      responses:
        '200':
          description: Checks.
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
      items: {type: object, properties: {id: {type: string}}}
`,
      },
    },
    errors: [
      { line: 16, column: 5, severity: 'error', message: 'GET /customers lists a collection but accepts no query parameters: paginate it with "cursor" and "limit".' },
      { line: 24, column: 5, severity: 'error', message: 'GET /items lists a collection and accepts "limit", but no "cursor" (or other page-selecting) query parameter: accept "cursor".' },
    ],
  },
  {
    name: '3.1: a next link stands in for the cursor; streams and lists of strings are not collections',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /merchants:
    get:
      responses:
        '200':
          description: A page of merchants.
          content:
            application/json:
              schema:
                type: object
                properties:
                  merchants: {type: array, items: {type: object}}
                  links:
                    type: object
                    properties:
                      next: {type: string, format: uri}
  /events:
    get:
      responses:
        '200':
          description: A stream of events.
          content:
            application/x-ndjson:
              schema: {type: array, items: {type: object}}
  /tags:
    get:
      responses:
        '200':
          description: Tag names.
          content:
            application/json:
              schema: {type: object, properties: {tags: {type: array, items: {type: string}}}}
`,
    errors: [{ line: 5, column: 5, severity: 'info', message: 'GET /merchants lists a collection and links to its next page, but accepts no query parameters: accept "limit" so that clients choose the page size.' }],
  },
  {
    name: '2.0: offset and a look-alike of limit paginate (other rules judge their names)',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: offset, in: query, type: integer, format: int32}
        - {name: pageSize, in: query, type: integer, format: int32}
      responses:
        200:
          description: Orders.
          schema: {$ref: '#/definitions/OrderList'}
  /customers:
    get:
      responses:
        200:
          description: Customers.
          schema:
            type: array
            items: {$ref: '#/definitions/Customer'}
definitions:
  Customer: {type: object, properties: {id: {type: string}}}
  OrderList:
    type: object
    properties:
      orders: {type: array, items: {type: object}}
`,
    errors: [{ line: 14, column: 5, severity: 'error' }],
  },
  {
    name: '3.0: configured cursor, limit and monitoring names replace the default ones',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: token, in: query, schema: {type: string}}
        - {name: max, in: query, schema: {type: integer, format: int32}}
      responses: {'200': {description: Orders., content: {application/json: {schema: {type: array, items: {type: object}}}}}}
  /customers:
    get:
      parameters:
        - {name: cursor, in: query, schema: {type: string}}
        - {name: limit, in: query, schema: {type: integer, format: int32}}
      responses: {'200': {description: Customers., content: {application/json: {schema: {type: array, items: {type: object}}}}}}
  /reports:
    get:
      responses: {'200': {description: Reports., content: {application/json: {schema: {type: array, items: {type: object}}}}}}
`,
    options: { ruleOptions: { cursorParameters: ['token'], limitParameters: ['max'], monitoringPaths: ['/reports'] } },
    errors: [{ line: 11, column: 5, severity: 'error', message: 'GET /customers lists a collection but accepts neither a "cursor" nor a "limit" query parameter' }],
  },
  {
    name: '2.0: statistics of a resource are no collection; a next link is named as such beside other parameters; a cursor without a limit',
    document: `swagger: '2.0'
info: {title: Subscriptions, version: 1.0.0}
paths:
  /subscriptions/{subscription_id}/stats:
    get:
      parameters:
        - {name: subscription_id, in: path, required: true, type: string}
      responses:
        200:
          description: Statistics per event type.
          schema: {type: object, properties: {items: {type: array, items: {$ref: '#/definitions/Stat'}}}}
  /subscriptions:
    get:
      parameters:
        - {name: owning_application, in: query, type: string}
      responses:
        200:
          description: A page of subscriptions.
          schema:
            type: object
            properties:
              items: {type: array, items: {$ref: '#/definitions/Stat'}}
              _links: {type: object, properties: {next: {type: string, format: uri}}}
  /event-types:
    get:
      parameters:
        - {name: cursor, in: query, type: string}
      responses:
        200:
          description: Event types.
          schema: {type: array, items: {$ref: '#/definitions/Stat'}}
definitions:
  Stat: {type: object, properties: {event_type: {type: string}}}
`,
    errors: [
      { line: 13, column: 5, severity: 'info', message: 'GET /subscriptions lists a collection and links to its next page, but accepts no "limit" query parameter: accept "limit"' },
      { line: 25, column: 5, severity: 'info', message: 'GET /event-types lists a collection and accepts a page-selecting query parameter but no "limit"' },
    ],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['collections-paginated'] })).toEqual([]);
});

it('reports at info on the reference spec the collection read whose limit was removed (its page still links to the next one)', async () => {
  const line = referenceLine('    get:\n      operationId: listReturns');
  const noLimit = await lintMutatedReference('collections-paginated', {
    find: "        - $ref: '#/components/parameters/Limit'\n        - $ref: '#/components/parameters/Sort'\n        - $ref: '#/components/parameters/ShipmentIdFilter'\n",
    replace: "        - $ref: '#/components/parameters/Sort'\n        - $ref: '#/components/parameters/ShipmentIdFilter'\n",
  });
  expectFindings('collections-paginated', noLimit.findings, [{ line, column: 5, severity: 'info' }]);
});
