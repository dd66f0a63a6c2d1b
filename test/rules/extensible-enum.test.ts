import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule, twoLayouts } from '../helpers/lint.js';

/** Schemas that close a cycle on the way to an enum, in the document and in a file of their own. */
const traceCycle = twoLayouts(
  prefix => `Trace:
  type: object
  properties:
    spans: {type: array, items: {$ref: '${prefix}TraceSpan'}}
TraceSpan:
  type: object
  properties:
    agent: {$ref: '${prefix}AgentSpan'}
AgentSpan:
  type: object
  properties:
    agent_type: {$ref: '${prefix}AgentType'}
    spans: {type: array, items: {$ref: '${prefix}TraceSpan'}}
AgentType: {type: string, enum: [PLANNER, ROUTER]}
`,
  'Trace',
  'traces.yaml',
  { status: '200', description: 'OK', mediaType: 'application/json' },
);

testRule('extensible-enum', [
  {
    name: '3.0: response enums that may grow, misplaced x-extensible-enum; request enums and closed sets pass',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                channel: {type: string, enum: [WEB, APP]}
      responses:
        '201':
          description: Created
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
          enum: [CREATED, SHIPPED]
        sort_direction: {type: string, enum: [ASC, DESC]}
        kind: {type: string, enum: [ORDER]}
        priority:
          type: integer
          format: int32
          x-extensible-enum: [1, 2]
        size:
          type: string
          enum: [S, M]
          x-extensible-enum: [S, M, L]
        payment:
          $ref: 'schemas.yaml#/PaymentMethod'
`,
    options: { files: { 'schemas.yaml': 'PaymentMethod:\n  type: string\n  enum: [CARD, INVOICE]\n' } },
    errors: [
      { line: 27, column: 11, severity: 'warn', message: 'Enum "status" in a response cannot grow without breaking clients: if new values may come, use "x-extensible-enum".' },
      { line: 33, column: 11, severity: 'warn', message: '"x-extensible-enum" sits on a schema with type "integer": extensible enums are strings; declare "type: string".' },
      { line: 36, column: 11, severity: 'warn', message: 'Schema has both "enum" and "x-extensible-enum"' },
      { line: 3, column: 3, severity: 'warn', file: 'schemas.yaml', message: 'Enum "payment" in a response cannot grow' },
    ],
  },
  {
    name: '3.0: a schema that a request uses before a response does is still a response schema, in either path order; request-only enums pass',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /order-drafts:
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Shipping'}
      responses:
        '204': {description: Saved}
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Shipping'}
  /quotes:
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Quote'}
      responses:
        '204': {description: Saved}
components:
  schemas:
    Shipping:
      type: object
      properties:
        method: {type: string, enum: [STANDARD, EXPRESS]}
    Quote:
      type: object
      properties:
        method: {type: string, enum: [STANDARD, EXPRESS]}
`,
    errors: [{ line: 33, column: 32, severity: 'warn', message: 'Enum "method" in a response cannot grow without breaking clients' }],
  },
  {
    name: '3.1: the "[Extensible enum]" form passes; x-extensible-enum must be a list; the message names the 3.1 form',
    document: `openapi: 3.1.0
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
                  status:
                    type: string
                    description: '[Extensible enum] State of the order.'
                    examples: [CREATED, SHIPPED]
                  carrier:
                    type: string
                    x-extensible-enum: DHL
                  state:
                    type: [string, 'null']
                    enum: [OPEN, CLOSED, null]
`,
    errors: [
      { line: 20, column: 40, severity: 'warn', message: '"x-extensible-enum" is not a list' },
      { line: 23, column: 21, severity: 'warn', message: 'use "x-extensible-enum" (or, in 3.1, "examples" with a description starting "[Extensible enum]").' },
    ],
  },
  {
    name: '2.0: response definitions and inline event schemas; query parameters and headers with x-extensible-enum pass',
    document: 'fixtures/rules/extensible-enum/bad-2.0.yaml',
    errors: [{ line: 24, column: 9, severity: 'warn', message: 'Enum "status" in a response' }, { line: 34, column: 34, severity: 'warn', message: 'Enum "reason" in an event' }],
  },
  {
    // The resolver leaves a `$ref` where schemas close a cycle (a span holds spans that hold it);
    // the enum behind it is still in the response.
    name: '3.0: an enum behind schemas that refer to one another in a cycle is still in the response',
    document: traceCycle.inDocument,
    errors: [{ line: 27, column: 31, severity: 'warn', message: 'Enum "agent_type" in a response cannot grow' }],
  },
  {
    // In another file the schema behind the cycle is in no resolved node at all: the index follows
    // the written `$ref` to it.
    name: '3.0: the same cycle in a file of its own',
    document: traceCycle.inFile.document,
    options: traceCycle.inFile.options,
    errors: [{ line: 14, column: 27, severity: 'warn', file: 'traces.yaml', message: 'Enum "agent_type" in a response cannot grow' }],
  },
]);

it('fires on the reference spec at a response enum', async () => {
  const { findings, line } = await lintMutatedReference('extensible-enum', {
    find: '      x-extensible-enum:\n        - STANDARD\n',
    replace: '      enum:\n        - STANDARD\n',
  });
  expectFindings('extensible-enum', findings, [{ line, column: 7, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['extensible-enum'] })).toEqual([]);
});
