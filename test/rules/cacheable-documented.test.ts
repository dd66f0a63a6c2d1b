import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('cacheable-documented', [
  {
    name: '3.0: Cache-Control without Vary is reported at the response, a shared one once; no-store needs no Vary',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          $ref: '#/components/responses/Cached'
  /customers:
    get:
      responses:
        '200':
          $ref: '#/components/responses/Cached'
  /sessions:
    get:
      responses:
        '200':
          description: Never stored.
          headers:
            Cache-Control: {schema: {type: string, example: no-store}}
components:
  responses:
    Cached:
      description: Cacheable for an hour.
      headers:
        Cache-Control: {schema: {type: string, example: 'public, max-age=3600'}}
`,
    errors: [{ line: 23, column: 5, severity: 'info', message: 'Response declares "Cache-Control" but no "Vary"' }],
  },
  {
    name: '3.1: a cacheable POST says so; PUT responses are not checked',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /quotes:
    post:
      responses:
        '200':
          description: A quote.
          headers:
            Cache-Control: {schema: {type: string}}
            Vary: {schema: {type: string}}
  /prices:
    post:
      description: Price lookups; responses may be cached for a minute.
      responses:
        '200':
          description: Prices.
          headers:
            cache-control: {schema: {type: string}}
            vary: {schema: {type: string}}
    put:
      responses:
        '200':
          description: Replaced.
          headers:
            Cache-Control: {schema: {type: string}}
`,
    errors: [{ line: 5, column: 5, severity: 'info', message: 'POST /quotes has a cacheable response but does not say so' }],
  },
  {
    name: '2.0: response headers are read the same way',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        200:
          description: Orders.
          headers:
            Cache-Control: {type: string, default: 'max-age=60'}
    head:
      responses:
        200:
          description: Orders.
          headers:
            Cache-Control: {type: string}
            Vary: {type: string}
`,
    errors: [{ line: 7, column: 9, severity: 'info' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['cacheable-documented'] })).toEqual([]);
});

it('fires on the reference spec at a cacheable response that lost Vary', async () => {
  const { findings, line } = await lintMutatedReference('cacheable-documented', {
    find: "        '200':\n          description: A page of pickup points.\n          headers:\n            Cache-Control:\n              $ref: '#/components/headers/Cache-Control'\n            Vary:\n              $ref: '#/components/headers/Vary'\n",
    replace: "        '200':\n          description: A page of pickup points.\n          headers:\n            Cache-Control:\n              $ref: '#/components/headers/Cache-Control'\n",
  });
  expectFindings('cacheable-documented', findings, [{ line, column: 9, severity: 'info' }]);
});
