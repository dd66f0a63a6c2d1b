import { defineRule } from '../rule.js';
import { isObject, pathItemEntries } from '../lib/oas.js';
import { pathSegments, segmentOffset, urlBases } from '../lib/meta.js';
import { atPathPart } from '../lib/naming.js';

const apiSegment = (path: string): string | undefined => {
  const first = pathSegments(path)[0];
  return first?.toLowerCase() === 'api' ? first : undefined;
};

export default defineRule({
  id: 'path-no-api-base',
  severity: 'warn',
  ref: '4.path.4',
  zalando: [135],
  description: 'Neither the server URLs (or `basePath`) nor the paths start with `/api`.',
  rationale:
    'The base path should not be `/api` (guideline 4, path rules, item 4): every path of the service is part of its API, so the segment says nothing, lengthens every URL and usually stands for a gateway routing concern that belongs to the host, not to the resource names.',
  examples: {
    incorrect: 'servers:\n  - url: https://example.com/api\npaths:\n  /api/orders:\n    get: ...',
    correct: 'servers:\n  - url: https://api.example.com\npaths:\n  /orders:\n    get: ...',
  },
  given: '$',
  check(root) {
    if (!isObject(root)) return;
    const results = urlBases(root)
      .filter(base => apiSegment(base.path) !== undefined)
      .map(base => ({ message: `Base path "${base.path}" starts with "/api": serve the API from the root of its host.`, path: base.jsonPath }));
    for (const [path] of pathItemEntries(root, 'paths')) {
      const api = apiSegment(path);
      if (api !== undefined) results.push({ message: `Path "${path}" starts with "/api": drop the "/api" segment.`, path: atPathPart(path, segmentOffset(path, api), api.length) });
    }
    return results;
  },
});
