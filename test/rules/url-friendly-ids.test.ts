import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('url-friendly-ids', [
  {
    name: '3.0: UUID, unconstrained and non-scalar path parameters, at the parameter; a shared one in its own file once',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}/items/{item_id}/flags/{flag}:
    parameters:
      - $ref: 'parameters.yaml#/OrderId'
    get:
      parameters:
        - name: item_id
          in: path
          required: true
          schema:
            type: string
        - name: flag
          in: path
          required: true
          schema:
            type: boolean
      responses:
        '200': {description: OK}
  /orders/{order_id}:
    parameters:
      - $ref: 'parameters.yaml#/OrderId'
    get:
      responses:
        '200': {description: OK}
`,
    options: {
      files: { 'parameters.yaml': 'OrderId:\n  name: order_id\n  in: path\n  required: true\n  schema:\n    type: string\n    format: uuid\n' },
    },
    errors: [
      { line: 9, column: 11, severity: 'info', message: 'Path parameter "item_id" is a string without pattern: declare a string with a pattern (or an integer) so the identifier stays URL-friendly.' },
      { line: 14, column: 11, severity: 'info', message: 'Path parameter "flag" is of type boolean: identifiers are strings or integers.' },
      { line: 1, column: 1, severity: 'info', file: 'parameters.yaml', message: 'Path parameter "order_id" is a UUID: use UUIDs only where necessary' },
    ],
  },
  {
    name: '3.1: patterns, integers, enums, standard formats and such alternatives pass; an unused shared parameter is checked too',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}/lines/{line}/{country}/{day}/{kind}/{ref}/{code}:
    get:
      parameters:
        - name: order_id
          in: path
          required: true
          schema: {type: string, pattern: '^[0-9A-Z]{12}$'}
        - name: line
          in: path
          required: true
          schema: {type: integer, format: int32}
        - name: country
          in: path
          required: true
          schema: {type: string, format: iso-3166-alpha-2}
        - name: day
          in: path
          required: true
          schema: {type: string, format: date}
        - name: kind
          in: path
          required: true
          schema: {type: string, enum: [GIFT, RETURN]}
        - name: ref
          in: path
          required: true
          schema:
            oneOf: [{type: integer, format: int64}, {type: string, pattern: '^[a-z-]+$'}]
        - name: code
          in: path
          required: true
          schema:
            allOf: [{type: string}, {pattern: '^[A-Z]{4}$'}]
      responses:
        '200': {description: OK}
components:
  parameters:
    CartId:
      name: cart_id
      in: path
      required: true
      schema: {type: string}
`,
    errors: [{ line: 41, column: 5, severity: 'info', message: '"cart_id"' }],
  },
  {
    name: '2.0: simple path parameters carry type, format and pattern themselves',
    document: 'fixtures/rules/url-friendly-ids/bad-2.0.yaml',
    errors: [{ line: 29, column: 3, severity: 'info', message: 'Path parameter "order_id" is a string without pattern' }],
  },
  {
    name: '3.0: an alternative without pattern is reported',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /workflows/{workflow_id}:
    get:
      parameters:
        - name: workflow_id
          in: path
          required: true
          schema:
            oneOf: [{type: integer, format: int64}, {type: string}]
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 7, column: 11, severity: 'info', message: 'Path parameter "workflow_id" is a string without pattern' }],
  },
]);

it('fires on the reference spec at the edited parameter', async () => {
  const { findings, line } = await lintMutatedReference('url-friendly-ids', {
    find: "    ReturnId:\n      name: return_id\n      in: path\n      required: true\n      description: Identifier of the return.\n      schema:\n        type: string\n        pattern: '^[0-9A-Z]{12}$'\n",
    replace: '    ReturnId:\n      name: return_id\n      in: path\n      required: true\n      description: Identifier of the return.\n      schema:\n        type: string\n        format: uuid\n',
  });
  expectFindings('url-friendly-ids', findings, [{ line, column: 5, severity: 'info' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['url-friendly-ids'] })).toEqual([]);
});
