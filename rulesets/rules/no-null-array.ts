import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { nullability, schemaIndex } from '../lib/schemas.js';

export default defineRule({
  id: 'no-null-array',
  severity: 'warn',
  ref: '2',
  zalando: [124],
  description: 'Array schemas are not nullable.',
  rationale:
    'Null should not be used for empty arrays (guideline 2, null and absent): an empty list is `[]`, and a nullable array makes ' +
    'every client handle two representations of "nothing".',
  examples: {
    incorrect: 'tags:\n  type: array\n  nullable: true\n  items:\n    type: string',
    correct: 'tags:\n  type: array\n  items:\n    type: string',
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root) {
    return schemaIndex(root).schemas.flatMap(node => {
      const nullable = nullability(node);
      if (!nullable?.types.includes('array')) return [];
      return [{ message: 'Array schema is nullable: use an empty array instead of null.', path: nullable.at }];
    });
  },
});
