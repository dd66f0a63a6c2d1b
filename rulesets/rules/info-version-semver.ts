import { defineRule } from '../rule.js';

const SEMVER = /^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)$/;

/** The MAJOR.MINOR.PATCH a version most likely means, for the message. */
function suggest(version: string): string | undefined {
  // A leading number with an optional suffix (`1.0`, `v2`, `1.2.3-SNAPSHOT`); not a date.
  const numbers = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+]|$)/i.exec(version.trim());
  if (!numbers || /^\d{4}-\d\d/.test(version)) return undefined;
  return [numbers[1], numbers[2], numbers[3]].map(n => String(Number(n ?? 0))).join('.');
}

export default defineRule({
  id: 'info-version-semver',
  severity: 'error',
  ref: '9.1',
  zalando: [116],
  description: '`info.version` is `MAJOR.MINOR.PATCH`, with no pre-release or build suffix.',
  rationale:
    'The API uses semantic versioning in its meta information (guideline 9, item 1): MAJOR.MINOR.PATCH tells clients at a glance whether a change is compatible. Pre-release and build suffixes describe builds of an implementation, not revisions of the published interface.',
  examples: { incorrect: 'info:\n  version: 1.0-SNAPSHOT', correct: 'info:\n  version: 1.0.0' },
  given: '$.info',
  field: 'version',
  check(version) {
    // A missing version is api-meta-info's finding; a mapping or a list (a `$ref` left
    // unresolved, say) is no version at all: openapi-valid's or invalid-ref's.
    if (version === undefined || version === null || typeof version === 'object') return;
    const text = String(version);
    if (SEMVER.test(text)) return;
    // YAML reads `version: 1.0` as the number 1.
    if (typeof version === 'number') return [{ message: `info.version is the number ${text}: write MAJOR.MINOR.PATCH as a string, e.g. "${suggest(text) ?? '1.0.0'}".` }];
    const shown = text.length > 30 ? `${text.slice(0, 27)}...` : text;
    const hint = suggest(text);
    return [{ message: `info.version "${shown}" is not MAJOR.MINOR.PATCH${hint ? `: use "${hint}"` : ''}.` }];
  },
});
