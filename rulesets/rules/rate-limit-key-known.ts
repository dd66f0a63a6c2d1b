import { defineRule } from '../rule.js';
import { isObject } from '../lib/oas.js';
import { governedOperations, listOperations } from '../lib/rate-limit.js';
import { isSecured } from '../lib/security.js';

/** Keys the limiter can only tell apart from the caller's credentials. */
const IDENTITY_KEYS = new Set(['USER', 'APPLICATION']);

export default defineRule({
  id: 'rate-limit-key-known',
  severity: 'warn',
  ref: '5.3, 8.2',
  zalando: [],
  description: 'A rate limit keyed by USER or APPLICATION applies only to secured operations.',
  rationale:
    'A rate limiter can tell users apart only where it knows the user, for instance from a token (guideline 5, item 3); otherwise it treats all callers alike. A policy keyed by `USER` or `APPLICATION` on an operation without an effective security requirement (its own or the document\'s, naming defined schemes, with no anonymous `{}` alternative) cannot be applied as declared. Each such policy is reported once, at its `key`, naming the unsecured operations: secure them, or key their policy by `IP` or `DEVICE`.',
  examples: {
    incorrect: "x-rate-limit: {limit: 600, window: PT1M, key: USER, algorithm: TOKEN_BUCKET}\npaths:\n  /orders:\n    get:\n      responses: ...\n",
    correct:
      "x-rate-limit: {limit: 600, window: PT1M, key: USER, algorithm: TOKEN_BUCKET}\nsecurity:\n  - oauth2: [orders.read]\npaths:\n  /orders:\n    get:\n      responses: ...\n",
  },
  given: '$',
  check(root) {
    return governedOperations(root).flatMap(({ value, jsonPath, operations }) => {
      if (!isObject(value) || typeof value.key !== 'string' || !IDENTITY_KEYS.has(value.key)) return [];
      const unsecured = operations.filter(op => !isSecured(root, op));
      if (unsecured.length === 0) return [];
      return [
        {
          message: `Rate limit keyed by ${value.key} applies to unsecured operation(s) ${listOperations(unsecured)}, whose callers the limiter cannot tell apart: secure them or key their limit by IP or DEVICE.`,
          path: [...jsonPath, 'key'],
        },
      ];
    });
  },
});
