import { defineRule } from '../rule.js';
import { allParameters, isObject } from '../lib/oas.js';
import { normalizeName } from '../lib/operations.js';
import { schemaTypes } from '../lib/schemas.js';

interface Options {
  lookAlikes: Record<string, string>;
}

const LOOK_ALIKES: Record<string, string> = {
  query: 'q',
  search: 'q',
  search_term: 'q',
  order_by: 'sort',
  sort_by: 'sort',
  select: 'fields',
  expand: 'embed',
  page_token: 'cursor',
  continuation_token: 'cursor',
  page_size: 'limit',
  per_page: 'limit',
  size: 'limit',
  count: 'limit',
  max_results: 'limit',
};

// A page size is a number: a `size` or `count` filter of another type (`size=XL`) is not one.
function isNumeric(parameter: Record<string, unknown>): boolean {
  const schema = isObject(parameter.schema) ? parameter.schema : parameter;
  const types = schemaTypes(schema);
  return types.length === 0 || types.includes('integer') || types.includes('number');
}

export default defineRule<Options>({
  id: 'query-conventional-names',
  severity: 'info',
  ref: '4.query.2',
  zalando: [137],
  description: 'Query parameters use the conventional names `q`, `sort`, `fields`, `embed`, `cursor` and `limit`.',
  rationale:
    'Conventional query parameters are used (guideline 4, query parameters, item 2): `q` for a search term, `sort` for the sort order, `fields` to select fields, `embed` to embed sub-resources, `cursor` and `limit` for pagination. Clients learn them once for every API; look-alikes such as `search`, `order_by` or `page_size` make each API different. A numeric look-alike of `limit` is only flagged when it is a number (`size=XL` is a filter).',
  examples: {
    incorrect: 'parameters:\n  - name: search\n    in: query\n  - name: page_size\n    in: query\n    schema: {type: integer, format: int32}',
    correct: 'parameters:\n  - name: q\n    in: query\n  - name: limit\n    in: query\n    schema: {type: integer, format: int32}',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        lookAlikes: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Query parameter names (snake_case; `pageSize` is compared as `page_size`) mapped to the conventional name to use instead.',
        },
      },
      additionalProperties: false,
    },
    defaults: { lookAlikes: LOOK_ALIKES },
  },
  given: '$',
  check(root, { lookAlikes }) {
    // Keys are compared in the same normal form as parameter names, so `pageSize` matches `page_size`.
    const byName = new Map(Object.entries(lookAlikes).map(([key, value]) => [normalizeName(key), value]));
    return allParameters(root).flatMap(({ parameter, jsonPath }) => {
      if (parameter.in !== 'query' || typeof parameter.name !== 'string') return [];
      const conventional = byName.get(normalizeName(parameter.name));
      if (conventional === undefined || conventional === parameter.name || (conventional === 'limit' && !isNumeric(parameter))) return [];
      return [{ message: `Query parameter "${parameter.name}" has a conventional name: use "${conventional}".`, path: [...jsonPath, 'name'] }];
    });
  },
});
