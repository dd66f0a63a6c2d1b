import { testDiffRule } from '../helpers/diff.js';

testDiffRule('media-type-removed', [
  {
    name: '3.0: request and success-response media types removed are errors, an error response\'s is info',
    fixture: 'removed',
    changes: [
      { in: 'base', line: 10, column: 11, severity: 'error', message: 'Media type "application/xml" of the request body of POST /orders was removed: clients that send it get 415' },
      { in: 'base', line: 18, column: 13, severity: 'error', message: 'clients that accept only it get 406' },
      { in: 'base', line: 23, column: 13, severity: 'info', message: 'the 400 response' },
    ],
  },
  { name: 'a media type version replaced by the next is info about a new version (guideline 9.4)', fixture: 'new-version', changes: [{ in: 'revision', line: 10, column: 13, severity: 'info', message: 'is replaced by "application/x.order+json;version=2": a new version' }] },
  { name: 'a charset parameter dropped is the same media type', fixture: 'parameters', changes: [] },
  { name: '2.0: a type dropped from the document\'s produces, at the list entry', fixture: 'swagger-produces', changes: [{ in: 'base', line: 3, column: 30, severity: 'error', message: 'Media type "application/xml" of the 200 response of GET /orders' }] },
]);
