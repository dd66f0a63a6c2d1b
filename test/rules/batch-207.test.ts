import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule, wrappedProperty } from '../helpers/lint.js';

testRule('batch-207', [
  {
    name: '3.0: batches answer 207 with a multi-status body; 207 elsewhere is a misuse',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          description: Orders.
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Order'}}
        '207': {description: Misused.}
    post:
      requestBody:
        content:
          application/json:
            schema: {type: array, items: {$ref: '#/components/schemas/Order'}}
      responses:
        '200': {description: All created.}
  /order-batches:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                items: {type: array, items: {type: object}}
      responses:
        '207':
          $ref: '#/components/responses/MultiStatus'
  /orders/bulk:
    delete:
      responses:
        '207': {description: Deleted, item by item.}
components:
  responses:
    MultiStatus:
      description: The outcome of every item.
      content:
        application/json:
          schema:
            type: object
            properties:
              items: {type: array, items: {type: object}}
  schemas:
    Order: {type: object, properties: {id: {type: string}}}
`,
    errors: [
      { line: 12, column: 9, severity: 'error', message: 'GET /orders is not a batch or bulk operation' },
      { line: 13, column: 5, severity: 'error', message: 'POST /orders is a batch or bulk operation but does not answer 207' },
      { line: 35, column: 9, severity: 'error', message: 'The 207 response has no multi-status body' },
    ],
  },
  {
    name: '3.1: arrays of non-resources are reads with a payload (207 allowed, not required); batch-named resources and bulk queries are not batches, a /batch endpoint is',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /cursor-distances:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: array, items: {type: object, properties: {from: {type: string}, to: {type: string}}}}
      responses:
        '200': {description: Distances.}
  /events:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: array, items: {type: object}}
      responses:
        '200': {description: All published.}
        '207':
          description: Some failed.
          content:
            application/json:
              schema: {type: array, items: {type: object}}
  /batches/{batch_id}/cancellations:
    post:
      operationId: cancelBatch
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {reason: {type: string}}}
      responses:
        '201': {description: Canceled.}
  /attestations/bulk-list:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {digests: {type: array, items: {type: string}}}}
      responses:
        '200': {description: Attestations.}
  /deployment-records:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                environment: {type: string}
                deployments: {type: array, items: {type: object}}
      responses:
        '200': {description: All recorded.}
        '207': {description: Some recorded.}
  /batch:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                data: {type: object, properties: {actions: {type: array, items: {type: object}}}}
      responses:
        '200': {description: The result of every action.}
`,
    errors: [{ line: 56, column: 5, severity: 'error', message: 'POST /batch is a batch or bulk operation but does not answer 207' }],
  },
  {
    name: '2.0: an array body of a resource read elsewhere is a bulk request',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}:
    get:
      responses:
        200:
          description: One order.
          schema: {$ref: '#/definitions/Order'}
  /orders:
    post:
      parameters:
        - name: orders
          in: body
          schema: {type: array, items: {$ref: '#/definitions/Order'}}
      responses:
        200: {description: All created.}
definitions:
  Order: {type: object, properties: {id: {type: string}}}
`,
    errors: [{ line: 11, column: 5, severity: 'error' }],
  },
  {
    name: '3.0: a POST of resources behind allOf wrappers (a description beside each $ref) is a bulk request',
    document: wrappedProperty('id', '{type: string}', {
      paths: `  /orders:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                items:
                  type: array
                  items:
                    description: An order to place.
                    allOf: [{$ref: '#/components/schemas/Order'}]
      responses:
        '200': {description: All placed.}
`,
    }),
    errors: [{ line: 5, column: 5, severity: 'error', message: 'is a batch or bulk operation but does not answer 207' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['batch-207'] })).toEqual([]);
});

it('fires on the reference spec at a 207 response that lost its body', async () => {
  const response = [
    "        '207':",
    '          description: The outcome of every item of the batch.',
    '          headers:',
    '            X-Ratelimit-Limit:',
    "              $ref: '#/components/headers/X-Ratelimit-Limit'",
    '            X-Ratelimit-Remaining:',
    "              $ref: '#/components/headers/X-Ratelimit-Remaining'",
    '',
  ].join('\n');
  const { findings, line } = await lintMutatedReference('batch-207', {
    find: `${response}          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/ShipmentBatchResult'\n`,
    replace: response,
  });
  expectFindings('batch-207', findings, [{ line, column: 9, severity: 'error' }]);
});
