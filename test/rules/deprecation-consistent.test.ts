import { it } from 'vitest';
import { expectFindings, lintMutatedReference, testRule } from '../helpers/lint.js';

testRule('deprecation-consistent', [
  {
    name: '3.0: x-sunset must be a real date; headers only on deprecated operations',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      deprecated: true
      x-sunset: 30.06.2027
      responses:
        '200':
          description: OK
          headers:
            Sunset: {schema: {type: string}}
    delete:
      deprecated: true
      x-sunset: '2027-02-30'
      responses:
        '204': {$ref: '#/components/responses/Gone'}
    post:
      responses:
        '201': {$ref: '#/components/responses/Gone'}
    put:
      responses:
        '200': {$ref: '#/components/responses/Gone'}
components:
  responses:
    Gone:
      description: Gone.
      headers:
        Deprecation: {schema: {type: string}}
`,
    errors: [
      { line: 7, column: 17, severity: 'warn', message: '"x-sunset" is not a date' },
      { line: 15, column: 17, severity: 'warn', message: '"x-sunset" is not a date' },
      { line: 29, column: 9, severity: 'warn', message: 'Header "Deprecation" is declared on a response of an operation that is not deprecated' },
    ],
  },
  {
    name: '3.1: x-sunset on parameters and schemas that are not deprecated, also in a $ref\'d file',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - name: sort
          in: query
          x-sunset: '2027-06-30'
          schema: {type: string}
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: 'schemas.yaml#/Order'}
`,
    options: { files: { 'schemas.yaml': "Order:\n  type: object\n  properties:\n    state:\n      type: string\n      x-sunset: '2027-06-30'\n" } },
    errors: [
      { line: 9, column: 21, severity: 'warn', message: '"x-sunset" on parameter "sort", which is not deprecated' },
      { line: 6, column: 17, severity: 'warn', file: 'schemas.yaml', message: 'property "state"' },
    ],
  },
  { name: '2.0: unquoted dates and date-times pass; a sunset on a live operation does not', document: 'fixtures/rules/deprecation-consistent/swagger.yaml', errors: [{ line: 14, column: 17, severity: 'warn' }, { line: 19, column: 13, severity: 'warn' }] },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
]);

it('fires on the reference spec at an impossible sunset date', async () => {
  const { findings, line } = await lintMutatedReference('deprecation-consistent', { find: "      x-sunset: '2027-06-30'\n", replace: "      x-sunset: '2027-06-31'\n" });
  expectFindings('deprecation-consistent', findings, [{ line, column: 17, severity: 'warn' }]);
});
