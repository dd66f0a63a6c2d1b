import { it } from 'vitest';
import { expectFindings, lintMutatedReference, testRule } from '../helpers/lint.js';

testRule('path-no-trailing-slash', [
  {
    name: '3.0: a trailing slash is reported at the path key',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
  /orders/{order_id}/:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 8, column: 21, severity: 'error', message: 'Path "/orders/{order_id}/" ends with a slash' }],
  },
  {
    name: '3.1: clean paths pass',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  { name: '2.0: the root path "/" is fine, "/orders/" is not', document: 'fixtures/rules/path-no-trailing-slash/bad.yaml', errors: [{ line: 6, column: 10, severity: 'error' }] },
]);

it('fires on the reference spec at the edited path', async () => {
  const { findings, line } = await lintMutatedReference('path-no-trailing-slash', { find: '  /shipments:\n', replace: '  /shipments/:\n' });
  expectFindings('path-no-trailing-slash', findings, [{ line, column: 13, severity: 'error' }]);
});
