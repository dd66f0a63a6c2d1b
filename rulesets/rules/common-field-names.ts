import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { atKey, isObject } from '../lib/oas.js';
import { schemaIndex, schemaTypes, unwrappedSchema } from '../lib/schemas.js';

interface CommonField {
  /** The convention, for the message. */
  field: string;
  /** `*_at`: date-time-format reports numbers and formats there. */
  time?: boolean;
  /** `created_at`/`modified_at`: date-times, where date-time-format also accepts `date`, `time` and `duration`. */
  audit?: boolean;
}

function commonField(name: string): CommonField | undefined {
  if (name === 'id' || name.endsWith('_id')) return { field: '"id" and "*_id" fields are strings' };
  if (name === 'etag') return { field: '"etag" is a string' };
  if (name === 'created_at' || name === 'modified_at') return { field: '"created_at" and "modified_at" are date-time strings', time: true, audit: true };
  if (name.endsWith('_at')) return { field: '"*_at" fields are date-time strings', time: true };
  return undefined;
}

// Date/time formats that date-time-format accepts; on the audit fields only `date-time` keeps their meaning.
const OTHER_TIME_FORMATS = new Set(['date', 'time', 'duration']);
const isNumeric = (type: string) => type === 'number' || type === 'integer';

export default defineRule({
  id: 'common-field-names',
  severity: 'error',
  ref: '2',
  zalando: [174],
  description:
    'Common fields keep their meaning: `id` and `*_id` are strings, `created_at`, `modified_at` and other `*_at` fields are (date-time) strings, `etag` is a string.',
  rationale:
    'Common structures use common field names and semantics (guideline 2): a client that knows `id`, `*_id`, `created_at`, ' +
    '`modified_at` and `etag` from one API can rely on them in the next. Identifiers are opaque strings, never numbers, so that ' +
    'their format can change; `*_at` fields are timestamps, and the audit fields `created_at` and `modified_at` are date-times. ' +
    '`date-time-format` reports `*_at` numbers (epoch times) and missing or non-date formats; this rule reports other types, and ' +
    '`date`, `time` or `duration` on the audit fields.',
  examples: {
    incorrect: 'properties:\n  id:\n    type: integer\n    format: int64\n  created_at:\n    type: string\n    format: date',
    correct: 'properties:\n  id:\n    type: string\n  created_at:\n    type: string\n    format: date-time',
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root) {
    return schemaIndex(root).properties.flatMap(prop => {
      const common = commonField(prop.name);
      const schema = unwrappedSchema(prop.schema);
      if (!common || !isObject(schema)) return [];
      const types = schemaTypes(schema).filter(t => t !== 'null');
      // Untyped (composed or free) schemas say nothing to check.
      const wrongType = types.length > 0 && !(types.length === 1 && types[0] === 'string');
      if (wrongType && !(common.time && types.some(isNumeric))) {
        return [{ message: `Property "${prop.name}" is of type ${types.join(' or ')}: ${common.field}.`, path: atKey(prop.jsonPath) }];
      }
      const format = schema.format;
      if (!wrongType && common.audit && typeof format === 'string' && OTHER_TIME_FORMATS.has(format)) {
        return [{ message: `Property "${prop.name}" has format "${format}": ${common.field}.`, path: atKey(prop.jsonPath) }];
      }
      return [];
    });
  },
});
