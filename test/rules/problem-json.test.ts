import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('problem-json', [
  {
    name: '3.0: wrong media types at the media type, non-Problem schemas at the schema, a shared response once',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {type: object, properties: {code: {type: string}}}
        '400':
          description: Bad request
          content:
            application/json:
              schema:
                $ref: 'schemas.yaml#/Error'
        '404': {description: Not found}
        '503':
          $ref: '#/components/responses/Unavailable'
    post:
      responses:
        '201': {description: Created}
        '503':
          $ref: '#/components/responses/Unavailable'
components:
  responses:
    Unavailable:
      description: Unavailable
      content:
        text/plain:
          schema: {type: string}
`,
    options: {
      files: {
        'schemas.yaml': `Error:
  type: object
  properties:
    code: {type: string}
    message: {type: string}
`,
      },
    },
    errors: [
      { line: 15, column: 13, severity: 'error', message: 'Error response media type "application/json": serve error bodies as "application/problem+json"' },
      { line: 31, column: 9, severity: 'error', message: 'Error response media type "text/plain"' },
      { line: 1, column: 1, severity: 'error', file: 'schemas.yaml', message: 'Error response schema is not a Problem' },
    ],
  },
  {
    name: '3.0: the published Problem by URL, an allOf extension and a declared Problem pass',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        '400':
          description: Bad request
          content:
            application/problem+json:
              schema:
                $ref: 'https://opensource.zalando.com/problem/schema.yaml#/Problem'
        '409':
          description: Conflict
          content:
            application/problem+json:
              schema:
                allOf:
                  - $ref: 'https://zalando.github.io/problem/schema.yaml#/Problem'
                  - properties: {conflicting_id: {type: string}}
        default:
          description: Error
          content:
            application/problem+json; charset=utf-8:
              schema:
                $ref: '#/components/schemas/Problem'
components:
  schemas:
    Problem:
      type: object
      properties:
        type: {type: string, format: uri}
        title: {type: string}
        status: {type: integer, format: int32}
        detail: {type: string}
`,
    errors: [],
  },
  {
    name: '3.1: a oneOf counts when every alternative is a Problem',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        '4XX':
          description: Client error
          content:
            application/problem+json:
              schema:
                oneOf:
                  - $ref: '#/components/schemas/Problem'
                  - type: object
                    properties: {message: {type: string}}
        '5XX':
          description: Server error
          content:
            application/problem+json:
              schema:
                oneOf:
                  - $ref: '#/components/schemas/Problem'
                  - allOf:
                      - $ref: '#/components/schemas/Problem'
                      - properties: {retry: {type: boolean}}
components:
  schemas:
    Problem:
      type: object
      properties:
        title: {type: string}
        status: {type: integer, format: int32}
`,
    errors: [{ line: 12, column: 15, severity: 'error', message: 'not a Problem' }],
  },
  {
    name: '2.0: produces lacking problem+json is reported once where it is written; schemas at the definition',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
produces: [application/json]
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        '400': {description: Bad request, schema: {$ref: '#/definitions/Error'}}
    post:
      responses:
        '201': {description: Created}
        '400': {description: Bad request, schema: {$ref: '#/definitions/Error'}}
  /orders/{id}:
    get:
      produces: [application/json, application/problem+json]
      responses:
        '200': {description: OK}
        '404': {description: Not found, schema: {$ref: '#/definitions/Problem'}}
        '500': {description: Server error}
definitions:
  Error:
    type: object
    properties:
      message: {type: string}
  Problem:
    $ref: 'https://opensource.zalando.com/problem/schema.yaml#/Problem'
`,
    errors: [
      { line: 3, column: 1, severity: 'error', message: 'Error responses are not served as "application/problem+json": add it to produces.' },
      { line: 22, column: 3, severity: 'error', message: 'not a Problem' },
    ],
  },
  {
    name: '3.0: a higher minMembers rejects a schema with two Problem members',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '400':
          description: Bad request
          content:
            application/problem+json:
              schema: {type: object, properties: {title: {type: string}, status: {type: integer, format: int32}}}
        '404':
          description: Not found
          content:
            application/problem+json:
              schema: {type: object, properties: {type: {type: string}, title: {type: string}, status: {type: integer, format: int32}}}
`,
    options: { ruleOptions: { minMembers: 3 } },
    errors: [{ line: 11, column: 15, severity: 'error', message: 'Error response schema is not a Problem' }],
  },
]);

it('fires on the reference spec at a shared error response with the wrong media type', async () => {
  const { findings, line } = await lintMutatedReference('problem-json', {
    find: "        application/problem+json:\n          schema:\n            $ref: '#/components/schemas/Problem'\n    ServiceUnavailable:",
    replace: "        application/json:\n          schema:\n            $ref: '#/components/schemas/Problem'\n    ServiceUnavailable:",
  });
  expectFindings('problem-json', findings, [{ line, column: 9, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['problem-json'] })).toEqual([]);
});
