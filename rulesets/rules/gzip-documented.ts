import { defineRule } from '../rule.js';
import { isObject, responseHeaders, responses } from '../lib/oas.js';
import { apiOperations, headerParameter } from '../lib/operations.js';

/** Document-level text where an API describes its transport: info and server descriptions. */
function describesGzip(root: Record<string, unknown>): boolean {
  const info = isObject(root.info) ? root.info : {};
  const servers = Array.isArray(root.servers) ? root.servers.filter(isObject) : [];
  return [info.description, ...servers.map(s => s.description)].some(text => typeof text === 'string' && /gzip/i.test(text));
}

export default defineRule({
  id: 'gzip-documented',
  severity: 'info',
  ref: '4.perf.1',
  zalando: [156],
  description: 'gzip support is documented (Accept-Encoding, Content-Encoding or a note in the info or server description).',
  rationale:
    'Responses should support gzip compression (guideline 4, performance, item 1). Compression is usually a server or gateway setting that a specification does not show, so this rule is off by default (on with `apilint:all`): it asks that the document say so, by declaring `Accept-Encoding` or `Content-Encoding`, or by mentioning gzip in the info or a server description. Whether the server really compresses cannot be checked in a document.',
  recommended: false,
  examples: {
    incorrect: 'info:\n  title: Orders\n  description: Orders of the shop.',
    correct: 'info:\n  title: Orders\n  description: Orders of the shop. Responses are gzip compressed for clients that send `Accept-Encoding: gzip`.',
  },
  given: '$',
  check(root) {
    if (!isObject(root) || describesGzip(root)) return [];
    const declared = apiOperations(root).some(
      op => headerParameter(op, 'Accept-Encoding') || responses(op).some(r => responseHeaders(r.response).has('content-encoding')),
    );
    if (declared) return [];
    return [{ message: 'The API does not document gzip compression: mention it in the info description or declare "Accept-Encoding"/"Content-Encoding".', path: isObject(root.info) ? ['info'] : [] }];
  },
});
