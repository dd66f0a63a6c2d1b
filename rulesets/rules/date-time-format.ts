import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { isObject } from '../lib/oas.js';
import { schemaIndex, schemaTypes, unwrapped } from '../lib/schemas.js';
import { DATE_TIME_FORMATS, dateTimeName, isScalarSchema, quote, type DateTimeName } from '../lib/fields.js';

const SUGGESTED: Record<DateTimeName, string> = {
  at: '"date-time"',
  timestamp: '"date-time"',
  date: '"date" (or "date-time")',
  time: '"time" or "date-time" (or "duration" for a length of time)',
};

const isDateTimeFormat = (format: unknown): boolean => (DATE_TIME_FORMATS as readonly unknown[]).includes(format);

export default defineRule({
  id: 'date-time-format',
  severity: 'error',
  ref: '2',
  zalando: [169],
  description:
    'Properties named `*_at` or otherwise carrying a date or time (`*_date`, `*_time`, `*_timestamp`, `*_datetime`) are strings with format `date-time`, `date`, `time` or `duration`.',
  rationale:
    'Date and time properties use standard formats (guideline 2, "Date and time properties"): RFC 3339 strings declared with `format: date-time`, `date` ' +
    'or `time`, and ISO 8601 durations with `format: duration`. Names that say they hold a point in time are checked: `*_at` (the guideline\'s suffix), ' +
    '`date`/`*_date`, `time`/`*_time`, `timestamp`/`*_timestamp` and `*_datetime`. A string without one of these formats, a home-made format ' +
    '(`unix-time`, `RFC 3339 date-time`) and a number (epoch seconds or milliseconds) are reported. Numbers named `*_time` are left alone: they are ' +
    'usually lengths of time with the unit in the description (`retention_time`); enums and structured values are not dates.',
  examples: {
    incorrect: 'properties:\n  created_at:\n    type: integer\n    format: int64\n  delivery_date:\n    type: string',
    correct: 'properties:\n  created_at:\n    type: string\n    format: date-time\n  delivery_date:\n    type: string\n    format: date',
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root) {
    const seen = new Set<object>();
    return schemaIndex(root).properties.flatMap(prop => {
      const kind = dateTimeName(prop.name);
      if (!kind) return [];
      // Through a wrapper, the finding sits in the schema it wraps.
      const { schema, path: inner } = unwrapped(prop.schema);
      if (!isObject(schema) || seen.has(schema)) return [];
      const at = [...prop.jsonPath, ...inner];
      seen.add(schema);
      if (!isScalarSchema(schema) || schema.enum !== undefined || schema['x-extensible-enum'] !== undefined) return [];
      const name = quote(prop.name);
      const types = schemaTypes(schema).filter(t => t !== 'null');
      if (types.includes('integer') || types.includes('number')) {
        if (kind === 'time') return [];
        return [{
          message: `Property ${name} is a number (${types.join(', ')}): dates and times use standard formats; make it a string with format ${SUGGESTED[kind]}.`,
          path: [...at, 'type'],
        }];
      }
      if (types.length > 0 && !types.includes('string')) return [];
      if (schema.format === undefined) {
        return [{ message: `Property ${name} holds a date or time but declares no format: add format ${SUGGESTED[kind]}.`, path: at }];
      }
      if (isDateTimeFormat(schema.format)) return [];
      const format = typeof schema.format === 'string' ? quote(schema.format) : 'that';
      return [{
        message: `Property ${name} has format ${format}, not a standard date/time format: use ${SUGGESTED[kind]}.`,
        path: [...at, 'format'],
      }];
    });
  },
});
