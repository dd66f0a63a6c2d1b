import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

const ok = `    post:
      responses:
        '200': {description: OK}
`;

testRule('path-no-verbs', [
  {
    name: '3.0: verb segments are reported; nouns that look like verbs are not',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /get-orders:
${ok}  /orders/{order_id}/cancel:
${ok}  /orders/{order_id}:activate:
${ok}  /returns:
${ok}  /orders/{order_id}/cancellations:
${ok}  /shipments/{shipment_id}/tracking-events:
${ok}  /searches:
${ok}  /search-results:
${ok}  /updates:
${ok}  /add-ons:
${ok}  /check-runs:
${ok}`,
    errors: [
      { line: 4, column: 4, severity: 'error', message: 'Path segment "get-orders" holds the verb "get": the HTTP method (GET) names the action' },
      { line: 8, column: 22, severity: 'error', message: 'Path segment "cancel" holds the verb "cancel": model the action as a resource' },
      { line: 12, column: 11, severity: 'error', message: '"{order_id}:activate" holds the verb "activate": model the action as a resource that the client creates: POST .../activations.' },
    ],
  },
  {
    name: '3.1: camelCase verbs, and a verb-or-noun standing alone',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /createOrder:
${ok}  /tasks/search:
${ok}  /tasks/{task_id}/update:
${ok}`,
    errors: [
      { line: 4, column: 4, severity: 'error', message: '"createOrder" holds the verb "create": the HTTP method (POST)' },
      { line: 8, column: 10, severity: 'error', message: '"search" holds the verb "search": POST a query too complex for query parameters as JSON to a resource named by a noun (e.g. .../searches).' },
      { line: 12, column: 20, severity: 'error', message: '"update" holds the verb "update": the HTTP method (PUT or PATCH)' },
    ],
  },
  {
    name: '2.0: a verb in the middle of a compound; a segment shared by two paths is reported once',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders/bulk-delete:
    post:
      responses:
        200: {description: OK}
  /orders/bulk-delete/{job_id}:
    get:
      parameters:
        - {name: job_id, in: path, required: true, type: string}
      responses:
        200: {description: OK}
`,
    errors: [{ line: 4, column: 11, severity: 'error', message: '"bulk-delete" holds the verb "delete"' }],
  },
  {
    name: '2.0: nouns and re- forms that end a POST-only path after an identifier are actions; suggestions fit the word and the method',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{order_id}/ship:
    post: {responses: {200: {description: OK}}}
  /jobs/{job_id}/retry:
    post: {responses: {200: {description: OK}}}
  /indexes/{index_id}/reindex:
    post: {responses: {200: {description: OK}}}
  /messages/{message_id}/unpin:
    post: {responses: {200: {description: OK}}}
  /tasks/search:
    get: {responses: {200: {description: OK}}}
  /orders/{order_id}/payment:
    post: {responses: {200: {description: OK}}}
  /orders/{order_id}/review:
    get: {responses: {200: {description: OK}}}
    post: {responses: {200: {description: OK}}}
  /orders/{order_id}/releases:
    post: {responses: {200: {description: OK}}}
  /ship:
    post: {responses: {200: {description: OK}}}
`,
    errors: [
      { line: 4, column: 22, severity: 'error', message: 'Path segment "ship" holds the verb "ship": model the action as a resource that the client creates: POST .../shipments.' },
      { line: 6, column: 18, severity: 'error', message: 'Path segment "retry" holds the verb "retry": model the action as a resource that the client creates: POST .../retries.' },
      { line: 8, column: 23, severity: 'error', message: '"reindex" holds the verb "reindex": model the action as a resource that the client creates with POST, named by a noun for "reindex".' },
      { line: 10, column: 26, severity: 'error', message: '"unpin" holds the verb "unpin": model the action as a resource that the client creates with POST, named by a noun for "unpin".' },
      { line: 12, column: 10, severity: 'error', message: '"search" holds the verb "search": GET the collection itself, with the search in query parameters (e.g. "q").' },
    ],
  },
  {
    name: '3.0: configured verb lists replace the default ones',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /ship-orders:
${ok}  /get-orders:
${ok}  /track:
${ok}  /track-records:
${ok}  /search:
${ok}`,
    options: { ruleOptions: { verbs: ['ship'], ambiguousVerbs: ['track'] } },
    errors: [
      { line: 4, column: 4, severity: 'error', message: 'Path segment "ship-orders" holds the verb "ship": model the action as a resource' },
      { line: 12, column: 4, severity: 'error', message: 'Path segment "track" holds the verb "track"' },
    ],
  },
]);

it('fires on the reference spec at the edited path', async () => {
  const { findings, line } = await lintMutatedReference('path-no-verbs', {
    find: '  /shipments/{shipment_id}/cancellations:\n',
    replace: '  /shipments/{shipment_id}/cancel:\n',
  });
  expectFindings('path-no-verbs', findings, [{ line, column: 28, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['path-no-verbs'] })).toEqual([]);
});
