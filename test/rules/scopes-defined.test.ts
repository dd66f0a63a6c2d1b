import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('scopes-defined', [
  {
    name: '3.0: a requirement without scopes and an undefined scope are reported where written',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
security:
  - oauth2: []
paths:
  /orders:
    get:
      security:
        - oauth2:
            - orders.read
            - orders.list
      responses:
        '200': {description: OK}
components:
  securitySchemes:
    oauth2:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: https://auth.example.com/token
          scopes: {orders.read: Read orders.}
`,
    errors: [
      { line: 4, column: 5, severity: 'error', message: 'OAuth2 requirement "oauth2" lists no scope' },
      { line: 11, column: 15, severity: 'error', message: 'Scope "orders.list" is not defined by security scheme "oauth2"' },
    ],
  },
  {
    name: '3.1: scopes of any flow count; roles of non-OAuth2 schemes are not scopes',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      security:
        - oauth2: [orders.read, orders.write]
        - bearer: [admin]
      responses:
        '200': {description: OK}
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
    oauth2:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: https://auth.example.com/token
          scopes: {orders.read: Read orders.}
        authorizationCode:
          authorizationUrl: https://auth.example.com/authorize
          tokenUrl: https://auth.example.com/token
          scopes: {orders.write: Change orders.}
`,
    errors: [],
  },
  {
    name: '2.0: scopes come from securityDefinitions',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
security:
  - oauth2: [uid, orders.write]
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
securityDefinitions:
  oauth2:
    type: oauth2
    flow: application
    tokenUrl: https://auth.example.com/token
    scopes: {uid: User id., orders.read: Read orders.}
`,
    errors: [{ line: 4, column: 19, severity: 'error', message: 'Scope "orders.write" is not defined' }],
  },
]);

it('fires on the reference spec at a scope the scheme does not define', async () => {
  const { findings, line } = await lintMutatedReference('scopes-defined', { find: '            - uid\n', replace: '            - monitoring.read\n' });
  expectFindings('scopes-defined', findings, [{ line, column: 15, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['scopes-defined'] })).toEqual([]);
});
