import { defineDiffRule } from '../diff-rule.js';
import { capitalize } from '../lib/compat.js';

export default defineDiffRule({
  id: 'request-property-added-required',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A new required property in what clients send: clients written against the base do not send it and are rejected.',
  rationale:
    'Compatible extensions add only optional fields, never mandatory ones (guideline 9.3). A new property listed in `required` of a request schema is missing from every request of an existing client, which is then refused. ' +
    'Add the property as optional (with a `default` that keeps the old behaviour, where it needs one); a new optional property is reported as `info`.',
  examples: {
    base: 'OrderInput:\n  type: object\n  properties: {item_id: ...}\n',
    revision: 'OrderInput:\n  type: object\n  required: [warehouse_id]\n  properties: {item_id: ..., warehouse_id: ...}\n',
  },
  visit: {
    property({ base, revision }, context) {
      if (context.direction !== 'request' || base || !revision?.required) return;
      return { side: 'revision', loc: revision.loc, message: `${capitalize(context.propertyLabel(revision.name))} is new and required in requests: existing clients do not send it and are rejected. Add it as optional.` };
    },
  },
});
