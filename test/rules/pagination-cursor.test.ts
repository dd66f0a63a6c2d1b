import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('pagination-cursor', [
  {
    name: '3.0: offset and page query parameters are reported at their name, a shared one once',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - $ref: '#/components/parameters/Page'
        - {name: limit, in: query, schema: {type: integer, format: int32}}
      responses:
        '200': {description: OK}
  /customers:
    get:
      parameters:
        - $ref: '#/components/parameters/Page'
        - name: offset
          in: query
          schema: {type: integer, format: int32}
      responses:
        '200': {description: OK}
components:
  parameters:
    Page: {name: page, in: query, schema: {type: integer, format: int32}}
`,
    errors: [{ line: 15, column: 17, severity: 'warn', message: 'Query parameter "offset" paginates by offset' }, { line: 22, column: 18, severity: 'warn', message: '"page"' }],
  },
  {
    name: '3.1: cursors pass, and an offset header is not a query parameter',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: cursor, in: query, schema: {type: string}}
        - {name: Offset, in: header, schema: {type: string}}
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  {
    name: '2.0: path-level query parameters count',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    parameters:
      - {name: Offset, in: query, type: integer, format: int32}
    get:
      responses:
        200: {description: OK}
`,
    errors: [{ line: 6, column: 16, severity: 'warn' }],
  },
  {
    name: '3.0: a configured list of names replaces the default one, compared normalized',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - {name: skip, in: query, schema: {type: integer, format: int32}}
        - {name: page_number, in: query, schema: {type: integer, format: int32}}
        - {name: offset, in: query, schema: {type: integer, format: int32}}
      responses:
        '200': {description: OK}
`,
    options: { ruleOptions: { names: ['skip', 'pageNumber'] } },
    errors: [{ line: 7, column: 18, severity: 'warn', message: 'Query parameter "skip" paginates by offset' }, { line: 8, column: 18, severity: 'warn', message: '"page_number"' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['pagination-cursor'] })).toEqual([]);
});

it('fires on the reference spec where the cursor became an offset', async () => {
  const { findings, line } = await lintMutatedReference('pagination-cursor', { find: '      name: cursor\n', replace: '      name: offset\n' });
  expectFindings('pagination-cursor', findings, [{ line, column: 13, severity: 'warn' }]);
});
