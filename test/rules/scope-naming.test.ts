import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('scope-naming', [
  {
    name: '3.0: apilint\'s default convention is a recommendation (guideline 5.5 shows none), at info; the message says what breaks it: no access mode, too many parts, an empty part, a part without a letter first',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  securitySchemes:
    oauth2:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: https://auth.example.com/token
          scopes:
            admin: Everything.
            shop.orders.items.read: Read order items.
            orders..read: Read orders.
            orders.2fa.write: Change second factors.
`,
    errors: [
      { line: 12, column: 13, severity: 'info', message: 'Scope "admin" does not follow the naming convention <application>.<access-mode>: it names no access mode: end it with ".read" or ".write"' },
      { line: 13, column: 13, severity: 'info', message: ': it has 4 parts: use <application>.<access-mode> or <application>.<resource>.<access-mode>' },
      { line: 14, column: 13, severity: 'info', message: ': it has an empty part' },
      { line: 15, column: 13, severity: 'info', message: ': its part "2fa" does not start with a letter' },
    ],
  },
  {
    name: '3.0: defined scopes are checked at their keys, in every flow',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  securitySchemes:
    oauth2:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: https://auth.example.com/token
          scopes:
            uid: User id.
            orders.read: Read orders.
            sales-orders.items.write: Change order items.
            ReadOrders: Read orders.
        implicit:
          authorizationUrl: https://auth.example.com/authorize
          scopes:
            orders:delete: Delete orders.
`,
    errors: [
      { line: 15, column: 13, severity: 'info', message: 'Scope "ReadOrders" does not follow the naming convention <application>.<access-mode>: the character "R" at position 1 is not allowed (lower-case letters, digits, "-" and "." only) (for example "orders.read").' },
      { line: 19, column: 13, severity: 'info', message: 'Scope "orders:delete" does not follow the naming convention <application>.<access-mode>: the character ":" at position 7 is not allowed' },
    ],
  },
  {
    name: '3.1: a scheme in another file is reported there',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  securitySchemes:
    oauth2:
      $ref: 'schemes.yaml#/oauth2'
`,
    options: {
      files: {
        'schemes.yaml': `oauth2:
  type: oauth2
  flows:
    clientCredentials:
      tokenUrl: https://auth.example.com/token
      scopes:
        orders.read: Read orders.
        orders.all: Everything.
`,
      },
    },
    errors: [{ line: 8, column: 9, severity: 'info', file: 'schemes.yaml', message: 'Scope "orders.all" does not follow the naming convention <application>.<access-mode>: its access mode "all" is neither "read" nor "write"' }],
  },
  {
    name: '2.0: scopes of securityDefinitions; other scheme types have none',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths: {}
securityDefinitions:
  key: {type: apiKey, name: X-Key, in: header}
  oauth2:
    type: oauth2
    flow: application
    tokenUrl: https://auth.example.com/token
    scopes:
      orders.read: Read orders.
      orders_admin: Administer orders.
`,
    errors: [{ line: 12, column: 7, severity: 'info', message: 'Scope "orders_admin" does not follow the naming convention <application>.<access-mode>: the character "_" at position 7' }],
  },
  {
    name: '3.0: a configured pattern replaces the default one, and a scope that breaks it is a warning',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  securitySchemes:
    oauth2:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: https://auth.example.com/token
          scopes:
            orders:read: Read orders.
            orders.read: Read orders.
`,
    options: { ruleOptions: { pattern: '^[a-z]+:(read|write)$' } },
    errors: [{ line: 13, column: 13, severity: 'warn', message: 'Scope "orders.read" does not match the configured naming pattern ^[a-z]+:(read|write)$' }],
  },
]);

it('fires on the reference spec at a badly named scope', async () => {
  const { findings, line } = await lintMutatedReference('scope-naming', { find: '            returns.read: Read returns.\n', replace: '            returns.list: Read returns.\n' });
  expectFindings('scope-naming', findings, [{ line, column: 13, severity: 'info' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['scope-naming'] })).toEqual([]);
});
