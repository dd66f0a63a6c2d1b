import { defineDiffRule } from '../diff-rule.js';
import { perSecurityPair, satisfies } from '../lib/compat.js';

/** For each way to authenticate of the base that the revision takes only with more scopes: those scopes, described. */
const scopesAdded = perSecurityPair((base, revision) => {
  const out: string[] = [];
  for (const held of base.alternatives) {
    if (revision.alternatives.some(needed => satisfies(held, needed))) continue;
    // The same schemes, with more scopes: a scope was added (other changes are security-requirement-added).
    const needed = revision.alternatives.find(n => satisfies(held, n, false));
    if (!needed) continue;
    out.push([...needed.schemes].flatMap(([key, { name, scopes }]) => [...scopes].filter(s => !held.schemes.get(key)!.scopes.has(s)).map(s => `"${s}" (${name})`)).join(', '));
  }
  return out;
});

export default defineDiffRule({
  id: 'security-scope-added',
  severity: 'error',
  ref: '9.3, 5.2',
  zalando: [106],
  description: 'An operation requires an OAuth scope it did not require before: clients with the old scopes are refused.',
  rationale:
    'Permissions (scopes) are assigned to endpoints (guideline 5.2), and clients request tokens with the scopes the specification names. Requiring a further scope refuses tokens that were enough before (9.3): clients must be reconfigured and their users asked to consent again. ' +
    'A scope no longer required is `info`.',
  examples: {
    base: "security:\n  - oauth2: ['orders.read']\n",
    revision: "security:\n  - oauth2: ['orders.read', 'orders.admin']\n",
  },
  visit: {
    security({ base, revision }, context) {
      if (revision.alternatives.length === 0 || base.alternatives.length === 0) return;
      return scopesAdded(base, revision).map(added => ({ side: 'revision' as const, loc: revision.loc, message: `${context.operation.revision?.name} now requires scope ${added}: clients whose tokens lack it are refused.` }));
    },
  },
});
