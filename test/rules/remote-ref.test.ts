import { it } from 'vitest';
import { expectPlaces, withSchemas as doc } from '../helpers/engine-rules.js';

it('a remote ref is not fetched: reported at the first ref to each URL', () =>
  expectPlaces(
    'remote-ref',
    { files: { 'openapi.yaml': doc("    Money:\n      $ref: 'https://schemas.example.com/money.yaml#/Money'\n    Currency:\n      $ref: 'https://schemas.example.com/money.yaml#/Currency'\n") } },
    [{ line: 7, column: 13, severity: 'info', message: 'Remote $ref to https://schemas.example.com/money.yaml is not fetched, so its content is not linted: pass --allow-remote to resolve it.' }],
  ));

it('in a referenced file, at that file\'s $ref', () =>
  expectPlaces(
    'remote-ref',
    { files: { 'openapi.yaml': doc("    Order:\n      $ref: './order.yaml'\n"), 'order.yaml': "type: object\nproperties:\n  total:\n    $ref: 'https://schemas.example.com/money.yaml'\n" } },
    [{ file: 'order.yaml', line: 4, column: 11, severity: 'info', message: /^Remote \$ref to https:\/\/schemas\.example\.com\/money\.yaml is not fetched/ }],
  ));

it('passes a remote schema apilint knows (the Problem JSON schema)', () =>
  expectPlaces('remote-ref', { files: { 'openapi.yaml': doc("    Problem:\n      $ref: 'https://opensource.zalando.com/problem/schema.yaml#/Problem'\n") } }, []));

it('fixtures/rules/remote-ref: two URLs not fetched, the Problem schema known', () =>
  expectPlaces('remote-ref', { fixture: 'fixtures/rules/remote-ref/openapi.yaml' }, [
    { line: 14, column: 23, severity: 'info', message: /^Remote \$ref to https:\/\/schemas\.example\.com\/orders\.yaml is not fetched/ },
    { line: 24, column: 13, severity: 'info', message: /^Remote \$ref to https:\/\/schemas\.example\.com\/money\.yaml is not fetched/ },
  ]));

it('a URL in a $ref of literal data (a schema example) is no reference to fetch', () =>
  expectPlaces('remote-ref', { files: { 'openapi.yaml': doc("    Schema:\n      type: object\n      example: {$ref: 'https://json-schema.org/draft/2020-12/schema'}\n") } }, []));
