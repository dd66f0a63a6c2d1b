import { defineRule } from '../rule.js';
import { atKey, isOas2 } from '../lib/oas.js';
import { isOfficialResponseCode, isStatusRange, operationResponses, statusNumber } from '../lib/status-codes.js';

export default defineRule({
  id: 'official-status-codes',
  severity: 'error',
  ref: '7.1',
  zalando: [243],
  description: 'Every response code is an IANA-registered HTTP status code, `default`, or (3.x) an `NXX` range.',
  rationale:
    'Only official HTTP status codes are used (guideline 7, item 1): clients, proxies and libraries know the registered codes and their semantics, and treat anything else as an unknown code of its class. The list is the IANA HTTP Status Code Registry (RFC 9110 and later RFCs); codes listed as "(Unused)" (306, 418) and unregistered ones that some servers send (509, 420, 499) are rejected. OpenAPI 3.x also allows the ranges `1XX` to `5XX`; Swagger 2.0 does not. Extensions (`x-…` keys) in the Responses Object are not responses and are not checked.',
  examples: {
    incorrect: "responses:\n  '200': {description: OK}\n  '509': {description: Bandwidth exceeded}\n",
    correct: "responses:\n  '200': {description: OK}\n  '503': {description: Service unavailable}\n",
  },
  given: '$',
  check(root) {
    const oas2 = isOas2(root);
    return operationResponses(root)
      .filter(({ code }) => !isOfficialResponseCode(code, oas2))
      .map(({ code, jsonPath }) => ({ message: problem(code, oas2), path: atKey(jsonPath) }));
  },
});

function problem(code: string, oas2: boolean): string {
  if (statusNumber(code) !== undefined) return `Status code "${code}" is not IANA-registered: use the registered code that fits.`;
  if (isStatusRange(code.toUpperCase())) {
    return oas2
      ? `Status code range "${code}" is not allowed in Swagger 2.0: list the codes, or use "default".`
      : `Status code range "${code}" must be written with an uppercase "X": "${code.toUpperCase()}".`;
  }
  return `Response key "${code}" is not an HTTP status code: use a registered code or "default".`;
}
