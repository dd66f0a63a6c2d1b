import { defineDiffRule } from '../diff-rule.js';
import type { SchemaView } from '../diff-rule.js';
import { capitalize, show } from '../lib/compat.js';

/** A default as the schema reads it: `default: true` on a string schema is the string "true" (a typing slip, not a new default). */
const asRead = (view: SchemaView, value: unknown): string =>
  view.types?.has('string') && (typeof value === 'boolean' || typeof value === 'number') ? show(String(value), 1000) : show(value, 1000);

export default defineDiffRule({
  id: 'request-default-changed',
  severity: 'warn',
  ref: '9.3',
  zalando: [107],
  description: 'The default of a request value changes: clients that leave it out get different behaviour.',
  rationale:
    'Compatible changes never change the semantics of fields (guideline 9.3; Zalando #107). A `default` tells what the server does when a client leaves the value out; changing it (a page size of 20 becomes 50, a sort order flips) changes what every such request does, although each request stays valid. ' +
    'It is a warning: the change is silent on the wire, and only the team can tell whether clients depend on it.',
  examples: {
    base: 'parameters:\n  - {name: limit, in: query, schema: {type: integer, default: 20}}\n',
    revision: 'parameters:\n  - {name: limit, in: query, schema: {type: integer, default: 50}}\n',
  },
  visit: {
    schema({ base, revision }, context) {
      if (context.direction !== 'request' || !base.default || !revision.default) return;
      if (asRead(base, base.default.value) === asRead(revision, revision.default.value)) return;
      return { side: 'revision', loc: revision.default.loc, message: `${capitalize(context.label)} has a new default in requests (${show(base.default.value)} → ${show(revision.default.value)}): clients that leave it out get different behaviour.` };
    },
  },
});
