import { defineRule } from '../rule.js';
import { subResourceLevels } from '../lib/resources.js';
import { atKey, isExtensionKey } from '../lib/oas.js';

interface Options {
  max: number;
}

export default defineRule<Options>({
  id: 'sub-resource-depth',
  severity: 'warn',
  ref: '2',
  zalando: [147],
  description: 'Paths nest at most 3 sub-resource levels (configurable).',
  rationale:
    'Sub-resources are identified through path segments, and the number of sub-resource levels is kept small (guideline 2): ' +
    'deep nesting makes URLs long, couples clients to a hierarchy and is hard to evolve. ' +
    'A level is a named (non-parameter) segment after the first one, so `/shipments/{id}/parcels` has one; version segments ' +
    '(`/v1`) and a leading `/api` are base path, not levels. ' +
    'Non-nested URLs are an alternative (guideline 4, path rules, item 5).',
  examples: {
    incorrect: 'paths:\n  /shops/{shop_id}/orders/{order_id}/items/{item_id}/options/{option_id}/prices: ...',
    correct: 'paths:\n  /shops/{shop_id}/orders/{order_id}: ...\n  /order-items/{item_id}/options: ...',
  },
  options: {
    schema: {
      type: 'object',
      properties: { max: { type: 'integer', minimum: 0, description: 'Most sub-resource levels a path may have.' } },
      additionalProperties: false,
    },
    defaults: { max: 3 },
  },
  given: '$.paths',
  field: '@key',
  check(path, { max }) {
    if (typeof path !== 'string' || isExtensionKey(path)) return;
    const levels = subResourceLevels(path);
    if (levels > max) {
      return [{ message: `Path "${path}" nests ${levels} sub-resource levels, more than ${max}: use a non-nested URL for the deeper resources.`, path: atKey(['paths', path]) }];
    }
  },
});
