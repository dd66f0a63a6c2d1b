import { defineDiffRule } from '../diff-rule.js';
import { capitalize, constraintChanges } from '../lib/compat.js';

export default defineDiffRule({
  id: 'request-constraint-tightened',
  severity: 'error',
  ref: '9.3',
  zalando: [106, 107],
  description: 'A constraint on what clients send gets stricter (`maxLength`, `minLength`, `maximum`, `minimum`, `exclusive*`, `maxItems`, `minItems`, `pattern`, `multipleOf`, `uniqueItems`, `additionalProperties: false`).',
  rationale:
    'Validation of inputs is never made more restrictive (guideline 9.3; Zalando #107): a request that was valid stays valid. A lower maximum, a higher minimum, a new `pattern`, or a changed one that refuses a value the old one took (for an old pattern made of character sets with quantifiers, such as `^[0-9a-f]{40}$`, values it admits within its length bounds are tried against the new one; any other change counts as a narrowing, as two patterns cannot be compared in general), a `multipleOf` that is not a divisor of the old one, `uniqueItems` switched on or `additionalProperties: false` added refuses requests that existing clients send. ' +
    'Loosened request constraints are compatible and are reported as `info`.',
  examples: {
    base: 'note:\n  type: string\n  maxLength: 500\n',
    revision: 'note:\n  type: string\n  maxLength: 200\n',
  },
  visit: {
    schema({ base, revision }, context) {
      if (context.direction !== 'request') return;
      return constraintChanges(base, revision)
        .filter(c => c.tighter)
        .map(c => ({ side: 'revision' as const, loc: c.loc, message: `${capitalize(context.label)} has a stricter ${c.name} in requests (${c.text}): clients that send values valid before are rejected.` }));
    },
  },
});
