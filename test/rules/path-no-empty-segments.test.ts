import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('path-no-empty-segments', [
  {
    name: '3.0: an empty segment inside the path is reported at the path key',
    document: `openapi: 3.0.3
info: {title: Shipments, version: 1.0.0}
paths:
  /shipments:
    get:
      responses:
        '200': {description: OK}
  /shipments//parcels:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [{ line: 8, column: 14, severity: 'error', message: 'Path "/shipments//parcels" has an empty segment: remove the extra "/"' }],
  },
  {
    name: '3.1: the root path and a trailing slash (path-no-trailing-slash) are not empty segments',
    document: `openapi: 3.1.0
info: {title: Shipments, version: 1.0.0}
paths:
  /:
    get:
      responses:
        '200': {description: OK}
  /shipments/:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  {
    name: '2.0: a leading double slash',
    document: `swagger: '2.0'
info: {title: Shipments, version: 1.0.0}
paths:
  //shipments:
    get:
      responses:
        200: {description: OK}
`,
    errors: [{ line: 4, column: 4, severity: 'error' }],
  },
]);

it('fires on the reference spec at the edited path', async () => {
  const { findings, line } = await lintMutatedReference('path-no-empty-segments', {
    find: '  /shipments/{shipment_id}/parcels:\n',
    replace: '  /shipments/{shipment_id}//parcels:\n',
  });
  expectFindings('path-no-empty-segments', findings, [{ line, column: 28, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['path-no-empty-segments'] })).toEqual([]);
});
