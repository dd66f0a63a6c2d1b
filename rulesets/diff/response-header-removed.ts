import { defineDiffRule } from '../diff-rule.js';

export default defineDiffRule({
  id: 'response-header-removed',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A required response header is removed or no longer required: clients that read it break.',
  rationale:
    'A response header marked `required: true` is a promise that every such response carries it, and clients read it without checking: `Location` after a create, `ETag` before an update, the rate limit headers on a 429 (guideline 8). Removing it, or making it optional, breaks those clients (9.3). ' +
    'An optional header that is no longer documented is reported as `info`: clients had to cope with its absence already.',
  examples: {
    base: "'201':\n  headers:\n    Location: {required: true, schema: {type: string, format: uri}}\n",
    revision: "'201':\n  headers: {}\n",
  },
  visit: {
    header({ base, revision }, context) {
      if (!base || context.operation.revision?.reversed) return;
      const where = `the ${context.code} response of ${context.operation.revision?.name}`;
      if (!revision) {
        if (!base.required) return { side: 'base', loc: base.loc, severity: 'info', message: `Optional header "${base.name}" of ${where} is no longer documented.` };
        return { side: 'base', loc: base.loc, message: `Required header "${base.name}" of ${where} was removed: clients that read it break.` };
      }
      if (!base.required || revision.required) return;
      return { side: 'revision', loc: revision.loc, message: `Header "${revision.name}" of ${where} is no longer required: clients that read it without checking break.` };
    },
  },
});
