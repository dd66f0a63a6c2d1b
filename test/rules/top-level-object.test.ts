import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('top-level-object', [
  {
    name: '3.0: array and scalar bodies at the schema, a shared array schema once in its own file',
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
                $ref: 'schemas.yaml#/OrderList'
    post:
      requestBody:
        content:
          application/json:
            schema:
              $ref: 'schemas.yaml#/OrderList'
      responses:
        '200':
          description: OK
          content:
            application/problem+json:
              schema: {type: string}
  /orders/{id}/note:
    get:
      responses:
        '200':
          description: OK
          content:
            text/plain:
              schema: {type: string}
            application/octet-stream:
              schema: {type: string, format: binary}
`,
    options: { files: { 'schemas.yaml': 'OrderList:\n  type: array\n  items:\n    type: object\n' } },
    errors: [
      { line: 24, column: 15, severity: 'error', message: 'JSON body is a bare string: the top level is always an object; put the value in a named property of an object.' },
      { line: 1, column: 1, severity: 'error', file: 'schemas.yaml', message: 'JSON body is a bare array: the top level is always an object; put the array in a property of an object, such as "items".' },
    ],
  },
  {
    name: '3.0: objects by type, properties, allOf, object-only oneOf; undeclared schemas pass',
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
              schema: {properties: {items: {type: array, items: {type: string}}}}
            application/hal+json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/Base'
                  - properties: {total: {type: integer, format: int32}}
            application/vnd.order+json:
              schema:
                oneOf:
                  - $ref: '#/components/schemas/Base'
                  - {type: object}
        '204': {description: No content}
        default:
          description: Any
          content:
            application/json:
              schema: {}
components:
  schemas:
    Base: {type: object}
`,
    errors: [],
  },
  {
    name: '3.1: a nullable array and a oneOf of scalars are reported; a webhook body too',
    document: `openapi: 3.1.0
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
                type: [array, 'null']
                items: {type: string}
        '202':
          description: Accepted
          content:
            application/json:
              schema:
                oneOf: [{type: string}, {type: integer}]
webhooks:
  orderCreated:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: array}
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 11, column: 15, severity: 'error', message: 'bare array' }, { line: 18, column: 15, severity: 'error', message: 'bare string' }, { line: 26, column: 13, severity: 'error', message: 'bare array' }],
  },
  {
    name: '2.0: body parameters with consumes, responses with produces; type file and XML-only operations pass',
    document: 'fixtures/rules/top-level-object/bad-2.0.yaml',
    errors: [{ line: 12, column: 11, severity: 'error', message: 'bare array' }, { line: 18, column: 11, severity: 'error', message: 'bare integer' }],
  },
]);

it('fires on the reference spec at a response body made an array', async () => {
  const { findings, line } = await lintMutatedReference('top-level-object', {
    find: "              schema:\n                $ref: '#/components/schemas/ShipmentPage'\n",
    replace: "              schema:\n                type: array\n                items:\n                  $ref: '#/components/schemas/Shipment'\n",
  });
  expectFindings('top-level-object', findings, [{ line, column: 15, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['top-level-object'] })).toEqual([]);
});
