import { defineDiffRule, type DiffResult } from '../diff-rule.js';
import { capitalize, formatChange, nullChange, typeChange, typeText, memberName } from '../lib/compat.js';

export default defineDiffRule({
  id: 'request-type-narrowed',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A value that clients send admits fewer types or a narrower format: clients that send the old ones are rejected.',
  rationale:
    'A request value may only admit more over time (guideline 9.3). A type the base accepted and the revision does not (`number` → `integer`, `string` → `integer`, `null` no longer allowed), a format added or narrowed (`int64` → `int32`, none → `date-time`), or a `oneOf`/`anyOf` member removed, refuses requests that existing clients send. ' +
    'Widening a request value (`integer` → `number`, a format dropped) is compatible and is reported as `info`.',
  examples: {
    base: 'quantity:\n  type: number\n',
    revision: 'quantity:\n  type: integer\n  format: int32\n',
  },
  visit: {
    schema({ base, revision }, context) {
      if (context.direction !== 'request') return;
      const label = capitalize(context.label);
      const results: DiffResult[] = [];
      const { lost } = typeChange(base, revision);
      if (lost.length > 0) {
        results.push({ side: 'revision', loc: revision.loc, message: `${label} changed from ${typeText(base)} to ${typeText(revision)} in requests: clients that send ${lost.join(' or ')} values are rejected.` });
      } else {
        const format = formatChange(base, revision);
        if (format?.change === 'narrower' || format?.change === 'other') {
          results.push({ side: 'revision', loc: revision.format?.loc ?? revision.loc, message: `${label} changed from ${base.format ? `format ${format.from}` : 'no format'} to format ${format.to} in requests: clients that send other values are rejected.` });
        }
      }
      if (nullChange(base, revision, context) === 'lost') {
        results.push({ side: 'revision', loc: revision.loc, message: `${label} no longer accepts null in requests: clients that send null are rejected.` });
      }
      return results;
    },
    variant({ base, revision }, context) {
      if (context.direction !== 'request' || !base || revision) return;
      return { side: 'base', loc: base.at ?? base.loc, message: `${capitalize(context.label)} no longer accepts ${memberName(base)} in requests (a oneOf/anyOf member removed): clients that send it are rejected.` };
    },
  },
});
