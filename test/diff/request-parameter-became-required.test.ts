import { testDiffRule } from '../helpers/diff.js';

testDiffRule('request-parameter-became-required', [
  {
    name: '3.0: query and header parameters (header names compared without case)',
    fixture: 'required',
    changes: [
      { in: 'revision', line: 7, column: 11, severity: 'error', message: 'Parameter "currency" (query) of GET /orders is now required' },
      { in: 'revision', line: 8, column: 11, severity: 'error', message: 'Parameter "x-tenant" (header)' },
    ],
  },
  { name: '2.0 formData to a 3.0 multipart body: form fields compared by name', fixture: 'form-field', changes: [{ in: 'revision', line: 14, column: 17, severity: 'error', message: 'Form field "label" (formData) of POST /uploads is now required' }] },
]);
