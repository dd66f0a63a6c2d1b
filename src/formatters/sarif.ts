// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers. Checked in the tests with
// Microsoft's validator, GitHub's ingestion rules included.
//
// GitHub rejects an upload over its hard limits ("SARIF results exceed one or more limits", "SARIF
// file is too large" in GitHub's code scanning docs): 25,000 results per run, 10 MB for the
// gzip-compressed file, 20 runs per file, 25,000 rules per run, 1,000 locations per result, 20 tags
// per rule. This log has one run, the catalogue's rules (far fewer), one location per result and
// three tags per rule, so only the first two can be reached. Past either, the log keeps the most
// severe findings (active before suppressed, then error, warning, info, hint) and says in a
// notification and on stderr what it left out: an upload GitHub takes, never one it rejects.
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { zlib } from '../core/builtins.js';
import type { Finding } from '../core/finding.js';
import { TOOL } from '../core/meta.js';
import { SEVERITIES } from '../core/severity.js';
import { catalogue } from '../lint/catalogue.js';
import { countBySeverity, displayPath, fingerprint, grouped, jsonPointer, plural, type FormatContext } from './types.js';

export const GITHUB_LIMITS = { resultsPerRun: 25_000, gzipBytes: 10_000_000 } as const;

const LEVEL = { error: 'error', warn: 'warning', info: 'note', hint: 'note' } as const;

