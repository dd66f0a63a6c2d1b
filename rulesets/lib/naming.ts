// Names in paths, parameters and headers (guideline 4): how a path splits into segments, which
// segments name resources, the words of a name, plurals, and the casing conventions.
import { kebabCase, snakeCase, split } from 'change-case';
import pluralize from 'pluralize';
import type { JsonPath } from '@stoplight/types';
import { atKey, isExtensionKey, isObject } from './oas.js';
import { rememberByString } from './remember.js';

// `[^{}]`, not `[^}]`: a run of `{` without `}` is then scanned once, where `[^}]*` rescans it from
// each `{` (quadratic: a 100 KB path key took 49 s).
const TEMPLATE = /\{[^{}]*\}/g;

/**
 * The path without trailing slashes. `(?<!\/)` starts a match only at the first slash of a run, so
 * each run is scanned once, where `\/+$` rescans it from each slash (quadratic: 5 s on a 100 KB key).
 */
export const withoutTrailingSlashes = (path: string): string => path.replace(/(?<!\/)\/+$/, '');

/** `/Orders/{order_id}/Items/` → `/orders/{}/items`: path templates that likely name the same resource read alike. */
export const looseTemplate = (template: string): string => withoutTrailingSlashes(template.toLowerCase().replace(TEMPLATE, '{}').replace(/[-_.]/g, ''));

/** A segment holding a template expression names an item, not a resource: `{id}`, `{name}.json`. */
export const isTemplated = (segment: string): boolean => /\{[^{}]*\}/.test(segment);

/** Segments after the leading "/"; a query string (which has no place in a path key) is cut off. */
export function splitPath(path: string): string[] {
  const bare = path.split('?')[0]!;
  return bare.split('/').slice(bare.startsWith('/') ? 1 : 0);
}

export interface PathSegment {
  /** As written. */
  text: string;
  templated: boolean;
  /**
   * The shortest path key holding the segment at this position (the first in code-unit order
   * between equals): findings go there. Not the first in the document: reordering the paths would
   * move the findings, and a baseline or --since would take them for new ones.
   */
  path: string;
  /** Where the segment starts in `path`. */
  offset: number;
  /** The segment before it in that path. */
  previous: string | undefined;
  /** Some path continues it with a `{parameter}` (not a `{path}` wildcard): it names a collection of items. */
  beforeParameter: boolean;
  /** Path keys that end with it. */
  ending: string[];
}

const segmentCache = new WeakMap<object, PathSegment[]>();

/**
 * Every non-empty segment of the `paths` keys, once per position: `orders` of `/orders`,
 * `/orders/{id}` and `/orders/{order_id}/items` is one segment, reported once.
 */
export function pathSegments(paths: unknown): PathSegment[] {
  if (!isObject(paths)) return [];
  let cached = segmentCache.get(paths);
  if (cached) return cached;
  const byPosition = new Map<string, PathSegment>();
  for (const path of Object.keys(paths)) {
    if (isExtensionKey(path)) continue;
    const parts = splitPath(path);
    let position = '';
    let offset = path.startsWith('/') ? 1 : 0;
    parts.forEach((text, i) => {
      const templated = isTemplated(text);
      const at = offset;
      offset += text.length + 1;
      // Parameter names do not change a position: `/orders/{id}/items` and `/orders/{order_id}/items` share `items`.
      position += `/${templated ? text.replace(TEMPLATE, '{}') : text}`;
      if (text === '') return;
      let segment = byPosition.get(position);
      if (!segment) {
        segment = { text, templated, path, offset: at, previous: parts[i - 1], beforeParameter: false, ending: [] };
        byPosition.set(position, segment);
      } else if (path.length < segment.path.length || (path.length === segment.path.length && path < segment.path)) {
        Object.assign(segment, { text, path, offset: at, previous: parts[i - 1] });
      }
      const next = parts[i + 1];
      if (next === undefined) segment.ending.push(path);
      // `/pods/{name}/proxy/{path}`: a sub-path wildcard, not the id of an item.
      else if (isTemplated(next) && !(next.match(TEMPLATE) ?? []).some(expression => /path/i.test(expression))) segment.beforeParameter = true;
    });
  }
  cached = [...byPosition.values()];
  segmentCache.set(paths, cached);
  return cached;
}

