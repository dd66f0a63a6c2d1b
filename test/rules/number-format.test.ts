import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('number-format', [
  {
    name: '3.0: missing formats at the schema, unknown formats at the format; parameters, items and $ref\'d files',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - name: limit
          in: query
          schema: {type: integer}
      responses:
        '200':
          description: OK
          headers:
            X-Total:
              schema: {type: integer}
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Order'
components:
  schemas:
    Order:
      type: object
      properties:
        total:
          type: number
        quantity:
          type: integer
          format: int8
        scores:
          type: array
          items: {type: number, format: double}
        ranks:
          type: array
          items: {type: integer}
        weight:
          $ref: 'schemas.yaml#/Weight'
`,
    options: { files: { 'schemas.yaml': 'Weight:\n  type: number\n  minimum: 0\n' } },
    errors: [
      { line: 9, column: 11, severity: 'error', message: 'Parameter "limit" (integer) declares no format: add format "int32", "int64", "bigint".' },
      { line: 15, column: 15, severity: 'error', message: 'Header "X-Total" (integer) declares no format' },
      { line: 25, column: 9, severity: 'error', message: 'Property "total" (number) declares no format: add format "float", "double", "decimal".' },
      { line: 29, column: 19, severity: 'error', message: 'Property "quantity" (integer) has format "int8", not a standard one: use "int32", "int64", "bigint".' },
      { line: 35, column: 11, severity: 'error', message: 'A schema (integer) declares no format' },
      { line: 1, column: 1, severity: 'error', file: 'schemas.yaml', message: 'Property "weight" (number) declares no format' },
    ],
  },
  {
    name: '3.1: nullable numbers need a format too; all six formats pass on either type',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        a: {type: integer, format: int32}
        b: {type: integer, format: int64}
        c: {type: integer, format: bigint}
        d: {type: number, format: float}
        e: {type: number, format: double}
        f: {type: number, format: decimal}
        g: {type: number, format: int32}
        h: {type: [integer, 'null']}
        name: {type: string}
`,
    errors: [{ line: 16, column: 9, severity: 'error', message: 'Property "h" (integer) declares no format' }],
  },
  {
    name: 'a component schema that parameters share is named as the schema, where it is defined',
    document: `openapi: 3.0.3
info: {title: Boards, version: 1.0.0}
paths:
  /boards/{row}/{column}:
    get:
      parameters:
        - {name: row, in: path, required: true, schema: {$ref: '#/components/schemas/Coordinate'}}
        - {name: column, in: path, required: true, schema: {$ref: '#/components/schemas/Coordinate'}}
      responses:
        '200': {description: OK}
components:
  schemas:
    Coordinate:
      type: integer
      minimum: 1
`,
    errors: [{ line: 13, column: 5, severity: 'error', message: 'Schema "Coordinate" (integer) declares no format: add format "int32", "int64", "bigint".' }],
  },
  {
    name: '2.0: query parameters, response headers, array items and definitions',
    document: 'fixtures/rules/number-format/bad-2.0.yaml',
    errors: [
      { line: 7, column: 11, severity: 'error', message: 'Parameter "limit" (integer) declares no format' },
      { line: 14, column: 11, severity: 'error', message: 'A schema (integer) declares no format' },
      { line: 20, column: 13, severity: 'error', message: 'Header "X-Total" (integer) declares no format' },
      { line: 28, column: 7, severity: 'error', message: 'Property "amount" (number)' },
    ],
  },
]);

it('fires on the reference spec at a number without format', async () => {
  const { findings, line } = await lintMutatedReference('number-format', {
    find: '        revision:\n          type: integer\n          format: int64\n',
    replace: '        revision:\n          type: integer\n',
  });
  expectFindings('number-format', findings, [{ line, column: 9, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['number-format'] })).toEqual([]);
});
