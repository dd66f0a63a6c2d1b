import { testDiffRule } from '../helpers/diff.js';

testDiffRule('request-type-narrowed', [
  {
    name: '3.0: narrower types and formats, null refused, a oneOf member removed; wider ones (integer → number) are not reported',
    fixture: 'narrowed',
    changes: [
      { in: 'base', line: 25, column: 15, severity: 'error', message: 'Property "payment" of schema "OrderInput" no longer accepts schema "Invoice"' },
      { in: 'revision', line: 17, column: 9, severity: 'error', message: 'Property "quantity" of schema "OrderInput" changed from number to integer' },
      { in: 'revision', line: 18, column: 43, severity: 'error', message: 'changed from no format to format uuid' },
      { in: 'revision', line: 19, column: 39, severity: 'error', message: 'changed from format int64 to format int32' },
      { in: 'revision', line: 20, column: 9, severity: 'error', message: 'Property "note" of schema "OrderInput" no longer accepts null' },
    ],
  },
  { name: '2.0 parameter to a 3.1 parameter schema', fixture: 'parameter', changes: [{ in: 'revision', line: 7, column: 36, severity: 'error', message: 'Parameter "limit" changed from number to integer' }] },
  { name: '2.0 type: file is a 3.x binary string', fixture: 'file-upload', changes: [] },
  { name: 'int32 on an integer narrows it; int64 on an integer and double on a number change nothing', fixture: 'integer-formats', changes: [{ in: 'revision', line: 8, column: 67, severity: 'error', message: 'Parameter "page" changed from no format to format int32' }] },
]);
