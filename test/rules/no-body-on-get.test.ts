import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('no-body-on-get', [
  {
    name: '3.0: requestBody on GET and DELETE is reported at the requestBody; POST may have one',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      requestBody:
        content:
          application/json:
            schema: {type: object}
      responses:
        '200': {description: OK}
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object}
      responses:
        '201': {description: Created}
  /orders/{order_id}:
    delete:
      requestBody:
        $ref: '#/components/requestBodies/Reason'
      responses:
        '204': {description: Deleted}
components:
  requestBodies:
    Reason:
      content:
        application/json:
          schema: {type: object}
`,
    errors: [{ line: 6, column: 7, severity: 'error', message: 'GET /orders defines a request body' }, { line: 21, column: 7, severity: 'error', message: 'DELETE /orders/{order_id}' }],
  },
  {
    name: '3.1: HEAD with a body is reported; query parameters pass',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: q, in: query, schema: {type: string}}
      responses:
        '200': {description: OK}
    head:
      requestBody:
        content:
          application/json:
            schema: {type: object}
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 11, column: 7, severity: 'error', message: 'HEAD /orders' }],
  },
  {
    name: '2.0: in: body and in: formData parameters on GET/DELETE are reported at the parameter',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: q, in: query, type: string}
        - $ref: '#/parameters/Filter'
      responses:
        '200': {description: OK}
    delete:
      consumes: [application/x-www-form-urlencoded]
      parameters:
        - {name: reason, in: formData, type: string}
      responses:
        '204': {description: Deleted}
    post:
      parameters:
        - {name: order, in: body, schema: {type: object}}
      responses:
        '201': {description: Created}
parameters:
  Filter: {name: filter, in: body, schema: {type: object}}
`,
    errors: [{ line: 8, column: 11, severity: 'error' }, { line: 14, column: 11, severity: 'error' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['no-body-on-get'] })).toEqual([]);
});

it('fires on the reference spec at a body added to a GET', async () => {
  const { findings, line } = await lintMutatedReference('no-body-on-get', {
    find: '      operationId: getHealth\n',
    replace: '      requestBody:\n        content:\n          application/json:\n            schema: {type: object}\n      operationId: getHealth\n',
  });
  expectFindings('no-body-on-get', findings, [{ line, column: 7, severity: 'error' }]);
});
