import { defineRule } from '../rule.js';
import { isObject, type Obj } from '../lib/oas.js';
import { atSegment, DEFAULT_AMBIGUOUS_VERBS, DEFAULT_VERBS, isPluralWord, isTemplated, pathSegments, segmentVerb, words, type PathSegment } from '../lib/naming.js';
import { stringList } from '../lib/options.js';

interface Options {
  verbs: string[];
  ambiguousVerbs: string[];
  postActions: string[];
}

// Nouns that name an action at the end of a POST-only path after an identifier.
const DEFAULT_POST_ACTIONS: readonly string[] = [
  'attach', 'block', 'boot', 'build', 'charge', 'cycle', 'deploy', 'detach', 'dismiss', 'dispatch', 'flag', 'hangup', 'hide', 'hold',
  'index', 'launch', 'like', 'mark', 'mix', 'mute', 'order', 'pay', 'pin', 'ping', 'play', 'print', 'release', 'request', 'review', 'scan',
  'schedule', 'ship', 'sign', 'snooze', 'stack', 'star', 'try', 'unhide', 'vote',
];

// Verbs for what the HTTP method already says.
const METHOD_OF: Record<string, string> = {
  get: 'GET', fetch: 'GET', retrieve: 'GET', find: 'GET', list: 'GET',
  create: 'POST', add: 'POST', insert: 'POST',
  update: 'PUT or PATCH', modify: 'PUT or PATCH', edit: 'PUT or PATCH', patch: 'PATCH', set: 'PUT', save: 'PUT', upsert: 'PUT',
  delete: 'DELETE', remove: 'DELETE', destroy: 'DELETE',
};

// Searching reads a collection: with GET its query goes into query parameters.
const SEARCH_VERBS = new Set(['search', 'find', 'query', 'filter', 'lookup']);

// Nouns for common actions, for the suggestion (`cancel` → POST .../cancellations).
const NOUN_OF: Record<string, string> = {
  cancel: 'cancellations', approve: 'approvals', reject: 'rejections', ship: 'shipments', retry: 'retries', submit: 'submissions',
  publish: 'publications', subscribe: 'subscriptions', assign: 'assignments', confirm: 'confirmations', accept: 'acceptances',
  deny: 'denials', refund: 'refunds', return: 'returns', transfer: 'transfers', export: 'exports', import: 'imports', upload: 'uploads',
  download: 'downloads', merge: 'merges', reset: 'resets', restart: 'restarts', rerun: 'reruns', complete: 'completions', close: 'closures',
  pause: 'pauses', resume: 'resumptions', search: 'searches', query: 'queries', dispatch: 'dispatches', release: 'releases', deploy: 'deployments',
  pay: 'payments', charge: 'charges', vote: 'votes', review: 'reviews', resend: 'resends', rebuild: 'rebuilds',
};

/** The noun that names the action, where it can be derived: `cancel` → `cancellations`, `activate` → `activations`. */
function actionNoun(verb: string): string | undefined {
  if (Object.hasOwn(NOUN_OF, verb)) return NOUN_OF[verb];
  if (verb.endsWith('ate')) return `${verb.slice(0, -1)}ions`;
  if (verb.endsWith('ify')) return `${verb.slice(0, -1)}ications`;
  if (/i[sz]e$/.test(verb)) return `${verb.slice(0, -1)}ations`;
  return undefined;
}

/** What to do instead, fitting the verb and the methods the path serves. */
function fix(verb: string, methods: ReadonlySet<string>): string {
  const method = Object.hasOwn(METHOD_OF, verb) ? METHOD_OF[verb] : undefined;
  if (method && !SEARCH_VERBS.has(verb)) return `the HTTP method (${method}) names the action: drop "${verb}" and keep the resource name`;
  if (SEARCH_VERBS.has(verb)) {
    return methods.has('post') && !methods.has('get')
      ? `POST a query too complex for query parameters as JSON to a resource named by a noun (e.g. .../${NOUN_OF[verb] ?? 'searches'})`
      : 'GET the collection itself, with the search in query parameters (e.g. "q")';
  }
  const noun = actionNoun(verb);
  return noun
    ? `model the action as a resource that the client creates: POST .../${noun}`
    : `model the action as a resource that the client creates with POST, named by a noun for "${verb}"`;
}

