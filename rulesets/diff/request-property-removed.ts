import { defineDiffRule } from '../diff-rule.js';
import { capitalize, removal } from '../lib/compat.js';

export default defineDiffRule({
  id: 'request-property-removed',
  severity: 'warn',
  ref: '9.3, 9.5',
  zalando: [107],
  description: 'A property that clients send (or the whole request body) is removed: what it did is lost, or servers that reject unknown fields refuse it.',
  rationale:
    'A client that sends a documented property relies on its effect. Once the property is removed, the server either ignores it (and the effect is silently lost) or, as Zalando #111 recommends, refuses undefined fields, and the request fails (guideline 9.3). ' +
    'It is a warning rather than an error because servers that ignore unknown fields keep old clients working where the property had no effect worth keeping. A request body removed as a whole is reported the same way, and as `info` on GET, HEAD and DELETE, whose bodies servers do not read. Deprecate it first (`deprecated: true` with an `x-sunset` date): after the sunset the removal is `info` (9.5). A property that becomes `readOnly` is removed from requests.',
  examples: {
    base: 'OrderInput:\n  properties:\n    item_id: {type: string}\n    gift_wrap: {type: boolean}\n',
    revision: 'OrderInput:\n  properties:\n    item_id: {type: string}\n',
  },
  visit: {
    requestBody({ base, revision }, context) {
      const op = context.operation.revision;
      if (!base || revision || !op || op.reversed) return;
      const bodiless = ['get', 'head', 'delete'].includes(op.method);
      return bodiless
        ? { side: 'base', loc: base.loc, severity: 'info', message: `The request body of ${op.name} is no longer documented (a ${op.method.toUpperCase()} request's body is not read).` }
        : { side: 'base', loc: base.loc, message: `The request body of ${op.name} was removed: clients that send one lose what it did, or are rejected. ${removal({ deprecated: false }, context).advice}` };
    },
    property({ base, revision }, context) {
      if (context.direction !== 'request' || !base || revision) return;
      const { severity, advice } = removal(base, context);
      return { side: 'base', loc: base.loc, message: `${capitalize(context.propertyLabel(base.name))} was removed from requests: clients that send it lose its effect, or are rejected where unknown fields are refused. ${advice}`, ...(severity ? { severity } : {}) };
    },
  },
});
