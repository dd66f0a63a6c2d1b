import { testDiffRule } from '../helpers/diff.js';

testDiffRule('parameter-style-changed', [
  {
    name: '3.0: explode and style of array parameters; a single value is written alike by every style',
    fixture: 'style',
    changes: [
      { in: 'revision', line: 7, column: 11, severity: 'error', message: 'Parameter "tag" of GET /orders changed its serialization from comma-separated' },
      { in: 'revision', line: 8, column: 44, severity: 'error', message: 'from pipe-separated (pipes, pipeDelimited) to space-separated' },
    ],
  },
  {
    name: '2.0 → 3.0: the 2.0 default (csv) is not the 3.0 default (form, exploded); multi and explode: false keep the wire form',
    fixture: 'swagger-to-openapi',
    changes: [{ in: 'revision', line: 7, column: 11, severity: 'error', message: 'Parameter "tag"' }],
  },
]);
