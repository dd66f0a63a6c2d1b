// Resource structure read from path keys: which resource type a path belongs to and how deeply
// it nests sub-resources (guideline 2, "the number of resource types and of sub-resource levels
// is kept small"; Zalando rules 146 and 147).

const PARAMETER = '{}';

// A segment holding a template expression (`{id}`, `{name}.{ext}`) names an item, not a resource.
const isParameter = (segment: string): boolean => /\{[^}]*\}/.test(segment);

// Version segments (`v1`, `v2.1`) and a leading `api` are base path, not resources (other rules
// report them).
const isVersion = (segment: string): boolean => /^v\d+(?:[._-]\d+)*$/i.test(segment);

/** Resource segments of a path: parameters normalized to `{}` (their names do not matter here), base path left out. */
function segments(path: string): string[] {
  const parts = path.split('/').filter(s => s.length > 0 && !isVersion(s));
  if (parts[0]?.toLowerCase() === 'api') parts.shift();
  return parts.map(s => (isParameter(s) ? PARAMETER : s));
}

/**
 * The resource type a path belongs to, as Zalando rule 146 defines it: a collection, its members
 * and its direct sub-resources without an identifier of their own are one type.
 * `/customers`, `/customers/{id}` and `/customers/{id}/preferences` are `/customers`;
 * `/customers/{id}/addresses/{addr}` is `/customers/{}/addresses`.
 */
export function resourceType(path: string): string {
  const parts = segments(path);
  // A member, also under a compound key (`/blacklist/{type}/{name}`): its collection.
  if (parts.at(-1) === PARAMETER) {
    while (parts.at(-1) === PARAMETER) parts.pop();
  } else if (parts.at(-2) === PARAMETER) {
    // A sub-resource without an identifier of its own: its parent's type.
    parts.splice(-2);
    while (parts.at(-1) === PARAMETER) parts.pop();
  }
  return `/${parts.join('/')}`;
}

/**
 * Sub-resource levels of a path: its named (non-parameter) segments after the first, so
 * `/shipments/{id}` has 0 and `/shipments/{id}/parcels/{parcel_id}` has 1 (as Zalando's Zally).
 */
export const subResourceLevels = (path: string): number => Math.max(0, segments(path).filter(s => s !== PARAMETER).length - 1);
