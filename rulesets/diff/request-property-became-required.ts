import { defineDiffRule } from '../diff-rule.js';
import { capitalize } from '../lib/compat.js';

export default defineDiffRule({
  id: 'request-property-became-required',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'An optional property that clients send becomes required: clients that leave it out are rejected.',
  rationale:
    'Compatible extensions add only optional fields, never mandatory ones (guideline 9.3). A request property that becomes `required` is refused when a client leaves it out, which breaks every client written against the base. ' +
    'A property that is no longer required in requests is compatible and is reported as `info`.',
  examples: {
    base: 'OrderInput:\n  type: object\n  required: [item_id]\n  properties: {item_id: ..., note: ...}\n',
    revision: 'OrderInput:\n  type: object\n  required: [item_id, note]\n  properties: {item_id: ..., note: ...}\n',
  },
  visit: {
    property({ base, revision }, context) {
      if (context.direction !== 'request' || !base || !revision || base.required || !revision.required) return;
      return { side: 'revision', loc: revision.requiredAt ?? revision.loc, message: `${capitalize(context.propertyLabel(revision.name))} is now required in requests: clients that leave it out are rejected. Keep it optional.` };
    },
  },
});
