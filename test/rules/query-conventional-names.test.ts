import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('query-conventional-names', [
  {
    name: '3.0: look-alikes name the conventional parameter; a non-numeric "size" filter is not a page size',
    document: `openapi: 3.0.3
info: {title: Articles, version: 1.0.0}
paths:
  /articles:
    get:
      parameters:
        - {name: search, in: query, schema: {type: string}}
        - {name: page_size, in: query, schema: {type: integer, format: int32}}
        - {name: size, in: query, schema: {type: string}}
        - {name: q, in: query, schema: {type: string}}
        - {name: limit, in: query, schema: {type: integer, format: int32}}
        - {name: search, in: header, schema: {type: string}}
      responses:
        '200': {description: OK}
`,
    errors: [
      { line: 7, column: 18, severity: 'info', message: 'Query parameter "search" has a conventional name: use "q".' },
      { line: 8, column: 18, severity: 'info', message: 'Query parameter "page_size" has a conventional name: use "limit".' },
    ],
  },
  {
    name: '3.1: names are compared by meaning (pageSize is page_size)',
    document: `openapi: 3.1.0
info: {title: Articles, version: 1.0.0}
paths:
  /articles:
    get:
      parameters:
        - {name: pageSize, in: query, schema: {type: [integer, 'null'], format: int32}}
        - {name: fields, in: query, schema: {type: string}}
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 7, column: 18, severity: 'info', message: 'use "limit"' }],
  },
  {
    name: '2.0: shared and inline parameters',
    document: `swagger: '2.0'
info: {title: Articles, version: 1.0.0}
parameters:
  OrderBy:
    name: order_by
    in: query
    type: string
paths:
  /articles:
    get:
      parameters:
        - $ref: '#/parameters/OrderBy'
        - {name: per_page, in: query, type: integer, format: int32}
        - {name: count, in: query, type: boolean}
      responses:
        200: {description: OK}
`,
    errors: [
      { line: 5, column: 11, severity: 'info', message: '"order_by" has a conventional name: use "sort"' },
      { line: 13, column: 18, severity: 'info', message: '"per_page" has a conventional name: use "limit"' },
    ],
  },
  {
    name: '3.0: configured look-alikes replace the default ones',
    document: `openapi: 3.0.3
info: {title: Articles, version: 1.0.0}
paths:
  /articles:
    get:
      parameters:
        - {name: keyword, in: query, schema: {type: string}}
        - {name: search, in: query, schema: {type: string}}
      responses:
        '200': {description: OK}
`,
    options: { ruleOptions: { lookAlikes: { keyword: 'q' } } },
    errors: [{ line: 7, column: 18, severity: 'info', message: 'Query parameter "keyword" has a conventional name: use "q".' }],
  },
  {
    name: '3.0: configured look-alikes are compared by meaning too (searchTerm matches search_term)',
    document: `openapi: 3.0.3
info: {title: Articles, version: 1.0.0}
paths:
  /articles:
    get:
      parameters:
        - {name: search_term, in: query, schema: {type: string}}
      responses:
        '200': {description: OK}
`,
    options: { ruleOptions: { lookAlikes: { searchTerm: 'q' } } },
    errors: [{ line: 7, column: 18, severity: 'info', message: 'Query parameter "search_term" has a conventional name: use "q".' }],
  },
]);

it('fires on the reference spec at the edited parameter', async () => {
  const { findings, line } = await lintMutatedReference('query-conventional-names', { find: '      name: q\n', replace: '      name: query\n' });
  expectFindings('query-conventional-names', findings, [{ line, column: 13, severity: 'info' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['query-conventional-names'] })).toEqual([]);
});
