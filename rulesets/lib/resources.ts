// Resource structure read from path keys: which resource type a path belongs to and how deeply
// it nests sub-resources (guideline 2, "the number of resource types and of sub-resource levels
// is kept small"; Zalando rules 146 and 147).

const PARAMETER = '{}';

// A segment holding a template expression (`{id}`, `{name}.{ext}`) names an item, not a resource.
const isParameter = (segment: string): boolean => /\{[^{}]*\}/.test(segment);

// Version segments (`v1`, `v2.1`) and a leading `api` are base path, not resources (other rules
// report them).
const isVersion = (segment: string): boolean => /^v\d+(?:[._-]\d+)*$/i.test(segment);

/** Segments of a path without its base path (versions, a leading `api`). */
function resourceParts(path: string): string[] {
  const parts = path.split('/').filter(s => s.length > 0 && !isVersion(s));
  if (parts[0]?.toLowerCase() === 'api') parts.shift();
  return parts;
}

/** Resource segments of a path: parameters normalized to `{}` (their names do not matter here), base path left out. */
const segments = (path: string): string[] => resourceParts(path).map(s => (isParameter(s) ? PARAMETER : s));

/**
 * The resource types of an API's paths, as Zalando rule 146 defines them: a collection, its
 * members and its sub-resources without an identifier of their own are one type. `/customers`,
 * `/customers/{id}` and `/customers/{id}/preferences` are `/customers`; a sub-resource that is a
 * collection itself (some path continues it with an identifier) is a type of its own, with its
 * members: `/customers/{id}/addresses` and `/customers/{id}/addresses/{addr}` are one type. Keyed
 * by the type with parameters normalized; the value spells it as the first path holding it does.
 */
export function resourceTypes(paths: readonly string[]): Map<string, string> {
  const split = paths.map(path => ({ original: resourceParts(path), parts: segments(path) }));
  const collections = new Set<string>();
  for (const { parts } of split) {
    parts.forEach((segment, i) => {
      if (segment !== PARAMETER && parts[i + 1] === PARAMETER) collections.add(parts.slice(0, i + 1).join('/'));
    });
  }
  const types = new Map<string, string>();
  for (const { original, parts } of split) {
    let end = parts.length;
    const dropParameters = () => {
      while (end > 0 && parts[end - 1] === PARAMETER) end--;
    };
    // A member, also under a compound key (`/blacklist/{type}/{name}`): its collection.
    dropParameters();
    // A sub-resource without an identifier of its own that is no collection: its parent's type.
    while (end >= 2 && parts[end - 2] === PARAMETER && !collections.has(parts.slice(0, end).join('/'))) {
      end--;
      dropParameters();
    }
    const key = `/${parts.slice(0, end).join('/')}`;
    if (!types.has(key)) types.set(key, `/${original.slice(0, end).join('/')}`);
  }
  return types;
}

/**
 * Sub-resource levels of a path: its named (non-parameter) segments after the first, so
 * `/shipments/{id}` has 0 and `/shipments/{id}/parcels/{parcel_id}` has 1 (as Zalando's Zally).
 */
export const subResourceLevels = (path: string): number => Math.max(0, segments(path).filter(s => s !== PARAMETER).length - 1);
