import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('parameters-snake-case', [
  {
    name: 'parameters in the value of an extension in the Paths Object are no parameters of the API',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  x-gateway-defaults:
    parameters:
      - {name: pageSize, in: query, type: integer}
    get:
      parameters:
        - {name: sortOrder, in: query, type: string}
      responses: {'200': {description: OK}}
  /orders:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  {
    name: '3.0: query names are an error, path names info (guideline 4 names query parameters only), at their name; a shared parameter once, at its definition; headers are not judged',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{orderId}:
    get:
      parameters:
        - $ref: '#/components/parameters/OrderId'
        - name: pageSize
          in: query
          schema: {type: integer, format: int32}
        - name: X-Flow-ID
          in: header
          schema: {type: string}
      responses:
        '200': {description: OK}
    delete:
      parameters:
        - $ref: '#/components/parameters/OrderId'
      responses:
        '204': {description: Deleted}
components:
  parameters:
    OrderId:
      name: orderId
      in: path
      required: true
      schema: {type: string}
`,
    errors: [
      { line: 8, column: 17, severity: 'error', message: 'Query parameter "pageSize" is not snake_case: rename it "page_size".' },
      { line: 24, column: 13, severity: 'info', message: 'Path parameter "orderId" is not snake_case: rename it "order_id" (and its "{...}" in the path).' },
    ],
  },
  {
    name: '3.1: a parameter in a referenced file is reported there; snake_case names pass',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - $ref: 'parameters.yaml#/SortBy'
        - {name: created_after, in: query, schema: {type: string}}
        - {name: limit, in: query, schema: {type: integer, format: int32}}
        - {name: session-id, in: cookie, schema: {type: string}}
      responses:
        '200': {description: OK}
`,
    options: { files: { 'parameters.yaml': 'SortBy:\n  name: sortBy\n  in: query\n  schema: {type: string}\n' } },
    errors: [{ file: 'parameters.yaml', line: 2, column: 9, severity: 'error', message: '"sortBy"' }],
  },
  {
    name: '2.0: path-level and shared parameters; body, formData and header parameters are not judged',
    document: 'fixtures/rules/parameters-snake-case/bad.yaml',
    errors: [
      { line: 7, column: 11, severity: 'error', message: 'Query parameter "merchant-id" is not snake_case: rename it "merchant_id".' },
      { line: 13, column: 15, severity: 'info', message: 'Path parameter "modelId"' },
    ],
  },
  {
    name: '3.0: a configured pattern (camelCase) replaces snake_case, at the same severities',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{orderId}/items/{item_id}:
    get:
      parameters:
        - {name: orderId, in: path, required: true, schema: {type: string}}
        - {name: item_id, in: path, required: true, schema: {type: string}}
        - {name: page_size, in: query, schema: {type: integer, format: int32}}
      responses:
        '200': {description: OK}
`,
    options: { ruleOptions: { pattern: '^[a-z][a-zA-Z0-9]*$' } },
    errors: [
      { line: 8, column: 18, severity: 'info', message: 'Path parameter "item_id" does not match the configured pattern ^[a-z][a-zA-Z0-9]*$: rename it (and its "{...}" in the path).' },
      { line: 9, column: 18, severity: 'error', message: 'Query parameter "page_size"' },
    ],
  },
]);

it('fires on the reference spec at the edited parameter', async () => {
  const { findings, line } = await lintMutatedReference('parameters-snake-case', { find: '      name: country_code\n', replace: '      name: countryCode\n' });
  expectFindings('parameters-snake-case', findings, [{ line, column: 13, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['parameters-snake-case'] })).toEqual([]);
});