/** A finding at a part of a path key (a segment, a slash): the `paths` entry's key, at that part. */
export const atPathPart = (path: string, offset: number, length: number): JsonPath => atKey(['paths', path], { offset, length });

/** A finding at a segment, in the path key that holds it first. */
export const atSegment = (segment: PathSegment): JsonPath => atPathPart(segment.path, segment.offset, segment.text.length);

/** Lower-case words of a name in any style (`addFollowers`, `add-followers`, `{id}:add_followers`), templates left out. */
export const words = (name: string): string[] => splitWords(name.replace(TEMPLATE, ' ')).map(w => w.toLowerCase());

/** change-case's split (Unicode regular expressions on every call), remembered; the lists are only read. */
const splitWords = rememberByString((text: string): readonly string[] => split(text));

/** pluralize.isPlural, remembered: each answer tests the word against pluralize's hundreds of rules. */
// Mass nouns that pluralize counts as singular: they name an amount, never one of many.
const MASS_NOUNS = new Set([
  'content', 'feedback', 'evidence', 'knowledge', 'luggage', 'baggage', 'furniture', 'merchandise', 'clothing', 'footwear', 'freight',
  'input', 'output', 'throughput', 'config', 'telemetry', 'usage', 'storage', 'guidance', 'help', 'documentation', 'firmware', 'middleware',
  'malware', 'spam', 'traffic', 'access',
]);

/** Plural, or a mass noun that has no plural (`content`, `data`, `equipment`). */
export const isPluralWord = rememberByString((word: string): boolean => MASS_NOUNS.has(word.toLowerCase()) || pluralize.isPlural(word));

/**
 * The head noun of a name, which carries its number, with its offset in the name: the last word
 * (`pickup-points`), or the word before "of" (`codes-of-conduct`).
 */
function headWord(name: string): { word: string; at: number } | undefined {
  const text = name.replace(TEMPLATE, ' ');
  const parts = splitWords(text);
  const of = parts.findIndex((w, i) => i > 0 && w.toLowerCase() === 'of');
  const index = of > 0 ? of - 1 : parts.length - 1;
  let at = 0;
  for (const [i, word] of parts.entries()) {
    at = text.indexOf(word, at);
    if (i === index) return { word, at };
    at += word.length;
  }
  return undefined;
}

/** The head noun of a name, lower case (`codes_of_conduct` → `codes`). */
export const headNoun = (name: string): string => headWord(name)?.word.toLowerCase() ?? '';

/**
 * The name's number can be judged: its head is a word, not a token with digits (`v2`, `oauth2`), a
 * template, or a participle naming a view (`/user/starred`, `/messages/archived`).
 */
export function isNounLike(name: string): boolean {
  const head = headNoun(name);
  return /^[a-z]+$/.test(head) && !(head.length > 4 && /[^e]ed$/.test(head));
}

/**
 * A name is plural when its head noun is (`tracking-events`, `pickupPoints`, `codes_of_conduct`),
 * is uncountable (`health`, `metadata`), or is allowed.
 */
export function isPluralName(name: string, allowed: ReadonlySet<string>): boolean {
  const head = headNoun(name);
  return allowed.has(name.toLowerCase()) || allowed.has(head) || isPluralWord(head);
}

// pluralize's learned plurals that APIs do not use.
const PREFERRED_PLURALS: Record<string, string> = { schema: 'schemas' };

/** The name with its head noun in the plural, separators and case kept: `pickup-point` → `pickup-points`. */
export function pluralName(name: string): string {
  const head = headWord(name);
  if (!head) return name;
  const lower = head.word.toLowerCase();
  const plural = (Object.hasOwn(PREFERRED_PLURALS, lower) ? PREFERRED_PLURALS[lower] : undefined) ?? pluralize.plural(head.word);
  return name.slice(0, head.at) + plural + name.slice(head.at + head.word.length);
}

// Kebab-case words; `.` and `:` separate parts (`networking.k8s.io`, `{id}:cancel`), and a leading
// dot is allowed for `.well-known`.
const KEBAB = /^\.?[a-z0-9]+(?:[-.:][a-z0-9]+)*$/;

/** Kebab-case, judging only the literal text of a segment (`{name}.json` is fine). */
export const isKebabCase = (segment: string): boolean => KEBAB.test(segment.replace(TEMPLATE, 'x'));

