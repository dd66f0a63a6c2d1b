import { defineDiffRule } from '../diff-rule.js';
import { capitalize, missingFrom, showList } from '../lib/compat.js';

export default defineDiffRule({
  id: 'response-enum-value-added',
  severity: 'error',
  ref: '9.3, 2',
  zalando: [106, 112],
  description: 'A closed `enum` that clients receive gets a new value (or loses its list): clients that handle the known values break.',
  rationale:
    'An `enum` in a response is a promise that no other value is ever returned; clients switch over the list. A new value breaks them (guideline 9.3). ' +
    'Open-ended lists are declared with `x-extensible-enum` (guideline 2, or in 3.1 `examples` with a description starting "[Extensible enum]"): clients must accept values they do not know, so growing an extensible enum in a response is compatible and is reported as `info`. ' +
    'Turning a closed `enum` into an extensible one while adding values is reported here: the values are new to clients built on the closed list. Removing values from a response enum is compatible (`info`).',
  examples: {
    base: 'status:\n  type: string\n  enum: [CREATED, SHIPPED]\n',
    revision: 'status:\n  type: string\n  enum: [CREATED, SHIPPED, RETURNED]\n',
  },
  visit: {
    schema({ base, revision }, context) {
      if (context.direction !== 'response' || !base.enum) return;
      const label = capitalize(context.label);
      const now = revision.enum ?? revision.extensibleEnum;
      if (!now) {
        return { side: 'revision', loc: revision.loc, message: `${label} is no longer limited to its enum values (${showList(base.enum.value)}) in responses: clients that handle only those values break.` };
      }
      const added = missingFrom(now.value, base.enum.value);
      if (added.length === 0) return;
      return { side: 'revision', loc: now.loc, message: `${label} can now be ${showList(added)} in responses, which its closed enum did not list: clients that handle only the known values break. Declare open lists with x-extensible-enum.` };
    },
  },
});
