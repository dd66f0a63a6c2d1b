import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const schemes30 = `components:
  securitySchemes:
    oauth2:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: https://auth.example.com/token
          scopes: {orders.read: Read orders.}
`;

testRule('operations-secured', [
  {
    name: '3.0: no requirement anywhere is reported at the operation',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
${schemes30}`,
    errors: [{ line: 5, column: 5, severity: 'error', message: 'Operation "GET /orders" has no security requirement' }],
  },
  {
    name: '3.0: an undefined scheme, an empty list and an optional "{}" are reported where written',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
security:
  - oauth2: [orders.read]
paths:
  /orders:
    get:
      security:
        - basic: []
      responses:
        '200': {description: OK}
    post:
      security: []
      responses:
        '201': {description: Created}
    put:
      security:
        - oauth2: [orders.read]
        - {}
      responses:
        '200': {description: OK}
    delete:
      responses:
        '204': {description: Deleted}
${schemes30}`,
    errors: [
      { line: 9, column: 11, severity: 'error', message: 'Security scheme "basic" is not defined: declare it in components.securitySchemes' },
      { line: 13, column: 7, severity: 'error', message: 'Empty security list' },
      { line: 19, column: 11, severity: 'error', message: 'Empty security requirement "{}"' },
    ],
  },
  {
    name: '3.1: the document requirement covers every operation; webhooks are not endpoints of the API',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
security:
  - oauth2: [orders.read]
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
webhooks:
  orderCreated:
    post:
      responses:
        '200': {description: OK}
${schemes30}`,
    errors: [],
  },
  {
    name: '2.0: an undefined scheme in the document requirement is reported once',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
security:
  - oauth: [orders.read]
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
    post:
      responses:
        '201': {description: Created}
  /orders/{id}:
    get:
      security:
        - oauth2: [orders.read]
      responses:
        '200': {description: OK}
securityDefinitions:
  oauth2:
    type: oauth2
    flow: application
    tokenUrl: https://auth.example.com/token
    scopes: {orders.read: Read orders.}
`,
    errors: [{ line: 4, column: 5, severity: 'error', message: 'Security scheme "oauth" is not defined: declare it in securityDefinitions' }],
  },
]);

it('fires on the reference spec at a requirement naming an undefined scheme', async () => {
  const { findings, line } = await lintMutatedReference('operations-secured', {
    find: '        - oauth2:\n            - uid\n',
    replace: '        - oauth2_token:\n            - uid\n',
  });
  expectFindings('operations-secured', findings, [{ line, column: 11, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['operations-secured'] })).toEqual([]);
});
