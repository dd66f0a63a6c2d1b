import { defineRule } from '../rule.js';
import { atKey, operations, parameters } from '../lib/oas.js';

const BODYLESS = new Set(['get', 'head', 'delete']);

export default defineRule({
  id: 'no-body-on-get',
  severity: 'error',
  ref: '4.methods.1',
  zalando: [148],
  description: 'GET, HEAD and DELETE define no request body.',
  rationale:
    'HTTP methods are used according to their standard meaning (guideline 4, methods, item 1). A body on GET, HEAD or DELETE has no defined semantics: proxies, caches and client libraries drop or reject it. Pass filters as query parameters; a query too complex for them is a POST to a search resource.',
  examples: {
    incorrect: 'paths:\n  /orders:\n    get:\n      requestBody:\n        content:\n          application/json:\n            schema: {type: object}',
    correct: 'paths:\n  /orders:\n    get:\n      parameters:\n        - name: q\n          in: query\n          schema: {type: string}',
  },
  given: '$',
  check(root) {
    return operations(root).flatMap(op => {
      if (!BODYLESS.has(op.method)) return [];
      const method = op.method.toUpperCase();
      // 3.x requestBody; 2.0 `in: body` or `in: formData` parameters (the first one stands for the body).
      // Reported where the operation names it: a shared ($ref'd) body is fine on a POST.
      const body =
        op.operation.requestBody !== undefined
          ? [...op.jsonPath, 'requestBody']
          : parameters(op).find(p => p.parameter.in === 'body' || p.parameter.in === 'formData')?.jsonPath;
      return body ? [{ message: `${method} ${op.path} defines a request body: ${method} requests carry none, pass the data as query parameters.`, path: atKey(body) }] : [];
    });
  },
});
