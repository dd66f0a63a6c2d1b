import { testDiffRule } from '../helpers/diff.js';

testDiffRule('request-parameter-added-required', [
  {
    name: '3.0: a new required header; Authorization (set by security) and new optional ones are not reported',
    fixture: 'added',
    changes: [{ in: 'revision', line: 8, column: 11, severity: 'error', message: 'Parameter "tenant" (header) of GET /orders is new and required' }],
  },
  { name: '3.1: a required parameter added on the path item applies to its operations', fixture: 'path-item-level', changes: [{ in: 'revision', line: 6, column: 9, severity: 'error', message: 'Parameter "region" (query) of GET /orders' }] },
]);
