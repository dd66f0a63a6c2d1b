import { defineRule } from '../rule.js';
import { isObject, pathItemEntries } from '../lib/oas.js';
import { pathSegments, segmentOffset, urlBases } from '../lib/meta.js';
import { atPathPart } from '../lib/naming.js';

// `v1`, `v2.1`, `v1beta1`, `version-2`, `1.0`, and a path parameter for the API version.
const VERSION_SEGMENT = /^(?:v\d+(?:\.\d+)*(?:[-_.]?(?:alpha|beta|rc)\d*)?|version[-_]?\d+(?:\.\d+)*|\d+\.\d+(?:\.\d+)?|\{api[-_]?version\})$/i;
// A plain `{version}` names the API version only in front of every resource; after a resource
// it identifies a sub-resource (`/schemas/{version}`).
const LEADING_VERSION_PARAMETER = /^\{version\}$/i;

const versionIn = (path: string): string | undefined =>
  pathSegments(path).find((s, i) => VERSION_SEGMENT.test(s) || (i === 0 && LEADING_VERSION_PARAMETER.test(s)));

export default defineRule({
  id: 'no-version-in-url',
  severity: 'error',
  ref: '9.4',
  zalando: [115],
  description: 'No version segment (`/v1`, `/v2.1`, `/version-2`) in paths, server URLs or `basePath`.',
  rationale:
    'The URL never carries a version (guideline 9, item 4): versioning is avoided through compatible extensions, and where a version is unavoidable it is a media type parameter (`application/x.order+json;version=2`). A version in the URL renames every resource at each version and forces all clients to move at once.',
  examples: {
    incorrect: 'servers:\n  - url: https://example.com/v1\npaths:\n  /v2/orders:\n    get: ...',
    correct: 'servers:\n  - url: https://example.com\npaths:\n  /orders:\n    get: ...',
  },
  given: '$',
  check(root) {
    if (!isObject(root)) return;
    const results = [];
    for (const base of urlBases(root)) {
      const segment = versionIn(base.path);
      if (segment) results.push({ message: `URL "${base.url}" carries the version "${segment}": remove it (version media types instead).`, path: base.jsonPath });
    }
    for (const [path] of pathItemEntries(root, 'paths')) {
      const segment = versionIn(path);
      if (segment) results.push({ message: `Path "${path}" carries the version "${segment}": remove it (version media types instead).`, path: atPathPart(path, segmentOffset(path, segment), segment.length) });
    }
    return results;
  },
});
