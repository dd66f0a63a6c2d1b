import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('json-media-types', [
  {
    name: '3.0: XML, forms and structured plain text are reported at the media type key',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: {$ref: '#/components/schemas/Order'}
          application/json; charset=utf-8:
            schema: {$ref: '#/components/schemas/Order'}
      responses:
        '201':
          description: Created
          content:
            application/xml:
              schema: {$ref: '#/components/schemas/Order'}
            text/plain:
              schema: {$ref: '#/components/schemas/Order'}
            application/x.order+json;version=2:
              schema: {$ref: '#/components/schemas/Order'}
        default:
          $ref: '#/components/responses/Problem'
components:
  responses:
    Problem:
      description: Error
      content:
        application/problem+json:
          schema: {type: object}
        application/xml:
          schema: {type: object}
  schemas:
    Order:
      type: object
      properties:
        id: {type: string}
`,
    errors: [
      { line: 8, column: 11, severity: 'warn', message: 'Media type "application/x-www-form-urlencoded" is not JSON' },
      { line: 16, column: 13, severity: 'warn', message: 'Media type "application/xml" is not JSON' },
      { line: 18, column: 13, severity: 'warn', message: 'Media type "text/plain" carries structured data: use application/json.' },
      { line: 31, column: 9, severity: 'warn' },
    ],
  },
  {
    name: '3.1: JSON, data formats, plain strings as text and file uploads pass',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}/label:
    get:
      responses:
        '200':
          description: The label.
          content:
            application/pdf: {schema: {type: string, contentMediaType: application/pdf}}
            image/png: {}
            text/csv: {schema: {type: string}}
            text/plain: {schema: {type: string}}
            application/problem+json: {schema: {type: object}}
  /orders/{order_id}/attachments:
    post:
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                file: {type: string, contentMediaType: image/png}
      responses:
        '204': {description: Stored.}
`,
    errors: [],
  },
  {
    name: '3.0: a multipart body composed with allOf has the file parts of its layers',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}/documents:
    post:
      requestBody:
        content:
          multipart/form-data:
            schema:
              allOf:
                - $ref: '#/components/schemas/DocumentMeta'
                - properties:
                    file: {type: string, format: binary}
      responses:
        '204': {description: Stored.}
  /orders/{order_id}/notes:
    post:
      requestBody:
        content:
          multipart/form-data:
            schema:
              allOf:
                - $ref: '#/components/schemas/DocumentMeta'
      responses:
        '204': {description: Stored.}
components:
  schemas:
    DocumentMeta:
      type: object
      properties:
        title: {type: string}
`,
    errors: [{ line: 20, column: 11, severity: 'warn', message: 'Media type "multipart/form-data" is not JSON' }],
  },
  {
    name: '3.0: plain text behind an allOf wrapper is judged by what it wraps',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}/note:
    get:
      responses:
        '200':
          description: The note, as text.
          content:
            text/plain:
              schema:
                allOf: [{$ref: '#/components/schemas/Note'}]
  /orders/{order_id}/summary:
    get:
      responses:
        '200':
          description: The summary.
          content:
            text/plain:
              schema:
                allOf: [{$ref: '#/components/schemas/Summary'}]
components:
  schemas:
    Note: {type: string}
    Summary:
      type: object
      properties:
        total: {type: number}
`,
    errors: [{ line: 19, column: 13, severity: 'warn', message: 'Media type "text/plain" carries structured data' }],
  },
  {
    name: '2.0: list entries are reported once where declared, for the bodies they govern',
    document: 'fixtures/rules/json-media-types/swagger-lists.yaml',
    errors: [
      { line: 5, column: 5, severity: 'warn', message: 'Media type "application/xml" is not JSON' },
      { line: 17, column: 11, severity: 'warn', message: '"application/x-www-form-urlencoded"' },
    ],
  },
  {
    name: '3.0: a configured list of data formats replaces the default one',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/xml:
              schema: {type: object}
            text/csv:
              schema: {type: array, items: {type: object}}
`,
    options: { ruleOptions: { allowed: ['application/xml'] } },
    errors: [{ line: 12, column: 13, severity: 'warn', message: 'Media type "text/csv" carries structured data' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['json-media-types'] })).toEqual([]);
});

it('fires on the reference spec at the edited media type', async () => {
  const { findings, line } = await lintMutatedReference('json-media-types', {
    find: '            application/pdf:\n',
    replace: '            application/xml:\n',
  });
  expectFindings('json-media-types', findings, [{ line, column: 13, severity: 'warn' }]);
});
