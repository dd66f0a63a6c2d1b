import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('no-version-in-url', [
  {
    name: '3.0: versions in server URLs (also through a variable default) and paths',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
servers:
  - url: https://example.com/v1
  - url: https://example.com/{version}
    variables:
      version: {default: v2.1}
  - url: https://v1.example.com
paths:
  /version-2/orders:
    get:
      responses:
        '200': {description: OK}
  /{api_version}/customers:
    get:
      responses:
        '200': {description: OK}
  /schemas/{name}/versions/{version}:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [
      { line: 4, column: 10, severity: 'error', message: 'URL "https://example.com/v1" carries the version "v1"' },
      { line: 5, column: 10, severity: 'error', message: 'carries the version "v2.1"' },
      { line: 10, column: 4, severity: 'error', message: 'Path "/version-2/orders" carries the version "version-2"' },
      { line: 14, column: 4, severity: 'error', message: 'carries the version "{api_version}"' },
    ],
  },
  {
    name: '3.1: a leading {version} parameter and a v1beta1 segment are reported',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /{version}/orders:
    get:
      responses:
        '200': {description: OK}
  /apis/batch/v1beta1/jobs:
    get:
      responses:
        '200': {description: OK}
  /orders/{order_id}/vouchers:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 4, column: 4, severity: 'error' }, { line: 8, column: 15, severity: 'error', message: '"v1beta1"' }],
  },
  {
    name: '2.0: a versioned basePath is reported',
    document: "swagger: '2.0'\ninfo: {title: Orders, version: 1.0.0}\nbasePath: /api/1.0\npaths: {}\n",
    errors: [{ line: 3, column: 11, severity: 'error', message: 'URL "/api/1.0" carries the version "1.0"' }],
  },
  {
    name: '2.0: an unversioned basePath passes',
    document: "swagger: '2.0'\ninfo: {title: Orders, version: 1.0.0}\nbasePath: /orders\npaths: {}\n",
    errors: [],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['no-version-in-url'] })).toEqual([]);
});

it('fires on the reference spec at the edited path', async () => {
  const { findings, line } = await lintMutatedReference('no-version-in-url', { find: '  /shipments:\n', replace: '  /v1/shipments:\n' });
  expectFindings('no-version-in-url', findings, [{ line, column: 4, severity: 'error' }]);
});
