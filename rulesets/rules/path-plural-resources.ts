import { defineRule } from '../rule.js';
import {
  atSegment,
  DEFAULT_AMBIGUOUS_VERBS,
  DEFAULT_VERBS,
  headNoun,
  isNounLike,
  isPluralName,
  isTemplated,
  pathSegments,
  pluralName,
  segmentVerb,
  splitPath,
} from '../lib/naming.js';
import { isObject } from '../lib/oas.js';
import { apiOperations, collectionResponse, normalizeName } from '../lib/operations.js';
import { stringList } from '../lib/options.js';

interface Options {
  allowed: string[];
}

// Singular nouns for a list of entries: `/history` answering an array is not a misnamed collection.
const COLLECTIVE_NOUNS = new Set([
  'backlog', 'catalog', 'catalogue', 'directory', 'feed', 'history', 'inventory', 'journal', 'ledger', 'list', 'log', 'queue',
  'registry', 'stream', 'timeline',
]);

// An action (`/compare/{basehead}`, `/tasks/search`) is not a resource name: path-no-verbs reports it.
const VERBS = new Set(DEFAULT_VERBS);
const AMBIGUOUS_VERBS = new Set(DEFAULT_AMBIGUOUS_VERBS);

/** Paths whose GET lists items, unless the list is the named thing itself (`/board` answering `{board: [...]}`). */
function listingPaths(root: unknown): Set<string> {
  return new Set(
    apiOperations(root).flatMap(op => {
      const collection = collectionResponse(root, op);
      if (!collection) return [];
      const named = collection.kind === 'page' && normalizeName(collection.arrayName ?? '') === normalizeName(splitPath(op.path).at(-1) ?? '');
      return named ? [] : [op.path];
    }),
  );
}

export default defineRule<Options>({
  id: 'path-plural-resources',
  severity: 'error',
  ref: '4.path.1',
  zalando: [134],
  description: 'Path segments that name collections are plural nouns.',
  rationale:
    'Resource names are plural (guideline 2, "Resource names"; guideline 4, path rules, item 1): `/shipments/{shipment_id}` reads as "the shipment with this id among the shipments", and one convention keeps URLs predictable. A segment names a collection when a `{parameter}` follows it, or, at the top level, when a GET on it lists items. A segment right after a plural one without an id between them (`/users/me`, `/storages/default/{id}`) names a member or view of that collection and is not judged, nor are singleton sub-resources and actions (`/health`, `/orders/{id}/payment`, `/orders/{id}/cancel`), which path-no-verbs covers. Compound names are judged by their last word (`tracking-events`); uncountable nouns (`health`, `metadata`) and the `allowed` names pass, and a top-level list may have a collective name (`/history`).',
  examples: {
    incorrect: 'paths:\n  /shipment/{shipment_id}:\n    get: ...\n  /shipments/{shipment_id}/tracking-event/{tracking_event_id}:\n    get: ...',
    correct: 'paths:\n  /shipments/{shipment_id}:\n    get: ...\n  /shipments/{shipment_id}/tracking-events/{tracking_event_id}:\n    get: ...',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        allowed: stringList('Segments or last words accepted as plural (compared case-insensitively), for names the pluralizer misjudges.'),
      },
      additionalProperties: false,
    },
    defaults: { allowed: ['cpus', 'gpus', 'uris'] },
  },
  given: '$',
  check(root, { allowed }) {
    if (!isObject(root)) return;
    const allow = new Set(allowed.map(a => a.toLowerCase()));
    const listing = listingPaths(root);
    return pathSegments(root.paths)
      .filter(s => {
        if (s.templated || !isNounLike(s.text) || isPluralName(s.text, allow) || segmentVerb(s.text, VERBS, AMBIGUOUS_VERBS)) return false;
        // `/users/me`, `/storages/default/{id}`: a name right after a collection names a member or view of it.
        const member = s.previous !== undefined && !isTemplated(s.previous) && isNounLike(s.previous) && isPluralName(s.previous, allow);
        if (s.beforeParameter) return !member;
        return s.previous === undefined && !COLLECTIVE_NOUNS.has(headNoun(s.text)) && s.ending.some(p => listing.has(p));
      })
      .map(s => ({
        message: `Resource name "${s.text}" is singular: name the collection in the plural, "${pluralName(s.text)}".`,
        path: atSegment(s),
      }));
  },
});
