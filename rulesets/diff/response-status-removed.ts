import { defineDiffRule } from '../diff-rule.js';
import { isSuccessStatus } from '../lib/compat.js';

export default defineDiffRule({
  id: 'response-status-removed',
  severity: 'error',
  ref: '9.3',
  zalando: [106],
  description: 'A success response (2xx) is removed from an operation: clients that handle it break.',
  rationale:
    'A client of an operation reads its success response. Removing the documented 2xx status (say `200` becomes `204`, or `201` goes) changes what every successful call returns, which breaks clients (guideline 9.3). ' +
    'A status the revision still covers with a range (`2XX`) is not removed: the range is compared instead. An error status (4xx, 5xx, `default`) that is no longer documented is reported as `info`: clients must handle statuses the specification does not list anyway.',
  examples: {
    base: "responses:\n  '200':\n    description: The order.\n",
    revision: "responses:\n  '204':\n    description: No content.\n",
  },
  visit: {
    response({ base, revision }, context) {
      if (!base || revision) return;
      const op = context.operation.revision?.name;
      if (isSuccessStatus(base.code)) {
        return { side: 'base', loc: base.loc, message: `The ${base.code} response of ${op} was removed: clients that handle it break. Keep it, or add the new behaviour as a new operation.` };
      }
      return { side: 'base', loc: base.loc, severity: 'info', message: `The ${base.code} response of ${op} is no longer documented.` };
    },
  },
});
