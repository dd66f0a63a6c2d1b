import { defineDiffRule, type Deprecation, type DiffResult, type Loc } from '../diff-rule.js';
import { capitalize, sunsetDay } from '../lib/compat.js';

function check(base: Deprecation | undefined, revision: (Deprecation & { loc: Loc }) | undefined, what: string): DiffResult | undefined {
  if (!revision?.deprecated || !revision.sunset || (base && base.deprecated)) return undefined;
  return { side: 'revision', loc: revision.sunset.loc, message: `${what} is deprecated, with sunset ${sunsetDay(revision) ?? String(revision.sunset.value)}.` };
}

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
  visit: {
    operation: ({ base, revision }) => check(base, revision, `Operation "${revision?.name}"`),
    parameter: ({ base, revision }) => check(base, revision, `Parameter "${revision?.name}"`),
    header: ({ base, revision }) => check(base, revision, `Response header "${revision?.name}"`),
    schema: ({ base, revision }, context) => check(base, revision, capitalize(context.label)),
  },
});
