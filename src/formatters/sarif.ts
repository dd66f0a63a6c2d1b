// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers. Checked in the tests with
// Microsoft's validator, GitHub's ingestion rules included.
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crypto } from '../core/builtins.js';
import { catalogue } from '../lint/catalogue.js';
import type { Finding } from '../core/finding.js';
import { TOOL } from '../core/meta.js';
import { displayPath, jsonPointer, type Formatter } from './types.js';

const LEVEL = { error: 'error', warn: 'warning', info: 'note', hint: 'note' } as const;

/**
 * Identifies a finding by rule, file, JSON path and message, not by line: moving unrelated lines
 * above it leaves it the same, so code scanning keeps tracking one alert.
 */
export function fingerprint(f: Finding, cwd: string): string {
  return crypto()
    .createHash('sha256')
    .update([f.ruleId, displayPath(f.file, cwd), jsonPointer(f.path), f.message].join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}

function artifactLocation(file: string, cwd: string) {
  const shown = displayPath(file, cwd);
  if (file.startsWith('<')) return { uri: 'stdin' };
  // Outside the working directory: an absolute URI. A name that is no path (`main:api.yaml`) stays relative.
  if (shown === file && isAbsolute(file)) return { uri: pathToFileURL(file).href };
  return { uri: shown.split('\\').join('/').split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

export const sarif: Formatter = (findings, { cwd, inputErrors }) => {
  const index = new Map(catalogue.map((r, i) => [r.id, i]));
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
            toolExecutionNotifications: inputErrors.map(e => ({
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
          },
        ],
        columnKind: 'utf16CodeUnits',
        results: findings.map(f => ({
          ruleId: f.ruleId,
          ruleIndex: index.get(f.ruleId),
          level: LEVEL[f.severity],
          message: { text: f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: artifactLocation(f.file, cwd),
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
};
