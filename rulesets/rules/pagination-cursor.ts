import { defineRule } from '../rule.js';
import { operations } from '../lib/oas.js';
import { normalizeName, parametersIn } from '../lib/operations.js';
import { stringList } from '../lib/options.js';

interface Options {
  names: string[];
}

export default defineRule<Options>({
  id: 'pagination-cursor',
  severity: 'warn',
  ref: '4.page.2',
  zalando: [160],
  description: 'Offset-based pagination parameters (offset, page) are flagged: prefer cursors.',
  rationale:
    'Cursor-based pagination is preferred and offset-based pagination is avoided (guideline 4, pagination, item 2): an offset or page number skips or repeats items when the collection changes between requests, and the database must count past every skipped row. An opaque `cursor` points at a position and stays stable.',
  examples: {
    incorrect: '- {name: offset, in: query, schema: {type: integer, format: int32}}',
    correct: '- {name: cursor, in: query, schema: {type: string}}',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        names: stringList('Offset-style query parameter names (compared normalized: pageNumber = page_number).', { nonEmpty: true }),
      },
      additionalProperties: false,
    },
    defaults: { names: ['offset', 'page'] },
  },
  given: '$',
  check(root, options) {
    const flagged = new Set(options.names.map(normalizeName));
    return operations(root).flatMap(op =>
      parametersIn(op, 'query')
        .filter(p => flagged.has(p.name))
        .map(p => ({
          message: `Query parameter "${String(p.parameter.name)}" paginates by offset: use an opaque "cursor" instead.`,
          path: [...p.jsonPath, 'name'],
        })),
    );
  },
});
