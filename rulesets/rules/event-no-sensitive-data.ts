import { defineRule } from '../rule.js';
import { distinctEventSchemas, eventSubSchemas, eventTypeNodes, schemaFinding } from '../lib/events.js';
import { nameWords } from '../lib/fields.js';
import { isObject } from '../lib/oas.js';
import { eventTypes, oas2, oas3 } from '../formats.js';
import { stringList } from '../lib/options.js';

interface Options {
  names: string[];
}

/** Whether the name's words contain the term's words in a row: `user_password`, `creditCardNumber`. */
function contains(words: readonly string[], term: readonly string[]): boolean {
  for (let i = 0; i + term.length <= words.length; i++) if (term.every((t, j) => words[i + j] === t)) return true;
  return false;
}

export default defineRule<Options>({
  id: 'event-no-sensitive-data',
  severity: 'warn',
  ref: '6.8',
  zalando: [200],
  description: 'Event schemas have no properties that carry secrets or sensitive personal data.',
  rationale:
    'Sensitive data should not be written to events (guideline 6, item 8; Zalando rule 200). Events are broadcast to every consumer of the event type and kept in logs and long-term storage, where they cannot be revoked or deleted: credentials, payment data and national identifiers do not belong there. A property is reported when its name contains one of the listed terms as whole words (`user_password`, `creditCardNumber`); personal data that the event truly needs (a delivery address) is fine and not on the default list.',
  examples: {
    incorrect: 'CustomerChangedEvent:\n  properties:\n    password: {type: string}\n    iban: {type: string}',
    correct: 'CustomerChangedEvent:\n  properties:\n    customer_id: {type: string}',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        names: stringList('Terms (snake_case) that mark a property as sensitive when its name contains them as whole words.'),
      },
      additionalProperties: false,
    },
    defaults: {
      names: [
        'password', 'passwd', 'secret', 'token', 'api_key', 'private_key', 'pin_code', 'ssn', 'social_security_number',
        'credit_card', 'card_number', 'cvv', 'cvc', 'iban', 'bank_account', 'account_number', 'tax_id',
      ],
    },
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root, { names }) {
    const terms = names.map(nameWords);
    return eventSubSchemas(distinctEventSchemas(eventTypeNodes(root))).flatMap(({ schema, node }) => {
      const s = node.schema;
      if (!isObject(s.properties)) return [];
      return Object.keys(s.properties).flatMap(name => {
        const words = nameWords(name);
        if (!terms.some(term => term.length > 0 && contains(words, term))) return [];
        return [schemaFinding(schema, [...node.at, 'properties', name], `Event property "${name}" looks like sensitive data: do not publish secrets, payment data or national identifiers in events.`, true)];
      });
    });
  },
});
