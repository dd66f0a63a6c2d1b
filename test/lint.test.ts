// Where findings land: the linter's corrections to Spectral's location mapping.
import { expect, it } from 'vitest';
import { lintText } from './helpers/lint.js';

it('a finding on a key with "+" behind a $ref lands on that key, once (Spectral decodes only ~0/~1)', async () => {
  const doc = `openapi: 3.0.3
info: {title: t, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '400':
          $ref: '#/components/responses/Problem'
components:
  responses:
    Problem:
      description: Error
      content:
        application/problem+xml:
          schema:
            type: object
`;
  const findings = await lintText(doc, { rules: ['json-media-types'] });
  expect(findings.map(f => [f.ruleId, f.line])).toEqual([['json-media-types', 14]]);
});

it('a finding on a property name whose value is a $ref lands on the name, not on the target', async () => {
  const doc = `openapi: 3.0.3
info: {title: t, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        shippingAddress:
          $ref: '#/components/schemas/Address'
    Address:
      type: object
      properties:
        city:
          type: string
`;
  const findings = await lintText(doc, { rules: ['properties-snake-case'] });
  expect(findings.map(f => [f.ruleId, f.line])).toEqual([['properties-snake-case', 9]]);
});
