import { defineDiffRule } from '../diff-rule.js';

const describe = (serialization: string): string =>
  ({ multi: 'one parameter per value (multi, form exploded)', csv: 'comma-separated (csv, form, simple)', ssv: 'space-separated (ssv, spaceDelimited)', tsv: 'tab-separated (tsv)', pipes: 'pipe-separated (pipes, pipeDelimited)' })[serialization] ?? serialization;

export default defineDiffRule({
  id: 'parameter-style-changed',
  severity: 'error',
  ref: '9.3, 4.query.3',
  zalando: [106, 154],
  description: 'How an array or object parameter is written on the wire changes (`style`, `explode`, 2.0 `collectionFormat`): clients write it the old way.',
  rationale:
    'The collection format of header and query parameters is defined (guideline 4, query parameters 3), and clients serialize values by it: `?tag=a&tag=b` (form, exploded; 2.0 `multi`), `?tag=a,b` (csv), `a|b` (pipes). Changing it makes the server read existing clients\' values wrongly (9.3). ' +
    '2.0 and 3.x forms are compared by what goes on the wire, so a migration that keeps it is no change; note that the 2.0 default is `csv` and the 3.x default for query parameters is form, exploded. Only arrays and objects are compared (and `label`/`matrix` styles), since a single value is written the same way by every style.',
  examples: {
    base: 'parameters:\n  - {name: tag, in: query, schema: {type: array, items: {type: string}}, explode: false}\n',
    revision: 'parameters:\n  - {name: tag, in: query, schema: {type: array, items: {type: string}}}\n',
  },
  visit: {
    parameter({ base, revision }, context) {
      if (!base || !revision || base.in !== revision.in) return;
      const from = base.serialization.value;
      const to = revision.serialization.value;
      if (from === to) return;
      const shaped = [base.valueKind, revision.valueKind].some(k => k === 'array' || k === 'object') || /label|matrix|content/.test(from + to);
      if (!shaped) return;
      return { side: 'revision', loc: revision.serialization.loc, message: `Parameter "${revision.name}" of ${context.operation.revision?.name} changed its serialization from ${describe(from)} to ${describe(to)}: clients write it the old way.` };
    },
  },
});
