import { testDiffRule } from '../helpers/diff.js';

testDiffRule('request-constraint-tightened', [
  {
    name: '3.0: maxLength, pattern, exclusiveMaximum, uniqueItems, multipleOf and additionalProperties: false, at the revision\'s keyword',
    fixture: 'tightened',
    changes: [
      { in: 'revision', line: 17, column: 41, severity: 'error', message: 'maxLength 500 → 200' },
      { in: 'revision', line: 18, column: 39, severity: 'error', message: 'pattern "^[A-Z]{3}$" added' },
      { in: 'revision', line: 20, column: 64, severity: 'error', message: 'maximum ≤ 1000 → < 1000' },
      { in: 'revision', line: 21, column: 79, severity: 'error', message: 'uniqueItems false → true' },
      { in: 'revision', line: 22, column: 43, severity: 'error', message: 'multipleOf 10 → 20' },
      { in: 'revision', line: 23, column: 9, severity: 'error', message: 'additionalProperties: false added' },
    ],
  },
  { name: '3.0 exclusiveMinimum: true and 3.1 exclusiveMinimum: 0 are one bound; looser constraints are not reported', fixture: 'same-in-3.0-and-3.1', changes: [] },
  {
    // A SHA-1 pattern that also takes SHA-256 admits every value the old one did (with its length
    // bounds); \\d is [0-9]; a pattern that grew an alternative admits more. Only dropping `-` narrows.
    name: 'a changed pattern is a narrowing only when it refuses a value the old one took',
    fixture: 'patterns',
    changes: [{ in: 'revision', line: 14, column: 47, severity: 'error', message: 'pattern "^[a-z0-9-]+$" → "^[a-z0-9]+$"' }],
  },
  {
    // A value must match every `allOf` part: the tighter bound holds, whichever part comes first.
    name: 'a property declared in two allOf parts: the tighter bound holds, both parts\' items apply; a part added or moved is read by what it says',
    fixture: 'all-of-parts',
    changes: [
      { in: 'revision', line: 25, column: 45, severity: 'error', message: 'Property "note" of schema "NewOrder" has a stricter maxLength in requests (maxLength 500 → 200)' },
      { in: 'revision', line: 27, column: 52, severity: 'error', message: 'Property "tags[]" of schema "NewOrder" has a stricter maxLength in requests (maxLength 50 → 20)' },
    ],
  },
  { name: '2.0: a parameter\'s own constraints', fixture: 'swagger-parameter', changes: [{ in: 'revision', line: 7, column: 57, severity: 'error', message: 'Parameter "q" has a stricter minLength in requests (minLength 1 → 3)' }] },
]);
