import { defineRule } from '../rule.js';
import { atKey, isJsonMediaType, operations, responseBodies, responseHeaders, responses } from '../lib/oas.js';

export default defineRule({
  id: 'no-link-header',
  severity: 'error',
  ref: '4.hyper.3',
  zalando: [166],
  description: 'Responses with JSON bodies declare no Link header.',
  rationale:
    'Link headers are not used together with JSON entities (guideline 4, hypermedia, item 3): links belong in the JSON body as common hypertext controls (`self`, `next`, ...), where clients find them in one place. A `Link` header on a response with a JSON body splits the links between header and body.',
  examples: {
    incorrect: "responses:\n  '200':\n    description: A page of orders.\n    headers:\n      Link:\n        schema: {type: string}\n    content:\n      application/json:\n        schema: {$ref: '#/components/schemas/OrderPage'}",
    correct: "responses:\n  '200':\n    description: A page of orders, with `self` and `next` links in the body.\n    content:\n      application/json:\n        schema: {$ref: '#/components/schemas/OrderPage'}",
  },
  given: '$',
  check(root) {
    return operations(root).flatMap(op =>
      responses(op).flatMap(r => {
        const link = responseHeaders(r.response).get('link');
        if (!link || !responseBodies(root, op, r.response, r.jsonPath).some(b => isJsonMediaType(b.mediaType))) return [];
        // Keyed by the response, not the operation: a shared response is reported once.
        return [{ message: `Response with a JSON body declares a "${link.name}" header: put the links into the body instead.`, path: atKey([...r.jsonPath, 'headers', link.name]) }];
      }),
    );
  },
});
