import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule, twoLayouts } from '../helpers/lint.js';

/** Error schemas that close a cycle on the way to a stack trace, in the document and in a file of their own. */
const problemCycle = twoLayouts(
  prefix => `Problem:
  type: object
  properties:
    causes: {type: array, items: {$ref: '${prefix}Cause'}}
Cause:
  type: object
  properties:
    detail: {$ref: '${prefix}Detail'}
Detail:
  type: object
  properties:
    backtrace: {type: string}
    causes: {type: array, items: {$ref: '${prefix}Cause'}}
`,
  'Problem',
  'problems.yaml',
  { status: '500', description: 'Server error', mediaType: 'application/problem+json' },
);

testRule('no-stack-traces', [
  {
    name: '3.0: properties of error schemas, through allOf and nesting, in another file, at the name',
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
              schema:
                type: object
                properties:
                  trace: {type: string}
        default:
          description: Error
          content:
            application/problem+json:
              schema:
                $ref: 'schemas.yaml#/Error'
`,
    options: {
      files: {
        'schemas.yaml': `Error:
  allOf:
    - $ref: 'https://opensource.zalando.com/problem/schema.yaml#/Problem'
    - type: object
      properties:
        trace_id: {type: string}
        stackTrace: {type: string}
        cause:
          type: object
          properties:
            exception: {type: string}
`,
      },
    },
    errors: [
      { line: 7, column: 9, severity: 'error', file: 'schemas.yaml', message: 'Error schema property "stackTrace" exposes stack trace details' },
      { line: 11, column: 13, severity: 'error', file: 'schemas.yaml', message: '"exception"' },
    ],
  },
  {
    name: '3.1: array items and ranges; a clean Problem passes',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        '5XX':
          description: Error
          content:
            application/problem+json:
              schema:
                type: object
                properties:
                  title: {type: string}
                  errors:
                    type: array
                    items:
                      type: object
                      properties:
                        Back-Trace: {type: string}
        '404':
          description: Not found
          content:
            application/problem+json:
              schema:
                type: object
                properties:
                  title: {type: string}
                  status: {type: integer, format: int32}
`,
    errors: [{ line: 21, column: 25, severity: 'error', message: '"Back-Trace"' }],
  },
  {
    name: '2.0: a shared error definition is reported once',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200': {description: OK, schema: {$ref: '#/definitions/Order'}}
        '400': {description: Bad request, schema: {$ref: '#/definitions/Error'}}
        '500': {description: Server error, schema: {$ref: '#/definitions/Error'}}
definitions:
  Order:
    type: object
    properties:
      exception: {type: string}
  Error:
    type: object
    properties:
      title: {type: string}
      stack_trace: {type: string}
`,
    errors: [{ line: 19, column: 7, severity: 'error', message: '"stack_trace"' }],
  },
  {
    name: '3.0: a property behind error schemas that refer to one another in a cycle is still in the error body',
    document: problemCycle.inDocument,
    errors: [{ line: 25, column: 9, severity: 'error', message: '"backtrace"' }],
  },
  {
    name: '3.0: the same cycle in a file of its own',
    document: problemCycle.inFile.document,
    options: problemCycle.inFile.options,
    errors: [{ line: 12, column: 5, severity: 'error', file: 'problems.yaml', message: '"backtrace"' }],
  },
  {
    name: '3.0: a configured list of names replaces the default one, compared ignoring case, "_" and "-"',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        default:
          description: Error
          content:
            application/problem+json:
              schema:
                type: object
                properties:
                  debugInfo: {type: string}
                  stack_trace: {type: string}
`,
    options: { ruleOptions: { names: ['debug_info'] } },
    errors: [{ line: 14, column: 19, severity: 'error', message: 'Error schema property "debugInfo" exposes stack trace details' }],
  },
]);

it('fires on the reference spec at a stack trace property of the Problem', async () => {
  const { findings, line } = await lintMutatedReference('no-stack-traces', {
    find: '        instance:\n          type: string\n          format: uri\n          description: URI that identifies this occurrence.\n',
    replace: '        stack_trace:\n          type: string\n        instance:\n          type: string\n          format: uri\n          description: URI that identifies this occurrence.\n',
  });
  expectFindings('no-stack-traces', findings, [{ line, column: 9, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['no-stack-traces'] })).toEqual([]);
});
