import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { it } from 'vitest';
import { expectPlaces, withSchemas as doc } from '../helpers/engine-rules.js';

/** A folder outside every project, with a schema in it. */
function outsideFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-outside-'));
  writeFileSync(path.join(dir, 'secret.yaml'), 'type: string\n');
  return dir;
}

it('a relative path out of the project, as written', () =>
  expectPlaces('ref-outside-project', { files: { 'openapi.yaml': doc("    Secret:\n      $ref: '../../etc/passwd'\n") } }, [
    { line: 7, column: 13, severity: 'error', message: '$ref to ../../etc/passwd leaves the project (the working directory): refused, the file is not read.' },
  ]));

it('an absolute path elsewhere, and each ref to it in its own place', () =>
  expectPlaces('ref-outside-project', { files: { 'openapi.yaml': doc("    A:\n      $ref: '/etc/passwd'\n    B:\n      $ref: '/etc/passwd'\n") } }, [
    { line: 7, column: 13, severity: 'error', message: /^\$ref to (\.\.\/)+etc\/passwd leaves the project/ },
    { line: 9, column: 13, severity: 'error', message: /^\$ref to (\.\.\/)+etc\/passwd leaves the project/ },
  ]));

it('a symbolic link that leads out of the project', () =>
  expectPlaces('ref-outside-project', { files: { 'openapi.yaml': doc("    Secret:\n      $ref: './shared/secret.yaml'\n") }, links: { shared: outsideFolder() } }, [
    { line: 7, column: 13, severity: 'error', message: '$ref to shared/secret.yaml leaves the project (the working directory): refused, the file is not read.' },
  ]));

it('a referenced file inside the project that refers out of it, at that file\'s $ref', () =>
  expectPlaces(
    'ref-outside-project',
    { files: { 'openapi.yaml': doc("    Order:\n      $ref: './schemas/order.yaml'\n"), 'schemas/order.yaml': "type: object\nproperties:\n  secret:\n    $ref: '../../secret.yaml'\n" } },
    [{ file: 'schemas/order.yaml', line: 4, column: 11, severity: 'error', message: '$ref to ../../secret.yaml leaves the project (the working directory): refused, the file is not read.' }],
  ));

it('passes refs inside the project, through folders', () =>
  expectPlaces('ref-outside-project', { files: { 'api/openapi.yaml': doc("    Order:\n      $ref: '../schemas/order.yaml'\n"), 'schemas/order.yaml': 'type: object\n' } }, []));

it('fixtures/rules/ref-outside-project: out of the project from the document and from a referenced file', () =>
  expectPlaces('ref-outside-project', { fixture: 'fixtures/rules/ref-outside-project/openapi.yaml' }, [
    { line: 18, column: 13, severity: 'error', message: '$ref to ../../../../.git/config leaves the project (the --root folder): refused, the file is not read.' },
    { file: 'schemas/orders.yaml', line: 6, column: 13, severity: 'error', message: '$ref to ../../invalid-ref/schemas/order.yaml leaves the project (the --root folder): refused, the file is not read.' },
  ]));
