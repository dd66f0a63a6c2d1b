import { defineDiffRule } from '../diff-rule.js';

export default defineDiffRule({
  id: 'parameter-moved',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A parameter moves to another place (`in`: query, header, path, cookie, form): clients send it where it is no longer read.',
  rationale:
    'Clients send a parameter where the specification says: in the query, a header, the path, a cookie or the form. Moving it (say the `tenant` query parameter becomes a `Tenant` header) means existing clients send it where the server no longer reads it (guideline 9.3). ' +
    'Accept both places for a while instead: add the new one as optional and deprecate the old one with an `x-sunset` date.',
  examples: {
    base: 'parameters:\n  - {name: tenant, in: query, schema: {type: string}}\n',
    revision: 'parameters:\n  - {name: tenant, in: header, schema: {type: string}}\n',
  },
  visit: {
    parameter({ base, revision }, context) {
      if (!base || !revision || base.in === revision.in) return;
      return { side: 'revision', loc: revision.loc, message: `Parameter "${revision.name}" of ${context.operation.revision?.name} moved from ${base.in} to ${revision.in}: clients send it where it is no longer read.` };
    },
  },
});
