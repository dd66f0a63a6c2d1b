import { defineRule } from '../rule.js';
import { apiOperations, DEFAULT_MONITORING_PATHS, isMonitoringOperation, isSingleResourceGet, monitoringPathsOption, parametersIn } from '../lib/operations.js';

interface Options {
  monitoringPaths: string[];
}

export default defineRule<Options>({
  id: 'partial-responses',
  severity: 'info',
  ref: '4.perf.2',
  zalando: [157],
  description: 'A GET of a single resource accepts the fields query parameter.',
  rationale:
    'Partial responses via filtering should be supported (guideline 4, performance, item 2): with `fields`, clients that need a few properties of a large resource ask for just those, saving bandwidth and serialization. A single-resource read is a GET on a path ending with the resource id whose 2xx JSON body is an object; monitoring endpoints are left out.',
  examples: {
    incorrect: "paths:\n  /orders/{order_id}:\n    get:\n      parameters:\n        - {name: order_id, in: path, required: true, schema: {type: string}}",
    correct:
      "paths:\n  /orders/{order_id}:\n    get:\n      parameters:\n        - {name: order_id, in: path, required: true, schema: {type: string}}\n        - name: fields\n          in: query\n          style: form\n          explode: false\n          schema: {type: array, items: {type: string}}",
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        monitoringPaths: monitoringPathsOption('which need no partial responses'),
      },
      additionalProperties: false,
    },
    defaults: { monitoringPaths: [...DEFAULT_MONITORING_PATHS] },
  },
  given: '$',
  check(root, options) {
    return apiOperations(root)
      .filter(op => isSingleResourceGet(root, op) && !isMonitoringOperation(op, options.monitoringPaths))
      .filter(op => !parametersIn(op, 'query').some(p => p.name === 'fields'))
      .map(op => ({
        message: `GET ${op.path} returns a single resource but accepts no "fields" query parameter: support partial responses with "fields".`,
        path: [...op.jsonPath],
      }));
  },
});
