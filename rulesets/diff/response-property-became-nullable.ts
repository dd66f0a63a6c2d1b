import { defineDiffRule } from '../diff-rule.js';
import { capitalize, nullChange } from '../lib/compat.js';

export default defineDiffRule({
  id: 'response-property-became-nullable',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A value that clients receive can now be null: clients that use it without a null check break.',
  rationale:
    'Null and absent have the same semantics (guideline 2), but a client that reads a value documented as never null uses it as it is. Letting it be null (3.0 `nullable: true`, 3.1 `type: [..., "null"]`, a `null` member in `oneOf`, 2.0 `x-nullable`) breaks those clients (9.3). ' +
    'Making a response value non-nullable is compatible and is reported as `info`.',
  examples: {
    base: 'shipped_at:\n  type: string\n  format: date-time\n',
    revision: 'shipped_at:\n  type: string\n  format: date-time\n  nullable: true\n',
  },
  visit: {
    schema({ base, revision }, context) {
      if (context.direction !== 'response' || nullChange(base, revision, context) !== 'gained') return;
      return { side: 'revision', loc: revision.loc, message: `${capitalize(context.label)} can now be null in responses: clients that use it without a null check break.` };
    },
  },
});
