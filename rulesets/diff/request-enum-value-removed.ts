import { defineDiffRule } from '../diff-rule.js';
import { capitalize, missingFrom, showList } from '../lib/compat.js';

export default defineDiffRule({
  id: 'request-enum-value-removed',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A value that clients may send is removed from an enum (or an enum is added): clients that send it are rejected.',
  rationale:
    'Enum ranges of inputs may be reduced only if the server still accepts the old values (guideline 9.3; Zalando #107): the specification is the contract, so a value it no longer lists is refused. ' +
    'This holds for `enum` and for `x-extensible-enum` alike: an extensible enum may grow, but a value clients send today must stay. Limiting a request value that had no enum to a list is a removal too. ' +
    'Adding values to a request enum is compatible and is reported as `info`.',
  examples: {
    base: 'sort:\n  type: string\n  enum: [NEWEST, OLDEST, PRICE]\n',
    revision: 'sort:\n  type: string\n  enum: [NEWEST, OLDEST]\n',
  },
  visit: {
    schema({ base, revision }, context) {
      if (context.direction !== 'request') return;
      const label = capitalize(context.label);
      const was = base.enum ?? base.extensibleEnum;
      const now = revision.enum ?? revision.extensibleEnum;
      if (!now) return;
      if (!was) {
        if (!revision.enum) return;
        return { side: 'revision', loc: now.loc, message: `${label} is now limited to ${showList(now.value)} in requests: clients that send other values are rejected.` };
      }
      const removed = missingFrom(was.value, now.value);
      if (removed.length === 0) return;
      return { side: 'revision', loc: now.loc, message: `${label} no longer accepts ${showList(removed)} in requests: clients that send ${removed.length === 1 ? 'it' : 'them'} are rejected. Keep accepting the old values.` };
    },
  },
});
