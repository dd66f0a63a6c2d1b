import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { expectFindings, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('deprecation-documented', [
  {
    name: '3.0: a deprecated operation without replacement or sunset is reported at the operation, at info (deprecated: true meets guideline 9.5)',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}:
    delete:
      deprecated: true
      description: Deletes an order. It will be removed in the future.
      responses:
        '204': {description: Deleted.}
    get:
      deprecated: true
      x-sunset: '2027-01-31'
      description: Deprecated, use GET /purchases/{purchase_id} instead.
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 5, column: 5, severity: 'info', message: 'Deprecated operation "DELETE /orders/{order_id}" does not say what replaces it and has no "x-sunset" date' }],
  },
  {
    name: '3.1: deprecated parameters and schemas, also in a $ref\'d file',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - name: offset
          in: query
          deprecated: true
          x-sunset: '2027-01-31'
          description: Page offset.
          schema: {type: integer}
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: 'schemas.yaml#/Order'}
`,
    options: {
      files: {
        'schemas.yaml': `Order:
  type: object
  properties:
    state:
      type: string
      deprecated: true
      description: Replaced by status.
    status: {type: string}
`,
      },
    },
    errors: [
      { line: 7, column: 11, severity: 'info', message: 'Deprecated parameter "offset" does not say what replaces it:' },
      { line: 4, column: 5, severity: 'info', file: 'schemas.yaml', message: 'Deprecated property "state" has no "x-sunset" date: add "x-sunset: YYYY-MM-DD".' },
    ],
  },
  {
    name: '2.0: operations, parameters and definitions',
    document: 'fixtures/rules/deprecation-documented/swagger.yaml',
    errors: [{ line: 10, column: 11, severity: 'info', message: 'parameter "page"' }, { line: 19, column: 7, severity: 'info', message: 'property "orders" has no "x-sunset"' }],
  },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
]);

it('fires on the reference spec when the deprecated operation loses its sunset', async () => {
  const text = readFileSync(REFERENCE_SPEC, 'utf8');
  const sunset = "      x-sunset: '2027-06-30'\n";
  const operation = text.slice(text.indexOf('    delete:\n      operationId: deleteShipment\n'), text.indexOf(sunset) + sunset.length);
  const { findings, line } = await lintMutatedReference('deprecation-documented', { find: operation, replace: operation.replace(sunset, '') });
  expectFindings('deprecation-documented', findings, [{ line, column: 5, severity: 'info' }]);
});
