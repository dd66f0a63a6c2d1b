import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { atKey } from '../lib/oas.js';
import { schemaIndex } from '../lib/schemas.js';
import { quote, toSnakeCase } from '../lib/fields.js';

const SNAKE_CASE = /^[a-z_][a-z_0-9]*$/;

export default defineRule({
  id: 'properties-snake-case',
  severity: 'error',
  ref: '2',
  zalando: [118],
  description: 'Property names are snake_case.',
  rationale:
    'Property names are snake_case, never camelCase (guideline 2, "Property names"). One casing across all payloads lets clients map fields without per-API rules; names match `^[a-z_][a-z_0-9]*$`.',
  examples: {
    incorrect: 'Order:\n  type: object\n  properties:\n    orderNumber:\n      type: string',
    correct: 'Order:\n  type: object\n  properties:\n    order_number:\n      type: string',
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root) {
    return schemaIndex(root)
      .properties.filter(prop => !SNAKE_CASE.test(prop.name))
      .map(prop => {
        const snake = toSnakeCase(prop.name);
        const fix = SNAKE_CASE.test(snake) ? `rename it to ${quote(snake)}` : 'rename it in snake_case, starting with a letter or "_"';
        return { message: `Property ${quote(prop.name)} is not snake_case: ${fix}.`, path: atKey(prop.jsonPath) };
      });
  },
});
