import { defineRule } from '../rule.js';
import { apiOperations } from '../lib/operations.js';
import { headerRequirementsSchema, isExempt, missingHeaderFindings, type HeaderRequirement } from '../lib/rate-limit.js';

interface Options {
  headers: HeaderRequirement[];
}

export default defineRule<Options>({
  id: 'rate-limit-informing-headers',
  severity: 'info',
  ref: '8.6',
  zalando: [],
  description: 'Successful responses of rate limited operations declare X-Ratelimit-Limit and X-Ratelimit-Remaining.',
  rationale:
    'The informing headers (guideline 8, item 6) tell a client how many calls the window allows (`X-Ratelimit-Limit`) and how many remain (`X-Ratelimit-Remaining`), so it can slow down before it is blocked. They belong on the 2xx responses of every operation that is not exempt (`x-rate-limit: {exempt: true}`); the set is configurable like the one of `rate-limit-headers`. Webhooks (3.1) are calls the API makes and are not checked.',
  examples: {
    incorrect: "responses:\n  '200':\n    description: OK\n",
    correct:
      "responses:\n  '200':\n    description: OK\n    headers:\n      X-Ratelimit-Limit: {$ref: '#/components/headers/X-Ratelimit-Limit'}\n      X-Ratelimit-Remaining: {$ref: '#/components/headers/X-Ratelimit-Remaining'}\n",
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        headers: {
          ...headerRequirementsSchema,
          description: 'Headers every 2xx response of a limited operation declares; an entry that is a list names alternatives, any one of which will do.',
        },
      },
      additionalProperties: false,
    },
    defaults: { headers: ['X-Ratelimit-Limit', 'X-Ratelimit-Remaining'] },
  },
  given: '$',
  check(root, { headers }) {
    return missingHeaderFindings(
      apiOperations(root).filter(op => !isExempt(root, op)),
      code => /^2(\d\d|XX)$/i.test(code),
      headers,
      missing => `Success response does not declare the informing header(s) ${missing}: add them so clients see their rate limit before they are blocked.`,
    );
  },
});
