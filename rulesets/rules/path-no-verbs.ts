import { defineRule } from '../rule.js';
import { atSegment, DEFAULT_AMBIGUOUS_VERBS, DEFAULT_VERBS, pathSegments, segmentVerb } from '../lib/naming.js';
import { stringList } from '../lib/options.js';

interface Options {
  verbs: string[];
  ambiguousVerbs: string[];
}

// Verbs for what the HTTP method already says.
const METHOD_OF: Record<string, string> = {
  get: 'GET', fetch: 'GET', retrieve: 'GET', find: 'GET', list: 'GET',
  create: 'POST', add: 'POST', insert: 'POST',
  update: 'PUT or PATCH', modify: 'PUT or PATCH', edit: 'PUT or PATCH', patch: 'PATCH', set: 'PUT', save: 'PUT', upsert: 'PUT',
  delete: 'DELETE', remove: 'DELETE', destroy: 'DELETE',
};

export default defineRule<Options>({
  id: 'path-no-verbs',
  severity: 'error',
  ref: '4.path.3',
  zalando: [141],
  description: 'Path segments are nouns, not verbs: actions are modelled as resources.',
  rationale:
    'Paths contain no verbs; actions are modelled as resources (guideline 4, path rules, item 3). The HTTP method says what happens (`GET /orders`, not `/get-orders`), and an action becomes a resource the client creates (`POST /orders/{id}/cancellations`, not `/orders/{id}/cancel`), which keeps the action visible, addressable and idempotent. Words that are both verbs and nouns (`search`, `update`, `check`) are flagged only when they make up the whole segment: `/search` is an action, `/check-runs` and `/updates` are nouns.',
  examples: {
    incorrect: 'paths:\n  /get-orders:\n    get: ...\n  /orders/{order_id}/cancel:\n    post: ...',
    correct: 'paths:\n  /orders:\n    get: ...\n  /orders/{order_id}/cancellations:\n    post: ...',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        verbs: stringList('Words that make a segment an action wherever they appear in it (`get-orders`, `bulkDelete`).'),
        ambiguousVerbs: stringList('Words that are verbs or nouns: flagged only when they are the whole segment (`/search`, but not `/search-results`).'),
      },
      additionalProperties: false,
    },
    defaults: { verbs: [...DEFAULT_VERBS], ambiguousVerbs: [...DEFAULT_AMBIGUOUS_VERBS] },
  },
  given: '$.paths',
  check(paths, options) {
    const verbs = new Set(options.verbs.map(v => v.toLowerCase()));
    const ambiguous = new Set(options.ambiguousVerbs.map(v => v.toLowerCase()));
    return pathSegments(paths).flatMap(s => {
      const verb = segmentVerb(s.text, verbs, ambiguous);
      if (verb === undefined) return [];
      const method = Object.hasOwn(METHOD_OF, verb) ? METHOD_OF[verb] : undefined;
      const fix = method
        ? `the HTTP method (${method}) names the action: drop "${verb}" and keep the resource name`
        : 'model the action as a resource named by a noun that the client creates (e.g. POST .../cancellations, not .../cancel)';
      return [{ message: `Path segment "${s.text}" holds the verb "${verb}": ${fix}.`, path: atSegment(s) }];
    });
  },
});
