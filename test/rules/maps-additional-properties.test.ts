import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('maps-additional-properties', [
  {
    name: '3.0: free-form documents are no maps: attributes, parameters and objects described as arbitrary JSON or a JSON Schema; a map description still makes a map',
    document: `openapi: 3.0.3
info: {title: Functions, version: 1.0.0}
paths: {}
components:
  schemas:
    Function:
      type: object
      properties:
        attributes: {type: object}
        parameters: {type: object, description: Parameters of the function in JSON Schema.}
        results: {type: object, description: Arbitrary JSON the function returned.}
        options: {type: object, description: Map of option names to values.}
`,
    errors: [{ line: 12, column: 9, severity: 'warn', message: 'Object schema is used as a map' }],
  },
  {
    name: '3.0: plural-named and map-described objects without additionalProperties; a $ref\'d map in its own file',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        labels:
          type: object
          description: Labels of the order.
        dimensions:
          $ref: 'schemas.yaml#/Dimensions'
        translations:
          type: object
          additionalProperties:
            type: string
        payload:
          type: object
          description: The original request, as sent.
        empty_extras:
          type: object
          additionalProperties: false
    Settings:
      type: object
      description: Map of setting names to values.
`,
    options: { files: { 'schemas.yaml': 'Dimensions:\n  type: object\n  description: Sizes of the parcel by axis.\n' } },
    errors: [
      { line: 9, column: 9, severity: 'warn', message: 'Object schema is used as a map but declares no additionalProperties' },
      { line: 24, column: 5, severity: 'warn' },
      { line: 1, column: 1, severity: 'warn', file: 'schemas.yaml' },
    ],
  },
  {
    name: '3.1: additionalProperties true, patternProperties and composition pass; propertyNames marks a map',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        tags:
          type: object
          additionalProperties: true
        headers:
          type: object
          patternProperties:
            '^X-': {type: string}
        options:
          type: [object, 'null']
          allOf:
            - $ref: '#/components/schemas/Base'
        codes:
          type: object
          propertyNames: {pattern: '^[A-Z]{3}$'}
    Base:
      type: object
      properties:
        kind: {type: string}
`,
    errors: [{ line: 20, column: 9, severity: 'warn' }],
  },
  {
    name: '2.0: definitions and body schemas; event type schemas are left out',
    document: 'fixtures/rules/maps-additional-properties/bad-2.0.yaml',
    errors: [{ line: 12, column: 15, severity: 'warn' }],
  },
]);

it('fires on the reference spec at the edited map', async () => {
  const { findings, line } = await lintMutatedReference('maps-additional-properties', {
    find: "        opening_hours:\n          type: object\n          description: Opening hours by day of the week, such as `MONDAY`.\n          additionalProperties:\n            type: string\n            description: Opening hours of the day, as ranges of local times.\n            example: '08:00-13:00, 14:00-19:00'\n",
    replace: '        opening_hours:\n          type: object\n          description: Opening hours by day of the week, such as `MONDAY`.\n',
  });
  expectFindings('maps-additional-properties', findings, [{ line, column: 9, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['maps-additional-properties'] })).toEqual([]);
});
