import { defineRule } from '../rule.js';
import { DEFAULT_MONITORING_PATHS, apiOperations, isMonitoringOperation, monitoringPathsOption } from '../lib/operations.js';
import { resourceTypes } from '../lib/resources.js';

interface Options {
  max: number;
  monitoringPaths: string[];
}

/** Types named in the message; a large API's list is cut there. */
const LISTED = 12;

export default defineRule<Options>({
  id: 'resource-types-limit',
  severity: 'warn',
  ref: '2',
  zalando: [146],
  description: 'The API exposes at most 8 resource types (configurable).',
  rationale:
    'The number of resource types is kept small (guideline 2, sub-resources): an API that mixes many business functions is hard to maintain and evolve. ' +
    'A resource type is a collection, its members and their direct sub-resources without an identifier of their own (Zalando rule 146): ' +
    '`/customers`, `/customers/{id}` and `/customers/{id}/preferences` are one type, `/customers/{id}/addresses` and `/customers/{id}/addresses/{addr}` ' +
    'another (a collection of its own, with its members); the message lists the types it counted; ' +
    'a compound key (`/prices/{country}/{sku}`) names one member. Version segments (`/v1`), a leading `/api` and monitoring ' +
    'endpoints such as `/health` are not counted.',
  examples: {
    incorrect:
      'paths:   # 9 resource types\n  /orders: ...\n  /orders/{order_id}/items/{item_id}: ...\n  /customers: ...\n  /products: ...\n  /carts: ...\n  /invoices: ...\n  /payments: ...\n  /shipments: ...\n  /returns: ...',
    correct: 'paths:   # 2 resource types\n  /orders: ...\n  /orders/{order_id}: ...\n  /orders/{order_id}/status: ...\n  /orders/{order_id}/items/{item_id}: ...',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        max: { type: 'integer', minimum: 1, description: 'Most resource types the API may expose.' },
        monitoringPaths: monitoringPathsOption('which are not resource types'),
      },
      additionalProperties: false,
    },
    defaults: { max: 8, monitoringPaths: [...DEFAULT_MONITORING_PATHS] },
  },
  given: '$',
  check(root, { max, monitoringPaths }) {
    const ops = apiOperations(root).filter(op => !isMonitoringOperation(op, monitoringPaths));
    const types = [...resourceTypes(ops.map(op => op.path)).values()];
    if (types.length > max) {
      const shown = types.length > LISTED ? `${types.slice(0, LISTED).join(', ')} and ${types.length - LISTED} more` : types.join(', ');
      return [{ message: `The API exposes ${types.length} resource types, more than ${max} (${shown}): split it by business function.`, path: ['paths'] }];
    }
  },
});
