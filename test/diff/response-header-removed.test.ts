import { testDiffRule } from '../helpers/diff.js';

testDiffRule('response-header-removed', [
  {
    name: '3.0: a required header removed or made optional is an error; an optional one removed is info',
    fixture: 'removed',
    changes: [
      { in: 'base', line: 10, column: 13, severity: 'error', message: 'Required header "Location" of the 201 response of POST /orders was removed' },
      { in: 'revision', line: 10, column: 13, severity: 'error', message: 'Header "ETag" of the 201 response of POST /orders is no longer required' },
      { in: 'base', line: 16, column: 13, severity: 'info', message: 'Optional header "X-Trace"' },
    ],
  },
  { name: '2.0: headers cannot be required, so a removal is info', fixture: 'swagger', changes: [{ in: 'base', line: 10, column: 13, severity: 'info', message: 'Optional header "X-Rate-Limit"' }] },
]);
