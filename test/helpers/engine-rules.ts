// For the tests of the rules the engine applies itself (rulesets/engine/): a document and the
// files beside it in a fresh folder, linted as the CLI lints them (config, inline ignores), and
// the findings of one rule asserted by file, line, column and severity (the message apart).
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { EMPTY_CONFIG, type Config } from '../../src/config/config.js';
import type { Finding } from '../../src/core/finding.js';
import { LintSession } from '../../src/lint/session.js';
import { ROOT } from './lint.js';

export interface Project {
  /** Files by path relative to the folder; the first is the document. */
  files?: Record<string, string>;
  /** Or a document of fixtures/, linted with its folder as the project. */
  fixture?: string;
  /** Symbolic links by path relative to the folder, to absolute targets. */
  links?: Record<string, string>;
  config?: Config;
}

export interface Place {
  /** Relative to the document's folder; undefined for the document itself. */
  file?: string;
  line: number;
  column: number;
  severity: Finding['severity'];
  message?: string | RegExp;
}

/** An OpenAPI document whose components.schemas are `schemas` (YAML lines indented by four). */
export const withSchemas = (schemas: string): string => `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
${schemas}`;

export async function lintProject({ files = {}, fixture, links = {}, config = EMPTY_CONFIG }: Project): Promise<{ document: string; findings: Finding[] }> {
  let document: string;
  let folder: string;
  if (fixture !== undefined) {
    document = path.join(ROOT, fixture);
    folder = path.dirname(document);
  } else {
    folder = mkdtempSync(path.join(tmpdir(), 'apilint-project-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      writeFileSync(path.join(folder, name), text);
    }
    for (const [name, target] of Object.entries(links)) symlinkSync(target, path.join(folder, name));
    document = path.join(folder, Object.keys(files)[0]!);
  }
  // A fixture's project is its folder (--root), not the repository that holds it.
  const result = await new LintSession({ cwd: folder, config, allowRemote: false, ...(fixture !== undefined ? { root: folder } : {}) }).lintFile(document);
  return { document, findings: result?.findings ?? [] };
}

/** Lints the project and asserts the findings of `ruleId`, in report order. */
export async function expectPlaces(ruleId: string, project: Project, expected: readonly Place[]): Promise<void> {
  const { document, findings } = await lintProject(project);
  const found = findings.filter(f => f.ruleId === ruleId);
  const dir = path.dirname(document);
  const listing = found.map(f => `${path.relative(dir, f.file)}:${f.line}:${f.column} ${f.severity}: ${f.message}`).join('\n');
  expect(
    found.map(f => ({ file: f.file === document ? undefined : path.relative(dir, f.file), line: f.line, column: f.column, severity: f.severity })),
    listing,
  ).toEqual(expected.map(e => ({ file: e.file, line: e.line, column: e.column, severity: e.severity })));
  expected.forEach((e, i) => {
    if (e.message !== undefined) expect(found[i]!.message).toMatch(e.message);
  });
}