/** The segment in kebab-case, templates and `.`/`:` separators kept. */
export const toKebabCase = (segment: string): string =>
  segment
    .split(/(\{[^{}]*\}|[.:])/)
    .map(part => (/^(?:\{.*\}|[.:])$/.test(part) ? part : kebabCase(part)))
    .join('');

export const SNAKE_CASE = '^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$';

export const toSnakeCase = (name: string): string => snakeCase(name);

/** Capitalised-Kebab-Case: every word starts with a capital or digit; acronyms (`ID`, `WWW`) and `ETag`, `RateLimit` pass. */
export const isCapitalisedKebabCase = (name: string): boolean => /^[A-Z0-9][A-Za-z0-9]*(?:-[A-Z0-9][A-Za-z0-9]*)*$/.test(name);

/** `x-flow-id` → `X-Flow-Id`; all-capital words stay (`X_FLOW_ID` → `X-FLOW-ID`). */
export const toCapitalisedKebabCase = (name: string): string =>
  splitWords(name)
    .map(w => (w.length > 1 && w === w.toUpperCase() ? w : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('-');

// Verbs that only name actions in a path, wherever they appear in a segment.
export const DEFAULT_VERBS: readonly string[] = [
  'accept', 'activate', 'add', 'apply', 'approve', 'assign', 'authenticate', 'authorize', 'calculate',
  'cancel', 'confirm', 'create', 'deactivate', 'delete', 'demote', 'deny', 'destroy', 'disable', 'enable',
  'execute', 'fetch', 'generate', 'get', 'invoke', 'migrate', 'modify', 'notify', 'perform', 'promote',
  'publish', 'purge', 'reactivate', 'recalculate', 'remove', 'rename', 'renew', 'reschedule', 'resize',
  'retrieve', 'revert', 'revoke', 'rotate', 'send', 'submit', 'subscribe', 'suspend', 'unarchive',
  'unassign', 'unfollow', 'uninstall', 'unlock', 'unpublish', 'unregister', 'unsubscribe', 'upsert',
  'validate', 'verify',
];

// Words that are verbs or nouns (`check-runs`, `search-results`, `restart_count`): flagged only as a
// whole segment, where they can only be the action (`/orders/{id}/update`, `/tasks/search`).
export const DEFAULT_AMBIGUOUS_VERBS: readonly string[] = [
  'archive', 'check', 'clone', 'close', 'commit', 'compare', 'complete', 'compute', 'copy', 'downgrade',
  'download', 'duplicate', 'edit', 'export', 'find', 'finish', 'follow', 'import', 'insert', 'install',
  'invite', 'list', 'load', 'lock', 'login', 'logout', 'merge', 'move', 'open', 'patch', 'pause', 'process',
  'query', 'reboot', 'refresh', 'refund', 'register', 'reject', 'rerun', 'reset', 'restart', 'restore',
  'resume', 'retry', 'return', 'rollback', 'run', 'save', 'search', 'set', 'share', 'signin', 'signout',
  'signup', 'start', 'stop', 'sync', 'test', 'transfer', 'trigger', 'update', 'upgrade', 'upload',
];

// `add-ons`, `check-ins`, `roll-outs`: a verb with a particle names a thing.
const PARTICLES = new Set(['on', 'ons', 'in', 'ins', 'up', 'ups', 'out', 'outs', 'off', 'offs', 'over', 'overs', 'back', 'backs', 'down', 'downs']);

/**
 * The verb a path segment holds, if any: a word of `verbs` anywhere (`get-orders`, `addFollowers`;
 * not `add-ons`), or a word of `ambiguous` standing alone (`search`, but not `search-results`).
 * Parts separated by `.` or `:` are judged alone (`{id}:cancel`, `views.update`).
 */
export function segmentVerb(segment: string, verbs: ReadonlySet<string>, ambiguous: ReadonlySet<string>): string | undefined {
  for (const part of segment.replace(TEMPLATE, ' ').split(/[.:]/)) {
    const w = words(part);
    const verb = w.find((word, i) => verbs.has(word) && !PARTICLES.has(w[i + 1] ?? '')) ?? (w.length === 1 && ambiguous.has(w[0]!) ? w[0] : undefined);
    if (verb !== undefined) return verb;
  }
  return undefined;
}
