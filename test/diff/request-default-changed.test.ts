import { testDiffRule } from '../helpers/diff.js';

testDiffRule('request-default-changed', [
  { name: '3.0: a parameter schema\'s default (a boolean default corrected to the string a string schema reads is none)', fixture: 'changed', changes: [{ in: 'revision', line: 7, column: 69, severity: 'warn', message: 'Parameter "limit" has a new default in requests (20 → 50)' }] },
  { name: '2.0: a parameter\'s own default', fixture: 'swagger', changes: [{ in: 'revision', line: 7, column: 60, severity: 'warn', message: '(20 → 100)' }] },
]);
