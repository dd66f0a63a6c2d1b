import { it } from 'vitest';
import { expectFindings, lintMutatedReference, testRule } from '../helpers/lint.js';

const versionQuery = `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    parameters:
      - name: api-version
        in: query
        schema: {type: string}
    get:
      responses:
        '200': {description: OK}
    post:
      responses:
        '200': {description: OK}
`;

testRule('versioning-media-type', [
  { name: '3.0: a path item version parameter is reported once, at the parameter', document: versionQuery, errors: [{ line: 6, column: 9, severity: 'error', message: 'Query parameter "api-version" selects an API version' }] },
  {
    name: '3.0: a shared header is reported once, at the component, used or not',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      parameters:
        - $ref: '#/components/parameters/AcceptVersion'
      responses:
        '200': {description: OK}
    post:
      parameters:
        - $ref: '#/components/parameters/AcceptVersion'
      responses:
        '200': {description: OK}
components:
  parameters:
    AcceptVersion: {name: Accept-Version, in: header, schema: {type: string}}
    Unused: {name: apiVersion, in: query, schema: {type: string}}
    Fine: {name: version_id, in: query, schema: {type: string}}
`,
    errors: [{ line: 17, column: 5, severity: 'error', message: 'Header "Accept-Version"' }, { line: 18, column: 5, severity: 'error', message: '"apiVersion"' }],
  },
  {
    name: '3.1: a version media type parameter passes',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/x.order+json;version=2: {schema: {type: object}}
`,
    errors: [],
  },
  { name: '2.0: query and header parameters, not path ones', document: 'fixtures/rules/versioning-media-type/swagger.yaml', errors: [{ line: 4, column: 3, severity: 'error' }, { line: 12, column: 11, severity: 'error' }] },
  { name: 'the reference spec passes', document: 'fixtures/reference-service.yaml', errors: [] },
  { name: '3.0: configured names replace the default ones', document: versionQuery, options: { ruleOptions: { names: ['v'] } }, errors: [] },
]);

it('fires on the reference spec at an added version parameter', async () => {
  const { findings, line } = await lintMutatedReference('versioning-media-type', {
    find: "        - $ref: '#/components/parameters/ShipmentStatusFilter'\n",
    replace: "        - {name: X-API-Version, in: header, schema: {type: string}}\n        - $ref: '#/components/parameters/ShipmentStatusFilter'\n",
  });
  expectFindings('versioning-media-type', findings, [{ line, column: 11, severity: 'error' }]);
});
