import { defineDiffRule, type DocumentModel, type PathModel } from '../diff-rule.js';
import { removal } from '../lib/compat.js';
import { looseTemplate } from '../lib/naming.js';

/**
 * A document's paths by looseTemplate, the first of each: `/Orders/{id}/Items/` and
 * `/orders/{order_id}/items` read alike, a likely rename, named in the message. Asked for each
 * removed path (a search of all was n²).
 */
const byLooseKey = new WeakMap<DocumentModel, Map<string, PathModel>>();
function alike(document: DocumentModel, name: string): PathModel | undefined {
  let paths = byLooseKey.get(document);
  if (!paths) {
    paths = new Map();
    for (const path of document.paths.values()) {
      const key = looseTemplate(path.name);
      if (!paths.has(key)) paths.set(key, path);
    }
    byLooseKey.set(document, paths);
  }
  return paths.get(looseTemplate(name));
}

export default defineDiffRule({
  id: 'path-removed',
  severity: 'error',
  ref: '9.3, 9.5',
  zalando: [106, 185],
  description: 'A path is removed: every client that calls it breaks.',
  rationale:
    'Backward compatibility is never broken (guideline 9.3), and removal follows deprecation: the operations are marked `deprecated` with an `x-sunset` date, clients approve the shutdown, and the path goes after the sunset (9.5). ' +
    'A path removed before that answers 404 to clients that still call it. Once every operation of the base was deprecated with an `x-sunset` date that has passed (judged against `--date`, today by default), the removal is reported as `info`. ' +
    'Renaming a path is a removal too: the message names a path of the revision that reads alike. Renaming a path variable (`{id}` → `{order_id}`) is no change.',
  examples: {
    base: "paths:\n  /orders/{order_id}:\n    get: ...\n",
    revision: "paths:\n  /orders/{order_id}/details:\n    get: ...\n",
  },
  visit: {
    path({ base, revision }, context) {
      if (!base || revision || base.webhook) return;
      const operations = [...base.operations.values()];
      const methods = operations.map(op => op.method.toUpperCase()).join(', ');
      const renamed = alike(context.documents.revision, base.name);
      const hint = renamed ? ` The revision has "${renamed.name}": a renamed path breaks clients as well.` : '';
      // Allowed once every operation's sunset has passed; else the advice of the first that holds it up.
      const verdicts = operations.map(op => removal(op, context));
      const blocking = verdicts.find(v => v.severity === undefined);
      const { severity, advice } = operations.length === 0 ? { severity: 'info' as const, advice: 'It had no operations.' } : (blocking ?? verdicts[0]!);
      return {
        side: 'base',
        loc: base.loc,
        message: `Path "${base.name}"${methods ? ` (${methods})` : ''} was removed: clients that call it get 404.${hint} ${advice}`,
        ...(severity ? { severity } : {}),
      };
    },
  },
});
