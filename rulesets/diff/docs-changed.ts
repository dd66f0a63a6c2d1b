import { defineDiffRule, type DiffResult, type Keyword } from '../diff-rule.js';

function changed(what: string, base: Keyword<string> | undefined, revision: Keyword<string> | undefined, fallback: { loc: Keyword<string>['loc'] } | undefined): DiffResult | undefined {
  if ((base?.value ?? '').trim() === (revision?.value ?? '').trim()) return undefined;
  const loc = revision?.loc ?? fallback?.loc;
  if (!loc) return undefined;
  const verb = !base ? 'was added' : !revision ? 'was removed' : 'changed';
  return { side: 'revision', loc, message: `${what} ${verb}.` };
}

export default defineDiffRule({
  id: 'docs-changed',
  severity: 'info',
  ref: '1.3',
  zalando: [],
  description: 'A summary or description changed: a changelog entry for the reviewer.',
  rationale:
    'The specification is the interface\'s documentation (guideline 1.3). Reworded descriptions change no wire format, but they may change what a field means to its readers, which compatible changes must not do (9.3). A reviewer reads them with the rest of the change.',
  examples: {
    base: "get:\n  summary: List orders\n",
    revision: "get:\n  summary: List the caller's orders, newest first\n",
  },
  visit: {
    operation({ base, revision }) {
      if (!base || !revision) return;
      return [changed(`The summary of ${revision.name}`, base.summary, revision.summary, revision), changed(`The description of ${revision.name}`, base.description, revision.description, revision)].filter(r => r !== undefined);
    },
    parameter({ base, revision }, context) {
      if (!base || !revision) return;
      return changed(`The description of parameter "${revision.name}" of ${context.operation.revision?.name}`, base.description, revision.description, revision);
    },
    requestBody({ base, revision }, context) {
      if (!base || !revision) return;
      return changed(`The description of the request body of ${context.operation.revision?.name}`, base.description, revision.description, revision);
    },
    response({ base, revision }, context) {
      if (!base || !revision) return;
      return changed(`The description of the ${revision.code} response of ${context.operation.revision?.name}`, base.description, revision.description, revision);
    },
    header({ base, revision }, context) {
      if (!base || !revision) return;
      return changed(`The description of header "${revision.name}" of the ${context.code} response of ${context.operation.revision?.name}`, base.description, revision.description, revision);
    },
    schema({ base, revision }, context) {
      return changed(`The description of ${context.label}`, base.description, revision.description, revision);
    },
  },
});
