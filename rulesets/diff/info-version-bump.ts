import { defineDiffRule } from '../diff-rule.js';

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)$/;

export default defineDiffRule({
  id: 'info-version-bump',
  severity: 'error',
  ref: '9.1',
  zalando: [116],
  description: '`info.version` follows semantic versioning across the change: MAJOR when breaking changes remain, at least MINOR when the API grew.',
  rationale:
    'The API uses semantic versioning in its meta information (guideline 9.1). Compared with the base, the revision\'s `info.version` must raise MAJOR while errors of this diff remain (a breaking change, `x-apilint-ignore`d ones excepted), and at least MINOR when the API grew (`api-added`); it never goes down. ' +
    'Versions that are not MAJOR.MINOR.PATCH are left to the lint rule `info-version-semver`. A MAJOR bump does not make a breaking change acceptable: guideline 9.3 still reports it.',
  examples: {
    base: 'info:\n  version: 1.4.0\n',
    revision: 'info:\n  version: 1.4.1   # and a new optional property\n',
  },
  visit: {
    finish(findings, { documents }) {
      const before = SEMVER.exec(documents.base.infoVersion?.value ?? '');
      const version = documents.revision.infoVersion;
      const after = SEMVER.exec(version?.value ?? '');
      if (!before || !after || !version) return;
      const [bMajor, bMinor, bPatch] = before.slice(1).map(Number) as [number, number, number];
      const [rMajor, rMinor, rPatch] = after.slice(1).map(Number) as [number, number, number];
      const from = documents.base.infoVersion!.value;
      const compare = rMajor - bMajor || rMinor - bMinor || rPatch - bPatch;
      if (compare < 0) return { side: 'revision', loc: version.loc, message: `info.version went down from ${from} to ${version.value}: versions only go up.` };
      const errors = findings.filter(f => f.severity === 'error' && f.ruleId !== 'info-version-bump').length;
      if (errors > 0 && rMajor <= bMajor) {
        return { side: 'revision', loc: version.loc, message: `${errors} breaking change${errors === 1 ? '' : 's'} remain${errors === 1 ? 's' : ''}, but info.version ${from} → ${version.value} is not a MAJOR bump: make the change compatible, or bump to ${bMajor + 1}.0.0.` };
      }
      const added = findings.filter(f => f.ruleId === 'api-added').length;
      if (added > 0 && rMajor === bMajor && rMinor <= bMinor) {
        return { side: 'revision', loc: version.loc, message: `The API grew (${added} addition${added === 1 ? '' : 's'}), but info.version ${from} → ${version.value} is not a MINOR bump: bump to ${bMajor}.${bMinor + 1}.0.` };
      }
      return;
    },
  },
});
