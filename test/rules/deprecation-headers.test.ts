import { it } from 'vitest';
import { expectFindings, lintMutatedReference, referenceLine, testRule } from '../helpers/lint.js';

testRule('deprecation-headers', [
  {
    name: 'an extension among the responses is no response that lacks the headers',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      deprecated: true
      responses:
        '200': {description: OK}
        x-internal-note: {description: Not a response.}
`,
    errors: [{ line: 5, column: 5, severity: 'warn', message: 'Deprecated operation "GET /orders": response 200 does not declare "Deprecation" and "Sunset"' }],
  },
  {
    name: '3.0: a deprecated operation whose responses lack the headers is reported once, at the operation, naming them',
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
        '429': {$ref: '#/components/responses/NotFound'}
        default: {$ref: '#/components/responses/NotFound'}
    post:
      responses:
        '404': {$ref: '#/components/responses/NotFound'}
components:
  responses:
    NotFound: {description: Not found.}
`,
    errors: [{ line: 5, column: 5, severity: 'warn', message: 'Deprecated operation "GET /orders": responses 404, 429 and default do not declare "Deprecation" and "Sunset": add them so clients notice the deprecation.' }],
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
    errors: [{ line: 5, column: 5, severity: 'warn', message: 'Deprecated operation "GET /orders": response 200 does not declare "Deprecation":' }],
  },
  {
    name: '2.0: response headers; responses that lack different headers are listed with what each lacks',
    document: 'fixtures/rules/deprecation-headers/swagger.yaml',
    errors: [{ line: 5, column: 5, severity: 'warn', message: 'Deprecated operation "GET /orders": responses 200 (no "Sunset") and default (no "Deprecation" and "Sunset") lack deprecation headers' }],
  },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
]);

it('fires on the reference spec at the deprecated operation whose response lost Sunset', async () => {
  const { findings } = await lintMutatedReference('deprecation-headers', {
    find: "        '204':\n          description: The shipment was deleted.\n          headers:\n            Deprecation:\n              description: Moment since when the operation is deprecated (RFC 9745).\n              schema:\n                type: string\n                example: '@1767225600'\n            Sunset:\n",
    replace: "        '204':\n          description: The shipment was deleted.\n          headers:\n            Deprecation:\n              description: Moment since when the operation is deprecated (RFC 9745).\n              schema:\n                type: string\n                example: '@1767225600'\n            X-Sunset:\n",
  });
  expectFindings('deprecation-headers', findings, [{ line: referenceLine('    delete:\n      operationId: deleteShipment\n'), column: 5, severity: 'warn', message: 'response 204 does not declare "Sunset"' }]);
});
