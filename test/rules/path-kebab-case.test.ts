import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('path-kebab-case', [
  {
    name: 'an extension in the Paths Object is no path, and a path item or operation in its value is none either',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  x-Gateway_Defaults:
    get: {responses: {'200': {description: OK}}}
  /orders:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  {
    name: '3.0: camelCase and snake_case segments are reported once each, at the first path holding them',
    document: `openapi: 3.0.3
info: {title: Pickup, version: 1.0.0}
paths:
  /pickupPoints:
    get:
      responses:
        '200': {description: OK}
  /pickupPoints/{pickup_point_id}:
    get:
      parameters:
        - {name: pickup_point_id, in: path, required: true, schema: {type: string}}
      responses:
        '200': {description: OK}
  /meta/article_domains:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [
      { line: 4, column: 4, severity: 'error', message: 'Path segment "pickupPoints" is not kebab-case: rename it "pickup-points"' },
      { line: 14, column: 9, severity: 'error', message: '"article_domains" is not kebab-case: rename it "article-domains"' },
    ],
  },
  {
    name: '3.1: kebab-case, parameters, file extensions, custom methods and .well-known pass',
    document: `openapi: 3.1.0
info: {title: Pickup, version: 1.0.0}
paths:
  /pickup-points/{pickupPointId}:
    get:
      responses:
        '200': {description: OK}
  /reports/{report_id}.json:
    get:
      responses:
        '200': {description: OK}
  /shipments/{shipment_id}:archive:
    post:
      responses:
        '200': {description: OK}
  /.well-known/openid-configuration:
    get:
      responses:
        '200': {description: OK}
  /:
    get:
      responses:
        '200': {description: OK}
`,
    errors: [],
  },
  {
    name: '2.0: a capitalised segment and a snake_case one after a parameter',
    document: 'fixtures/rules/path-kebab-case/bad.yaml',
    errors: [
      { line: 6, column: 4, severity: 'error', message: '"Orders"' },
      { line: 11, column: 22, severity: 'error', message: '"line_items"' },
      { line: 21, column: 22, severity: 'error', message: 'rename it "line-items"' },
    ],
  },
]);

it('fires on the reference spec at the edited path', async () => {
  const { findings, line } = await lintMutatedReference('path-kebab-case', { find: '  /pickup-points:\n', replace: '  /pickupPoints:\n' });
  expectFindings('path-kebab-case', findings, [{ line, column: 4, severity: 'error' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['path-kebab-case'] })).toEqual([]);
});
