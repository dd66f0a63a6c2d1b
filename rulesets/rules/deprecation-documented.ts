import { defineRule } from '../rule.js';
import { deprecatables, isDeprecated, SUNSET } from '../lib/deprecation.js';

/** Words that name a replacement: "use X instead", "replaced by", "superseded by", "migrate to". */
const REPLACEMENT =
  /\b(use|using|instead|replaced|replacement|replaces|successor|superseded|supersedes|migrate|migrating|migration|in favou?r of|switch to|moved to)\b/i;

const says = (text: unknown): boolean => typeof text === 'string' && REPLACEMENT.test(text);

export default defineRule({
  id: 'deprecation-documented',
  // Every finding is a recommendation at info (below): `deprecated: true` meets guideline 9.5.
  severity: 'error',
  ref: '9.5',
  zalando: [187],
  description: 'A deprecated operation, parameter or schema should say what replaces it and carry `x-sunset` (info).',
  rationale:
    'Deprecation is reflected in the API specification (guideline 9, item 5); `deprecated: true` on the element does that. Clients of a deprecated element also need to learn what to migrate to and until when it works, but the guideline asks for neither, so both are reported at `info`, a recommendation. Whatever carries `deprecated: true` (an operation, a parameter, or any schema or property) should name its replacement in its `description` (or `summary`/`title`), recognised by words such as "use", "instead", "replaced by", "successor", "superseded", "migrate", "in favor of", "switch to", and carry `x-sunset` with the date it is switched off (its format is checked by `deprecation-consistent`). One finding per element, at the element.',
  examples: {
    incorrect: 'delete:\n  deprecated: true\n  description: Deletes an order.\n',
    correct:
      "delete:\n  deprecated: true\n  x-sunset: '2027-06-30'\n  description: Deprecated, use POST /orders/{order_id}/cancellations instead.\n",
  },
  given: '$',
  check(root) {
    return deprecatables(root).flatMap(deprecatable => {
      const { node } = deprecatable;
      if (!isDeprecated(node)) return [];
      const problems: string[] = [];
      const fixes: string[] = [];
      if (![node.description, node.summary, node.title].some(says)) {
        problems.push('does not say what replaces it');
        fixes.push('name the replacement in its description ("use … instead")');
      }
      if (node[SUNSET] === undefined) {
        problems.push(`has no "${SUNSET}" date`);
        fixes.push(`add "${SUNSET}: YYYY-MM-DD"`);
      }
      // `deprecated: true` meets guideline 9.5; replacement and sunset are recommendations.
      return problems.length === 0 ? [] : [{ severity: 'info' as const, message: `Deprecated ${deprecatable.label} ${problems.join(' and ')}: ${fixes.join(' and ')}.`, path: deprecatable.jsonPath }];
    });
  },
});
