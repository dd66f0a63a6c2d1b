// Where a finding is, by meaning rather than by JSON path, for baselines and --since: a path key
// compared loosely (case, `-`/`_`, a trailing slash, the names of path variables), a parameter by
// `in` and name rather than its place in the list, an enum value, a `required` name or a media
// type by its value, a security requirement by its schemes, a `$ref` member of an `allOf` by what
// it names, property and schema names loosely. Renaming `/orders/{order_id}/items/` to
// `/orders/{id}/Items`, fixing a property's case or reordering parameters, enum values or
// security requirements then leaves the findings that were already there matched, not new.
import type { JsonPath } from '@stoplight/types';
import { looseTemplate } from '../../rulesets/lib/naming.js';
import { isObject } from '../../rulesets/lib/oas.js';
import { unescapePointerSegment } from '../../rulesets/lib/pointer.js';
import { rememberByString } from '../../rulesets/lib/remember.js';
import { jsonPointer, type Finding } from '../core/finding.js';

// Both are asked once per finding, and a spec's findings share a few hundred path keys and names
// (github-api.json: 24,691 findings).

/** `orderId`, `order_id`, `Order-ID` → `orderid`. */
const looseName = rememberByString((name: string): string => name.toLowerCase().replace(/[-_.\s]/g, ''), 10_000);

/** `/orders/{order_id}/Items/` → `/orders/{}/items`, and `/` stays `/`. */
const loosePath = rememberByString((template: string): string => looseTemplate(template) || '/', 10_000);

/** Lists of values whose place means nothing: an item is known by its value. */
const VALUE_LISTS = new Set(['enum', 'x-extensible-enum', 'required', 'produces', 'consumes', 'schemes', 'type']);

/** Lists of schemas: a member that is a `$ref` is known by the name it refers to. */
const SCHEMA_LISTS = new Set(['allOf', 'oneOf', 'anyOf']);

/** Names whose children are named things (a map of names), compared loosely. */
const NAMED_MAPS = new Set(['properties', 'schemas', 'definitions', 'parameters', 'responses', 'requestBodies', 'headers', 'securitySchemes', 'examples']);

/** One segment by what it names: `node` is the container the segment indexes, `parent` the key that holds it. */
function segmentKey(segment: string | number, node: unknown, parent: string | number | undefined, depth: number, first: string | number | undefined): string {
  if (depth === 1 && (first === 'paths' || first === 'webhooks')) return loosePath(String(segment));
  if (Array.isArray(node)) {
    const item: unknown = node[Number(segment)];
    if (typeof parent === 'string' && VALUE_LISTS.has(parent) && (item === null || typeof item !== 'object')) return `value:${JSON.stringify(item)}`;
    if (!isObject(item)) return String(segment);
    // A security requirement by the schemes it names (scopes aside).
    if (parent === 'security') return `security:${Object.keys(item).sort().join('+')}`;
    if (typeof parent === 'string' && SCHEMA_LISTS.has(parent) && typeof item.$ref === 'string') return `ref:${looseName(item.$ref.split('/').pop() ?? '')}`;
    if (parent === 'parameters') {
      if (typeof item.$ref === 'string') return `ref:${looseName(item.$ref.split('/').pop() ?? '')}`;
      if (typeof item.name === 'string') return `${String(item.in)}:${looseName(item.name)}`;
    }
    if (parent === 'tags' && typeof item.name === 'string') return `tag:${item.name}`;
    if (parent === 'servers' && typeof item.url === 'string') return `server:${item.url}`;
    if (parent === 'x-event-types' && typeof item.name === 'string') return `event:${item.name}`;
    return String(segment);
  }
  if (typeof parent === 'string' && NAMED_MAPS.has(parent) && typeof segment === 'string') return looseName(segment);
  return String(segment);
}

/** The meaning pointer of `path` in `data` (a parsed file); segments past what `data` holds stay as they are. */
export function meaningPointer(data: unknown, path: JsonPath): string {
  const out: string[] = [];
  let node = data;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    out.push(segmentKey(segment, node, path[i - 1], i, path[0]));
    node = isObject(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[segment] : undefined;
  }
  return jsonPointer(out);
}

/**
 * Meaning pointers of findings, file by file: `load` gives a file's parsed data (undefined where
 * it cannot, such as stdin: the JSON pointer is used then).
 */
export class MeaningKeys {
  private readonly data = new Map<string, unknown>();
  /** Pointers a worker thread worked out from its parse, by the finding's path (the array itself). */
  private readonly given = new WeakMap<JsonPath, string>();

  constructor(private readonly load: (file: string) => unknown) {}

  /** Takes the pointers a worker thread gave for these findings (in their order). */
  take(findings: readonly Finding[], pointers: readonly string[]): void {
    findings.forEach((f, i) => this.given.set(f.path, pointers[i]!));
  }

  pointer(file: string, path: JsonPath): string {
    const given = this.given.get(path);
    if (given !== undefined) return given;
    if (!this.data.has(file)) this.data.set(file, this.load(file));
    const data = this.data.get(file);
    return data === undefined ? jsonPointer(path) : meaningPointer(data, path);
  }
}

/** An RFC 6901 pointer (of an older baseline) read as loosely as it can be without its document. */
export function loosePointer(pointer: string): string {
  const path = pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointerSegment);
  return meaningPointer(undefined, path);
}
