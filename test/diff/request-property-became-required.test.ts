import { testDiffRule } from '../helpers/diff.js';

testDiffRule('request-property-became-required', [
  { name: '3.0: a request property added to required, at its entry in the list', fixture: 'required', changes: [{ in: 'revision', line: 16, column: 27, severity: 'error', message: 'Property "note" of schema "OrderInput" is now required in requests' }] },
  { name: '3.1: a read-only property is not sent, so requiring it asks nothing of clients', fixture: 'read-only-required', changes: [] },
  { name: '2.0: an in: body schema', fixture: 'swagger', changes: [{ in: 'revision', line: 13, column: 16, severity: 'error', message: 'Property "note"' }] },
  {
    name: 'allOf: one part lists as required what another declares, at its entry in the list',
    fixture: 'required-by-another-part',
    changes: [{ in: 'revision', line: 25, column: 22, severity: 'error', message: 'Property "note" of schema "OrderInput" is now required in requests' }],
  },
]);
