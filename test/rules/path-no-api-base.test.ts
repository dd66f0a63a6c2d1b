import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('path-no-api-base', [
  {
    name: '3.0: absolute, relative and templated server URLs and paths starting with /api',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
servers:
  - url: https://example.com/api/orders-service
  - url: /api
  - url: https://{host}/{base}
    variables:
      host: {default: example.com}
      base: {default: api}
  - url: https://api.example.com/apis
paths:
  /api/orders:
    get:
      servers:
        - url: //example.com/API
      responses:
        '200': {description: OK}
  /apis/orders:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [
      { line: 4, column: 10, severity: 'warn', message: 'Base path "/api/orders-service" starts with "/api"' },
      { line: 5, column: 10, severity: 'warn' },
      { line: 6, column: 10, severity: 'warn', message: 'Base path "/api" starts with "/api"' },
      { line: 12, column: 4, severity: 'warn', message: 'Path "/api/orders" starts with "/api": drop the "/api" segment.' },
      { line: 15, column: 16, severity: 'warn' },
    ],
  },
  {
    name: '3.1: an api host and clean paths pass',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
servers:
  - url: https://api.example.com
paths:
  /orders/api-keys:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  {
    name: '2.0: basePath /api is reported',
    document: "swagger: '2.0'\ninfo: {title: Orders, version: 1.0.0}\nbasePath: /api\npaths: {}\n",
    errors: [{ line: 3, column: 11, severity: 'warn', message: 'Base path "/api"' }],
  },
  {
    name: '2.0: basePath / passes',
    document: "swagger: '2.0'\ninfo: {title: Orders, version: 1.0.0}\nbasePath: /\npaths: {}\n",
    errors: [],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['path-no-api-base'] })).toEqual([]);
});

it('fires on the reference spec at the edited server URL', async () => {
  const { findings, line } = await lintMutatedReference('path-no-api-base', { find: '  - url: https://shipments.example.com\n', replace: '  - url: https://shipments.example.com/api\n' });
  expectFindings('path-no-api-base', findings, [{ line, column: 10, severity: 'warn' }]);
});
