import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('date-time-suffix', [
  {
    name: '3.0: date-time properties without "_at" at the name, also in a $ref\'d file',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        created:
          type: string
          format: date-time
        created_at: {type: string, format: date-time}
        delivery_date: {type: string, format: date-time}
        timeline:
          $ref: 'schemas.yaml#/Timeline'
`,
    options: { files: { 'schemas.yaml': 'Timeline:\n  type: object\n  properties:\n    start: {type: string, format: date-time}\n' } },
    errors: [
      { line: 9, column: 9, severity: 'warn', message: 'Property "created" has format "date-time": its name should end with "_at", such as "created_at".' },
      { line: 13, column: 9, severity: 'warn', message: 'Property "delivery_date" has format "date-time": its name should end with "_at", such as "delivery_at".' },
      { line: 4, column: 5, severity: 'warn', file: 'schemas.yaml', message: 'Property "start" has format "date-time": its name should end with "_at", such as "starts_at".' },
    ],
  },
  {
    name: '3.1: date and time properties may use date, day and time names',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        delivery_date: {type: string, format: date}
        date: {type: string, format: date}
        birthday: {type: string, format: date}
        delivered_at: {type: [string, 'null'], format: date}
        pickup_time: {type: string, format: time}
        deadline: {type: string, format: date}
        opens: {type: string, format: time}
        transit_duration: {type: string, format: duration}
`,
    errors: [
      { line: 14, column: 9, severity: 'warn', message: 'Property "deadline" has format "date": its name should end with "_at", "_date" or "_day", such as "deadline_date".' },
      { line: 15, column: 9, severity: 'warn', message: 'Property "opens" has format "time": its name should end with "_at" or "_time", such as "opens_time".' },
    ],
  },
  {
    name: 'suggestions drop the words that only say "date" or "time" ("_on", a leading "time_"), and name no "date_at" for a bare time word',
    document: `openapi: 3.0.3
info: {title: Tasks, version: 1.0.0}
paths: {}
components:
  schemas:
    Task:
      type: object
      properties:
        due_on: {type: string, format: date-time}
        start_on: {type: string, format: date}
        trial_ends_on: {type: string, format: date-time}
        time_added: {type: string, format: date-time}
        date_created: {type: string, format: date-time}
        timestamp: {type: string, format: date-time}
`,
    errors: [
      { line: 9, column: 9, severity: 'warn', message: 'Property "due_on" has format "date-time": its name should end with "_at", such as "due_at".' },
      { line: 10, column: 9, severity: 'warn', message: 'Property "start_on" has format "date": its name should end with "_at", "_date" or "_day", such as "start_date".' },
      { line: 11, column: 9, severity: 'warn', message: 'Property "trial_ends_on" has format "date-time": its name should end with "_at", such as "trial_ends_at".' },
      { line: 12, column: 9, severity: 'warn', message: 'Property "time_added" has format "date-time": its name should end with "_at", such as "added_at".' },
      { line: 13, column: 9, severity: 'warn', message: 'Property "date_created" has format "date-time": its name should end with "_at", such as "created_at".' },
      { line: 14, column: 9, severity: 'warn', message: 'Property "timestamp" has format "date-time": its name should end with "_at", named by the moment it records, such as "created_at" or "sent_at".' },
    ],
  },
  {
    name: '2.0: definitions and body parameters',
    document: 'fixtures/rules/date-time-suffix/bad-2.0.yaml',
    errors: [{ line: 12, column: 15, severity: 'warn', message: 'Property "last_modified" has format "date-time": its name should end with "_at", such as "last_modified_at".' }],
  },
]);

it('fires on the reference spec at the edited property name', async () => {
  const { findings, line } = await lintMutatedReference('date-time-suffix', {
    find: '        delivered_at:\n          type: string\n          format: date-time\n          description: When the shipment was delivered;',
    replace: '        delivered:\n          type: string\n          format: date-time\n          description: When the shipment was delivered;',
  });
  expectFindings('date-time-suffix', findings, [{ line, column: 9, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['date-time-suffix'] })).toEqual([]);
});