// Methods of a path item.
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const methodsOf = (item: unknown): Set<string> => new Set(isObject(item) ? METHODS.filter(m => isObject((item as Obj)[m])) : []);

/**
 * A verb that is also a noun, as an action: the last segment after an identifier, a single
 * singular word, on a path that serves POST and no GET of its own (`POST /orders/{order_id}/ship`).
 * `re`- and `un`- forms of action words count too (`reindex`, `unpin`).
 */
function postAction(segment: PathSegment, paths: Obj, actionWords: (word: string) => boolean): string | undefined {
  if (segment.templated || segment.previous === undefined || !isTemplated(segment.previous)) return undefined;
  const parts = words(segment.text);
  const word = parts[0];
  if (parts.length !== 1 || word === undefined || isPluralWord(word)) return undefined;
  if (!segment.ending.some(path => {
    const methods = methodsOf(paths[path]);
    return methods.has('post') && !methods.has('get');
  })) return undefined;
  const prefixed = ['re', 'un'].some(prefix => word.startsWith(prefix) && word.length > prefix.length + 2 && actionWords(word.slice(prefix.length)));
  return actionWords(word) || prefixed ? word : undefined;
}

export default defineRule<Options>({
  id: 'path-no-verbs',
  severity: 'error',
  ref: '4.path.3',
  zalando: [141],
  description: 'Path segments are nouns, not verbs: actions are modelled as resources.',
  rationale:
    'Paths contain no verbs; actions are modelled as resources (guideline 4, path rules, item 3). The HTTP method says what happens (`GET /orders`, not `/get-orders`), and an action becomes a resource the client creates (`POST /orders/{id}/cancellations`, not `/orders/{id}/cancel`), which keeps the action visible, addressable and idempotent; a search is a GET of the collection with query parameters. Words that are both verbs and nouns (`search`, `update`, `check`) are flagged only when they make up the whole segment: `/search` is an action, `/check-runs` and `/updates` are nouns. Words that are mostly nouns (`ship`, `index`, `release`), and their `re`- and `un`- forms (`reindex`, `retry`, `unpin`), are actions where they end a path after an identifier that serves POST and no GET: `POST /orders/{order_id}/ship`.',
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
        postActions: stringList('Words that are nouns elsewhere but name an action as the last segment after an identifier of a path that serves POST and no GET (`/orders/{order_id}/ship`); their `re`- and `un`- forms count too.'),
      },
      additionalProperties: false,
    },
    defaults: { verbs: [...DEFAULT_VERBS], ambiguousVerbs: [...DEFAULT_AMBIGUOUS_VERBS], postActions: [...DEFAULT_POST_ACTIONS] },
  },
  given: '$.paths',
  check(paths, options) {
    if (!isObject(paths)) return [];
    const verbs = new Set(options.verbs.map(v => v.toLowerCase()));
    const ambiguous = new Set(options.ambiguousVerbs.map(v => v.toLowerCase()));
    const actions = new Set(options.postActions.map(v => v.toLowerCase()));
    const actionWords = (word: string) => verbs.has(word) || ambiguous.has(word) || actions.has(word);
    return pathSegments(paths).flatMap(s => {
      const verb = segmentVerb(s.text, verbs, ambiguous) ?? postAction(s, paths, actionWords);
      if (verb === undefined) return [];
      const methods = new Set(s.ending.flatMap(path => [...methodsOf(paths[path])]));
      return [{ message: `Path segment "${s.text}" holds the verb "${verb}": ${fix(verb, methods)}.`, path: atSegment(s) }];
    });
  },
});
