import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('us-english', [
  {
    name: '3.0: British forms in info, tags, operations, parameters, responses and schemas (also in a $ref\'d file)',
    document: `openapi: 3.0.3
info:
  title: Colour Service
  version: 1.0.0
  description: Returns the colours of an organisation.
tags:
  - name: Colours
    description: Colour palettes.
paths:
  /palettes:
    get:
      summary: List palettes
      description: Lists the palettes the caller is authorised to read.
      parameters:
        - name: q
          in: query
          description: Free text; analysed case-insensitively.
          schema: {type: string}
      responses:
        '200':
          description: The palettes, cancelled ones included.
          content:
            application/json:
              schema: {$ref: 'schemas.yaml#/Palette'}
`,
    options: {
      files: {
        'schemas.yaml': 'Palette:\n  type: object\n  description: A named set of colours.\n  properties:\n    name:\n      type: string\n      title: Name of the favourite palette\n',
      },
    },
    errors: [
      { line: 3, column: 10, severity: 'info', message: 'Use U.S. spelling: "colour" → "color".' },
      { line: 5, column: 16, severity: 'info', message: '"colours" → "colors", "organisation" → "organization"' },
      { line: 7, column: 11, severity: 'info' },
      { line: 8, column: 18, severity: 'info' },
      { line: 13, column: 20, severity: 'info', message: '"authorised" → "authorized"' },
      { line: 17, column: 24, severity: 'info', message: '"analysed" → "analyzed"' },
      { line: 21, column: 24, severity: 'info', message: '"cancelled" → "canceled"' },
      { line: 3, column: 16, severity: 'info', file: 'schemas.yaml' },
      { line: 7, column: 14, severity: 'info', file: 'schemas.yaml', message: '"favourite" → "favorite"' },
    ],
  },
  {
    name: '3.1: U.S. spelling, parts of words and the noun "analyses" pass',
    document: `openapi: 3.1.0
info:
  title: Color Service
  version: 1.0.0
  description: Runs analyses of colors; see colourful-palettes.example.com for the colorization behavior.
paths: {}
`,
    errors: [{ line: 5, column: 16, severity: 'info', message: '"colourful" → "colorful"' }],
  },
  {
    name: '2.0: body parameters, response headers and definitions',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      parameters:
        - name: order
          in: body
          schema: {$ref: '#/definitions/Order'}
      responses:
        201:
          description: Created.
          headers:
            Location: {type: string, description: The centre of the new order.}
definitions:
  Order:
    type: object
    description: An order; its behaviour is documented elsewhere.
`,
    errors: [{ line: 14, column: 51, severity: 'info', message: '"centre" → "center"' }, { line: 18, column: 18, severity: 'info', message: '"behaviour" → "behavior"' }],
  },
  {
    name: '3.1: a configured dictionary replaces the default one; plurals are derived',
    document: `openapi: 3.1.0
info:
  title: Freight Service
  version: 1.0.0
  description: Weighs freight in tonnes for an organisation.
paths: {}
`,
    options: { ruleOptions: { words: { tonne: 'ton' } } },
    errors: [{ line: 5, column: 16, severity: 'info', message: 'Use U.S. spelling: "tonnes" → "tons".' }],
  },
  {
    name: '3.1: a configured entry shorter than three letters matches whole words only',
    document: `openapi: 3.1.0
info:
  title: Freight Service
  version: 1.0.0
  description: Urban depots send ur freight; Ur matches too.
paths: {}
`,
    options: { ruleOptions: { words: { ur: 'your' } } },
    errors: [{ line: 5, column: 16, severity: 'info', message: 'Use U.S. spelling: "ur" → "your".' }],
  },
  {
    name: '3.1: a configured entry with a hyphen matches as written',
    document: `openapi: 3.1.0
info:
  title: Freight Service
  version: 1.0.0
  description: Sends an e-mail when freight arrives (not an e-mails-digest).
paths: {}
`,
    options: { ruleOptions: { words: { 'e-mail': 'email' } } },
    errors: [{ line: 5, column: 16, severity: 'info', message: 'Use U.S. spelling: "e-mail" → "email", "e-mails" → "emails".' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['us-english'] })).toEqual([]);
});

it('fires on the reference spec at the edited tag description', async () => {
  const { findings, line } = await lintMutatedReference('us-english', {
    find: '    description: Requests to cancel a shipment before it is picked up.\n',
    replace: '    description: Requests to cancel a shipment before it is picked up; cancelled ones stay listed.\n',
  });
  expectFindings('us-english', findings, [{ line, column: 18, severity: 'info' }]);
});
