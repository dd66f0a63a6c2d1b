import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule, wrappedProperty } from '../helpers/lint.js';

testRule('date-time-format', [
  {
    name: '3.0: missing and home-made formats, epoch numbers; a shared schema once, in its $ref\'d file',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        created_at:
          type: string
        shipped_at:
          type: string
          format: unix-time
        paid_at:
          type: integer
          format: int64
        delivery_date: {type: string}
        modified_at:
          $ref: 'schemas.yaml#/Timestamp'
        canceled_at:
          $ref: 'schemas.yaml#/Timestamp'
`,
    options: { files: { 'schemas.yaml': 'Timestamp:\n  type: string\n  description: A point in time.\n' } },
    errors: [
      { line: 9, column: 9, severity: 'error', message: 'Property "created_at" holds a date or time but declares no format: add format "date-time".' },
      { line: 13, column: 19, severity: 'error', message: 'Property "shipped_at" has format "unix-time", not a standard date/time format: use "date-time".' },
      { line: 15, column: 17, severity: 'error', message: 'Property "paid_at" is a number (integer): dates and times use standard formats; make it a string with format "date-time".' },
      { line: 17, column: 9, severity: 'error', message: 'Property "delivery_date" holds a date or time but declares no format: add format "date" (or "date-time").' },
      { line: 1, column: 1, severity: 'error', file: 'schemas.yaml', message: 'Property "modified_at"' },
    ],
  },
  {
    name: '3.1: standard formats pass; enums, objects and numbers named *_time (lengths of time) are not dates',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        created_at: {type: [string, 'null'], format: date-time}
        delivery_date: {type: string, format: date}
        pickup_time: {type: string, format: time}
        transit_time: {type: string, format: duration}
        retention_time: {type: integer, format: int64}
        collect_at:
          type: string
          enum: [PICKUP, DROP_OFF]
        delivery_time:
          type: object
          properties:
            hour: {type: integer, format: int32}
        timestamp: {type: number, format: double}
        format: {type: string}
        updated_at: {}
        pickup_datetime: {type: string}
`,
    errors: [
      { line: 21, column: 27, severity: 'error', message: 'Property "timestamp" is a number (number)' },
      { line: 23, column: 9, severity: 'error', message: 'Property "updated_at" holds a date or time but declares no format' },
      { line: 24, column: 9, severity: 'error', message: 'Property "pickup_datetime" holds a date or time but declares no format: add format "date-time".' },
    ],
  },
  {
    name: '2.0: definitions and body parameters',
    document: 'fixtures/rules/date-time-format/bad-2.0.yaml',
    errors: [{ line: 14, column: 25, severity: 'error', message: '"created_at" has format "RFC 3339 date-time"' }, { line: 22, column: 7, severity: 'error', message: '"start_time" holds a date or time but declares no format: add format "time" or "date-time"' }],
  },
  {
    name: '3.0: a string behind an allOf wrapper (a description beside its $ref), reported at the schema it wraps',
    document: wrappedProperty('created_at', '{type: string}'),
    errors: [{ line: 22, column: 5, severity: 'error', message: 'Property "created_at" holds a date or time but declares no format' }],
  },
]);

it('fires on the reference spec at a date-time property without format', async () => {
  const { findings, line } = await lintMutatedReference('date-time-format', {
    find: '        delivered_at:\n          type: string\n          format: date-time\n          description: When the shipment was delivered;',
    replace: '        delivered_at:\n          type: string\n          description: When the shipment was delivered;',
  });
  expectFindings('date-time-format', findings, [{ line, column: 9, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['date-time-format'] })).toEqual([]);
});
