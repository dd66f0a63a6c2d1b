import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectPlaces } from '../helpers/engine-rules.js';
import { CORPUS, expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('openapi-valid', [
  {
    name: '3.0: each problem is reported once, where it is',
    document: `openapi: 3.0.3
info:
  title: Orders
paths:
  /orders:
    get:
      parameters:
        - name: limit
          in: quer
          schema: {type: integer}
      responses:
        '200':
          description: OK
          content:
            application/json:
              example: {}
              examples: {}
          colour: red
`,
    errors: [
      { line: 2, column: 1, severity: 'error', message: '"info" is missing the required property "version".' },
      { line: 9, column: 15, severity: 'error', message: '"in" must be one of "path", "query", "header", "cookie". Did you mean "query"?' },
      { line: 15, column: 13, severity: 'error', message: '"application/json" must not have both "example" and "examples".' },
      { line: 18, column: 11, severity: 'error', message: 'Property "colour" is not allowed here.' },
    ],
  },
  {
    name: '3.0: extensions anywhere and unquoted response codes pass',
    document: 'fixtures/rules/openapi-valid/extensions-3.0.yaml',
    errors: [],
  },
  {
    name: '3.0: an extension-looking name in a map is still a name',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          headers:
            x-next: {type: string}
`,
    errors: [
      { line: 10, column: 13, severity: 'error', message: '"schema" or "content" must be present' },
      { line: 10, column: 22, severity: 'error', message: 'Property "type" is not allowed here.' },
    ],
  },
  {
    name: '3.0: a $ref is accepted wherever it stands',
    document: `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
  description: {$ref: './description.md'}
paths:
  /orders:
    get: {$ref: 'operations.yaml#/listOrders'}
`,
    options: { files: { 'description.md': '# Orders', 'operations.yaml': 'listOrders:\n  responses:\n    "200": {description: OK}\n' } },
    errors: [],
  },
  {
    name: '3.1: invalid schema keywords are reported in schemas',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
webhooks:
  orderCreated:
    post:
      x-event: order.created
      responses:
        '204': {description: No Content}
components:
  schemas:
    Amount:
      type: number
      exclusiveMinimum: true
`,
    errors: [{ line: 13, column: 25, severity: 'error', message: '"exclusiveMinimum" must be number.' }],
  },
  {
    name: '3.2: validated with the 3.2 schema',
    document: `openapi: 3.2.0
info: {title: Orders, version: 1.0.0}
tags:
  - name: orders
    kind: nav
    parent: 7
paths: {}
`,
    errors: [{ line: 6, column: 13, severity: 'error', message: '"parent" must be string.' }],
  },
  {
    name: '2.0: an invalid security definition names the value at fault, not the definition: a flow no scheme allows, an empty tokenUrl',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths: {}
securityDefinitions:
  tinbox:
    type: oauth2
    authorizationUrl: https://auth.example.com/authorize
    tokenUrl: https://auth.example.com/token
    flow: "implicit # or whatever you care to implement"
    scopes: {orders.read: Read orders.}
  zmon:
    type: oauth2
    flow: password
    tokenUrl: ""
    scopes: {uid: User id.}
`,
    errors: [
      { line: 9, column: 11, severity: 'error', message: '"flow" must be one of "implicit", "password", "application", "accessCode".' },
      { line: 14, column: 15, severity: 'error', message: '"tokenUrl" must match format "uri" (it is "").' },
    ],
  },
  {
    name: '2.0: the cause is picked out of the parameter alternatives',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}:
    get:
      parameters:
        - name: order_id
          in: path
          required: false
          type: string
      responses:
        200: {description: OK}
`,
    errors: [{ line: 9, column: 21, severity: 'error', message: '"required" must be true.' }],
  },
  {
    name: '2.0: an unknown key in a query parameter is named, not the body form\'s missing schema',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - name: limit
          in: query
          type: integer
          colour: red
      responses:
        200: {description: OK}
`,
    errors: [{ line: 10, column: 11, severity: 'error', message: 'Property "colour" is not allowed here.' }],
  },
  {
    name: '2.0: extensions anywhere and unquoted response codes pass',
    document: 'fixtures/rules/openapi-valid/extensions-2.0.yaml',
    errors: [],
  },
  {
    name: 'an unknown OpenAPI version is reported at "openapi"',
    document: 'openapi: 3.9.0\ninfo: {title: Orders, version: 1.0.0}\npaths: {}\n',
    errors: [{ line: 1, column: 10, severity: 'error', message: 'OpenAPI version "3.9.0" is not known' }],
  },
]);

it('reports the missing title of the broken Zally document at "info"', async () => {
  const file = path.join(CORPUS, 'broken-zally-no-title.yaml');
  const findings = await lintFile(file, { rules: ['openapi-valid'] });
  expectFindings('openapi-valid', findings, [{ line: 2, column: 1, severity: 'error', message: '"info" is missing the required property "title".' }], file);
});

it('accepts the OpenAPI 3.2 example of the corpus', async () => {
  expect(await lintFile(path.join(CORPUS, 'oai-tags-example-v3.2.yaml'), { rules: ['openapi-valid'] })).toEqual([]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['openapi-valid'] })).toEqual([]);
});

it('fires on the reference spec at the edited operation', async () => {
  const { findings, line } = await lintMutatedReference('openapi-valid', { find: '  /shipments:\n    get:\n', replace: '  /shipments:\n    get:\n      deprecated: no-thanks\n' });
  expectFindings('openapi-valid', findings, [{ line: line + 2, column: 19, severity: 'error' }]);
});

describe('content in other files, validated where the document uses it', () => {
  const root = `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    $ref: './paths/orders.yaml'
  /orders/{id}:
    $ref: './paths/order.yaml'
components:
  schemas:
    Order:
      $ref: './schemas/order.yaml'
`;
  const orders = `get:
  parameters:
    - {name: limit, in: quer, schema: {type: integer}}
  responses:
    '200':
      description: OK
      content:
        application/json:
          schema: {$ref: '../schemas/order.yaml'}
`;
  const order = `get:
  parameters:
    - {name: id, in: path, required: true, schema: {type: string}}
  responses:
    '200':
      description: OK
      content:
        application/json:
          schema:
            type: object
            properties:
              $ref: '../schemas/fields.yaml#/OrderFields'
`;
  // A schema used three times is validated once; `properties` given as a whole by a $ref (a form
  // JSON Reference resolvers accept, and the schema does not) is read through the ref.
  const schema = "type: object\nproperties:\n  total: {type: integer, minimum: 'zero'}\n  lines:\n    type: array\n    items: {$ref: './line.yaml'}\n";
  const line = "type: object\nproperties:\n  back: {$ref: './order.yaml'}\n  sku: {type: string, maxLength: -1}\n";
  const fields = 'OrderFields:\n  state: {type: string, enum: open}\n';

  it('reports each problem once, in the file and at the line that holds it', () =>
    expectPlaces(
      'openapi-valid',
      { files: { 'openapi.yaml': root, 'paths/orders.yaml': orders, 'paths/order.yaml': order, 'schemas/order.yaml': schema, 'schemas/line.yaml': line, 'schemas/fields.yaml': fields } },
      [
        { file: 'paths/orders.yaml', line: 3, column: 25, severity: 'error', message: /^"in" must be one of .*Did you mean "query"\?$/ },
        { file: 'schemas/fields.yaml', line: 2, column: 31, severity: 'error', message: '"enum" must be array.' },
        { file: 'schemas/line.yaml', line: 4, column: 34, severity: 'error', message: '"maxLength" must be >= 0.' },
        { file: 'schemas/order.yaml', line: 3, column: 35, severity: 'error', message: '"minimum" must be number.' },
      ],
    ));

  it('passes the same API whose files are valid', () =>
    expectPlaces(
      'openapi-valid',
      {
        files: {
          'openapi.yaml': root,
          'paths/orders.yaml': orders.replace('in: quer', 'in: query'),
          'paths/order.yaml': order,
          'schemas/order.yaml': schema.replace("'zero'", '0'),
          'schemas/line.yaml': line.replace('-1', '64'),
          'schemas/fields.yaml': fields.replace('enum: open', 'enum: [open]'),
        },
      },
      [],
    ));
});
