import { defineDiffRule } from '../diff-rule.js';
import { capitalize, constraintChanges } from '../lib/compat.js';

export default defineDiffRule({
  id: 'response-constraint-loosened',
  severity: 'warn',
  ref: '9.3',
  zalando: [108],
  description: 'A constraint on what clients receive gets looser (`maxLength` raised, `pattern` changed, `minimum` lowered, ...): clients that rely on it may break.',
  rationale:
    'Widening what a client may receive can break it (guideline 9.3): a client that stores a response string in a column sized by `maxLength`, or checks it against `pattern`, fails on values the revision now allows. ' +
    'It is a warning, not an error: many clients read such values without relying on the bounds, and the guideline asks clients to be tolerant readers (Zalando #108). Dropping `additionalProperties: false` from a response is a compatible extension (Zalando #111) and is `info`; tighter response constraints are `info` too.',
  examples: {
    base: 'name:\n  type: string\n  maxLength: 50\n',
    revision: 'name:\n  type: string\n  maxLength: 200\n',
  },
  visit: {
    schema({ base, revision }, context) {
      if (context.direction !== 'response') return;
      return constraintChanges(base, revision)
        .filter(c => !c.tighter && c.name !== 'additionalProperties')
        .map(c => ({ side: 'revision' as const, loc: c.loc, message: `${capitalize(context.label)} has a looser ${c.name} in responses (${c.text}): clients that rely on the old bound may break.` }));
    },
  },
});
