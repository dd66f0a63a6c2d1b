import { defineRule } from '../rule.js';
import { atKey } from '../lib/oas.js';
import { optionPattern } from '../lib/pattern.js';
import { definedScopes, isOAuth2, securitySchemes, securitySchemesPath } from '../lib/security.js';

interface Options {
  pattern: string;
}

const DEFAULT_PATTERN = '^(uid|[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)?\\.(read|write))$';

/** What breaks `<application>.<access-mode>` (or `<application>.<resource>.<access-mode>`) in a scope. */
function convention(scope: string): string {
  const bad = /[^a-z0-9.-]/.exec(scope);
  if (bad) return `the character ${JSON.stringify(bad[0])} at position ${bad.index + 1} is not allowed (lower-case letters, digits, "-" and "." only)`;
  const parts = scope.split('.');
  const mode = parts.at(-1)!;
  if (parts.length === 1) return 'it names no access mode: end it with ".read" or ".write"';
  if (parts.length > 3) return `it has ${parts.length} parts: use <application>.<access-mode> or <application>.<resource>.<access-mode>`;
  const part = parts.find(p => !/^[a-z]/.test(p));
  if (part !== undefined) return part === '' ? 'it has an empty part (".." or a "." at an end)' : `its part ${JSON.stringify(part)} does not start with a letter`;
  return `its access mode ${JSON.stringify(mode)} is neither "read" nor "write"`;
}

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
        pattern: { type: 'string', format: 'regex', description: 'Regular expression every defined scope name must match.' },
      },
      additionalProperties: false,
    },
    defaults: { pattern: DEFAULT_PATTERN },
  },
  given: '$',
  check(root, { pattern }) {
    const re = optionPattern(pattern, DEFAULT_PATTERN);
    return Object.entries(securitySchemes(root)).flatMap(([name, scheme]) =>
      isOAuth2(scheme)
        ? definedScopes(scheme, [...securitySchemesPath(root), name])
            .filter(({ scope }) => !re.test(scope))
            .map(({ scope, jsonPath }) => ({
              message:
                pattern === DEFAULT_PATTERN
                  ? `Scope "${scope}" does not follow the naming convention <application>.<access-mode>: ${convention(scope)} (for example "orders.read").`
                  : `Scope "${scope}" does not match the configured naming pattern ${pattern}: rename it.`,
              path: atKey(jsonPath),
            }))
        : [],
    );
  },
});
