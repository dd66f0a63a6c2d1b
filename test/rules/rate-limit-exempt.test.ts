import { it } from 'vitest';
import { expectFindings, lintMutatedReference, testRule } from '../helpers/lint.js';

const exemptOrders = `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      x-rate-limit:
        exempt: true
      responses:
        '200': {description: OK}
`;

testRule('rate-limit-exempt', [
  { name: '3.0: an exempt resource operation is reported at "exempt"', document: exemptOrders, errors: [{ line: 7, column: 17, severity: 'warn', message: '"exempt: true" exempts "GET /orders"' }] },
  {
    name: '3.0: a document-wide exemption is reported once, naming the operations it wrongly exempts',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
x-rate-limit: {exempt: true}
paths:
  /orders:
    get: {responses: {'200': {description: OK}}}
    post: {responses: {'200': {description: OK}}}
    put: {responses: {'200': {description: OK}}}
    patch: {responses: {'200': {description: OK}}}
  /metrics:
    get: {responses: {'200': {description: OK}}}
  /things:
    get:
      x-rate-limit: {limit: 5, window: PT1M, key: IP, algorithm: TOKEN_BUCKET}
      responses: {'200': {description: OK}}
`,
    errors: [{ line: 3, column: 24, severity: 'warn', message: '"GET /orders", "PUT /orders", "POST /orders" and 1 more' }],
  },
  {
    name: '3.1: an exempt monitoring endpoint that documents 429 is reported at the status code',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /health:
    x-rate-limit: {exempt: true}
    get:
      responses:
        '200': {description: OK}
        '429': {$ref: '#/components/responses/TooManyRequests'}
components:
  responses:
    TooManyRequests: {description: Too many requests.}
`,
    errors: [{ line: 9, column: 9, severity: 'warn', message: 'Operation "GET /health" is exempt from rate limiting but documents a 429 response' }],
  },
  { name: '2.0: /internal/ping is monitoring, /orders is not', document: 'fixtures/rules/rate-limit-exempt/swagger.yaml', errors: [{ line: 6, column: 30, severity: 'warn' }, { line: 14, column: 9, severity: 'warn' }] },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
  { name: '3.0: a configured monitoring path may be exempt', document: exemptOrders, options: { ruleOptions: { monitoringPaths: ['/orders'] } }, errors: [] },
]);

it('fires on the reference spec when /health documents 429', async () => {
  const { findings, line } = await lintMutatedReference('rate-limit-exempt', {
    find: "        '503':\n          $ref: '#/components/responses/ServiceUnavailable'\ncomponents:\n",
    replace: "        '429':\n          $ref: '#/components/responses/TooManyRequests'\n        '503':\n          $ref: '#/components/responses/ServiceUnavailable'\ncomponents:\n",
  });
  expectFindings('rate-limit-exempt', findings, [{ line, column: 9, severity: 'warn' }]);
});
