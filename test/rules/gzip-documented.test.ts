import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('gzip-documented', [
  {
    name: '3.0: silence about compression is reported at info',
    document: `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
  description: Orders of the shop.
paths: {}
`,
    errors: [{ line: 2, column: 1, severity: 'info', message: 'The API does not document gzip compression' }],
  },
  {
    name: '3.0: a server description mentioning gzip passes',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
servers:
  - {url: 'https://orders.example.com', description: Responses are GZIP compressed on request.}
paths: {}
`,
    errors: [],
  },
  {
    name: '3.1: a Content-Encoding response header passes',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          description: Orders.
          headers:
            Content-Encoding: {schema: {type: string}}
`,
    errors: [],
  },
  {
    name: '2.0: an Accept-Encoding parameter passes',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: accept-encoding, in: header, type: string}
      responses:
        200: {description: Orders.}
`,
    errors: [],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['gzip-documented'] })).toEqual([]);
});

it('fires on the reference spec at info when gzip is no longer mentioned', async () => {
  // From info down to the server description: both mention gzip.
  const text = readFileSync(REFERENCE_SPEC, 'utf8');
  const find = text.slice(text.indexOf('info:\n'), text.indexOf('tags:\n'));
  const { findings, line } = await lintMutatedReference('gzip-documented', { find, replace: find.replaceAll('gzip', 'deflate') });
  expectFindings('gzip-documented', findings, [{ line, column: 1, severity: 'info' }]);
});
