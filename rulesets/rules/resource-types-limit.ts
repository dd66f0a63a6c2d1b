import { defineRule } from '../rule.js';
import { DEFAULT_MONITORING_PATHS, apiOperations, isMonitoringOperation, monitoringPathsOption } from '../lib/operations.js';
import { resourceType } from '../lib/resources.js';

interface Options {
  max: number;
  monitoringPaths: string[];
}

export default defineRule<Options>({
  id: 'resource-types-limit',
  severity: 'warn',
  ref: '2',
  zalando: [146],
  description: 'The API exposes at most 8 resource types (configurable).',
  rationale:
    'The number of resource types is kept small (guideline 2, sub-resources): an API that mixes many business functions is hard to maintain and evolve. ' +
    'A resource type is a collection, its members and their direct sub-resources without an identifier of their own (Zalando rule 146): ' +
    '`/customers`, `/customers/{id}` and `/customers/{id}/preferences` are one type, `/customers/{id}/addresses/{addr}` is another; ' +
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
    const types = new Set(ops.map(op => resourceType(op.path)));
    if (types.size > max) {
      return [{ message: `The API exposes ${types.size} resource types, more than ${max}: split it by business function.`, path: ['paths'] }];
    }
  },
});
