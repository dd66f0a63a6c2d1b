import { defineDiffRule, type SecurityAlternative } from '../diff-rule.js';
import { perSecurityPair, satisfies } from '../lib/compat.js';

const describe = (alternative: SecurityAlternative): string =>
  [...alternative.schemes.values()].map(s => (s.scopes.size > 0 ? `${s.name} (${[...s.scopes].join(', ')})` : s.name)).join(' and ') || 'anonymous access';

/** The ways to authenticate the revision refuses, and the ways it takes, described; none refused: undefined. */
const refusedBy = perSecurityPair((base, revision) => {
  const before = base.alternatives.length === 0 ? [{ schemes: new Map() }] : base.alternatives;
  const refused = before.filter(held => !revision.alternatives.some(needed => satisfies(held, needed)) && !revision.alternatives.some(needed => satisfies(held, needed, false)));
  return refused.length === 0 ? undefined : { refused: refused.map(describe).join(', or '), now: revision.alternatives.map(describe).join(', or ') };
});

export default defineDiffRule({
  id: 'security-requirement-added',
  severity: 'error',
  ref: '9.3, 5.1',
  zalando: [106],
  description: 'An operation needs credentials that were not needed before: clients authenticated as the base allowed are refused.',
  rationale:
    'All endpoints are secured (guideline 5.1), and a client authenticates the way the specification allows. Securing an unsecured operation, or replacing the accepted schemes (an API key becomes OAuth 2.0), refuses clients that authenticate as before (9.3). ' +
    'Requirements are compared by meaning: any one of the listed alternatives suffices, schemes are known by what they are (renaming a scheme is no change), and the document\'s `security` applies where an operation has none. ' +
    'A new scope on an accepted scheme is reported by `security-scope-added`; a requirement relaxed is `info`.',
  examples: {
    base: 'security:\n  - api_key: []\n',
    revision: "security:\n  - oauth2: ['orders.read']\n",
  },
  visit: {
    security({ base, revision }, context) {
      // Not secured in the revision: nothing is needed.
      if (revision.alternatives.length === 0) return;
      const change = refusedBy(base, revision);
      if (!change) return;
      const op = context.operation.revision?.name;
      const message = base.alternatives.length === 0
        ? `${op} now requires authentication (${change.now}): clients that call it without credentials are refused.`
        : `${op} no longer accepts ${change.refused}: it requires ${change.now}, so clients that authenticate as before are refused.`;
      return { side: 'revision', loc: revision.loc, message };
    },
  },
});
