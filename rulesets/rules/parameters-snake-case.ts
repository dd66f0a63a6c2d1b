import { defineRule } from '../rule.js';
import { SNAKE_CASE, toSnakeCase } from '../lib/naming.js';
import { allParameters } from '../lib/oas.js';
import { optionPattern } from '../lib/pattern.js';

interface Options {
  pattern: string;
}

export default defineRule<Options>({
  id: 'parameters-snake-case',
  severity: 'error',
  ref: '4.query.1',
  zalando: [130],
  // Query parameter names are an error; path parameter names are reported at info (below).
  description: 'Query parameter names are snake_case (an error); path parameter names should be too (info).',
  rationale:
    'Query parameter names are snake_case (guideline 4, query parameters, item 1), like property names (guideline 2), so that a field and the parameter that filters or selects it read the same: `?created_after=...` for `created_at`. A query parameter name that breaks this is an `error`. The guideline says nothing of path parameter names, so a path parameter name that is not snake_case is reported at `info`, a recommendation: snake_case names match the `*_id` fields of the resources they identify. A configured `pattern` applies to both, at the same severities. Header names have their own convention (header-names-kebab); cookie, body and form parameters are not judged.',
  examples: {
    incorrect: 'parameters:\n  - name: pageSize\n    in: query\n  - name: shipment-id\n    in: path',
    correct: 'parameters:\n  - name: limit\n    in: query\n  - name: shipment_id\n    in: path',
  },
  options: {
    schema: {
      type: 'object',
      properties: { pattern: { type: 'string', format: 'regex', description: 'Regular expression a query or path parameter name must match.' } },
      additionalProperties: false,
    },
    defaults: { pattern: SNAKE_CASE },
  },
  given: '$',
  check(root, { pattern }) {
    const snake = optionPattern(pattern, SNAKE_CASE);
    return allParameters(root).flatMap(({ parameter, jsonPath }) => {
      const { name } = parameter;
      if ((parameter.in !== 'query' && parameter.in !== 'path') || typeof name !== 'string' || snake.test(name)) return [];
      const where = parameter.in === 'query' ? 'Query parameter' : 'Path parameter';
      const also = parameter.in === 'path' ? ' (and its "{...}" in the path)' : '';
      // A configured pattern may not be snake_case: then name the pattern rather than suggest a form.
      const fix = pattern === SNAKE_CASE ? `is not snake_case: rename it "${toSnakeCase(name)}"${also}` : `does not match the configured pattern ${pattern}: rename it${also}`;
      const finding = { message: `${where} "${name}" ${fix}.`, path: [...jsonPath, 'name'] };
      // Guideline 4 names query parameters only: for a path parameter the convention is a recommendation.
      return [parameter.in === 'query' ? finding : { ...finding, severity: 'info' as const }];
    });
  },
});
