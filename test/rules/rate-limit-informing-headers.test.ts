import { it } from 'vitest';
import { expectFindings, lintMutatedReference, testRule } from '../helpers/lint.js';

const noHeaders = `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        '404': {description: Not found.}
`;

testRule('rate-limit-informing-headers', [
  { name: '3.0: a 2xx without informing headers is reported at the response', document: noHeaders, errors: [{ line: 7, column: 9, severity: 'info', message: 'Success response does not declare the informing header(s) "X-Ratelimit-Limit", "X-Ratelimit-Remaining"' }] },
  {
    name: '3.0: a shared success response is reported once, at the component; exempt operations are not checked',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {$ref: '#/components/responses/Ok'}
    put:
      responses:
        '2XX': {$ref: '#/components/responses/Ok'}
  /health:
    get:
      x-rate-limit: {exempt: true}
      responses:
        '204': {description: Healthy.}
components:
  responses:
    Ok: {description: OK}
`,
    errors: [{ line: 18, column: 5, severity: 'info' }],
  },
  {
    name: '3.1: declared headers pass; webhooks are not checked',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          headers:
            X-RateLimit-Limit: {schema: {type: integer}}
            X-RateLimit-Remaining: {schema: {type: integer}}
webhooks:
  orderShipped:
    post:
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  { name: '2.0: response headers', document: 'fixtures/rules/rate-limit-informing-headers/swagger.yaml', errors: [{ line: 7, column: 9, severity: 'info', message: '"X-Ratelimit-Remaining"' }] },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
  {
    name: '3.0: a configured header set, with alternatives',
    document: noHeaders,
    options: { ruleOptions: { headers: [['RateLimit', 'X-Ratelimit-Remaining']] } },
    errors: [{ line: 7, column: 9, severity: 'info', message: 'informing header(s) "RateLimit" or "X-Ratelimit-Remaining":' }],
  },
]);

it('fires on the reference spec at a success response without the headers', async () => {
  const { findings, line } = await lintMutatedReference('rate-limit-informing-headers', {
    find: "        '200':\n          description: A page of shipments.\n          headers:\n            X-Ratelimit-Limit:\n              $ref: '#/components/headers/X-Ratelimit-Limit'\n            X-Ratelimit-Remaining:\n              $ref: '#/components/headers/X-Ratelimit-Remaining'\n",
    replace: "        '200':\n          description: A page of shipments.\n",
  });
  expectFindings('rate-limit-informing-headers', findings, [{ line, column: 9, severity: 'info' }]);
});
