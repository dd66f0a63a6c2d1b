import { defineDiffRule } from '../diff-rule.js';
import { capitalize, removal } from '../lib/compat.js';

export default defineDiffRule({
  id: 'response-property-removed',
  severity: 'error',
  ref: '9.3, 9.5',
  zalando: [106],
  description: 'A property that clients receive is removed: clients that read it break.',
  rationale:
    'Clients read the properties a response (or a webhook payload) documents; removing one breaks every client that uses it (guideline 9.3). ' +
    'Properties are compared by meaning: through `$ref`s, `allOf` (moving a property into a shared base schema is no change), `items`, `additionalProperties` and `oneOf`/`anyOf` members. A property that becomes `writeOnly` is removed from responses. ' +
    'Deprecate the property first (`deprecated: true` with an `x-sunset` date): once the sunset has passed (`--date`, today by default), the removal is reported as `info` (9.5).',
  examples: {
    base: 'Order:\n  type: object\n  properties:\n    id: {type: string}\n    status: {type: string}\n',
    revision: 'Order:\n  type: object\n  properties:\n    id: {type: string}\n',
  },
  visit: {
    property({ base, revision }, context) {
      if (context.direction !== 'response' || !base || revision) return;
      const { severity, advice } = removal(base, context);
      return { side: 'base', loc: base.loc, message: `${capitalize(context.propertyLabel(base.name))} was removed from responses: clients that read it break. ${advice}`, ...(severity ? { severity } : {}) };
    },
  },
});
