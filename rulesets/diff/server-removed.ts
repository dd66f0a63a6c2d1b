import { defineDiffRule } from '../diff-rule.js';

export default defineDiffRule({
  id: 'server-removed',
  severity: 'warn',
  ref: '9.3',
  zalando: [106],
  description: 'A server (scheme and host) is no longer listed: clients configured with it may no longer reach the API.',
  rationale:
    'Clients are configured with a server URL from the specification (3.x `servers`, 2.0 `schemes` and `host`). A host that is no longer listed may no longer answer (guideline 9.3). ' +
    'It is a warning: many clients take the URL from their own configuration, and a listed server may keep answering. A changed base path changes every path, which the path rules report.',
  examples: {
    base: 'servers:\n  - url: https://api.example.com\n',
    revision: 'servers:\n  - url: https://orders.example.com\n',
  },
  visit: {
    document({ base, revision }) {
      const now = new Set(revision.servers.map(s => s.origin));
      return base.servers
        .filter((s, i) => s.origin !== '' && !now.has(s.origin) && base.servers.findIndex(o => o.origin === s.origin) === i)
        .map(s => ({ side: 'base' as const, loc: s.loc, message: `Server ${s.origin} is no longer listed: clients configured with it may no longer reach the API.` }));
    },
  },
});
