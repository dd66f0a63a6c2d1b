import { defineRule } from '../rule.js';
import { apiOperations, collectionResponse, DEFAULT_CURSOR_PARAMETERS, DEFAULT_LIMIT_PARAMETERS, hasNextPageField, pagination } from '../lib/operations.js';

const NAMES = { cursorParameters: DEFAULT_CURSOR_PARAMETERS, limitParameters: DEFAULT_LIMIT_PARAMETERS };

export default defineRule({
  id: 'pagination-page-object',
  severity: 'warn',
  ref: '4.page.3',
  zalando: [248],
  description: 'A paginated collection answers with a page object that holds the page\'s array and a way to the next page.',
  rationale:
    'A pagination response page object should be used, with pagination links where applicable (guideline 4, pagination, item 3). A page object can grow new fields compatibly and lead the client to the next page; a bare array can do neither. The guideline leaves the shape of the page object unstated (item 4), so any naming passes: the array may be called `items` or after the resource (`merchants`), and the way to the next page may be a `next` link or a cursor, in the page or in a link container (`_links`, `links`, `_meta`, ...). The shape `items`, `self`, `next`, `prev`, `first`, `last` is a good default, not a requirement. Reported: a paginated collection that answers with a bare array, or with an object that has no way to the next page. A collection counts as paginated when it accepts a cursor or limit parameter or its page carries a `next` link or cursor; that links are absolute URIs is checked by absolute-uri-links.',
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
        return [{ message: 'Paginated collection answers with a bare array: answer with a page object that holds the array and a "next" link (or cursor).', path }];
      }
      if (hasNextPageField(collection.body.schema)) return [];
      return [
        {
          message: `Page object (its array is "${collection.arrayName}") has no way to the next page: add a "next" link or cursor, in the page or in its links object ("_links", "links").`,
          path,
        },
      ];
    });
  },
});
