import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('no-link-header', [
  {
    name: '3.0: a Link header beside a JSON body is reported at its name, a shared response once',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          $ref: '#/components/responses/OrderPage'
  /items:
    get:
      responses:
        '200':
          $ref: '#/components/responses/OrderPage'
  /files:
    get:
      responses:
        '200':
          description: A file, with a link to the next one.
          headers:
            Link: {schema: {type: string}}
          content:
            application/pdf:
              schema: {type: string, format: binary}
components:
  responses:
    OrderPage:
      description: A page of orders.
      headers:
        Link: {schema: {type: string}}
      content:
        application/json:
          schema: {type: object}
`,
    errors: [{ line: 29, column: 9, severity: 'error', message: 'Response with a JSON body declares a "Link" header' }],
  },
  {
    name: '3.1: problem JSON bodies count too; a bodyless response may carry Link',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '204':
          description: No content.
          headers:
            Link: {schema: {type: string}}
        '400':
          description: Bad request.
          headers:
            link: {schema: {type: string}}
          content:
            application/problem+json:
              schema: {type: object}
`,
    errors: [{ line: 14, column: 13, severity: 'error' }],
  },
  {
    name: '2.0: produces decides whether the body is JSON',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
produces: [application/json]
paths:
  /orders:
    get:
      responses:
        200:
          description: Orders.
          headers:
            Link: {type: string}
          schema: {type: object}
  /files:
    get:
      produces: [application/pdf]
      responses:
        200:
          description: A file.
          headers:
            Link: {type: string}
          schema: {type: file}
`,
    errors: [{ line: 11, column: 13, severity: 'error' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['no-link-header'] })).toEqual([]);
});

it('fires on the reference spec at an added Link header', async () => {
  const { findings, line } = await lintMutatedReference('no-link-header', {
    find: '          description: The tracking event.\n          headers:\n',
    replace: '          description: The tracking event.\n          headers:\n            Link:\n              schema: {type: string}\n',
  });
  expectFindings('no-link-header', findings, [{ line: line + 2, column: 13, severity: 'error' }]);
});
