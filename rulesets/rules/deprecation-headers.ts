import { defineRule } from '../rule.js';
import { DEPRECATION_HEADERS, isDeprecated } from '../lib/deprecation.js';
import { operationName, responseHeaders, responses } from '../lib/oas.js';
import { apiOperations } from '../lib/operations.js';

export default defineRule({
  id: 'deprecation-headers',
  severity: 'warn',
  ref: '9.5',
  zalando: [189],
  description: 'Responses of deprecated operations declare the Deprecation and Sunset headers.',
  rationale:
    'Responses of a deprecated API should carry the `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers (guideline 9, item 5), so that clients notice the deprecation at run time and its use can be monitored. Every response of an operation with `deprecated: true` declares both. An operation whose responses lack them is reported once, at the operation, naming the responses and what each lacks (a shared `$ref`\'d response also serves operations that are not deprecated, so the finding belongs to the operation). Webhooks (3.1) are requests the API sends and are not checked.',
  examples: {
    incorrect: "delete:\n  deprecated: true\n  responses:\n    '204': {description: Deleted.}\n",
    correct:
      "delete:\n  deprecated: true\n  responses:\n    '204':\n      description: Deleted.\n      headers:\n        Deprecation: {schema: {type: string}}\n        Sunset: {schema: {type: string}}\n",
  },
  given: '$',
  check(root) {
    return apiOperations(root)
      .filter(op => isDeprecated(op.operation))
      .flatMap(op => {
        const lacking = responses(op).flatMap(({ code, response }) => {
          const headers = responseHeaders(response);
          const missing = DEPRECATION_HEADERS.filter(name => !headers.has(name.toLowerCase()));
          return missing.length === 0 ? [] : [{ code, missing: missing.map(h => `"${h}"`).join(' and ') }];
        });
        if (lacking.length === 0) return [];
        // One finding per operation: the responses that lack headers, and which, said once where they agree.
        const same = lacking.every(l => l.missing === lacking[0]!.missing);
        const which = same
          ? `${list(lacking.map(l => l.code), 'response', 'responses')} ${lacking.length === 1 ? 'does' : 'do'} not declare ${lacking[0]!.missing}`
          : `${list(lacking.map(l => `${l.code} (no ${l.missing})`), 'response', 'responses')} lack deprecation headers`;
        return [{ message: `Deprecated operation "${operationName(op)}": ${which}: add them so clients notice the deprecation.`, path: [...op.jsonPath] }];
      });
  },
});

/** `response 200`, `responses 200 and 404`, `responses 200, 404 and default`. */
function list(items: string[], one: string, many: string): string {
  if (items.length === 1) return `${one} ${items[0]}`;
  return `${many} ${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
