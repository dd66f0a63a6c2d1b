import { it } from 'vitest';
import { expectPlaces, withSchemas as doc } from '../helpers/engine-rules.js';

it('a JSON pointer that names no node, at the $ref', () =>
  expectPlaces('invalid-ref', { files: { 'openapi.yaml': doc("    Order:\n      $ref: '#/components/schemas/OrderItem'\n") } }, [
    { line: 7, column: 13, severity: 'error', message: "Cannot resolve $ref: '#/components/schemas/OrderItem' does not exist" },
  ]));

it('a file that does not exist, named as written', () =>
  expectPlaces('invalid-ref', { files: { 'openapi.yaml': doc("    Order:\n      $ref: './schemas/order.yaml'\n") } }, [
    { line: 7, column: 13, severity: 'error', message: 'Cannot resolve $ref: file schemas/order.yaml does not exist' },
  ]));

it('a broken pointer in a referenced file, at that file\'s $ref', () =>
  expectPlaces(
    'invalid-ref',
    { files: { 'openapi.yaml': doc("    Order:\n      $ref: './order.yaml'\n"), 'order.yaml': "type: object\nproperties:\n  item:\n    $ref: '#/Item'\n" } },
    [{ file: 'order.yaml', line: 4, column: 11, severity: 'error', message: "'#/Item' does not exist" }],
  ));

it('a referenced file that does not parse, in that file', () =>
  expectPlaces('invalid-ref', { files: { 'openapi.yaml': doc("    Order:\n      $ref: './order.yaml'\n"), 'order.yaml': 'type: object\nproperties: {item: {type: string}\n' } }, [
    { file: 'order.yaml', line: 3, column: 1, severity: 'error', message: /^Referenced file cannot be parsed: / },
  ]));

it('in a JSON document', () =>
  expectPlaces(
    'invalid-ref',
    { files: { 'openapi.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'Orders', version: '1.0.0' }, paths: {}, components: { schemas: { Order: { $ref: '#/components/schemas/Missing' } } } }, null, 2) } },
    [{ line: 11, column: 17, severity: 'error', message: "'#/components/schemas/Missing' does not exist" }],
  ));

it('an empty $ref points to its own file, and says so (not that the folder is a directory)', () =>
  expectPlaces(
    'invalid-ref',
    { files: { 'openapi.yaml': doc("    Order:\n      $ref: ''\n    Item:\n      $ref: './item.yaml'\n"), 'item.yaml': "type: object\nproperties:\n  order:\n    $ref: ''\n" } },
    [
      { file: 'item.yaml', line: 4, column: 11, severity: 'error', message: /^The \$ref is empty, which points to the whole file that holds it/ },
      { line: 7, column: 13, severity: 'error', message: 'The $ref is empty, which points to the whole file that holds it, not to a part of it: write the target, e.g. "#/components/schemas/Order" or "./order.yaml".' },
    ],
  ));

it('local refs that lead only to one another: once per cycle, at the ref met first; recursion through properties passes', () =>
  expectPlaces(
    'invalid-ref',
    {
      files: {
        'openapi.yaml': doc(
          "    A:\n      $ref: '#/components/schemas/B'\n    B:\n      $ref: '#/components/schemas/A'\n    C:\n      $ref: '#/components/schemas/A'\n    Self:\n      $ref: '#/components/schemas/Self'\n    Tree:\n      type: object\n      properties:\n        children:\n          type: array\n          items:\n            $ref: '#/components/schemas/Tree'\n",
        ),
      },
    },
    [
      { line: 7, column: 13, severity: 'error', message: 'Cannot resolve $ref: it leads only to $refs and back to itself (#/components/schemas/B → #/components/schemas/A), never to a value: point one of them at the schema or object it stands for.' },
      { line: 13, column: 13, severity: 'error', message: /\(#\/components\/schemas\/Self\), never to a value/ },
    ],
  ));

// The local-ref fast path rules the walk out where the refs form chains; a ref to itself is no
// edge of its graph, so it must not rule it out.
it('a $ref to itself, alone in a document of chains', () =>
  expectPlaces('invalid-ref', { files: { 'openapi.yaml': doc("    A:\n      $ref: '#/components/schemas/B'\n    B:\n      type: object\n    Self:\n      $ref: '#/components/schemas/Self'\n") } }, [
    { line: 11, column: 13, severity: 'error', message: /\(#\/components\/schemas\/Self\), never to a value/ },
  ]));

it('passes refs that resolve, locally and to other files', () =>
  expectPlaces(
    'invalid-ref',
    { files: { 'openapi.yaml': doc("    Order:\n      $ref: './order.yaml'\n    Item:\n      $ref: '#/components/schemas/Order'\n"), 'order.yaml': 'type: object\n' } },
    [],
  ));

it('fixtures/rules/invalid-ref: a missing parameter, a missing file and a missing schema in a referenced file', () =>
  expectPlaces('invalid-ref', { fixture: 'fixtures/rules/invalid-ref/openapi.yaml' }, [
    { line: 9, column: 17, severity: 'error', message: "Cannot resolve $ref: '#/components/parameters/OrderId' does not exist" },
    { file: 'schemas/order.yaml', line: 7, column: 13, severity: 'error', message: 'Cannot resolve $ref: file schemas/money.yaml does not exist' },
    { file: 'schemas/order.yaml', line: 11, column: 15, severity: 'error', message: "Cannot resolve $ref: '#/OrderItem' does not exist" },
  ]));

// OpenAPI's examples, defaults and enums are literal data: a `$ref` there shows a reference (an
// API that serves JSON Schemas, say) and is none. Where a name in a map spells a literal field
// (a property `example`, an Example Object `examples.value` reference), the `$ref` is one.
const LITERALS = `openapi: 3.1.0
info: {title: Schemas, version: 1.0.0}
paths:
  /schemas:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                body: {type: object, example: {$ref: '#/components/schemas/Missing'}, default: {$ref: './missing.yaml'}}
                list: {type: array, examples: [{$ref: '#/nowhere'}]}
                kind: {enum: [{$ref: '#/nowhere/either'}]}
                example: {$ref: '#/components/schemas/PropertyNamedExample'}
            examples:
              shown: {value: {$ref: '#/components/schemas/Shown'}}
              shared: {$ref: '#/components/examples/Missing'}
      responses:
        '201': {description: Created}
components:
  schemas:
    Schema: {type: object, const: {$ref: '#/components/schemas/Const'}}
`;

it('a $ref in literal data (example, default, enum, const, examples, an Example Object value) is none; a property named example is a schema', () =>
  expectPlaces('invalid-ref', { files: { 'openapi.yaml': LITERALS } }, [
    { line: 15, column: 33, severity: 'error', message: "Cannot resolve $ref: '#/components/schemas/PropertyNamedExample' does not exist" },
    { line: 18, column: 30, severity: 'error', message: "Cannot resolve $ref: '#/components/examples/Missing' does not exist" },
  ]));

it('a $ref in a Swagger 2.0 response\'s examples is literal data too', () =>
  expectPlaces(
    'invalid-ref',
    { files: { 'openapi.yaml': "swagger: '2.0'\ninfo: {title: T, version: 1.0.0}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: OK\n          examples:\n            application/json: {$ref: '#/definitions/Missing'}\n" } },
    [],
  ));
