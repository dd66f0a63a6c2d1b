import { defineDiffRule } from '../diff-rule.js';
import { capitalize } from '../lib/compat.js';

export default defineDiffRule({
  id: 'response-property-became-optional',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A required property that clients receive becomes optional: clients that expect it break.',
  rationale:
    'A property listed in `required` of a response schema is a promise that every response carries it; clients rely on it without checking. Dropping it from `required` lets responses omit it, which breaks those clients (guideline 9.3). ' +
    'Making a response property required is compatible and is reported as `info`.',
  examples: {
    base: 'Order:\n  type: object\n  required: [id, status]\n  properties: ...\n',
    revision: 'Order:\n  type: object\n  required: [id]\n  properties: ...\n',
  },
  visit: {
    property({ base, revision }, context) {
      if (context.direction !== 'response' || !base || !revision || !base.required || revision.required) return;
      return { side: 'revision', loc: revision.loc, message: `${capitalize(context.propertyLabel(revision.name))} is no longer required in responses: clients that expect it break. Keep it in "required".` };
    },
  },
});
