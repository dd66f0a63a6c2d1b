import { testDiffRule } from '../helpers/diff.js';

const alsoOn = ['operation-removed', 'api-added'];

testDiffRule('info-version-bump', [
  { name: 'a breaking change with a MINOR bump', fixture: 'breaking-without-major', alsoOn, changes: [{ in: 'revision', line: 2, column: 32, severity: 'error', message: '1 breaking change remains, but info.version 1.4.0 → 1.5.0 is not a MAJOR bump' }] },
  { name: 'a breaking change with a MAJOR bump', fixture: 'breaking-with-major', alsoOn, changes: [] },
  { name: 'an addition with a PATCH bump', fixture: 'grew-without-minor', alsoOn, changes: [{ in: 'revision', line: 2, column: 32, severity: 'error', message: 'bump to 1.5.0' }] },
  { name: 'an addition with a MINOR bump', fixture: 'grew-with-minor', alsoOn, changes: [] },
  { name: 'a version that goes down', fixture: 'down', alsoOn, changes: [{ in: 'revision', line: 2, column: 32, severity: 'error', message: 'went down from 1.4.0 to 1.3.9' }] },
  { name: 'versions that are not MAJOR.MINOR.PATCH are left to info-version-semver', fixture: 'not-semver', alsoOn, changes: [] },
  { name: '0.y.z: a breaking change needs MINOR', fixture: 'initial-development-breaking', alsoOn, changes: [{ in: 'revision', line: 2, column: 32, severity: 'error', message: 'is not a MINOR bump (in 0.y.z, MINOR is the place for breaking changes): make the change compatible, or bump to 0.5.0' }] },
  { name: '0.y.z: an addition needs any bump', fixture: 'initial-development-grew', alsoOn, changes: [] },
]);
