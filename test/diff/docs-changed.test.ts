import { testDiffRule } from '../helpers/diff.js';

testDiffRule('docs-changed', [
  {
    name: '3.0: summary, description, response and schema descriptions; white space alone is no change',
    fixture: 'changed',
    changes: [
      { in: 'revision', line: 6, column: 16, severity: 'info', message: 'The summary of GET /orders changed' },
      { in: 'revision', line: 7, column: 20, severity: 'info', message: 'The description of GET /orders was added' },
      { in: 'revision', line: 12, column: 24, severity: 'info', message: 'The description of the 200 response of GET /orders changed' },
      { in: 'revision', line: 17, column: 30, severity: 'info', message: 'The description of the 200 response body changed' },
    ],
  },
]);
