import { defineRule } from '../rule.js';
import { isObject, responseHeaders, responses, type Response } from '../lib/oas.js';
import { apiOperations } from '../lib/operations.js';

const CACHEABLE_METHODS = new Set(['get', 'head', 'post']);

/**
 * The `Cache-Control` header a response declares, if it allows storing: some example, default or
 * enum value is not `no-store` (or, without values, the description does not say `no-store`).
 */
function cacheControl(r: Response): string | undefined {
  const declared = responseHeaders(r.response).get('cache-control');
  if (!declared || !isObject(declared.header)) return undefined;
  const header = declared.header;
  const schema = isObject(header.schema) ? header.schema : header;
  const namedExamples = isObject(header.examples) ? Object.values(header.examples).map(e => (isObject(e) ? e.value : e)) : [];
  const values = [header.example, schema.example, schema.default, schema.enum, schema.examples, namedExamples]
    .flat()
    .filter((v): v is string => typeof v === 'string');
  const storable = values.length > 0 ? values.some(v => !/no-store/i.test(v)) : !/no-store/i.test(String(header.description ?? ''));
  return storable ? declared.name : undefined;
}

const mentionsCaching = (...texts: unknown[]): boolean => texts.some(t => typeof t === 'string' && /cach/i.test(t));

export default defineRule({
  id: 'cacheable-documented',
  severity: 'info',
  ref: '4.methods.4',
  zalando: [227],
  description: 'A cacheable GET, HEAD or POST response declares Vary beside Cache-Control, and a cacheable POST says so.',
  rationale:
    'Cacheable GET, HEAD and POST endpoints are documented (guideline 4, methods, item 4). A response that declares `Cache-Control` (other than `no-store`) is cacheable, and caches key it by the request headers named in `Vary` (`Accept`, `Accept-Encoding`, `Authorization`, ...): without `Vary` a cache may serve one client\'s representation to another. POST responses are rarely cached, so a cacheable POST says so in its description.',
  examples: {
    incorrect: "responses:\n  '200':\n    description: Pickup points.\n    headers:\n      Cache-Control:\n        schema: {type: string, example: 'public, max-age=3600'}",
    correct:
      "responses:\n  '200':\n    description: Pickup points; may be cached for one hour.\n    headers:\n      Cache-Control:\n        schema: {type: string, example: 'public, max-age=3600'}\n      Vary:\n        schema: {type: string, example: Accept, Accept-Encoding}",
  },
  given: '$',
  check(root) {
    return apiOperations(root).flatMap(op => {
      if (!CACHEABLE_METHODS.has(op.method)) return [];
      const cached = responses(op).flatMap(r => {
        const header = cacheControl(r);
        return header ? [{ ...r, header }] : [];
      });
      // Keyed by the response, not the operation: a shared response is reported once.
      const findings = cached
        .filter(r => !responseHeaders(r.response).has('vary'))
        .map(r => ({ message: `Response declares "${r.header}" but no "Vary": name the request headers that select the cached representation.`, path: [...r.jsonPath] }));
      if (op.method === 'post' && cached.length > 0 && !mentionsCaching(op.operation.summary, op.operation.description, ...cached.map(r => r.response.description))) {
        findings.push({ message: `POST ${op.path} has a cacheable response but does not say so: document in its description that responses are cached.`, path: [...op.jsonPath] });
      }
      return findings;
    });
  },
});
