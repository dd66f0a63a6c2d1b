import pluralize from 'pluralize';
import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { atKey, isObject } from '../lib/oas.js';
import { schemaIndex, schemaTypes, unwrappedSchema } from '../lib/schemas.js';
import { nameWords, quote } from '../lib/fields.js';
import { stringList } from '../lib/options.js';
import { isPluralWord } from '../lib/naming.js';

const PREPOSITIONS = new Set(['to', 'for', 'of', 'by', 'in', 'on', 'with', 'per', 'from']);
// Past participles (`added`, `shared`, `blocked`), not nouns like `feed` or `bed`.
const PARTICIPLE = /^.{2,}[^e]ed$/;

/**
 * Index of the word that names what the array holds: the last one, or the one before a
 * prepositional phrase (`types_to_compress`, `events_by_day`). Undefined where the name has no
 * noun to judge: it ends in a preposition (`sort_by`, `pinned_to`) or its head is a participle
 * (`added`, `pending_shared`).
 */
function headNoun(words: string[]): number | undefined {
  if (words.length === 0 || PREPOSITIONS.has(words[words.length - 1]!)) return undefined;
  const end = words.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  const head = end > 0 ? end - 1 : words.length - 1;
  return PARTICIPLE.test(words[head]!) ? undefined : head;
}

interface Options {
  collectiveNouns: string[];
}

export default defineRule<Options>({
  id: 'array-names-plural',
  severity: 'warn',
  ref: '2',
  zalando: [120],
  description: 'Array properties have plural names.',
  rationale:
    'Array names are plural (guideline 2, "Array names"): `items`, `parcels`, `tracking_events` tell a reader that the field holds many values. ' +
    'The head noun of the name decides: its last word (`tracking_events`), or the word before a preposition (`types_to_compress`); ' +
    'names without a noun to judge (`sort_by`, `added`) are left alone. Uncountable nouns (`data`, `content`, `metadata`, `equipment`) and collective nouns ' +
    '(`history`, `list`, configurable) already denote many.',
  examples: {
    incorrect: 'properties:\n  parcel:\n    type: array\n    items:\n      $ref: "#/components/schemas/Parcel"',
    correct: 'properties:\n  parcels:\n    type: array\n    items:\n      $ref: "#/components/schemas/Parcel"',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        collectiveNouns: stringList('Singular words that name a collection and are accepted as the head noun of an array name.'),
      },
      additionalProperties: false,
    },
    defaults: { collectiveNouns: ['history', 'list', 'collection', 'set', 'batch', 'queue', 'info'] },
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root, { collectiveNouns }) {
    const collective = new Set(collectiveNouns.map(w => w.toLowerCase()));
    return schemaIndex(root).properties.flatMap(prop => {
      const schema = unwrappedSchema(prop.schema);
      if (!isObject(schema) || !schemaTypes(schema).includes('array')) return [];
      const words = nameWords(prop.name);
      const head = headNoun(words);
      const noun = head === undefined ? undefined : words[head];
      if (noun === undefined || isPluralWord(noun) || collective.has(noun)) return [];
      const plural = words.map((w, i) => (i === head ? pluralize.plural(w) : w)).join('_');
      return [{ message: `Array property ${quote(prop.name)} has a singular name: use a plural, such as ${quote(plural)}.`, path: atKey(prop.jsonPath) }];
    });
  },
});
