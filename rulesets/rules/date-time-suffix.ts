import { defineRule } from '../rule.js';
import { atKey, isObject } from '../lib/oas.js';
import { schemaIndex } from '../lib/schemas.js';
import { nameWords, quote, suitsDateTimeFormat } from '../lib/fields.js';

const EXPECTED = {
  'date-time': 'end with "_at"',
  date: 'end with "_at", "_date" or "_day"',
  time: 'end with "_at" or "_time"',
} as const;

const isNamedFormat = (format: unknown): format is keyof typeof EXPECTED => typeof format === 'string' && Object.hasOwn(EXPECTED, format);

// Moments named by a bare noun or verb read best in the third person (`starts_at`, `expires_at`).
const MOMENTS: Record<string, string> = { start: 'starts', end: 'ends', begin: 'begins', expiry: 'expires', expiration: 'expires', expire: 'expires' };
// A last word that already says "date or time" is replaced, not kept before the suffix.
const TIME_WORDS = new Set(['date', 'time', 'timestamp', 'datetime', 'ts']);

/** The name with the suffix its format asks for: `created` → `created_at`, `start` → `starts_at`, `delivery_date` → `delivery_at`. */
function suggestion(name: string, format: keyof typeof EXPECTED): string {
  const words = nameWords(name).map(w => w.toLowerCase());
  if (words.length > 1 && TIME_WORDS.has(words.at(-1)!)) words.pop();
  const last = words.at(-1);
  if (format === 'date-time' && last !== undefined && Object.hasOwn(MOMENTS, last)) words[words.length - 1] = MOMENTS[last]!;
  return `${words.join('_')}_${format === 'date-time' ? 'at' : format}`;
}

export default defineRule({
  id: 'date-time-suffix',
  severity: 'warn',
  ref: '2',
  zalando: [235],
  description: 'Properties with format `date-time` end with `_at`; `date` and `time` properties may also end with `_date`/`_day` and `_time`.',
  rationale:
    'The name of a date and time property carries the suffix `_at` (guideline 2, "Date and time properties"): `created_at` cannot be mistaken for ' +
    'a boolean the way `created` can. Properties holding only a date may also be named `*_date`, `date` or `*_day` (`birthday`), ' +
    'and those holding only a time of day `*_time` or `time`.',
  examples: {
    incorrect: 'properties:\n  created:\n    type: string\n    format: date-time',
    correct: 'properties:\n  created_at:\n    type: string\n    format: date-time',
  },
  given: '$',
  check(root) {
    return schemaIndex(root).properties.flatMap(prop => {
      const format = isObject(prop.schema) ? prop.schema.format : undefined;
      if (!isNamedFormat(format) || suitsDateTimeFormat(prop.name, format)) return [];
      return [{ message: `Property ${quote(prop.name)} has format "${format}": its name should ${EXPECTED[format]}, such as ${quote(suggestion(prop.name, format))}.`, path: atKey(prop.jsonPath) }];
    });
  },
});
