// Test helpers: lint text or files through the same loader and linter the CLI uses, and the
// table form for rule tests (ESLint's RuleTester, Spectral's testRule): every case asserts the
// rule id, the file, the exact line and column, and the severity of each finding.
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/load/documents.js';
import type { Finding } from '../../src/core/finding.js';
import { Linter } from '../../src/lint/linter.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const REFERENCE_SPEC = path.join(ROOT, 'fixtures/reference-service.yaml');
export const CORPUS = path.resolve(ROOT, '../shared/corpus');

export interface LintOptions {
  /** Lint with only these rules on (default: every default rule). */
  rules?: readonly string[];
  /** Options for the rules in `rules` (non-default values; the rest keep their defaults). */
  ruleOptions?: Record<string, unknown>;
  /** Extra files beside the document, by relative path (for `$ref`s to other files). */
  files?: Record<string, string>;
  /** File name of the document (its extension picks the parser). */
  name?: string;
  allowRemote?: boolean;
}

/** Writes the document (and its companions) to a fresh temp folder and lints it. */
export async function lintText(text: string, options: LintOptions = {}): Promise<Finding[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-test-'));
  for (const [name, content] of Object.entries(options.files ?? {})) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  const file = path.join(dir, options.name ?? 'openapi.yaml');
  writeFileSync(file, text);
  return lintFile(file, options);
}

export async function lintFile(file: string, options: LintOptions = {}): Promise<Finding[]> {
  const { rules, ruleOptions } = options;
  const settings = ruleOptions && rules ? new Map(rules.map(id => [id, { options: ruleOptions }])) : undefined;
  const linter = new Linter({
    cwd: path.dirname(file),
    allowRemote: options.allowRemote ?? false,
    ruleset: rules ? { only: new Set(rules), ...(settings ? { settings } : {}) } : {},
  });
  const doc = linter.parse(await readInput(file), file);
  if (!doc) throw new Error(`${file} is not a document`);
  return linter.lint(doc);
}

export interface ExpectedFinding {
  line: number;
  /** 1-based, where the offending node (or the offending part of a key) starts. */
  column: number;
  severity: Finding['severity'];
  /** File name relative to the document's folder; the document itself when omitted. */
  file?: string;
  /** Substring or pattern the message must contain. */
  message?: string | RegExp;
  /** Defaults to the rule's id. */
  ruleId?: string;
}

export interface RuleCase {
  name: string;
  /** The document text (YAML unless `name` in options says `.json`), or a fixture path relative to the repo. */
  document: string;
  options?: Omit<LintOptions, 'rules'>;
  errors: ExpectedFinding[];
}

/** The response a layout's operation returns (`twoLayouts`). */
export interface LayoutResponse {
  status: string;
  description: string;
  mediaType: string;
}

/**
 * One set of schemas behind one response, laid out twice: in the document's components, and in
 * `file` of their own. `schemas(prefix)` is YAML whose refs are spelt `${prefix}Name`; `root` is
 * the schema the response names. In the document the schemas start on line 14, indented by four;
 * in `file` their lines are as written.
 */
export function twoLayouts(schemas: (prefix: string) => string, root: string, file: string, { status, description, mediaType }: LayoutResponse) {
  const head = (ref: string) => `openapi: 3.0.3
info: {title: Layouts, version: 1.0.0}
paths:
  /items:
    get:
      responses:
        '${status}':
          description: ${description}
          content:
            ${mediaType}:
              schema: {$ref: '${ref}'}
`;
  return {
    inDocument: `${head(`#/components/schemas/${root}`)}components:\n  schemas:\n${schemas('#/components/schemas/').replace(/^(?=.)/gm, '    ')}`,
    inFile: { document: head(`${file}#/${root}`), options: { files: { [file]: schemas('#/') } } },
  };
}

/**
 * A document whose resource, Order (the body of `GET /orders/{order_id}`), has the property `name`
 * described beside its `$ref`, the 3.0 way: `{description, allOf: [{$ref: Target}]}`, with
 * `target` as the schema Target. The property is on line 19, column 9, below `paths` (path items
 * written before that one, from line 4); `siblings` (YAML at the property's indentation) follow
 * it, then Target.
 */
