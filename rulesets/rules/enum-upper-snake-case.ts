import { constantCase } from 'change-case';
import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { schemaIndex } from '../lib/schemas.js';
import { CODE_STANDARDS, codeKind, codeKindOfFormat, quote } from '../lib/fields.js';
import { enumProperties, vocabularyOf } from '../lib/vocabularies.js';
import { rememberByString } from '../lib/remember.js';

const UPPER_SNAKE_CASE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
// Values another standard spells in lower case: media types (RFC 6838).
const MEDIA_TYPE = /^(application|audio|font|image|message|model|multipart|text|video|\*)\/[\w.+*-]+(\s*;.*)?$/i;

// A suggestion only where it is short and valid (`in_transit` → `IN_TRANSIT`).
// A document repeats its enum values (openai-api.yaml: 3,009 findings, 1,038 values), and
// change-case splits each with several regular expressions.
const suggest = rememberByString((value: string): string => {
  const upper = constantCase(value);
  return upper.length <= 40 && UPPER_SNAKE_CASE.test(upper) ? `use ${quote(upper)}` : 'write it in UPPER_SNAKE_CASE, starting with a letter';
});

export default defineRule({
  id: 'enum-upper-snake-case',
  severity: 'error',
  ref: '2',
  zalando: [240],
  description: 'String values of `enum` and `x-extensible-enum` are UPPER_SNAKE_CASE.',
  rationale:
    'Enumeration values are UPPER_SNAKE_CASE strings (guideline 2, "Enumerations"), so that they stand out from free text and read the same in every API. ' +
    'The guideline makes no exception for query or header parameters; values written as another standard spells them are not API-made names and are not reported: ' +
    'media types (`application/json`), language or locale codes (ISO 639-1 `en`, BCP 47 `en-US`) on a property named or formatted as a language or locale, ' +
    'HTTP methods, and the values of the event type registration that the event rules themselves require or know (`category: general`, `compatibility_mode`, `partition_strategy`, `schema.type: json_schema`) and the audience classes (`component-internal`, …) on properties of those names. ' +
    'The empty string (often listed to allow "no value") is no name, and non-string values (integers, `null`) are not checked.',
  examples: {
    incorrect: 'status:\n  type: string\n  x-extensible-enum:\n    - in_transit\n    - delivered',
    correct: 'status:\n  type: string\n  x-extensible-enum:\n    - IN_TRANSIT\n    - DELIVERED',
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root) {
    const index = schemaIndex(root);
    // The properties that schemas (and array items) sit on, to recognize enums of codes and vocabularies.
    const properties = enumProperties(index);
    return index.schemas.flatMap(node => {
      const { schema } = node;
      if (!Array.isArray(schema.enum) && !Array.isArray(schema['x-extensible-enum'])) return [];
      const property = properties.get(schema);
      const name = property?.name;
      const kind = codeKindOfFormat(schema.format) ?? (name === undefined ? undefined : codeKind(name));
      const codes = kind === 'language' || kind === 'locale' ? CODE_STANDARDS[kind].code : undefined;
      return (['enum', 'x-extensible-enum'] as const).flatMap(key => {
        const values = schema[key];
        if (!Array.isArray(values)) return [];
        const vocabulary = vocabularyOf(property, values);
        const isStandard = (value: string) => MEDIA_TYPE.test(value) || (codes !== undefined && codes.test(value)) || vocabulary?.includes(value) === true;
        return values.flatMap((value, i) =>
          typeof value === 'string' && value !== '' && !UPPER_SNAKE_CASE.test(value) && !isStandard(value)
            ? [{ message: `Enum value ${quote(value)} is not UPPER_SNAKE_CASE: ${suggest(value)}.`, path: [...node.jsonPath, key, i] }]
            : [],
        );
      });
    });
  },
});
