import { expect, it } from 'vitest';
import { lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('enum-upper-snake-case', [
  {
    name: '3.0: each bad value at its own line, in enum and x-extensible-enum, also in a $ref\'d file',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - name: sort_order
          in: query
          schema:
            type: string
            enum: [asc, desc]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Order'
components:
  schemas:
    Order:
      type: object
      properties:
        status:
          type: string
          x-extensible-enum:
            - CREATED
            - in-transit
            - DELIVERED
        priority:
          type: integer
          format: int32
          enum: [1, 2, 3]
        channel:
          $ref: 'schemas.yaml#/Channel'
`,
    options: { files: { 'schemas.yaml': 'Channel:\n  type: string\n  enum:\n    - WEB\n    - mobileApp\n' } },
    errors: [
      { line: 11, message: 'Enum value "asc" is not UPPER_SNAKE_CASE: use "ASC".' },
      { line: 11, message: '"desc"' },
      { line: 28, message: 'Enum value "in-transit" is not UPPER_SNAKE_CASE: use "IN_TRANSIT".' },
      { line: 5, file: 'schemas.yaml', message: '"MOBILE_APP"' },
    ],
  },
  {
    name: '3.1: null and values of other standards (media types, language and locale codes) pass; a leading digit does not',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        state:
          type: [string, 'null']
          enum: [OPEN, CLOSED_2024, null]
        languages:
          type: array
          items: {type: string, enum: [en, de]}
        locale:
          type: string
          enum: [en-US, de-DE]
        text:
          type: string
          format: bcp47
          enum: [fr-CA]
        media_type:
          type: string
          enum: [application/json, application/problem+json]
        rank:
          type: string
          enum: [1st]
`,
    errors: [{ line: 27, message: 'Enum value "1st" is not UPPER_SNAKE_CASE: write it in UPPER_SNAKE_CASE, starting with a letter.' }],
  },
  {
    name: '2.0: query and header parameters, definitions',
    document: 'fixtures/rules/enum-upper-snake-case/bad-2.0.yaml',
    errors: [{ line: 10, message: '"created"' }, { line: 17, message: '"Small"' }, { line: 26, message: '"express"' }],
  },
]);

it('fires on the reference spec at the edited value', async () => {
  const { findings, line } = await lintMutatedReference('enum-upper-snake-case', { find: '        - SAME_DAY\n', replace: '        - same_day\n' });
  expect(findings.map(f => [f.ruleId, f.line])).toEqual([['enum-upper-snake-case', line]]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['enum-upper-snake-case'] })).toEqual([]);
});
