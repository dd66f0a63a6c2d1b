import { defineDiffRule } from '../diff-rule.js';
import { removal } from '../lib/compat.js';

const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

export default defineDiffRule({
  id: 'parameter-removed',
  severity: 'error',
  ref: '9.3, 9.5',
  zalando: [106, 185],
  description: 'A parameter or form field is removed: clients that send it lose what it did, or are rejected.',
  rationale:
    'A client that sends a documented parameter relies on what it does: a filter, a sort order, a tenant. Once it is removed the server ignores it (and answers something else) or refuses it (guideline 9.3). ' +
    'Deprecate it first (`deprecated: true` with an `x-sunset` date); once the sunset has passed (`--date`, today by default) the removal is reported as `info` (9.5). ' +
    'A renamed path variable is no change: path parameters are matched by their place in the template.',
  examples: {
    base: 'parameters:\n  - {name: status, in: query, schema: {type: string}}\n',
    revision: 'parameters: []\n',
  },
  visit: {
    parameter({ base, revision }, context) {
      if (!base || revision || context.operation.revision?.reversed) return;
      if (base.in === 'header' && IGNORED_HEADERS.has(base.name.toLowerCase())) return;
      const { severity, advice } = removal(base, context);
      const what = base.formField ? 'Form field' : 'Parameter';
      return { side: 'base', loc: base.loc, message: `${what} "${base.name}" (${base.in}) of ${context.operation.revision?.name} was removed: clients that send it lose its effect or are rejected. ${advice}`, ...(severity ? { severity } : {}) };
    },
  },
});
