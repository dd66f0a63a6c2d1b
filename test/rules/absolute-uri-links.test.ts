import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule, wrappedProperty } from '../helpers/lint.js';

testRule('absolute-uri-links', [
  {
    name: '3.0: link strings without format uri, at the property name; a HAL link object is checked through its href',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        self:
          type: string
        label_url:
          type: string
          format: uri-reference
        next:
          $ref: 'schemas.yaml#/Link'
        invoice_uri:
          type: string
          format: uri
        first_name:
          type: string
`,
    options: { files: { 'schemas.yaml': 'Link:\n  type: object\n  properties:\n    href:\n      type: string\n' } },
    errors: [
      { line: 9, column: 9, severity: 'warn', message: 'Link property "self" has no format: declare format uri for a full, absolute URI.' },
      { line: 11, column: 9, severity: 'warn', message: 'Link property "label_url" has format "uri-reference"' },
      { line: 4, column: 5, severity: 'warn', file: 'schemas.yaml', message: '"href"' },
    ],
  },
  {
    name: '3.1: nullable uri, iri and uri-template links pass; url strings without format do not',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Page:
      type: object
      properties:
        prev:
          type: [string, 'null']
          format: uri
        last:
          type: string
          format: iri
        url:
          type: [string, 'null']
        items:
          type: array
          items: {type: string}
        events_url:
          type: string
          format: uri-template
`,
    errors: [{ line: 15, column: 9, severity: 'warn', message: '"url" has no format' }],
  },
  {
    name: '2.0: SSH clone addresses are no URIs (by name, scp-style example or description); an https clone URL is a link',
    document: `swagger: '2.0'
info: {title: Repositories, version: 1.0.0}
paths: {}
definitions:
  Repository:
    type: object
    properties:
      ssh_url: {type: string}
      git_url: {type: string, example: 'git@github.com:octocat/hello-world.git'}
      clone_url: {type: string, description: 'Address to clone over SSH.'}
      mirror_url: {type: string, example: 'https://github.com/octocat/hello-world.git'}
`,
    errors: [{ line: 11, column: 7, severity: 'warn', message: 'Link property "mirror_url" has no format' }],
  },
  {
    name: '2.0: a property described as a path (to a file on another host) is no link; a relative self-reference still is one',
    document: `swagger: '2.0'
info: {title: APIs, version: 1.0.0}
paths: {}
definitions:
  Api:
    type: object
    properties:
      api_url: {type: string, description: Path to the API definition, example: /swagger/api.json}
      url: {type: string, description: 'The path of the definition file on the application.'}
      uri: {type: string, description: Self reference URI (e.g /apis/110)}
`,
    errors: [{ line: 10, column: 7, severity: 'warn', message: 'Link property "uri" has no format' }],
  },
  {
    name: '2.0: definitions and response schemas',
    document: 'fixtures/rules/absolute-uri-links/bad-2.0.yaml',
    errors: [{ line: 12, column: 15, severity: 'warn' }, { line: 18, column: 7, severity: 'warn', message: 'has format "url"' }],
  },
  {
    name: '3.0: configured names and suffixes replace the default ones',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        link: {type: string}
        label_href: {type: string, format: uri-reference}
        self: {type: string}
        label_url: {type: string}
`,
    options: { ruleOptions: { names: ['link'], suffixes: ['_href'] } },
    errors: [{ line: 9, column: 9, severity: 'warn', message: 'Link property "link" has no format' }, { line: 10, column: 9, severity: 'warn', message: '"label_href" has format "uri-reference"' }],
  },
  {
    name: '3.0: a string behind an allOf wrapper (a description beside its $ref)',
    document: wrappedProperty('receipt_url', '{type: string}'),
    errors: [{ line: 19, column: 9, severity: 'warn', message: 'Link property "receipt_url" has no format' }],
  },
]);

it('fires on the reference spec at the edited link', async () => {
  const { findings, line } = await lintMutatedReference('absolute-uri-links', {
    find: '        label_url:\n          type: string\n          format: uri\n',
    replace: '        label_url:\n          type: string\n          format: uri-reference\n',
  });
  expectFindings('absolute-uri-links', findings, [{ line, column: 9, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['absolute-uri-links'] })).toEqual([]);
});
