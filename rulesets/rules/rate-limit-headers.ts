import { defineRule } from '../rule.js';
import { apiOperations } from '../lib/operations.js';
import { headerRequirementsSchema, missingHeaderFindings, type HeaderRequirement } from '../lib/rate-limit.js';

interface Options {
  headers: HeaderRequirement[];
}

export default defineRule<Options>({
  id: 'rate-limit-headers',
  severity: 'error',
  ref: '7.6, 8.6',
  zalando: [153],
  description: 'Every 429 response declares the rate limit headers X-Ratelimit-Limit, X-Ratelimit-Remaining and X-Ratelimit-Retry-After.',
  rationale:
    'A call blocked by the rate limiter answers 429 together with the rate limit headers (guideline 7, item 6): `X-Ratelimit-Limit` (calls allowed per window), `X-Ratelimit-Remaining` (calls left) and `X-Ratelimit-Retry-After` (seconds to wait; the standard `Retry-After` is accepted too), so that clients can back off instead of retrying blindly (guideline 8, item 6). Header names compare case-insensitively. A shared 429 response in `components` is reported once, at the component. Teams on other conventions configure the set, for example `[X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset]` or the IETF `[RateLimit, RateLimit-Policy]`. Webhooks (3.1) are requests the API sends, so their 429s are the consumer\'s and are not checked.',
  examples: {
    incorrect: "responses:\n  '429':\n    description: Too many requests.\n",
    correct:
      "responses:\n  '429':\n    description: Too many requests.\n    headers:\n      X-Ratelimit-Limit: {schema: {type: integer, format: int32}}\n      X-Ratelimit-Remaining: {schema: {type: integer, format: int32}}\n      X-Ratelimit-Retry-After: {schema: {type: integer, format: int32}}\n",
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        headers: {
          ...headerRequirementsSchema,
          description: 'Headers every 429 response declares; an entry that is a list names alternatives, any one of which will do.',
        },
      },
      additionalProperties: false,
    },
    defaults: { headers: ['X-Ratelimit-Limit', 'X-Ratelimit-Remaining', ['X-Ratelimit-Retry-After', 'Retry-After']] },
  },
  given: '$',
  check(root, { headers }) {
    // Every served operation's 429, exempt or not: clients read a documented 429 all the same.
    return missingHeaderFindings(
      apiOperations(root),
      code => code === '429',
      headers,
      missing => `429 response does not declare the rate limit header(s) ${missing}: add them so clients know when to retry.`,
    );
  },
});
