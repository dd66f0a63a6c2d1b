import { defineDiffRule } from '../diff-rule.js';

export default defineDiffRule({
  id: 'request-parameter-became-required',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'An optional parameter or form field becomes required: clients that leave it out are rejected.',
  rationale:
    'Compatible extensions add only optional inputs (guideline 9.3). A query, header or cookie parameter, or a form field, that becomes `required` is refused when a client leaves it out, which breaks every client written against the base. ' +
    'A parameter that is no longer required is compatible and is reported as `info`.',
  examples: {
    base: 'parameters:\n  - {name: currency, in: query, schema: {type: string}}\n',
    revision: 'parameters:\n  - {name: currency, in: query, required: true, schema: {type: string}}\n',
  },
  visit: {
    parameter({ base, revision }, context) {
      if (!base || !revision || base.required || !revision.required || context.operation.revision?.reversed) return;
      const what = revision.formField ? 'Form field' : `Parameter`;
      return { side: 'revision', loc: revision.loc, message: `${what} "${revision.name}" (${revision.in}) of ${context.operation.revision?.name} is now required: clients that leave it out are rejected. Keep it optional.` };
    },
  },
});