function artifactLocation(file: string, cwd: string) {
  const shown = displayPath(file, cwd);
  if (file.startsWith('<')) return { uri: 'stdin' };
  // Outside the working directory: an absolute URI. A name that is no path (`main:api.yaml`) stays relative.
  if (shown === file && isAbsolute(file)) return { uri: pathToFileURL(file).href };
  return { uri: shown.split('\\').join('/').split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

/** One text, not pieces: its size is measured compressed, and GitHub's limits cap it. */
export const sarif = (findings: readonly Finding[], context: FormatContext): string => {
  const limit = GITHUB_LIMITS;
  // The findings in the order they are given up: least important last.
  const rank = (f: Finding) => (f.suppression ? SEVERITIES.length : 0) + SEVERITIES.indexOf(f.severity);
  const byPriority = [...findings.keys()].sort((a, b) => rank(findings[a]!) - rank(findings[b]!) || a - b);
  let keep = Math.min(findings.length, limit.resultsPerRun);
  let reason = keep < findings.length ? `GitHub code scanning accepts at most ${grouped(limit.resultsPerRun)} results per run` : '';
  for (;;) {
    const kept = new Set(byPriority.slice(0, keep));
    const leftOut = byPriority.slice(keep).map(i => findings[i]!);
    const cut = leftOut.length > 0 ? `${reason}: ${describeCut(leftOut, findings.length)}` : undefined;
    const text = render(keep === findings.length ? findings : findings.filter((_, i) => kept.has(i)), context, cut);
    // A text under the limit is under it compressed too; only a large one is compressed to measure.
    const size = utf8Under(text, limit.gzipBytes) ? 0 : gzipSize(text, limit.gzipBytes);
    if (size <= limit.gzipBytes || keep === 0) {
      if (cut) context.notice?.(cut);
      return text;
    }
    reason = `GitHub code scanning rejects a SARIF file over ${grouped(limit.gzipBytes / 1e6)} MB gzip-compressed`;
    // Results take nearly all of the size: shrink in proportion, with a margin, until it fits.
    keep = Math.floor((keep * limit.gzipBytes * 0.95) / size);
  }
};

/**
 * The size of the text gzip-compressed at zlib's default level, as GitHub's upload compresses it;
 * where a fast compression (level 1) is well under `limit`, that size (a level compresses no less
 * than the ones below it). Kubernetes' 14 MB log compresses to 1 MB either way.
 */
function gzipSize(text: string, limit: number): number {
  const fast = zlib().gzipSync(text, { level: 1 }).length;
  return fast <= limit * 0.9 ? fast : zlib().gzipSync(text).length;
}

/**
 * Whether the text's UTF-8 form is at most `bytes` long. A UTF-16 code unit takes one to three
 * bytes, so the length decides most texts without a pass over a large one (Kubernetes' 14 MB log:
 * 20 ms).
 */
function utf8Under(text: string, bytes: number): boolean {
  if (text.length > bytes) return false;
  return text.length * 3 <= bytes || Buffer.byteLength(text) <= bytes;
}

/** "36,007 of 61,007 findings left out, the least severe (17,055 errors, ...)". */
function describeCut(leftOut: readonly Finding[], total: number): string {
  const counts = countBySeverity(leftOut);
  const suppressed = leftOut.filter(f => f.suppression).length;
  const parts = SEVERITIES.filter(s => counts[s] > 0).map(s => plural(counts[s], s === 'warn' ? 'warning' : s));
  if (suppressed > 0) parts.push(`${grouped(suppressed)} of them suppressed`);
  return `${grouped(leftOut.length)} of ${plural(total, 'finding')} left out of this log, the least severe (${parts.join(', ')}); -f json lists them all`;
}

function render(findings: readonly Finding[], { cwd, inputErrors }: FormatContext, cut: string | undefined): string {
  const index = new Map(catalogue.map((r, i) => [r.id, i]));
  // One location per file, shared by its results.
  const locations = new Map<string, ReturnType<typeof artifactLocation>>();
  const locationOf = (file: string) => {
    let location = locations.get(file);
    if (!location) locations.set(file, (location = artifactLocation(file, cwd)));
    return location;
  };
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: TOOL.name,
            version: TOOL.version,
            semanticVersion: TOOL.version,
            informationUri: TOOL.homepage,
            rules: catalogue.map(rule => ({
              id: rule.id,
              name: rule.id.replace(/(^|-)(\w)/g, (_, _dash: string, ch: string) => ch.toUpperCase()),
              shortDescription: { text: rule.description },
              fullDescription: { text: rule.rationale },
              helpUri: rule.docsUrl,
              help: { text: `${rule.description} ${rule.rationale} See ${rule.docsUrl}`, markdown: `${rule.description}\n\n${rule.rationale}\n\n[Documentation](${rule.docsUrl})` },
              defaultConfiguration: { level: LEVEL[rule.severity], enabled: rule.recommended },
              properties: {
                tags: ['api', 'openapi', `guideline-${rule.ref}`],
                guideline: rule.ref,
                ...(rule.zalando.length > 0 ? { zalando: rule.zalando } : {}),
              },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(cwd.endsWith('/') ? cwd : `${cwd}/`).href } },
        invocations: [
          {
            executionSuccessful: inputErrors.length === 0,
            toolExecutionNotifications: [
              ...inputErrors.map(e => ({
                level: 'error',
                message: { text: e.message },
                locations: [
                  {
                    physicalLocation: {
                      artifactLocation: artifactLocation(e.file, cwd),
                      ...(e.line !== undefined ? { region: { startLine: e.line, startColumn: e.column ?? 1 } } : {}),
                    },
                  },
                ],
              })),
              ...(cut ? [{ level: 'warning', message: { text: cut } }] : []),
            ],
          },
        ],
        columnKind: 'utf16CodeUnits',
        results: findings.map(f => ({
          ruleId: f.ruleId,
          ...(index.has(f.ruleId) ? { ruleIndex: index.get(f.ruleId) } : {}),
          level: LEVEL[f.severity],
          message: { text: f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: locationOf(f.file),
                region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
              },
              logicalLocations: [{ fullyQualifiedName: jsonPointer(f.path) || '/', kind: 'member' }],
            },
          ],
          partialFingerprints: { 'apilint/v1': fingerprint(f, cwd) },
          ...(f.suppression ? { suppressions: [{ kind: f.suppression.kind, justification: f.suppression.justification }] } : {}),
          ...(f.baselineState ? { baselineState: f.baselineState } : {}),
        })),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
