import { defineDiffRule, type DiffResult } from '../diff-rule.js';
import { capitalize, formatChange, memberName, typeChange, typeText } from '../lib/compat.js';

export default defineDiffRule({
  id: 'response-type-changed',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A value that clients receive gets a type or format they do not expect, or can now be one of more schemas.',
  rationale:
    'Clients parse what they receive by its documented type and format. A response value that may now be of another type (`integer` → `string`, `integer` → `number`), of a wider format (`int32` → `int64`, `date-time` → `date`), or one more `oneOf`/`anyOf` member than before, breaks clients that parse it as documented (guideline 9.3). ' +
    'Narrowing a response value (`number` → `integer`, a format added) is compatible and is reported as `info`. A format dropped is reported as a warning: the values may stay as they were, but clients can no longer rely on it.',
  examples: {
    base: 'quantity:\n  type: integer\n  format: int32\n',
    revision: 'quantity:\n  type: string\n',
  },
  visit: {
    schema({ base, revision }, context) {
      if (context.direction !== 'response') return;
      const label = capitalize(context.label);
      const { gained } = typeChange(base, revision);
      const results: DiffResult[] = [];
      const at = revision.loc;
      if (gained.length > 0) {
        results.push({ side: 'revision', loc: at, message: `${label} changed from ${typeText(base)} to ${typeText(revision)} in responses: clients that parse it as ${typeText(base)} break.` });
      } else {
        const format = formatChange(base, revision);
        if (format?.change === 'wider' && format.to !== undefined) {
          results.push({ side: 'revision', loc: revision.format?.loc ?? at, message: `${label} changed format from ${format.from} to ${format.to} in responses: clients that store it as ${format.from} break.` });
        } else if (format?.change === 'wider') {
          results.push({ side: 'revision', loc: at, severity: 'warn', message: `${label} no longer has format ${format.from} in responses: clients that parse it as ${format.from} may break. Keep the format if the values keep it.` });
        } else if (format?.change === 'other') {
          results.push({ side: 'revision', loc: revision.format?.loc ?? at, message: `${label} changed format from ${format.from} to ${format.to} in responses: clients that parse it as ${format.from} break.` });
        }
      }
      return results;
    },
    variant({ base, revision }, context) {
      if (context.direction !== 'response' || base || !revision) return;
      return { side: 'revision', loc: revision.at ?? revision.loc, message: `${capitalize(context.label)} can now also be ${memberName(revision)} in responses (a new oneOf/anyOf member): clients that handle only the known schemas break.` };
    },
  },
});
