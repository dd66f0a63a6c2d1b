import { testDiffRule } from '../helpers/diff.js';

testDiffRule('response-constraint-loosened', [
  {
    name: '3.0: a raised maxLength and a dropped pattern; additionalProperties: false dropped is a compatible extension',
    fixture: 'loosened',
    changes: [
      { in: 'revision', line: 22, column: 41, severity: 'warn', message: 'Property "name" of schema "Order" has a looser maxLength in responses (maxLength 50 → 200)' },
      { in: 'revision', line: 23, column: 9, severity: 'warn', message: 'pattern removed' },
    ],
  },
]);
