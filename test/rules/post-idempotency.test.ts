import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('post-idempotency', [
  {
    name: '3.0: a creating POST without Idempotency-Key or a documented key is reported at the operation',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      responses:
        '201': {description: Created.}
  /customers:
    post:
      parameters:
        - {name: Idempotency-Key, in: header, schema: {type: string}}
      responses:
        '201': {description: Created.}
  /invoices:
    post:
      description: Repeating the request with the same order number returns the existing invoice (secondary key).
      responses:
        '201': {description: Created.}
  /searches:
    post:
      responses:
        '200': {description: Results.}
`,
    errors: [{ line: 5, column: 5, severity: 'info', message: 'POST /orders creates a resource but accepts no "Idempotency-Key"' }],
  },
  {
    name: '3.1: a POST of an object to a listed collection creates; a 409 for an existing key documents one',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          description: Orders.
          content:
            application/json:
              schema: {type: array, items: {type: object}}
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object}
      responses:
        '200':
          description: The order.
          content:
            application/json:
              schema: {type: object}
  /customers:
    post:
      responses:
        '201': {description: Created.}
        '409': {description: A customer with this email already exists.}
`,
    errors: [{ line: 12, column: 5, severity: 'info' }],
  },
  {
    name: '2.0: a Location header marks a create; X-Idempotency-Key is accepted here (spelling is judged elsewhere)',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      responses:
        200:
          description: Created.
          headers:
            Location: {type: string, format: uri}
  /customers:
    post:
      parameters:
        - {name: X-Idempotency-Key, in: header, type: string}
      responses:
        201: {description: Created.}
`,
    errors: [{ line: 5, column: 5, severity: 'info' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['post-idempotency'] })).toEqual([]);
});

it('fires on the reference spec at a create that no longer mentions or accepts Idempotency-Key', async () => {
  const lines = (...l: string[]) => l.map(x => `${x}\n`).join('');
  const head = lines('    post:', '      operationId: createCancellation', '      summary: Cancel a shipment', '      description: |');
  const tail = lines('      tags:', '        - Cancellations', '      security:', '        - oauth2:', '            - shipments.write', '      parameters:', "        - $ref: '#/components/parameters/FlowId'");
  const { findings, line } = await lintMutatedReference('post-idempotency', {
    find: `${head}${lines(
      '        Requests the cancellation of a shipment that has not been picked up',
      '        yet. The shipment is canceled once the cancellation is confirmed.',
      '        Repeating the request with the same `Idempotency-Key` creates only one',
      '        cancellation.',
    )}${tail}${lines("        - $ref: '#/components/parameters/IdempotencyKey'")}`,
    replace: `${head}${lines('        Requests the cancellation of a shipment that has not been picked up yet.')}${tail}`,
  });
  expectFindings('post-idempotency', findings, [{ line, column: 5, severity: 'info' }]);
});
