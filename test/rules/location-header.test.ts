import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('location-header', [
  {
    name: '3.0: a 201 without Location is reported at the 201 response; Location from a shared component passes',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      responses:
        '201':
          description: Created.
    put:
      responses:
        '201':
          $ref: '#/components/responses/Created'
components:
  responses:
    Created:
      description: Created.
      headers:
        location:
          $ref: '#/components/headers/Location'
  headers:
    Location:
      schema: {type: string, format: uri}
`,
    errors: [{ line: 7, column: 9, severity: 'warn', message: 'The 201 response of POST /orders declares no "Location" header' }],
  },
  {
    name: '3.1: Content-Location standing in for Location is reported at its name; beside Location or on a 200 it is fine',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      responses:
        '201':
          description: Created.
          headers:
            Content-Location:
              schema: {type: string, format: uri}
  /items:
    post:
      responses:
        '201':
          description: Created.
          headers:
            Location:
              schema: {type: string, format: uri}
            Content-Location:
              schema: {type: string, format: uri}
    get:
      responses:
        '200':
          description: OK.
          headers:
            Content-Location:
              schema: {type: string, format: uri}
`,
    errors: [{ line: 10, column: 13, severity: 'info', message: 'declares "Content-Location" but no "Location"' }],
  },
  {
    name: '2.0: response headers are read the same way',
    document: `swagger: '2.0'
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    post:
      responses:
        201:
          description: Created.
          headers:
            Location: {type: string, format: uri}
  /items:
    post:
      responses:
        201:
          description: Created.
`,
    errors: [{ line: 14, column: 9, severity: 'warn', message: 'The 201 response of POST /items' }],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['location-header'] })).toEqual([]);
});

it('fires on the reference spec where Content-Location replaces Location', async () => {
  const { findings, line } = await lintMutatedReference('location-header', {
    find: "          description: The shipment was created.\n          headers:\n            Location:\n",
    replace: "          description: The shipment was created.\n          headers:\n            Content-Location:\n",
  });
  expectFindings('location-header', findings, [{ line: line + 2, column: 13, severity: 'info' }]);
});
