import type { JsonPath } from '@stoplight/types';
import { defineRule, type RuleResult } from '../rule.js';
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
  // A configured pattern is checked at warn; the default one at info (below).
  severity: 'warn',
  ref: '5.2',
  zalando: [225],
  description: 'OAuth2 scope names follow the configured naming pattern (a warning), or else apilint\'s `<application>.<access-mode>` convention (info).',
  rationale:
    'Permissions follow a naming convention (guideline 5, item 2), but the guideline does not show the convention (guideline 5, item 5). apilint\'s default, `<application>.<access-mode>` or `<application>.<resource>.<access-mode>` with the access mode `read` or `write` (and `uid` for the plain user identity), tells at a glance what a scope grants; a scope that breaks it is reported at `info`, a recommendation. A team that configures its own convention as the `pattern` option gets a scope that does not match it at the rule\'s severity (`warn`): that is the convention guideline 5, item 2 asks scopes to follow. Each scope is checked where an OAuth2 scheme defines it (3.x `flows.*.scopes`, 2.0 `scopes`); scopes used but not defined are scopes-defined\'s finding.',
  examples: {
    incorrect: 'flows:\n  clientCredentials:\n    scopes:\n      ReadOrders: Read orders.\n',
    correct: 'flows:\n  clientCredentials:\n    scopes:\n      orders.read: Read orders.\n',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', format: 'regex', description: 'Regular expression every defined scope name must match: the team\'s naming convention. A mismatch is reported at the rule\'s severity; without it, the default convention is checked at info.' },
      },
      additionalProperties: false,
    },
    defaults: { pattern: DEFAULT_PATTERN },
  },
  given: '$',
  check(root, { pattern }) {
    const re = optionPattern(pattern, DEFAULT_PATTERN);
    // The guideline does not show the convention (5.5): apilint's default one is a recommendation,
    // a team's configured one is what 5.2 asks for.
    const finding = (scope: string, jsonPath: JsonPath): RuleResult =>
      pattern === DEFAULT_PATTERN
        ? { severity: 'info', message: `Scope "${scope}" does not follow the naming convention <application>.<access-mode>: ${convention(scope)} (for example "orders.read").`, path: atKey(jsonPath) }
        : { message: `Scope "${scope}" does not match the configured naming pattern ${pattern}: rename it.`, path: atKey(jsonPath) };
    return Object.entries(securitySchemes(root)).flatMap(([name, scheme]) =>
      isOAuth2(scheme)
        ? definedScopes(scheme, [...securitySchemesPath(root), name])
            .filter(({ scope }) => !re.test(scope))
            .map(({ scope, jsonPath }) => finding(scope, jsonPath))
        : [],
    );
  },
});
