// What a field's name says about its content (dates and times, country/language/currency codes),
// shared by the field rules so that "is this a date?" has one answer everywhere.
import { snakeCase } from 'change-case';
import { rememberByString } from './remember.js';
import { isObject, type Obj } from './oas.js';
import { schemaTypes } from './schemas.js';

/** Names repeat across a document's schemas: their words are computed once (change-case is slow). */
const snakeWords = rememberByString((name: string): readonly string[] => snakeCase(name).split('_').filter(Boolean));

/** The lower-case words of a name in any casing: `createdAt`, `created-at` → [created, at]. */
export const nameWords = (name: string): string[] => [...snakeWords(name)];

/** `name` in snake_case, keeping leading underscores (`_links` stays private-looking). */
export const toSnakeCase = (name: string): string => /^_*/.exec(name)![0] + snakeCase(name);

/** Quotes a value for a message, shortened: messages never repeat long values. */
export const quote = (value: string, max = 40): string => JSON.stringify(value.length > max ? `${value.slice(0, max - 1)}…` : value);

export const DATE_TIME_FORMATS = ['date-time', 'date', 'time', 'duration'] as const;

/**
 * Names that say "this holds a point in time": `*_at` (the guideline's suffix), `date`/`*_date`,
 * `time`/`*_time`, and `timestamp`/`*_timestamp` or `*_datetime` (both reported as 'timestamp').
 */
export type DateTimeName = 'at' | 'date' | 'time' | 'timestamp';

export function dateTimeName(name: string): DateTimeName | undefined {
  const words = nameWords(name);
  const last = words[words.length - 1];
  if (last === 'at' && words.length > 1) return 'at';
  if (last === 'date' || last === 'time' || last === 'timestamp') return last;
  return last === 'datetime' ? 'timestamp' : undefined;
}

/**
 * Whether a property name suits its date/time `format`: `date-time` ends in `_at`; a `date` may
 * also be `*_date`, `date` or a day (`*_day`, `birthday`); a `time` may also be `*_time` or `time`.
 */
export function suitsDateTimeFormat(name: string, format: 'date-time' | 'date' | 'time'): boolean {
  const kind = dateTimeName(name);
  if (kind === 'at') return true;
  const last = nameWords(name).pop() ?? '';
  if (format === 'date') return kind === 'date' || last.endsWith('day');
  if (format === 'time') return kind === 'time';
  return false;
}

export type CodeKind = 'country' | 'language' | 'locale' | 'currency';

interface CodeStandard {
  /** The standard and the `format` to declare, for messages. */
  standard: string;
  format: string;
  /** `format` values that name the standard. */
  formats: RegExp;
  /** The shape of one code in its standard spelling (enum values that are codes). */
  code: RegExp;
}

// BCP 47 tags include the bare ISO 639-1 codes (`en`, `en-US`): one shape for languages and locales.
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export const CODE_STANDARDS: Record<CodeKind, CodeStandard> = {
  country: { standard: 'ISO 3166-1 alpha-2', format: 'iso-3166-alpha-2', formats: /^iso-?3166/i, code: /^[A-Z]{2}$/ },
  language: { standard: 'ISO 639-1', format: 'iso-639-1', formats: /^(iso-?639|bcp-?47$)/i, code: LANGUAGE_TAG },
  locale: { standard: 'BCP 47', format: 'bcp47', formats: /^(bcp-?47|iso-?639)/i, code: LANGUAGE_TAG },
  currency: { standard: 'ISO 4217', format: 'iso-4217', formats: /^iso-?4217/i, code: /^[A-Z]{3}$/ },
};

// A Map, not an object: property names such as `constructor` must not find Object.prototype.
const CODE_WORDS = new Map<string, CodeKind>([
  ['country', 'country'], ['countries', 'country'],
  ['language', 'language'], ['languages', 'language'], ['lang', 'language'],
  ['locale', 'locale'], ['locales', 'locale'],
  ['currency', 'currency'], ['currencies', 'currency'],
]);

/**
 * The code a property name announces: the kind word last (`country`, `billing_currency`,
 * `languages`) or before a final `code(s)` (`country_code`, `country_iso2_code`). Other words
 * after the kind mean something else (`country_name`, `currency_rate`).
 */
export function codeKind(name: string): CodeKind | undefined {
  const words = nameWords(name);
  const last = words[words.length - 1];
  if (last === undefined) return undefined;
  if (CODE_WORDS.has(last)) return CODE_WORDS.get(last);
  if (last !== 'code' && last !== 'codes') return undefined;
  for (const word of words.slice(0, -1)) if (CODE_WORDS.has(word)) return CODE_WORDS.get(word);
  return undefined;
}

/** The code kind a schema declares through its `format` (`iso-639-1`, `bcp47`, …). */
export function codeKindOfFormat(format: unknown): CodeKind | undefined {
  if (typeof format !== 'string') return undefined;
  return (Object.keys(CODE_STANDARDS) as CodeKind[]).find(kind => CODE_STANDARDS[kind].formats.test(format));
}

/** A schema that holds one plain value (string, number, …) rather than an object or array. */
export function isScalarSchema(schema: Obj): boolean {
  const types = schemaTypes(schema).filter(t => t !== 'null');
  if (types.length > 0) return !types.includes('object') && !types.includes('array');
  return !isObject(schema.properties) && schema.items === undefined && !['allOf', 'anyOf', 'oneOf', '$ref'].some(k => k in schema);
}
