import { testDiffRule } from '../helpers/diff.js';

testDiffRule('parameter-removed', [
  {
    name: '3.0: removed parameters; Accept is not a parameter in 3.x; a $ref\'d one past its sunset is info, at its definition',
    fixture: 'removed',
    changes: [
      { in: 'base', line: 7, column: 11, severity: 'error', message: 'Parameter "status" (query) of GET /orders was removed' },
      { in: 'base', line: 14, column: 5, severity: 'info', message: 'x-sunset 2025-10-01, which has passed' },
    ],
  },
  { name: 'a renamed path variable is the same parameter (matched by its place in the path)', fixture: 'path-variable-renamed', changes: [] },
  { name: '2.0: a formData field', fixture: 'form-field', changes: [{ in: 'base', line: 9, column: 11, severity: 'error', message: 'Form field "colour" (formData) of POST /uploads was removed' }] },
]);
