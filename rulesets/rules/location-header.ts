import { defineRule } from '../rule.js';
import { atKey, operationName, responseHeaders, responses } from '../lib/oas.js';
import { apiOperations } from '../lib/operations.js';

export default defineRule({
  id: 'location-header',
  severity: 'warn',
  ref: '4.headers',
  zalando: [180],
  description: 'A 201 response declares the Location header (not Content-Location).',
  rationale:
    '`Location` is preferred over `Content-Location` (guideline 4, headers): a 201 Created response points at the new resource with `Location`, which clients follow to read it. `Content-Location` names the URI of the enclosed representation and is optional; it is reported only where it stands in for a missing `Location` on a 201, and then at `info`. `Content-Location` elsewhere is fine.',
  examples: {
    incorrect: "paths:\n  /orders:\n    post:\n      responses:\n        '201':\n          description: Created.\n          headers:\n            Content-Location:\n              schema: {type: string, format: uri}",
    correct: "paths:\n  /orders:\n    post:\n      responses:\n        '201':\n          description: Created.\n          headers:\n            Location:\n              schema: {type: string, format: uri}",
  },
  given: '$',
  check(root) {
    return apiOperations(root).flatMap(op =>
      responses(op)
        .filter(r => r.code === '201')
        .flatMap(r => {
          const headers = responseHeaders(r.response);
          if (headers.has('location')) return [];
          const contentLocation = headers.get('content-location');
          if (contentLocation) {
            return [{
              severity: 'info' as const,
              message: `The 201 response declares "${contentLocation.name}" but no "Location": point at the created resource with "Location".`,
              path: atKey([...r.jsonPath, 'headers', contentLocation.name]),
            }];
          }
          return [{ message: `The 201 response of ${operationName(op)} declares no "Location" header: add it with the URI of the created resource.`, path: atKey(r.jsonPath) }];
        }),
    );
  },
});
