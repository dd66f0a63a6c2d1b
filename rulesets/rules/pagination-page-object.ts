import { defineRule } from '../rule.js';
import {
  apiOperations,
  collectionResponse,
  DEFAULT_CURSOR_PARAMETERS,
  DEFAULT_LIMIT_PARAMETERS,
  normalizeName,
  pageFields,
  pagination,
} from '../lib/operations.js';

const NAMES = { cursorParameters: DEFAULT_CURSOR_PARAMETERS, limitParameters: DEFAULT_LIMIT_PARAMETERS };

export default defineRule({
  id: 'pagination-page-object',
  severity: 'warn',
  ref: '4.page.3',
  zalando: [248],
  description: 'A paginated collection answers with a page object: an items array with self and next links.',
  rationale:
    'A pagination response page object should be used, with pagination links where applicable (guideline 4, pagination, item 3). A page object (`items` plus `self`, `next`, and `prev`, `first`, `last` where given) can grow new fields compatibly, and its links let clients page without building URLs; a bare array can do neither. Links may sit in the page or in its `_links`/`links` object; that they are absolute URIs is checked by absolute-uri-links. A collection counts as paginated when it accepts a cursor or limit parameter or its page carries a `next` link or cursor.',
  examples: {
    incorrect: "OrderPage:\n  type: object\n  properties:\n    orders:\n      type: array\n      items: {$ref: '#/components/schemas/Order'}",
    correct:
      "OrderPage:\n  type: object\n  properties:\n    self: {type: string, format: uri}\n    next: {type: string, format: uri}\n    items:\n      type: array\n      items: {$ref: '#/components/schemas/Order'}",
  },
  given: '$',
  check(root) {
    return apiOperations(root).flatMap(op => {
      const collection = collectionResponse(root, op);
      if (!collection) return [];
      const { cursor, limit } = pagination(op, collection, NAMES);
      if (!cursor && !limit) return []; // unpaginated: collections-paginated reports it
      // Keyed by the schema, not the operation: a shared page schema is reported once.
      const path = [...collection.body.jsonPath];
      if (collection.kind === 'array') {
        return [{ message: 'Paginated collection answers with a bare array: answer with a page object with "items", "self" and "next".', path }];
      }
      const fields = pageFields(collection.body.schema);
      const lacks = [
        ...(normalizeName(collection.arrayName) === 'items' ? [] : [`"items" (its array is "${collection.arrayName}")`]),
        ...['self', 'next'].filter(link => !fields.has(link)).map(link => `"${link}"`),
      ];
      if (lacks.length === 0) return [];
      const list = lacks.length === 1 ? lacks[0]! : `${lacks.slice(0, -1).join(', ')} and ${lacks.at(-1)!}`;
      return [{ message: `Page object lacks ${list}: a page has an "items" array and "self" and "next" links.`, path }];
    });
  },
});
