import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('prefer-etag-idempotency', [
  {
    name: '3.0: misspelled and mistyped headers are reported at their name and type, shared ones once',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      parameters:
        - $ref: '#/components/parameters/IdempotencyKey'
        - {name: Prefer, in: header, schema: {type: string}}
      responses:
        '201': {description: Created.}
  /customers:
    post:
      parameters:
        - $ref: '#/components/parameters/IdempotencyKey'
        - name: If-None-Match
          in: header
          schema: {type: integer, format: int32}
      responses:
        '201': {description: Created.}
components:
  parameters:
    IdempotencyKey: {name: X-Idempotency-Key, in: header, schema: {type: string}}
`,
    errors: [
      { line: 17, column: 26, severity: 'info', message: 'Header "If-None-Match" is typed "integer": the If-None-Match header is a string' },
      { line: 22, column: 28, severity: 'info', message: 'Header "X-Idempotency-Key" is the standard "Idempotency-Key" header: spell it "Idempotency-Key"' },
    ],
  },
  {
    name: '3.1: a GET that serves an ETag pairs with If-Match on the same path; read-only resources need none',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}:
    get:
      responses:
        '200':
          description: One order.
          headers:
            Etag: {schema: {type: string}}
    put:
      parameters:
        - {name: If-Match, in: header, schema: {type: string}}
      responses:
        '200': {description: Replaced.}
    delete:
      responses:
        '204': {description: Deleted.}
  /customers/{customer_id}:
    get:
      responses:
        '200':
          description: One customer.
          headers:
            ETag: {schema: {type: string}}
`,
    errors: [
      { line: 10, column: 13, severity: 'info', message: 'Header "Etag" is the standard "ETag" header' },
      { line: 16, column: 5, severity: 'info', message: 'GET /orders/{order_id} returns an ETag but DELETE does not accept "If-Match"' },
    ],
  },
  {
    name: '2.0: simple headers are typed on themselves',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}:
    get:
      responses:
        200:
          description: One order.
          headers:
            ETag: {type: integer, format: int64}
    patch:
      parameters:
        - {name: If-Match, in: header, type: string}
      responses:
        200: {description: Updated.}
`,
    errors: [{ line: 10, column: 26, severity: 'info', message: 'typed "integer"' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['prefer-etag-idempotency'] })).toEqual([]);
});

it('fires on the reference spec at a misspelled shared header', async () => {
  const { findings, line } = await lintMutatedReference('prefer-etag-idempotency', { find: '      name: If-Match\n', replace: '      name: If-match\n' });
  expectFindings('prefer-etag-idempotency', findings, [{ line, column: 13, severity: 'info' }]);
});
