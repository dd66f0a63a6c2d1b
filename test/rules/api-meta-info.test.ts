import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('api-meta-info', [
  {
    name: '3.0: missing info fields are errors at "info"; missing contact fields are info (guideline 9.1 names no contact), at "contact"',
    document: `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
  description: '  '
  contact:
    name: Order Team
paths: {}
`,
    errors: [
      { line: 2, column: 1, severity: 'error', message: '"info" has no "description"' },
      { line: 6, column: 3, severity: 'info', message: '"info.contact" has no "url"' },
      { line: 6, column: 3, severity: 'info', message: '"info.contact" has no "email"' },
    ],
  },
  {
    name: '3.1: complete meta information passes',
    document: `openapi: 3.1.0
info:
  title: Orders
  version: 1.0.0
  description: Places and tracks orders.
  contact: {name: Order Team, url: https://example.com/orders, email: orders@example.com}
paths: {}
`,
    errors: [],
  },
  {
    name: '2.0: a missing contact is reported at "info", at info; a missing version is an error',
    document: `swagger: '2.0'
info:
  title: Orders
  description: Places and tracks orders.
paths: {}
`,
    errors: [
      { line: 2, column: 1, severity: 'error', message: '"info" has no "version": add it.' },
      { line: 2, column: 1, severity: 'info', message: '"info" has no "contact": add one with name, url and email' },
    ],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['api-meta-info'] })).toEqual([]);
});

it('fires on the reference spec at the contact that lost its email', async () => {
  const contact = '  contact:\n    name: Shipment Service Team\n    url: https://developer.example.com/teams/shipments\n';
  const { findings, line } = await lintMutatedReference('api-meta-info', { find: `${contact}    email: shipments-team@example.com\n`, replace: contact });
  expectFindings('api-meta-info', findings, [{ line, column: 3, severity: 'info', message: '"info.contact" has no "email": add it.' }]);
});
