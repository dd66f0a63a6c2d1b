import type { IFunctionResult } from '@stoplight/spectral-core';
import { defineRule } from '../rule.js';
import { atKey, operations } from '../lib/oas.js';
import { definedScopes, isOAuth2, securityLists, securitySchemes, securitySchemesPath } from '../lib/security.js';

export default defineRule({
  id: 'scopes-defined',
  severity: 'error',
  ref: '5.2',
  zalando: [105],
  description: 'OAuth2 security requirements list at least one scope, and every scope is defined by the scheme.',
  rationale:
    'Permissions (scopes) are defined and assigned to endpoints (guideline 5, item 2). An OAuth2 requirement without scopes grants every token access; a scope missing from the scheme\'s flows (3.x `flows.*.scopes`, 2.0 `scopes`) is one no client can request. Every `security` list is checked, the document\'s and each operation\'s.',
  examples: {
    incorrect:
      'security:\n  - oauth2: [orders.delete]\ncomponents:\n  securitySchemes:\n    oauth2:\n      type: oauth2\n      flows:\n        clientCredentials:\n          tokenUrl: https://auth.example.com/token\n          scopes:\n            orders.read: Read orders.\n',
    correct:
      'security:\n  - oauth2: [orders.read]\ncomponents:\n  securitySchemes:\n    oauth2:\n      type: oauth2\n      flows:\n        clientCredentials:\n          tokenUrl: https://auth.example.com/token\n          scopes:\n            orders.read: Read orders.\n',
  },
  given: '$',
  check(root) {
    const schemes = securitySchemes(root);
    const results: IFunctionResult[] = [];
    // Each scheme's scopes, read once: every operation's requirement names them again.
    const definedBy = new Map<string, Set<string>>();
    for (const { requirements, jsonPath } of securityLists(root, operations(root))) {
      requirements.forEach((requirement, i) => {
        for (const [name, scopes] of Object.entries(requirement)) {
          const scheme = schemes[name];
          // Undefined schemes are operations-secured's finding; other types define no scopes.
          if (!isOAuth2(scheme)) continue;
          if (scopes.length === 0) {
            results.push({
              message: `OAuth2 requirement "${name}" lists no scope: assign the scopes the operation needs.`,
              path: atKey([...jsonPath, i, name]),
            });
            continue;
          }
          let defined = definedBy.get(name);
          if (!defined) definedBy.set(name, (defined = new Set(definedScopes(scheme, [...securitySchemesPath(root), name]).map(d => d.scope))));
          scopes.forEach((scope, j) => {
            if (!defined.has(scope)) {
              results.push({
                message: `Scope "${scope}" is not defined by security scheme "${name}": add it to the scheme's scopes.`,
                path: [...jsonPath, i, name, j],
              });
            }
          });
        }
      });
    }
    return results;
  },
});
