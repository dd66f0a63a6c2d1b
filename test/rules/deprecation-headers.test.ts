import { it } from 'vitest';
import { expectFindings, lintMutatedReference, testRule } from '../helpers/lint.js';

testRule('deprecation-headers', [
  {
    name: '3.0: each response of a deprecated operation lacking the headers is reported at its status code',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      deprecated: true
      responses:
        '200':
          description: OK
          headers:
            deprecation: {schema: {type: string}}
            sunset: {schema: {type: string}}
        '404': {$ref: '#/components/responses/NotFound'}
    post:
      responses:
        '404': {$ref: '#/components/responses/NotFound'}
components:
  responses:
    NotFound: {description: Not found.}
`,
    errors: [{ line: 13, column: 9, severity: 'warn', message: 'Response 404 of deprecated operation "GET /orders" does not declare "Deprecation" and "Sunset"' }],
  },
  {
    name: '3.1: a shared response in another file is reported at the operation, not in the file',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      deprecated: true
      responses:
        '200': {$ref: 'responses.yaml#/Ok'}
webhooks:
  orderShipped:
    post:
      deprecated: true
      responses:
        '200': {description: OK}
`,
    options: { files: { 'responses.yaml': 'Ok:\n  description: OK\n  headers:\n    Sunset: {schema: {type: string}}\n' } },
    errors: [{ line: 8, column: 9, severity: 'warn', message: 'does not declare "Deprecation":' }],
  },
  { name: '2.0: response headers', document: 'fixtures/rules/deprecation-headers/swagger.yaml', errors: [{ line: 8, column: 9, severity: 'warn', message: '"Sunset"' }, { line: 12, column: 9, severity: 'warn' }] },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
]);

it('fires on the reference spec at a response of the deprecated operation without Sunset', async () => {
  const { findings, line } = await lintMutatedReference('deprecation-headers', {
    find: "        '204':\n          description: The shipment was deleted.\n          headers:\n            Deprecation:\n              description: Moment since when the operation is deprecated (RFC 9745).\n              schema:\n                type: string\n                example: '@1767225600'\n            Sunset:\n",
    replace: "        '204':\n          description: The shipment was deleted.\n          headers:\n            Deprecation:\n              description: Moment since when the operation is deprecated (RFC 9745).\n              schema:\n                type: string\n                example: '@1767225600'\n            X-Sunset:\n",
  });
  expectFindings('deprecation-headers', findings, [{ line, column: 9, severity: 'warn' }]);
});
