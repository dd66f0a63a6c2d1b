import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('collection-format', [
  {
    name: '2.0: a parameter whose description says it holds a JSON array gets no delimiter suggestion',
    document: `swagger: '2.0'
info: {title: Cursors, version: 1.0.0}
paths:
  /lag:
    get:
      parameters:
        - name: cursors
          in: query
          description: The value of this parameter must be a json array URL encoded.
          type: array
          items: {type: string}
      responses:
        200: {description: OK}
`,
    errors: [{ line: 7, column: 11, severity: 'error', message: 'Query parameter "cursors" is an array without "collectionFormat": its description says the value is JSON, which no collectionFormat describes: declare it "type: string" holding the JSON text' }],
  },
  {
    name: '3.0: a JSON-encoded array is declared with content',
    document: `openapi: 3.0.3
info: {title: Cursors, version: 1.0.0}
paths:
  /lag:
    get:
      parameters:
        - name: cursors
          in: query
          description: A JSON-encoded array of cursors.
          schema: {type: array, items: {type: string}}
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 7, column: 11, severity: 'error', message: 'Query parameter "cursors" is an array without "style" and "explode": its description says the value is JSON: declare "content: {application/json: {schema: ...}}" instead of "schema".' }],
  },
  {
    name: '3.0: array query and header parameters without style and explode are reported at the parameter',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - name: status
          in: query
          schema: {type: array, items: {type: string}}
        - name: tags
          in: query
          style: form
          schema: {type: array, items: {type: string}}
        - name: ids
          in: query
          style: form
          explode: false
          schema: {type: array, items: {type: string}}
        - name: X-Trace-IDs
          in: header
          schema: {type: array, items: {type: string}}
        - name: filter
          in: query
          content:
            application/json:
              schema: {type: array, items: {type: string}}
        - name: order_ids
          in: path
          required: true
          schema: {type: array, items: {type: string}}
      responses:
        '200': {description: OK}
`,
    errors: [
      { line: 7, column: 11, severity: 'error', message: 'Query parameter "status" is an array without "style" and "explode": declare its format' },
      { line: 10, column: 11, severity: 'error', message: 'Query parameter "tags" is an array without "explode"' },
      { line: 19, column: 11, severity: 'error', message: 'Header parameter "X-Trace-IDs" is an array without "style" and "explode": declare its format (style: simple, explode: false)' },
    ],
  },
  {
    name: '3.1: a shared parameter is reported once, at its definition (its key); declared ones pass',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - $ref: '#/components/parameters/Fields'
        - name: sort
          in: query
          style: form
          explode: true
          schema: {type: [array, 'null'], items: {type: string}}
      responses:
        '200': {description: OK}
  /returns:
    get:
      parameters:
        - $ref: '#/components/parameters/Fields'
      responses:
        '200': {description: OK}
components:
  parameters:
    Fields:
      name: fields
      in: query
      schema: {type: array, items: {type: string}}
`,
    errors: [{ line: 23, column: 5, severity: 'error', message: '"fields"' }],
  },
  {
    name: '2.0: array query and header parameters declare collectionFormat; a header is not told to use "multi"',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: status, in: query, type: array, items: {type: string}}
        - {name: tags, in: query, type: array, items: {type: string}, collectionFormat: multi}
        - {name: X-Cursors, in: header, type: array, items: {type: string}}
        - {name: body, in: body, schema: {type: array, items: {type: string}}}
      responses:
        200: {description: OK}
`,
    errors: [
      { line: 7, column: 11, severity: 'error', message: 'Query parameter "status" is an array without "collectionFormat": declare it (e.g. "csv" or "multi").' },
      // "multi" is for query and form parameters only.
      { line: 9, column: 11, severity: 'error', message: 'Header parameter "X-Cursors" is an array without "collectionFormat": declare it (e.g. "csv").' },
    ],
  },
]);

it('fires on the reference spec at the edited parameter', async () => {
  // Reported at the parameter object: for a reusable one, its key.
  const { findings, line } = await lintMutatedReference('collection-format', {
    find: '    Embed:\n      name: embed\n      in: query\n      required: false\n      description: Sub-resources to embed in the response, `parcels` and `tracking_events`.\n      style: form\n',
    replace: '    Embed:\n      name: embed\n      in: query\n      required: false\n      description: Sub-resources to embed in the response, `parcels` and `tracking_events`.\n',
  });
  expectFindings('collection-format', findings, [{ line, column: 5, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['collection-format'] })).toEqual([]);
});
