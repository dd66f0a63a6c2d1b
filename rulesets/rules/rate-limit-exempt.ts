import type { IFunctionResult } from '@stoplight/spectral-core';
import { defineRule } from '../rule.js';
import { atKey, operationName } from '../lib/oas.js';
import { apiOperations, DEFAULT_MONITORING_PATHS, isMonitoringOperation, monitoringPathsOption } from '../lib/operations.js';
import { documents429, governedOperations, isExempt, isExemptDeclaration, listOperations } from '../lib/rate-limit.js';

interface Options {
  monitoringPaths: string[];
}

export default defineRule<Options>({
  id: 'rate-limit-exempt',
  severity: 'warn',
  ref: '8.3',
  zalando: [],
  description: 'Only monitoring endpoints are exempt from rate limiting, and an exempt operation does not document 429.',
  rationale:
    'Specific endpoints, for example monitoring endpoints, may be exempt from rate limiting (guideline 8, item 3); every other endpoint is limited (guideline 8, item 1). An `x-rate-limit: {exempt: true}` that governs an operation outside the monitoring paths (`/health`, `/metrics`, `/status`, `/ping` as the whole path or its last fixed segment; configurable) is reported once at its `exempt` field, naming the operations. An exempt operation is never blocked, so a 429 response it documents is misleading and is reported at its status code.',
  examples: {
    incorrect: "paths:\n  /orders:\n    get:\n      x-rate-limit: {exempt: true}\n      responses:\n        '200': {description: OK}\n        '429': {$ref: '#/components/responses/TooManyRequests'}\n",
    correct: "paths:\n  /health:\n    get:\n      x-rate-limit: {exempt: true}\n      responses:\n        '200': {description: OK}\n",
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        monitoringPaths: monitoringPathsOption('which may be exempt'),
      },
      additionalProperties: false,
    },
    defaults: { monitoringPaths: [...DEFAULT_MONITORING_PATHS] },
  },
  given: '$',
  check(root, { monitoringPaths }) {
    const results: IFunctionResult[] = [];
    for (const { value, jsonPath, operations } of governedOperations(root)) {
      if (!isExemptDeclaration(value)) continue;
      const limitable = operations.filter(op => !isMonitoringOperation(op, monitoringPaths));
      if (limitable.length === 0) continue;
      results.push({
        message: `"exempt: true" exempts ${listOperations(limitable)} from rate limiting, but only monitoring endpoints may be exempt: declare a policy instead.`,
        path: [...jsonPath, 'exempt'],
      });
    }
    for (const op of apiOperations(root)) {
      if (isExempt(root, op) && documents429(op)) {
        results.push({
          message: `Operation "${operationName(op)}" is exempt from rate limiting but documents a 429 response: remove it.`,
          path: atKey([...op.jsonPath, 'responses', '429']),
        });
      }
    }
    return results;
  },
});
