import { defineDiffRule } from '../diff-rule.js';
import { removal } from '../lib/compat.js';

export default defineDiffRule({
  id: 'operation-removed',
  severity: 'error',
  ref: '9.3, 9.5',
  zalando: [106, 185],
  description: 'An operation is removed from a path that stays: every client that calls it breaks.',
  rationale:
    'Backward compatibility is never broken (guideline 9.3), and removal follows deprecation: the operation is marked `deprecated` with an `x-sunset` date, clients approve the shutdown, and it goes after the sunset (9.5). ' +
    'An operation removed before that answers 405 to clients that still call it. Once the base deprecated it with an `x-sunset` date that has passed (judged against `--date`, today by default), the removal is reported as `info`. ' +
    'A path removed as a whole is reported once, by `path-removed`.',
  examples: {
    base: "paths:\n  /orders/{order_id}:\n    get: ...\n    delete: ...\n",
    revision: "paths:\n  /orders/{order_id}:\n    get: ...\n",
  },
  visit: {
    operation({ base, revision }, context) {
      if (!base || revision || context.pathRemoved || base.reversed) return;
      const { severity, advice } = removal(base, context);
      return { side: 'base', loc: base.loc, message: `Operation "${base.name}" was removed: clients that call it get 405. ${advice}`, ...(severity ? { severity } : {}) };
    },
  },
});
