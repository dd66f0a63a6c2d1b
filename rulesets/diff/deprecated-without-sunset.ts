import { defineDiffRule } from '../diff-rule.js';
import { onNewDeprecation } from '../lib/compat.js';

export default defineDiffRule({
  id: 'deprecated-without-sunset',
  severity: 'warn',
  ref: '9.5',
  zalando: [187],
  description: 'Something is deprecated in this change without an `x-sunset` date.',
  rationale:
    'Deprecation is reflected in the specification (guideline 9.5), and removal waits for clients to move: the `x-sunset` date says when that is, and it is the date against which `apilint diff` allows the removal later. ' +
    'A deprecation without it leaves clients without a plan and the removal without a date. The lint rule `deprecation-documented` asks the same of every deprecated node; this rule reports the ones this change deprecates.',
  examples: {
    base: 'get:\n  operationId: listOrders\n',
    revision: 'get:\n  operationId: listOrders\n  deprecated: true\n',
  },
  visit: onNewDeprecation((node, what) =>
    node.sunset ? undefined : { side: 'revision', loc: node.loc, message: `${what} is deprecated without x-sunset: add the date after which it may be removed, so that clients can plan the move.` },
  ),
});
