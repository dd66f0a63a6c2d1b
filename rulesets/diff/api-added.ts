import { defineDiffRule, type DiffResult } from '../diff-rule.js';
import { capitalize, missingFrom, showList, memberName } from '../lib/compat.js';

export default defineDiffRule({
  id: 'api-added',
  severity: 'info',
  ref: '9.2, 9.3',
  zalando: [107],
  description: 'Something is added that existing clients can ignore: an operation, an optional input, a response property, a status, a media type, a value clients may send.',
  rationale:
    'Compatible extensions are preferred (guideline 9.2), and clients must accept them (9.3). They break nobody, but a reviewer wants to see them, and they decide the version: an API that grew needs at least a MINOR bump of `info.version` (9.1, `info-version-bump`). ' +
    'Growing an `x-extensible-enum` in a response is an addition too: clients accept values they do not know.',
  examples: {
    base: 'paths:\n  /orders:\n    get: ...\n',
    revision: 'paths:\n  /orders:\n    get: ...\n    post: ...\n',
  },
  visit: {
    operation({ base, revision }) {
      if (base || !revision) return;
      return { side: 'revision', loc: revision.loc, message: `${revision.reversed ? revision.name : `Operation "${revision.name}"`} was added.` };
    },
    parameter({ base, revision }, context) {
      if (base || !revision || revision.required) return;
      return { side: 'revision', loc: revision.loc, message: `Optional ${revision.formField ? 'form field' : 'parameter'} "${revision.name}" (${revision.in}) of ${context.operation.revision?.name} was added.` };
    },
    requestBody({ base, revision }, context) {
      if (base || !revision || revision.required) return;
      return { side: 'revision', loc: revision.loc, message: `${context.operation.revision?.name} accepts an optional request body.` };
    },
    response({ base, revision }, context) {
      if (base || !revision) return;
      return { side: 'revision', loc: revision.loc, message: `The ${revision.code} response of ${context.operation.revision?.name} was added.` };
    },
    mediaType({ base, revision }, context) {
      if (base || !revision) return;
      const where = context.code ? `the ${context.code} response of ${context.operation.revision?.name}` : `the request body of ${context.operation.revision?.name}`;
      return { side: 'revision', loc: revision.loc, message: `Media type "${revision.name}" was added to ${where}.` };
    },
    header({ base, revision }, context) {
      if (base || !revision) return;
      return { side: 'revision', loc: revision.loc, message: `Header "${revision.name}" was added to the ${context.code} response of ${context.operation.revision?.name}.` };
    },
    property({ base, revision }, context) {
      if (base || !revision || (context.direction === 'request' && revision.required)) return;
      const label = capitalize(context.propertyLabel(revision.name));
      return { side: 'revision', loc: revision.loc, message: context.direction === 'request' ? `${label} was added to requests (optional).` : `${label} was added to responses.` };
    },
    schema({ base, revision }, context) {
      const label = capitalize(context.label);
      const results: DiffResult[] = [];
      if (context.direction === 'request' && base.enum && revision.enum) {
        const added = missingFrom(revision.enum.value, base.enum.value);
        if (added.length > 0) results.push({ side: 'revision', loc: revision.enum.loc, message: `${label} now also accepts ${showList(added)} in requests.` });
      }
      // An extensible enum grows compatibly in responses (guideline 9.3): clients accept unknown values.
      const was = base.extensibleEnum;
      const now = revision.enum ?? revision.extensibleEnum;
      if (was && now) {
        const added = missingFrom(now.value, was.value);
        if (added.length > 0) results.push({ side: 'revision', loc: now.loc, message: `${label} may now also be ${showList(added)} (an extensible enum: clients accept values they do not know).` });
      }
      return results;
    },
    variant({ base, revision }, context) {
      if (context.direction !== 'request' || base || !revision) return;
      return { side: 'revision', loc: revision.at ?? revision.loc, message: `${capitalize(context.label)} now also accepts ${memberName(revision)} in requests (a new oneOf/anyOf member).` };
    },
  },
});
