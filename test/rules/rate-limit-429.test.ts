import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { expectFindings, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('rate-limit-429', [
  {
    name: '3.0: an operation without 429 is reported at the operation, once',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        '4XX': {description: Client error.}
    post:
      responses:
        '201': {description: Created.}
        '429': {$ref: '#/components/responses/TooManyRequests'}
components:
  responses:
    TooManyRequests: {description: Too many requests.}
`,
    errors: [{ line: 5, column: 5, severity: 'error', message: 'Operation "GET /orders" does not document a 429 response' }],
  },
  {
    name: '3.0: the nearest x-rate-limit decides: an operation policy overrides an exempt path item',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /health:
    x-rate-limit: {exempt: true}
    get:
      responses:
        '200': {description: OK}
    post:
      x-rate-limit: {limit: 5, window: PT1M, key: IP, algorithm: FIXED_WINDOW_COUNTER}
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 9, column: 5, severity: 'error', message: '"POST /health"' }],
  },
  {
    name: '3.1: webhooks are not checked; a path item in another file is reported there',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    $ref: 'paths/orders.yaml'
webhooks:
  orderShipped:
    post:
      responses:
        '200': {description: OK}
`,
    options: { files: { 'paths/orders.yaml': "get:\n  responses:\n    '200': {description: OK}\n" } },
    errors: [{ line: 1, column: 1, severity: 'error', file: 'paths/orders.yaml' }],
  },
  {
    name: '3.1: an exempt document exempts every operation',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
x-rate-limit: {exempt: true}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  { name: '2.0: numeric 429 keys count; the exempt /status passes', document: 'fixtures/rules/rate-limit-429/swagger.yaml', errors: [{ line: 10, column: 5, severity: 'error' }] },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
]);

it('fires on the reference spec when /health is no longer exempt', async () => {
  const text = readFileSync(REFERENCE_SPEC, 'utf8');
  const exempt = '      x-rate-limit:\n        exempt: true\n';
  const health = text.slice(text.indexOf('    get:\n      operationId: getHealth\n'), text.indexOf(exempt) + exempt.length);
  const { findings, line } = await lintMutatedReference('rate-limit-429', { find: health, replace: health.replace(exempt, '') });
  expectFindings('rate-limit-429', findings, [{ line, column: 5, severity: 'error' }]);
});
