import { it } from 'vitest';
import { expectFindings, lintMutatedReference, testRule } from '../helpers/lint.js';

const limited = (responses: string) => `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
${responses}`;

testRule('rate-limit-headers', [
  {
    name: '3.0: an inline 429 lacking headers is reported at the response',
    document: limited(`        '200': {description: OK}
        '429':
          description: Too many requests.
          headers:
            X-Ratelimit-Limit: {schema: {type: integer, format: int32}}
`),
    errors: [{ line: 8, column: 9, severity: 'error', message: '"X-Ratelimit-Remaining", "X-Ratelimit-Retry-After" or "Retry-After"' }],
  },
  {
    name: '3.0: a bad shared 429 is reported once, at the component',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '429': {$ref: '#/components/responses/TooManyRequests'}
    post:
      responses:
        '429': {$ref: '#/components/responses/TooManyRequests'}
components:
  responses:
    TooManyRequests:
      description: Too many requests.
`,
    errors: [{ line: 13, column: 5, severity: 'error' }],
  },
  {
    name: '3.1: a shared 429 in another file with every header passes; names compare case-insensitively',
    document: limited(`        '429': {$ref: 'responses.yaml#/TooManyRequests'}
`).replace('3.0.3', '3.1.0'),
    options: {
      files: {
        'responses.yaml': `TooManyRequests:
  description: Too many requests.
  headers:
    x-ratelimit-limit: {schema: {type: integer}}
    X-RATELIMIT-REMAINING: {schema: {type: integer}}
    X-Ratelimit-Retry-After: {schema: {type: integer}}
`,
      },
    },
    errors: [],
  },
  {
    name: '3.1: a bad shared 429 in another file is reported in that file',
    document: limited(`        '429': {$ref: 'responses.yaml#/TooManyRequests'}
`).replace('3.0.3', '3.1.0'),
    options: { files: { 'responses.yaml': 'TooManyRequests:\n  description: Too many requests.\n' } },
    errors: [{ line: 1, column: 1, severity: 'error', file: 'responses.yaml' }],
  },
  { name: '2.0: response headers; Retry-After stands for X-Ratelimit-Retry-After', document: 'fixtures/rules/rate-limit-headers/swagger.yaml', errors: [{ line: 8, column: 9, severity: 'error' }] },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
  {
    name: '3.0: a configured header set replaces the default one',
    document: limited(`        '429':
          description: Too many requests.
          headers:
            RateLimit: {schema: {type: string}}
`),
    options: { ruleOptions: { headers: ['RateLimit', 'RateLimit-Policy'] } },
    errors: [{ line: 7, column: 9, severity: 'error', message: /declare the rate limit header\(s\) "RateLimit-Policy":/ }],
  },
]);

it('fires on the reference spec at the shared 429 that loses a header', async () => {
  const { findings, line } = await lintMutatedReference('rate-limit-headers', {
    find: "    TooManyRequests:\n      description: Too many requests; retry after the given number of seconds.\n      headers:\n        X-Ratelimit-Limit:\n          $ref: '#/components/headers/X-Ratelimit-Limit'\n",
    replace: '    TooManyRequests:\n      description: Too many requests; retry after the given number of seconds.\n      headers:\n',
  });
  expectFindings('rate-limit-headers', findings, [{ line, column: 5, severity: 'error' }]);
});
