import { defineDiffRule } from '../diff-rule.js';
import { onNewDeprecation, sunsetDay } from '../lib/compat.js';

export default defineDiffRule({
  id: 'api-deprecated',
  severity: 'info',
  ref: '9.5',
  zalando: [187],
  description: 'Something is deprecated in this change, with an `x-sunset` date: a changelog entry.',
  rationale:
    'Deprecation is reflected in the specification (guideline 9.5): clients must approve the shutdown, and a deprecated API is not newly adopted. Reviewers see each deprecation and its sunset date, so that the consent the guideline asks for can be gathered.',
  examples: {
    base: 'get:\n  operationId: listOrders\n',
    revision: "get:\n  operationId: listOrders\n  deprecated: true\n  x-sunset: '2027-06-30'\n",
  },
  visit: onNewDeprecation((node, what) =>
    node.sunset ? { side: 'revision', loc: node.sunset.loc, message: `${what} is deprecated, with sunset ${sunsetDay(node) ?? String(node.sunset.value)}.` } : undefined,
  ),
});
