import { defineDiffRule } from '../diff-rule.js';
import { capitalize, removal } from '../lib/compat.js';

export default defineDiffRule({
  id: 'webhook-removed',
  severity: 'error',
  ref: '9.3, 9.5',
  zalando: [106, 185],
  description: 'A webhook or callback the API sends is removed: clients waiting for it break.',
  rationale:
    'Webhooks (OpenAPI 3.1 `webhooks`) and callbacks are requests the API sends to its clients. A client built to receive one waits in vain once it is gone, which breaks it as surely as a removed operation (guideline 9.3). ' +
    'Remove it after deprecation: `deprecated: true` with an `x-sunset` date, and the removal once the sunset has passed (9.5), which is then reported as `info`.',
  examples: {
    base: "webhooks:\n  order-shipped:\n    post: ...\n",
    revision: 'webhooks: {}\n',
  },
  visit: {
    path({ base, revision }, context) {
      if (!base || revision || !base.webhook) return;
      const verdicts = [...base.operations.values()].map(op => removal(op, context));
      const { severity, advice } = verdicts.find(v => v.severity === undefined) ?? verdicts[0] ?? removal({ deprecated: false }, context);
      return { side: 'base', loc: base.loc, message: `${capitalize(base.name)} was removed: clients that wait for it are never called. ${advice}`, ...(severity ? { severity } : {}) };
    },
    operation({ base, revision }, context) {
      // A method of a webhook, or a callback of an operation, removed while its holder stays.
      if (!base || revision || !base.reversed || context.pathRemoved) return;
      const { severity, advice } = removal(base, context);
      return { side: 'base', loc: base.loc, message: `${base.name} was removed: clients that wait for this request are never called. ${advice}`, ...(severity ? { severity } : {}) };
    },
  },
});