export function wrappedProperty(name: string, target: string, { siblings = '', paths = '' } = {}): string {
  return `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
${paths}  /orders/{order_id}:
    get:
      parameters:
        - {name: order_id, in: path, required: true, schema: {type: string}}
      responses:
        '200':
          description: The order.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Order'}
components:
  schemas:
    Order:
      type: object
      properties:
        ${name}:
          description: Described beside its $ref.
          allOf: [{$ref: '#/components/schemas/Target'}]
${siblings.replace(/^(?=.)/gm, '        ')}    Target: ${target}
`;
}

const isFixturePath = (document: string) => !document.includes('\n') && /\.(ya?ml|json)$/.test(document);

/** A table of cases for one rule: `errors: []` means the document must pass. */
export function testRule(ruleId: string, cases: RuleCase[]): void {
  describe(ruleId, () => {
    it.each(cases.map(c => [c.name, c] as const))('%s', async (_name, c) => {
      const fixture = isFixturePath(c.document) ? path.join(ROOT, c.document) : undefined;
      const findings = fixture
        ? await lintFile(fixture, { ...c.options, rules: [ruleId] })
        : await lintText(c.document, { ...c.options, rules: [ruleId] });
      expectFindings(ruleId, findings, c.errors, fixture);
    });
  });
}

/**
 * Asserts every finding's rule id, file, line, column and severity, in order, and the expected
 * part of its message. `document` is the linted file when it is not a temp `openapi.*` document.
 */
export function expectFindings(ruleId: string, findings: Finding[], expected: ExpectedFinding[], document?: string): void {
  const actual = findings.map(f => ({
    ruleId: f.ruleId,
    file: document && f.file === document ? undefined : relativeName(f.file),
    line: f.line,
    column: f.column,
    severity: f.severity,
  }));
  expect(actual, messages(findings)).toEqual(
    expected.map(e => ({ ruleId: e.ruleId ?? ruleId, file: e.file, line: e.line, column: e.column, severity: e.severity })),
  );
  expected.forEach((e, i) => {
    if (e.message !== undefined) expect(findings[i]!.message).toMatch(e.message);
  });
}

// Temp documents are named openapi.yaml/json: report them as "the document".
function relativeName(file: string): string | undefined {
  const base = path.basename(file);
  if (/^openapi\.(ya?ml|json)$/.test(base)) return undefined;
  const match = /apilint-test-[^/]+\/(.*)$/.exec(file);
  return match ? match[1] : file;
}

const messages = (findings: Finding[]) => findings.map(f => `${f.line}:${f.column} ${f.severity} ${f.ruleId}: ${f.message}`).join('\n');

/** 1-based line where the unique text `find` starts in fixtures/reference-service.yaml. */
export function referenceLine(find: string): number {
  const text = readFileSync(REFERENCE_SPEC, 'utf8');
  const at = text.indexOf(find);
  if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new Error(`reference line target must occur exactly once: ${find}`);
  return text.slice(0, at).split('\n').length;
}

export interface Mutation {
  /** Text in fixtures/reference-service.yaml to replace; must occur exactly once. */
  find: string;
  replace: string;
}

/**
 * Lints the reference spec after one small edit: the rule must fire, and at the edited line
 * (the first line of `replace` where it lands, plus `lineOffset`).
 */
export async function lintMutatedReference(ruleId: string, mutation: Mutation): Promise<{ findings: Finding[]; line: number }> {
  const text = readFileSync(REFERENCE_SPEC, 'utf8');
  const at = text.indexOf(mutation.find);
  if (at < 0 || text.indexOf(mutation.find, at + 1) >= 0) throw new Error(`mutation target must occur exactly once: ${mutation.find}`);
  const mutated = text.slice(0, at) + mutation.replace + text.slice(at + mutation.find.length);
  const line = text.slice(0, at).split('\n').length;
  const findings = await lintText(mutated, { rules: [ruleId] });
  return { findings, line };
}
