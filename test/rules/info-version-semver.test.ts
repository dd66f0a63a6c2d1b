import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('info-version-semver', [
  {
    name: '3.0: a pre-release suffix is reported at the version',
    document: 'openapi: 3.0.3\ninfo:\n  title: Orders\n  version: 1.2.0-SNAPSHOT\npaths: {}\n',
    errors: [{ line: 4, column: 12, severity: 'error', message: 'info.version "1.2.0-SNAPSHOT" is not MAJOR.MINOR.PATCH: use "1.2.0".' }],
  },
  {
    name: '3.0: a YAML number is reported as such',
    document: 'openapi: 3.0.3\ninfo:\n  title: Orders\n  version: 1.5\npaths: {}\n',
    errors: [{ line: 4, column: 12, severity: 'error', message: 'info.version is the number 1.5: write MAJOR.MINOR.PATCH as a string, e.g. "1.5.0".' }],
  },
  {
    name: '3.1: a date is not a semantic version',
    document: 'openapi: 3.1.0\ninfo:\n  title: Orders\n  version: "2024-01-31"\npaths: {}\n',
    errors: [{ line: 4, column: 12, severity: 'error', message: 'info.version "2024-01-31" is not MAJOR.MINOR.PATCH.' }],
  },
  {
    name: '3.1: MAJOR.MINOR.PATCH passes, a missing version is left to api-meta-info',
    document: 'openapi: 3.1.0\ninfo:\n  title: Orders\npaths: {}\n',
    errors: [],
  },
  {
    name: '3.0: a version that is no scalar (a $ref caught in a cycle) is not quoted as "[object Object]": the cycle is invalid-ref\'s',
    document: "openapi: 3.0.3\ninfo:\n  title: Orders\n  version: {$ref: '#/x-a'}\npaths: {}\nx-a: {$ref: '#/x-b'}\nx-b: {$ref: '#/x-a'}\n",
    errors: [{ ruleId: 'invalid-ref', line: 6, column: 13, severity: 'error', message: /leads only to \$refs and back to itself/ }],
  },
  {
    name: '2.0: "v2" and leading zeros are reported',
    document: "swagger: '2.0'\ninfo:\n  title: Orders\n  version: v2\npaths: {}\n",
    errors: [{ line: 4, column: 12, severity: 'error', message: 'use "2.0.0"' }],
  },
  {
    name: '2.0: a plain version passes',
    document: "swagger: '2.0'\ninfo:\n  title: Orders\n  version: 10.0.3\npaths: {}\n",
    errors: [],
  },
]);

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['info-version-semver'] })).toEqual([]);
});

it('fires on the reference spec at the edited version', async () => {
  const { findings, line } = await lintMutatedReference('info-version-semver', { find: '  version: 1.4.0\n', replace: '  version: 1.4.0-rc.1\n' });
  expectFindings('info-version-semver', findings, [{ line, column: 12, severity: 'error' }]);
});
