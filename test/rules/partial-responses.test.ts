import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('partial-responses', [
  {
    name: '3.0: a single-resource GET without fields is reported at the operation; collections, files and monitoring are not',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}:
    get:
      responses:
        '200':
          description: One order.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Order'}
  /orders/{order_id}/labels/{label_id}:
    get:
      responses:
        '200':
          description: A label.
          content:
            application/pdf:
              schema: {type: string, format: binary}
  /orders:
    get:
      responses:
        '200':
          description: Orders.
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Order'}}
  /health/{check}:
    get:
      responses:
        '200':
          description: One health check.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Order'}
components:
  schemas:
    Order: {type: object, properties: {id: {type: string}}}
`,
    errors: [{ line: 5, column: 5, severity: 'info', message: 'GET /orders/{order_id} returns a single resource but accepts no "fields"' }],
  },
  {
    name: '3.1: fields from a path-level parameter passes; a status sub-resource is no monitoring endpoint',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}:
    parameters:
      - {name: fields, in: query, schema: {type: array, items: {type: string}}}
    get:
      responses:
        '200':
          description: One order.
          content:
            application/json:
              schema: {type: object}
  /orders/{order_id}/status/{status_id}:
    get:
      responses:
        '200':
          description: One status change.
          content:
            application/json:
              schema: {type: object}
`,
    errors: [{ line: 15, column: 5, severity: 'info' }],
  },
  {
    name: '2.0: the response schema decides',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}:
    get:
      parameters:
        - {name: fields, in: query, type: array, items: {type: string}, collectionFormat: csv}
      responses:
        200:
          description: One order.
          schema: {type: object}
  /customers/{customer_id}:
    get:
      responses:
        200:
          description: One customer.
          schema: {type: object}
`,
    errors: [{ line: 13, column: 5, severity: 'info' }],
  },
  {
    name: '3.0: configured monitoring paths replace the default ones',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /diagnostics/{check}:
    get:
      responses: {'200': {description: One check., content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}}
  /health/{check}:
    get:
      responses: {'200': {description: One check., content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}}
`,
    options: { ruleOptions: { monitoringPaths: ['/diagnostics'] } },
    errors: [{ line: 8, column: 5, severity: 'info', message: 'GET /health/{check} returns a single resource' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['partial-responses'] })).toEqual([]);
});

it('fires on the reference spec at a single-resource read that lost fields', async () => {
  const operation = [
    '    get:',
    '      operationId: getReturn',
    '      summary: Get a return',
    '      description: Returns one return and its current status.',
    '      tags:',
    '        - Returns',
    '      security:',
    '        - oauth2:',
    '            - returns.read',
    '      parameters:',
    "        - $ref: '#/components/parameters/FlowId'",
    '',
  ].join('\n');
  const { findings, line } = await lintMutatedReference('partial-responses', {
    find: `${operation}        - $ref: '#/components/parameters/Fields'\n`,
    replace: operation,
  });
  expectFindings('partial-responses', findings, [{ line, column: 5, severity: 'info' }]);
});
