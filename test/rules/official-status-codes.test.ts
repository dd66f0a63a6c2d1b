import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('official-status-codes', [
  {
    name: 'an extension in the Responses Object is no status code',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        x-amazon-apigateway-integration: {type: aws_proxy, responses: {default: {statusCode: '200'}}}
`,
    errors: [],
  },
  {
    name: '3.0: unregistered codes, lowercase ranges and other keys are reported at the key (unquoted keys too)',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        200: {description: OK}
        509: {description: Bandwidth exceeded}
        '418': {description: Teapot}
        4xx: {description: Client error}
        oops: {description: Unknown}
        default: {description: Error}
`,
    errors: [
      { line: 8, column: 9, severity: 'error', message: 'Status code "509" is not IANA-registered' },
      { line: 9, column: 9, severity: 'error', message: 'Status code "418"' },
      { line: 10, column: 9, severity: 'error', message: '"4XX"' },
      { line: 11, column: 9, severity: 'error', message: 'Response key "oops"' },
    ],
  },
  {
    name: '3.1: registered codes, ranges and default pass',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        '2XX': {description: Success}
        '422': {description: Unprocessable}
        '451': {description: Unavailable for legal reasons}
        '5XX': {description: Server error}
        default: {description: Error}
`,
    errors: [],
  },
  {
    name: '2.0: ranges do not exist in Swagger 2.0',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        '4XX': {description: Client error}
        '499': {description: Client closed request}
`,
    errors: [
      { line: 8, column: 9, severity: 'error', message: 'Status code range "4XX" is not allowed in Swagger 2.0' },
      { line: 9, column: 9, severity: 'error', message: 'Status code "499"' },
    ],
  },
]);

it('fires on the reference spec at an unregistered code', async () => {
  const { findings, line } = await lintMutatedReference('official-status-codes', { find: "        '406':\n", replace: "        '499':\n" });
  expectFindings('official-status-codes', findings, [{ line, column: 9, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['official-status-codes'] })).toEqual([]);
});
