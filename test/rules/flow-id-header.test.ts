import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('flow-id-header', [
  {
    name: '3.0: an operation without X-Flow-ID is reported at the operation',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: limit, in: query, schema: {type: integer, format: int32}}
      responses:
        '200': {description: OK}
    post:
      parameters:
        - $ref: '#/components/parameters/FlowId'
      responses:
        '201': {description: Created}
components:
  parameters:
    FlowId: {name: X-Flow-ID, in: header, schema: {type: string}}
`,
    errors: [{ line: 5, column: 5, severity: 'error', message: 'GET /orders does not accept the "X-Flow-ID" header' }],
  },
  {
    name: '3.0: a path-level parameter and any capitalization count; a query parameter does not',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}:
    parameters:
      - {name: x-flow-id, in: header, schema: {type: string}}
    get:
      responses:
        '200': {description: OK}
  /items:
    get:
      parameters:
        - {name: X-Flow-ID, in: query, schema: {type: string}}
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 11, column: 5, severity: 'error' }],
  },
  {
    name: '3.1: webhooks (requests the API sends) are not checked',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    delete:
      responses:
        '204': {description: Deleted}
webhooks:
  orderShipped:
    post:
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 5, column: 5, severity: 'error' }],
  },
  {
    name: '2.0: a shared parameter passes, a missing one is reported',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - $ref: '#/parameters/FlowId'
      responses:
        '200': {description: OK}
    put:
      responses:
        '200': {description: OK}
parameters:
  FlowId: {name: X-Flow-Id, in: header, type: string}
`,
    errors: [{ line: 10, column: 5, severity: 'error', message: 'PUT /orders' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['flow-id-header'] })).toEqual([]);
});

it('fires on the reference spec at an added operation without X-Flow-ID', async () => {
  const { findings, line } = await lintMutatedReference('flow-id-header', {
    find: '    get:\n      operationId: getHealth\n',
    replace: "    head:\n      responses:\n        '200': {description: OK}\n    get:\n      operationId: getHealth\n",
  });
  expectFindings('flow-id-header', findings, [{ line, column: 5, severity: 'error' }]);
});
