import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('common-status-codes', [
  {
    name: '3.0: uncommon codes are reported at the key; unregistered ones are left to official-status-codes',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      responses:
        201: {description: Created}
        '202': {description: Accepted}
        '422': {description: Unprocessable}
        '509': {description: Bandwidth exceeded}
        '502': {description: Bad gateway}
`,
    errors: [
      { line: 9, column: 9, severity: 'warn', message: 'Status code "422" is not among the common codes' },
      { line: 11, column: 9, severity: 'warn', message: 'Status code "502"' },
    ],
  },
  {
    name: '3.1: common codes, ranges and default pass',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        '4XX': {description: Client error}
        '429': {description: Too many requests}
        default: {description: Error}
`,
    errors: [],
  },
  {
    name: '2.0: the same codes apply',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        '206': {description: Partial content}
        '404': {description: Not found}
`,
    errors: [{ line: 8, column: 9, severity: 'warn', message: '"206"' }],
  },
  {
    name: '3.0: a configured list of codes replaces the default one',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      responses:
        '201': {description: Created}
        '422': {description: Unprocessable}
        '404': {description: Not found}
`,
    options: { ruleOptions: { codes: [200, 201, 422] } },
    errors: [{ line: 9, column: 9, severity: 'warn', message: 'Status code "404" is not among the common codes' }],
  },
]);

it('fires on the reference spec at an uncommon code', async () => {
  const { findings, line } = await lintMutatedReference('common-status-codes', { find: "        '406':\n", replace: "        '422':\n" });
  expectFindings('common-status-codes', findings, [{ line, column: 9, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['common-status-codes'] })).toEqual([]);
});
