import { defineRule } from '../rule.js';
import { DEPRECATION_HEADERS, isDeprecated } from '../lib/deprecation.js';
import { atKey, operationName, responseHeaders, responses } from '../lib/oas.js';
import { apiOperations } from '../lib/operations.js';

export default defineRule({
  id: 'deprecation-headers',
  severity: 'warn',
  ref: '9.5',
  zalando: [189],
  description: 'Responses of deprecated operations declare the Deprecation and Sunset headers.',
  rationale:
    'Responses of a deprecated API should carry the `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers (guideline 9, item 5), so that clients notice the deprecation at run time and its use can be monitored. Every response of an operation with `deprecated: true` declares both; a response that lacks them is reported at its status code in the operation, since a shared `$ref`\'d response also serves operations that are not deprecated. Webhooks (3.1) are requests the API sends and are not checked.',
  examples: {
    incorrect: "delete:\n  deprecated: true\n  responses:\n    '204': {description: Deleted.}\n",
    correct:
      "delete:\n  deprecated: true\n  responses:\n    '204':\n      description: Deleted.\n      headers:\n        Deprecation: {schema: {type: string}}\n        Sunset: {schema: {type: string}}\n",
  },
  given: '$',
  check(root) {
    return apiOperations(root)
      .filter(op => isDeprecated(op.operation))
      .flatMap(op =>
        responses(op).flatMap(({ code, response, jsonPath }) => {
          const headers = responseHeaders(response);
          const missing = DEPRECATION_HEADERS.filter(name => !headers.has(name.toLowerCase()));
          return missing.length === 0
            ? []
            : [
                {
                  message: `Response ${code} of deprecated operation "${operationName(op)}" does not declare ${missing.map(h => `"${h}"`).join(' and ')}: add the header(s) so clients notice the deprecation.`,
                  path: atKey(jsonPath),
                },
              ];
        }),
      );
  },
});
