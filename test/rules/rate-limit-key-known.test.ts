import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { expectFindings, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('rate-limit-key-known', [
  {
    name: '3.0: a USER policy over unsecured operations is reported at its key, once',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
x-rate-limit:
  limit: 600
  window: PT1M
  key: USER
  algorithm: TOKEN_BUCKET
paths:
  /orders:
    get: {responses: {'200': {description: OK}}}
    post: {responses: {'200': {description: OK}}}
  /health:
    get:
      x-rate-limit: {exempt: true}
      responses: {'200': {description: OK}}
`,
    errors: [{ line: 6, column: 8, severity: 'warn', message: 'Rate limit keyed by USER applies to unsecured operation(s) "GET /orders", "POST /orders"' }],
  },
  {
    name: '3.1: secured operations pass; a scheme that is not defined does not secure',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
security:
  - oauth2: [orders.read]
paths:
  /orders:
    get:
      x-rate-limit: {limit: 60, window: PT1M, key: USER, algorithm: TOKEN_BUCKET}
      responses: {'200': {description: OK}}
    post:
      security:
        - bearer: []
      x-rate-limit: {limit: 60, window: PT1M, key: USER, algorithm: TOKEN_BUCKET}
      responses: {'200': {description: OK}}
components:
  securitySchemes:
    oauth2:
      type: oauth2
      flows:
        clientCredentials: {tokenUrl: 'https://example.com/token', scopes: {orders.read: Read orders.}}
`,
    errors: [{ line: 13, column: 52, severity: 'warn', message: '"POST /orders"' }],
  },
  { name: '2.0: an optional {} alternative leaves the operation unsecured; IP keys need no security', document: 'fixtures/rules/rate-limit-key-known/swagger.yaml', errors: [{ line: 5, column: 47, severity: 'warn', message: '"POST /orders"' }] },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
]);

it('fires on the reference spec at the document policy when an operation drops its security', async () => {
  const { findings } = await lintMutatedReference('rate-limit-key-known', {
    find: '        - Shipments\n      security:\n        - oauth2:\n            - shipments.read\n      parameters:\n        - $ref: \'#/components/parameters/FlowId\'\n        - $ref: \'#/components/parameters/Cursor\'\n',
    replace: "        - Shipments\n      security: []\n      parameters:\n        - $ref: '#/components/parameters/FlowId'\n        - $ref: '#/components/parameters/Cursor'\n",
  });
  // Reported at the policy that keys by USER (the document's), not at the operation.
  const text = readFileSync(REFERENCE_SPEC, 'utf8');
  const keyLine = text.slice(0, text.indexOf('\n  key: USER\n') + 1).split('\n').length;
  expectFindings('rate-limit-key-known', findings, [{ line: keyLine, column: 8, severity: 'warn', message: '"GET /shipments"' }]);
});
