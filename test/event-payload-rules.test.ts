// An event schema is a payload (guideline 2: the rules for fields hold for every payload): the
// payload rules check it wherever the definition is written, a standalone list file, a file of one
// definition, or an OpenAPI document's `x-event-types`, with the same findings. Standalone files
// were left to the `event-*` rules before, so a camelCase property passed there and failed in
// `x-event-types`.
import { describe, expect, it } from 'vitest';
import { DATA_EVENT, edit, lineOf, openapi, single } from './helpers/events.js';
import { expectFindings, lintText } from './helpers/lint.js';

/** One breach of a payload rule in DATA_EVENT: `replace` puts it where `find` was, and the finding starts at `at`. */
const BREACHES = [
  { rule: 'properties-snake-case', find: '            id: {type: string}', replace: '            shipmentId: {type: string}', at: 'shipmentId:', severity: 'error', message: 'Property "shipmentId" is not snake_case' },
  { rule: 'enum-upper-snake-case', find: '        data_op: {type: string, enum: [C, U, D, S]}', replace: '        data_op: {type: string, enum: [C, U, D, S]}\n        state: {type: string, enum: [IN_TRANSIT, delivered]}', at: 'delivered]', severity: 'error', message: 'Enum value "delivered" is not UPPER_SNAKE_CASE' },
  { rule: 'date-time-suffix', find: '            revision: {type: integer, format: int64}', replace: '            revision: {type: integer, format: int64}\n            shipped: {type: string, format: date-time}', at: 'shipped:', severity: 'warn', message: '"shipped"' },
  { rule: 'number-format', find: '            revision: {type: integer, format: int64}', replace: '            revision: {type: integer}', at: 'revision: {type: integer}', severity: 'error', message: 'Property "revision"' },
  { rule: 'no-null-boolean', find: '            id: {type: string}', replace: '            id: {type: string}\n            fragile: {type: boolean, nullable: true}', at: 'true}', severity: 'error', message: 'Boolean schema is nullable' },
] as const;

/** Where `at` (unique) is in `text`: its 1-based line and column. */
function position(text: string, at: string): { line: number; column: number } {
  const line = lineOf(text, at);
  return { line, column: text.split('\n')[line - 1]!.indexOf(at) + 1 };
}

describe('payload rules on event schemas', () => {
  for (const b of BREACHES) {
    it(`${b.rule}: the same finding in a list file, a file of one definition and x-event-types (3.0 and 3.1)`, async () => {
      const list = edit(DATA_EVENT, b.find, b.replace);
      const one = single(list);
      const forms = [
        { file: 'events.yaml', text: list },
        { file: 'events.yaml', text: one },
        { file: 'api.yaml', text: openapi('3.0.3', list) },
        // 3.1 has no `nullable`: a null boolean is written `type: [boolean, 'null']` there.
        ...(b.rule === 'no-null-boolean' ? [] : [{ file: 'api.yaml', text: openapi('3.1.0', list) }]),
      ];
      const messages: string[][] = [];
      for (const form of forms) {
        const findings = await lintText(form.text, { rules: [b.rule], name: form.file });
        expectFindings(b.rule, findings, [{ file: form.file, ...position(form.text, b.at), severity: b.severity, message: b.message }]);
        messages.push(findings.map(f => f.message));
      }
      for (const m of messages) expect(m).toEqual(messages[0]);
    });
  }

  it('passes the valid events of fixtures/events in every payload rule', async () => {
    const findings = await lintText(DATA_EVENT, { name: 'events.yaml', rules: BREACHES.map(b => b.rule) });
    expect(findings).toEqual([]);
  });
});
