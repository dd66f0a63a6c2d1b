import { defineDiffRule } from '../diff-rule.js';

/** OpenAPI 3.x ignores these header parameters: Content-Type and Accept are the media types, Authorization the security. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

export default defineDiffRule({
  id: 'request-parameter-added-required',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A new required parameter or form field: clients written against the base do not send it and are rejected.',
  rationale:
    'Compatible extensions add only optional inputs (guideline 9.3). A new required query, header or cookie parameter, or form field, is missing from every request of an existing client, which is then refused. ' +
    'Add it as optional, with a default that keeps the old behaviour; a new optional parameter is reported as `info`.',
  examples: {
    base: 'parameters: []\n',
    revision: 'parameters:\n  - {name: tenant, in: header, required: true, schema: {type: string}}\n',
  },
  visit: {
    parameter({ base, revision }, context) {
      if (base || !revision?.required || context.operation.revision?.reversed) return;
      if (revision.in === 'header' && IGNORED_HEADERS.has(revision.name.toLowerCase())) return;
      const what = revision.formField ? 'Form field' : 'Parameter';
      return { side: 'revision', loc: revision.loc, message: `${what} "${revision.name}" (${revision.in}) of ${context.operation.revision?.name} is new and required: existing clients do not send it and are rejected. Add it as optional.` };
    },
  },
});
