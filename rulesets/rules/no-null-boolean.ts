import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { nullability, schemaIndex } from '../lib/schemas.js';

export default defineRule({
  id: 'no-null-boolean',
  severity: 'error',
  ref: '2',
  zalando: [122],
  description: 'Boolean schemas are not nullable.',
  rationale:
    'Null is never used for booleans (guideline 2, null and absent): a nullable boolean is a hidden third state that clients ' +
    'handle inconsistently. Where a third state is meant, use an enumeration with named values; where the value is unknown, leave the property out.',
  examples: {
    incorrect: 'gift_wrapped:\n  type: boolean\n  nullable: true',
    correct: 'gift_wrapped:\n  type: boolean\n# or, for three states:\ngift_wrapping:\n  type: string\n  x-extensible-enum: [NONE, PAPER, BOX]',
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root) {
    return schemaIndex(root).schemas.flatMap(node => {
      const nullable = nullability(node);
      if (!nullable?.types.includes('boolean')) return [];
      return [{ message: 'Boolean schema is nullable: drop null and leave the property out instead, or use an enumeration for a third state.', path: nullable.at }];
    });
  },
});
