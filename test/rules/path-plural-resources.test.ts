import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('path-plural-resources', [
  {
    name: '3.0: a singular name before an id is reported once; singletons, members and actions are not judged',
    document: `openapi: 3.0.3
info: {title: Shipments, version: 1.0.0}
paths:
  /shipment/{shipment_id}:
    get:
      responses:
        '200': {description: OK}
  /shipment/{shipment_id}/parcels:
    get:
      responses:
        '200': {description: OK}
  /shipments/{shipment_id}/tracking-event/{tracking_event_id}:
    get:
      responses:
        '200': {description: OK}
  /shipments/{shipment_id}/payment:
    get:
      responses:
        '200': {description: OK}
  /shipments/{shipment_id}/cancel/{reason}:
    post:
      responses:
        '200': {description: OK}
  /users/me:
    get:
      responses:
        '200': {description: OK}
  /storages/default/{storage_id}:
    put:
      responses:
        '204': {description: Set}
  /health:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [
      { line: 4, column: 4, severity: 'error', message: 'Resource name "shipment" is singular: name the collection in the plural, "shipments"' },
      { line: 12, column: 28, severity: 'error', message: '"tracking-event" is singular: name the collection in the plural, "tracking-events"' },
    ],
  },
  {
    name: '3.1: a top-level GET that lists items names a collection; a collective name or a named list does not',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /order:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  items:
                    type: array
                    items: {type: object, properties: {id: {type: string}}}
  /history:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: array
                items: {type: object, properties: {id: {type: string}}}
  /board:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  board:
                    type: array
                    items: {type: object, properties: {mark: {type: string}}}
  /status:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {type: object, properties: {state: {type: string}}}
`,
    errors: [{ line: 4, column: 4, severity: 'error', message: '"order" is singular: name the collection in the plural, "orders"' }],
  },
  {
    name: '2.0: acronyms, "of" compounds; uncountables, members of a plural namespace and {path} wildcards pass',
    document: 'fixtures/rules/path-plural-resources/bad.yaml',
    errors: [
      { line: 6, column: 26, severity: 'error', message: '"sli" is singular: name the collection in the plural, "slis"' },
      { line: 14, column: 4, severity: 'error', message: '"code-of-conduct" is singular: name the collection in the plural, "codes-of-conduct"' },
    ],
  },
  {
    name: '2.0: an allowed name passes, compared case-insensitively',
    document: 'fixtures/rules/path-plural-resources/bad.yaml',
    options: { ruleOptions: { allowed: ['SLI'] } },
    errors: [{ line: 14, column: 4, severity: 'error', message: '"code-of-conduct" is singular' }],
  },
]);

it('fires on the reference spec at the edited path', async () => {
  const { findings, line } = await lintMutatedReference('path-plural-resources', {
    find: '  /pickup-points/{pickup_point_id}:\n',
    replace: '  /pickup-point/{pickup_point_id}:\n',
  });
  expectFindings('path-plural-resources', findings, [{ line, column: 4, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['path-plural-resources'] })).toEqual([]);
});
