import { defineDiffRule } from '../diff-rule.js';

export default defineDiffRule({
  id: 'request-body-became-required',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A request body becomes required, or a required one is added: clients that send none are rejected.',
  rationale:
    'Compatible extensions add only optional inputs (guideline 9.3). An optional request body made `required: true` (3.x `requestBody.required`, 2.0 `in: body` with `required: true`), or a new required body, refuses the requests existing clients send without one.',
  examples: {
    base: 'requestBody:\n  content: {application/json: ...}\n',
    revision: 'requestBody:\n  required: true\n  content: {application/json: ...}\n',
  },
  visit: {
    requestBody({ base, revision }, context) {
      if (!revision?.required || base?.required || context.operation.revision?.reversed) return;
      const what = base ? 'is now required' : 'is new and required';
      return { side: 'revision', loc: revision.loc, message: `The request body of ${context.operation.revision?.name} ${what}: clients that send none are rejected. Keep it optional.` };
    },
  },
});
