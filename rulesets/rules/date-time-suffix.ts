import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
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
// Words that only say "a date or time": dropped before the suffix, last (`delivery_date`, `due_on`)
// or first (`time_added`, `date_created`).
const TIME_WORDS = new Set(['date', 'time', 'timestamp', 'datetime', 'ts']);
const DATE_ON = 'on';

/**
 * The name with the suffix its format asks for: `created` → `created_at`, `start` → `starts_at`,
 * `delivery_date` → `delivery_at`, `due_on` → `due_at`, `time_added` → `added_at`; undefined for a
 * name that is only a time word (`timestamp`), which says nothing of the moment it records.
 */
function suggestion(name: string, format: keyof typeof EXPECTED): string | undefined {
  const words = nameWords(name).map(w => w.toLowerCase());
  if (words.length > 1 && (TIME_WORDS.has(words.at(-1)!) || words.at(-1) === DATE_ON)) words.pop();
  if (words.length > 1 && TIME_WORDS.has(words[0]!)) words.shift();
  if (words.length === 1 && TIME_WORDS.has(words[0]!)) return undefined;
  const last = words.at(-1);
  if (format === 'date-time' && last !== undefined && Object.hasOwn(MOMENTS, last)) words[words.length - 1] = MOMENTS[last]!;
  return `${words.join('_')}_${suffix(format)}`;
}

const suffix = (format: keyof typeof EXPECTED): string => (format === 'date-time' ? 'at' : format);

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
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root) {
    return schemaIndex(root).properties.flatMap(prop => {
      const format = isObject(prop.schema) ? prop.schema.format : undefined;
      if (!isNamedFormat(format) || suitsDateTimeFormat(prop.name, format)) return [];
      const suggested = suggestion(prop.name, format);
      const example = suggested !== undefined ? `such as ${quote(suggested)}` : `named by the moment it records, such as ${['created', 'sent'].map(w => quote(`${w}_${suffix(format)}`)).join(' or ')}`;
      return [{ message: `Property ${quote(prop.name)} has format "${format}": its name should ${EXPECTED[format]}, ${example}.`, path: atKey(prop.jsonPath) }];
    });
  },
});
