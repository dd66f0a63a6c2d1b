import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('no-null-boolean', [
  {
    name: '3.0: nullable booleans are reported at "nullable", also through allOf and in a $ref\'d file',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        gift_wrapped:
          type: boolean
          nullable: true
        express:
          nullable: true
          allOf:
            - $ref: '#/components/schemas/Flag'
        tags:
          type: array
          nullable: true
        options:
          $ref: 'schemas.yaml#/Options'
    Flag:
      type: boolean
`,
    options: { files: { 'schemas.yaml': 'Options:\n  type: object\n  properties:\n    insured:\n      type: boolean\n      nullable: true\n' } },
    errors: [
      { line: 11, column: 21, severity: 'error', message: 'Boolean schema is nullable' },
      { line: 13, column: 21, severity: 'error' },
      { line: 6, column: 17, severity: 'error', file: 'schemas.yaml' },
    ],
  },
  {
    name: '3.1: type [boolean, "null"] is reported at "type", a oneOf null branch at the branch',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        gift_wrapped:
          type: [boolean, 'null']
        express:
          oneOf:
            - type: boolean
            - type: 'null'
        note:
          type: [string, 'null']
        paid:
          type: boolean
`,
    errors: [{ line: 10, column: 11, severity: 'error' }, { line: 14, column: 15, severity: 'error' }],
  },
  {
    name: '2.0: x-nullable on a definition property and on a query parameter',
    document: 'fixtures/rules/no-null-boolean/bad-2.0.yaml',
    errors: [{ line: 11, column: 23, severity: 'error' }, { line: 23, column: 21, severity: 'error' }],
  },
]);

it('fires on the reference spec at the edited boolean', async () => {
  const { findings, line } = await lintMutatedReference('no-null-boolean', {
    find: '          description: Whether the recipient has to sign on delivery.\n          example: false\n',
    replace: '          nullable: true\n          description: Whether the recipient has to sign on delivery.\n          example: false\n',
  });
  expectFindings('no-null-boolean', findings, [{ line, column: 21, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['no-null-boolean'] })).toEqual([]);
});
