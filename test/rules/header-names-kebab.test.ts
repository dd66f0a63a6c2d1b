import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('header-names-kebab', [
  {
    name: '3.0: request, response and reusable header names; a $ref\'d header is reported at its key',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: x-flow-id, in: header, schema: {type: string}}
        - {name: X-Flow-ID, in: header, schema: {type: string}}
        - {name: flowId, in: query, schema: {type: string}}
      responses:
        '200':
          description: OK
          headers:
            rate_limit:
              $ref: '#/components/headers/ETag'
            ETag:
              $ref: '#/components/headers/ETag'
            X-RateLimit-Limit: {schema: {type: integer, format: int32}}
            WWW-Authenticate: {schema: {type: string}}
            traceparent: {schema: {type: string}}
components:
  headers:
    ETag:
      schema: {type: string}
    flowId:
      schema: {type: string}
`,
    errors: [
      { line: 7, column: 18, severity: 'warn', message: 'Header "x-flow-id" is not Capitalised-Kebab-Case: rename it "X-Flow-Id".' },
      { line: 14, column: 13, severity: 'warn', message: 'Header "rate_limit"' },
      { line: 25, column: 5, severity: 'warn', message: 'Header "flowId" is not Capitalised-Kebab-Case: rename it "Flow-Id".' },
    ],
  },
  {
    name: '3.1: a shared response in another file is reported there, once',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '429': {$ref: 'responses.yaml#/TooManyRequests'}
  /returns:
    get:
      responses:
        '429': {$ref: 'responses.yaml#/TooManyRequests'}
`,
    options: {
      files: {
        'responses.yaml': 'TooManyRequests:\n  description: Slow down\n  headers:\n    X-Ratelimit-Limit: {schema: {type: integer}}\n    x-request-id: {schema: {type: string}}\n',
      },
    },
    errors: [{ file: 'responses.yaml', line: 5, column: 5, severity: 'warn', message: '"x-request-id"' }],
  },
  {
    name: '2.0: shared parameters and responses, inline response headers',
    document: 'fixtures/rules/header-names-kebab/bad.yaml',
    errors: [
      { line: 7, column: 11, severity: 'warn', message: '"X_Flow_Id" is not Capitalised-Kebab-Case: rename it "X-Flow-Id"' },
      { line: 14, column: 7, severity: 'warn', message: '"x-ratelimit-retry-after"' },
      { line: 28, column: 13, severity: 'warn', message: '"span_ctx"' },
    ],
  },
  {
    name: '3.0: a configured list of allowed names replaces the default one',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: x-request-id, in: header, schema: {type: string}}
        - {name: traceparent, in: header, schema: {type: string}}
      responses:
        '200': {description: OK}
`,
    options: { ruleOptions: { allowed: ['x-request-id'] } },
    errors: [{ line: 8, column: 18, severity: 'warn', message: 'Header "traceparent" is not Capitalised-Kebab-Case: rename it "Traceparent".' }],
  },
]);

it('fires on the reference spec at the edited header', async () => {
  const { findings, line } = await lintMutatedReference('header-names-kebab', { find: '      name: X-Flow-ID\n', replace: '      name: x-flow-id\n' });
  expectFindings('header-names-kebab', findings, [{ line, column: 13, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['header-names-kebab'] })).toEqual([]);
});
