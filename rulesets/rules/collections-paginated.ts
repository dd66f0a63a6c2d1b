import { defineRule } from '../rule.js';
import {
  apiOperations,
  collectionResponse,
  DEFAULT_CURSOR_PARAMETERS,
  DEFAULT_LIMIT_PARAMETERS,
  DEFAULT_MONITORING_PATHS,
  isMonitoringOperation,
  monitoringPathsOption,
  pagination,
  type Pagination,
} from '../lib/operations.js';
import { stringList } from '../lib/options.js';

interface Options {
  cursorParameters: string[];
  limitParameters: string[];
  monitoringPaths: string[];
}

/** What the collection read lacks, said as it is: a next link is no parameter, and no parameters is not "no limit". */
function problem({ cursorParameter, nextLink, limit, queryParameters }: Pagination, page: boolean): string {
  const accepts = queryParameters === 0 ? 'accepts no query parameters' : undefined;
  if (nextLink) return `and links to its next page, but ${accepts ?? 'accepts no "limit" query parameter'}: accept "limit" so that clients choose the page size`;
  if (cursorParameter) return `and accepts a page-selecting query parameter but no "limit": accept "limit" so that clients choose the page size`;
  if (limit) return `and accepts "limit", but no "cursor" (or other page-selecting) query parameter${page ? ', and its page has no next link' : ''}: accept "cursor"`;
  return `but ${accepts ?? 'accepts neither a "cursor" nor a "limit" query parameter'}: paginate it with "cursor" and "limit"`;
}

export default defineRule<Options>({
  id: 'collections-paginated',
  severity: 'error',
  ref: '4.page.1',
  zalando: [159],
  description: 'A GET that lists a collection accepts a cursor (or another pagination parameter, or links to its next page) and a limit (info when only the limit is missing).',
  rationale:
    'Collections support pagination (guideline 4, pagination, item 1): an unbounded list overloads the service as it grows and leaves clients no way to iterate in steps. A collection read is a GET on a path ending with a resource name whose 2xx JSON body is an array of objects or a page object. It must accept a page-selecting query parameter (`cursor`, or another one such as `offset`, which pagination-cursor reports separately; a `next` link or cursor in the page object also counts), and should accept a page-size parameter (`limit`, or a look-alike such as `page_size`, which query-conventional-names reports separately): ' +
    'a collection that can be paged but has no page size is reported at info, as the guideline names no page-size parameter. Streams and monitoring endpoints are not collections.',
  examples: {
    incorrect: "paths:\n  /orders:\n    get:\n      responses:\n        '200':\n          description: Orders.\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/OrderPage'}",
    correct:
      "paths:\n  /orders:\n    get:\n      parameters:\n        - {name: cursor, in: query, schema: {type: string}}\n        - {name: limit, in: query, schema: {type: integer, format: int32}}\n      responses:\n        '200':\n          description: A page of orders.\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/OrderPage'}",
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        cursorParameters: stringList('Query parameters that select a page (normalized comparison: pageToken = page_token).', { nonEmpty: true }),
        limitParameters: stringList('Query parameters that bound the page size.', { nonEmpty: true }),
        monitoringPaths: monitoringPathsOption('which need no pagination'),
      },
      additionalProperties: false,
    },
    defaults: {
      cursorParameters: [...DEFAULT_CURSOR_PARAMETERS],
      limitParameters: [...DEFAULT_LIMIT_PARAMETERS],
      monitoringPaths: [...DEFAULT_MONITORING_PATHS],
    },
  },
  given: '$',
  check(root, options) {
    return apiOperations(root).flatMap(op => {
      const collection = collectionResponse(root, op);
      if (!collection || isMonitoringOperation(op, options.monitoringPaths)) return [];
      const paging = pagination(op, collection, options);
      if (paging.cursor && paging.limit) return [];
      // A collection that clients can page through is paginated: the guideline does not name a
      // page-size parameter, so its absence is advice (info), not a violation.
      const severity = paging.cursor ? ({ severity: 'info' } as const) : {};
      return [{ message: `GET ${op.path} lists a collection ${problem(paging, collection.kind === 'page')}.`, path: [...op.jsonPath], ...severity }];
    });
  },
});
