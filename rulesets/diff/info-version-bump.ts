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
    'In 0.y.z, semantic versioning\'s initial development, MINOR takes the place of MAJOR and PATCH that of MINOR, as npm\'s caret ranges read them (`^0.4.1` accepts 0.4.x only). ' +
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
      const to = version.value;
      const at = { side: 'revision' as const, loc: version.loc };
      if ((rMajor - bMajor || rMinor - bMinor || rPatch - bPatch) < 0) return { ...at, message: `info.version went down from ${from} to ${to}: versions only go up.` };
      // In 0.y.z (initial development) the MINOR place does what MAJOR does later, and PATCH what MINOR does.
      const initial = bMajor === 0 && rMajor === 0;
      const breakingBump = initial ? rMinor > bMinor : rMajor > bMajor;
      const growthBump = initial ? rMinor > bMinor || rPatch > bPatch : rMajor > bMajor || rMinor > bMinor;
      const errors = findings.filter(f => f.severity === 'error' && f.ruleId !== 'info-version-bump').length;
      if (errors > 0 && !breakingBump) {
        const next = initial ? `0.${bMinor + 1}.0` : `${bMajor + 1}.0.0`;
        const place = initial ? 'a MINOR bump (in 0.y.z, MINOR is the place for breaking changes)' : 'a MAJOR bump';
        return { ...at, message: `${errors} breaking change${errors === 1 ? '' : 's'} remain${errors === 1 ? 's' : ''}, but info.version ${from} → ${to} is not ${place}: make the change compatible, or bump to ${next}.` };
      }
      const added = findings.filter(f => f.ruleId === 'api-added').length;
      if (errors === 0 && added > 0 && !growthBump) {
        const next = initial ? `0.${bMinor}.${bPatch + 1}` : `${bMajor}.${bMinor + 1}.0`;
        const place = initial ? 'a bump (in 0.y.z, at least PATCH)' : 'a MINOR bump';
        return { ...at, message: `The API grew (${added} addition${added === 1 ? '' : 's'}), but info.version ${from} → ${to} is not ${place}: bump to ${next}.` };
      }
      return;
    },
  },
});
