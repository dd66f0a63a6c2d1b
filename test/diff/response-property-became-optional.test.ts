import { testDiffRule } from '../helpers/diff.js';

testDiffRule('response-property-became-optional', [
  { name: '3.0: a property dropped from required', fixture: 'required-dropped', changes: [{ in: 'revision', line: 19, column: 9, severity: 'error', message: 'Property "status" of schema "Order" is no longer required in responses' }] },
  { name: 'required lists split across allOf members still require both', fixture: 'required-moved-into-allof', changes: [] },
]);
