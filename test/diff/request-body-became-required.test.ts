import { testDiffRule } from '../helpers/diff.js';

testDiffRule('request-body-became-required', [
  {
    name: '3.0: an optional body made required, and a new required body',
    fixture: 'required',
    changes: [
      { in: 'revision', line: 6, column: 7, severity: 'error', message: 'The request body of POST /orders is now required' },
      { in: 'revision', line: 15, column: 7, severity: 'error', message: 'The request body of POST /carts is new and required' },
    ],
  },
  { name: '2.0: an in: body parameter made required', fixture: 'swagger', changes: [{ in: 'revision', line: 7, column: 11, severity: 'error', message: 'The request body of POST /orders is now required' }] },
]);
