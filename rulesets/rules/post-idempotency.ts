import { defineRule } from '../rule.js';
import { isObject, parameters, responses, type Operation } from '../lib/oas.js';
import { apiOperations, isCreatingPost, parametersIn } from '../lib/operations.js';

/** `Idempotency-Key` in any spelling (`X-Idempotency-Key`, ...): prefer-etag-idempotency judges the spelling. */
const IDEMPOTENCY_KEY = /^(?:x_)?idempotency_?key$/;
/**
 * Words that document idempotent handling or a secondary key: "idempotent", "secondary key",
 * "created only once", or a response for a resource that "already exists" (200 with the existing
 * one, or 409).
 */
const DOCUMENTED = /idempot|secondary[\s_-]+key|natural[\s_-]+key|dedup|duplicate|only once|already exist/i;

function documentsIdempotency(op: Operation): boolean {
  const body = isObject(op.operation.requestBody) ? op.operation.requestBody : parameters(op).find(p => p.parameter.in === 'body')?.parameter;
  const texts = [op.operation.summary, op.operation.description, body?.description, ...responses(op).map(r => r.response.description)];
  return texts.some(text => typeof text === 'string' && DOCUMENTED.test(text));
}

export default defineRule({
  id: 'post-idempotency',
  severity: 'info',
  ref: '4.methods.2',
  zalando: [229],
  description: 'A POST that creates a resource accepts Idempotency-Key or documents a secondary key.',
  rationale:
    'POST should be designed to be idempotent, with a secondary key for idempotent POST (guideline 4, methods, item 2): a client that retries a create after a timeout must not create a duplicate. The operation either accepts an `Idempotency-Key` header or says in its description how repeats are recognized (idempotent handling, a secondary or natural key). A creating POST answers 201 or `Location`, or posts an object to a path that lists a collection.',
  examples: {
    incorrect: "paths:\n  /orders:\n    post:\n      responses:\n        '201': {description: Created.}",
    correct:
      "paths:\n  /orders:\n    post:\n      parameters:\n        - name: Idempotency-Key\n          in: header\n          schema: {type: string}\n      responses:\n        '201': {description: Created.}",
  },
  given: '$',
  check(root) {
    return apiOperations(root)
      .filter(op => isCreatingPost(root, op))
      .filter(op => !parametersIn(op, 'header').some(p => IDEMPOTENCY_KEY.test(p.name)) && !documentsIdempotency(op))
      .map(op => ({
        message: `POST ${op.path} creates a resource but accepts no "Idempotency-Key" header and documents no secondary key: make retries safe.`,
        path: [...op.jsonPath],
      }));
  },
});
