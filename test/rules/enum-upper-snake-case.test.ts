import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule, wrappedProperty } from '../helpers/lint.js';

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
      { line: 11, column: 20, severity: 'error', message: 'Enum value "asc" is not UPPER_SNAKE_CASE: use "ASC".' },
      { line: 11, column: 25, severity: 'error', message: '"desc"' },
      { line: 28, column: 15, severity: 'error', message: 'Enum value "in-transit" is not UPPER_SNAKE_CASE: use "IN_TRANSIT".' },
      { line: 5, column: 7, severity: 'error', file: 'schemas.yaml', message: '"MOBILE_APP"' },
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
    errors: [{ line: 27, column: 18, severity: 'error', message: 'Enum value "1st" is not UPPER_SNAKE_CASE: write it in UPPER_SNAKE_CASE, starting with a letter.' }],
  },
  {
    name: '2.0: query and header parameters, definitions',
    document: 'fixtures/rules/enum-upper-snake-case/bad-2.0.yaml',
    errors: [{ line: 10, column: 18, severity: 'error', message: '"created"' }, { line: 17, column: 20, severity: 'error', message: '"Small"' }, { line: 26, column: 52, severity: 'error', message: '"express"' }],
  },
  {
    name: '2.0: an event bus API lists the registration vocabularies as their standard spells them; the empty string is no name; other values stay the API\'s own',
    document: `swagger: '2.0'
info: {title: Event bus, version: 1.0.0}
paths: {}
definitions:
  EventType:
    type: object
    properties:
      name: {type: string}
      owning_application: {type: string}
      category: {type: string, enum: [undefined, data, business, general]}
      compatibility_mode: {type: string, enum: [compatible, forward, none]}
      partition_strategy: {type: string, enum: [random, user_defined, hash]}
      audience:
        type: string
        x-extensible-enum: [component-internal, business-unit-internal, company-internal, external-partner, external-public]
      cleanup_policy: {type: string, enum: [delete, compact]}
      reason: {type: string, enum: ['', NOT_FOUND]}
  EventTypeSchema:
    type: object
    properties:
      type: {type: string, enum: [json_schema, avro_schema, protobuf_schema]}
      schema: {type: string}
      version: {type: string}
  Action:
    type: object
    properties:
      method: {type: string, enum: [get, post, delete]}
      verb: {type: string, enum: [get, post]}
`,
    errors: [
      { line: 16, column: 45, severity: 'error', message: '"delete"' },
      { line: 16, column: 53, severity: 'error', message: '"compact"' },
      { line: 21, column: 61, severity: 'error', message: 'Enum value "protobuf_schema" is not UPPER_SNAKE_CASE: use "PROTOBUF_SCHEMA".' },
    ],
  },
  {
    name: '3.0: the same words elsewhere are the API\'s own names: a category without an event type\'s owner, a response format\'s type beside its schema (no version), a lone "patch"',
    document: `openapi: 3.0.3
info: {title: Shop, version: 1.0.0}
paths: {}
components:
  schemas:
    Product:
      type: object
      properties:
        category: {type: string, enum: [data, general]}
    ResponseFormat:
      type: object
      properties:
        type: {type: string, enum: [json_schema]}
        schema: {type: object}
    AlertFilter:
      type: array
      items: {type: string, enum: [patch]}
`,
    errors: [
      { line: 9, column: 41, severity: 'error', message: '"data"' },
      { line: 9, column: 47, severity: 'error', message: '"general"' },
      { line: 13, column: 37, severity: 'error', message: '"json_schema"' },
      { line: 17, column: 36, severity: 'error', message: '"patch"' },
    ],
  },
  {
    name: "3.0: a vocabulary's enum behind an allOf wrapper is still the vocabulary's (event categories beside owning_application)",
    document: wrappedProperty('category', '{type: string, enum: [general, data]}', { siblings: 'owning_application: {type: string}\n' }),
    errors: [],
  },
]);

it('fires on the reference spec at the edited value', async () => {
  const { findings, line } = await lintMutatedReference('enum-upper-snake-case', { find: '        - SAME_DAY\n', replace: '        - same_day\n' });
  expectFindings('enum-upper-snake-case', findings, [{ line, column: 11, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['enum-upper-snake-case'] })).toEqual([]);
});
