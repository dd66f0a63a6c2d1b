import { defineDiffRule } from '../diff-rule.js';
import { isSuccessStatus } from '../lib/compat.js';

export default defineDiffRule({
  id: 'media-type-removed',
  severity: 'error',
  ref: '9.3, 9.4',
  zalando: [106, 114],
  description: 'A request or success-response media type is removed: clients that send it get 415, clients that ask for it get 406.',
  rationale:
    'A client chooses a media type by `Content-Type` (requests) and `Accept` (responses). Removing one that clients use breaks them (guideline 9.3). ' +
    'Media types are matched by type and subtype, so `application/json; charset=utf-8` and `application/json` are one type. ' +
    'Where the guideline asks for a new version (9.4), the version is a media type parameter: replacing `application/x.order+json;version=1` by `version=2` is reported as `info` about the new version, and the incompatible changes inside it are reported as `info` too. ' +
    'Media types of error responses are `info`: clients read errors by status first.',
  examples: {
    base: "content:\n  application/json: ...\n  application/xml: ...\n",
    revision: 'content:\n  application/json: ...\n',
  },
  visit: {
    mediaType({ base, revision }, context) {
      if (!base) return;
      const op = context.operation.revision?.name;
      const where = context.code ? `the ${context.code} response of ${op}` : `the request body of ${op}`;
      if (revision) {
        if (base.version === revision.version) return;
        return {
          side: 'revision',
          loc: revision.loc,
          severity: 'info',
          message: `Media type "${base.name}" of ${where} is replaced by "${revision.name}": a new version (guideline 9.4); clients ask for it by content negotiation.`,
        };
      }
      const who = context.direction === 'request' ? 'clients that send it get 415' : 'clients that accept only it get 406';
      const minor = context.code !== undefined && !isSuccessStatus(context.code);
      return { side: 'base', loc: base.loc, message: `Media type "${base.name}" of ${where} was removed: ${who}.`, ...(minor ? { severity: 'info' as const } : {}) };
    },
  },
});
