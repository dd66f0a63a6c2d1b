import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('success-and-error-responses', [
  {
    name: '3.0: missing success or error responses are reported at responses (or the operation without any)',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        200: {description: OK}
    post:
      responses:
        '400': {description: Bad request}
    delete:
      summary: No responses at all
    put:
      responses:
        '303': {description: See other}
        default: {description: Error}
`,
    errors: [
      { line: 6, column: 7, severity: 'error', message: 'Operation "GET /orders" documents no error (4xx, 5xx or "default") response: add one.' },
      { line: 9, column: 7, severity: 'error', message: 'Operation "POST /orders" documents no success (2xx or 3xx) response' },
      { line: 11, column: 5, severity: 'error', message: 'documents no success (2xx or 3xx) and no error (4xx, 5xx or "default") response: add them.' },
    ],
  },
  {
    name: '3.1: ranges count; webhooks are not checked',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '2XX': {description: OK}
        '5XX': {description: Server error}
webhooks:
  orderCreated:
    post:
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  {
    name: '2.0: the same applies',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        default: {description: Error}
    post:
      responses:
        '201': {description: Created}
`,
    errors: [{ line: 10, column: 7, severity: 'error' }],
  },
]);

it('fires on the reference spec at an operation without success response', async () => {
  const { findings, line } = await lintMutatedReference('success-and-error-responses', {
    find: "      responses:\n        '207':\n",
    replace: "      responses:\n        '422':\n",
  });
  expectFindings('success-and-error-responses', findings, [{ line, column: 7, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['success-and-error-responses'] })).toEqual([]);
});
