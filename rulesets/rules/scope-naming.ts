import { defineRule } from '../rule.js';
import { atKey } from '../lib/oas.js';
import { definedScopes, isOAuth2, securitySchemes, securitySchemesPath } from '../lib/security.js';

interface Options {
  pattern: string;
}

const DEFAULT_PATTERN = '^(uid|[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)?\\.(read|write))$';

export default defineRule<Options>({
  id: 'scope-naming',
  severity: 'warn',
  ref: '5.2',
  zalando: [225],
  description: 'OAuth2 scope names follow the `<application>.<access-mode>` convention.',
  rationale:
    'Permissions follow a naming convention (guideline 5, item 2): `<application>.<access-mode>` or `<application>.<resource>.<access-mode>` with the access mode `read` or `write` (and `uid` for the plain user identity) tells at a glance what a scope grants. Each scope is checked where an OAuth2 scheme defines it (3.x `flows.*.scopes`, 2.0 `scopes`); scopes used but not defined are scopes-defined\'s finding.',
  examples: {
    incorrect: 'flows:\n  clientCredentials:\n    scopes:\n      ReadOrders: Read orders.\n',
    correct: 'flows:\n  clientCredentials:\n    scopes:\n      orders.read: Read orders.\n',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: 'Regular expression every defined scope name must match.' },
      },
      additionalProperties: false,
    },
    defaults: { pattern: DEFAULT_PATTERN },
  },
  given: '$',
  check(root, { pattern }) {
    const re = new RegExp(pattern);
    return Object.entries(securitySchemes(root)).flatMap(([name, scheme]) =>
      isOAuth2(scheme)
        ? definedScopes(scheme, [...securitySchemesPath(root), name])
            .filter(({ scope }) => !re.test(scope))
            .map(({ scope, jsonPath }) => ({
              message:
                pattern === DEFAULT_PATTERN
                  ? `Scope "${scope}" does not follow the naming convention: name it <application>.<access-mode> (for example "orders.read").`
                  : `Scope "${scope}" does not match the configured naming pattern ${pattern}: rename it.`,
              path: atKey(jsonPath),
            }))
        : [],
    );
  },
});
