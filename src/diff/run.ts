// One `apilint diff <base> <revision>` run: the two versions (files, `REV:path`, stdin), the
// comparison, the config's severities, inline ignores on the revision, a baseline, then every
// requested report and the exit code, as `lint` does. `lint --since` runs the same comparison
// per file (compareVersions).
import path from 'node:path';
import type { Both, Loc } from '../../rulesets/diff-rule.js';
import { rules as diffRules } from '../../rulesets/diff/index.js';
import { isSunsetDate } from '../../rulesets/lib/deprecation.js';
import { existsSync } from 'node:fs';
import { loadConfig, settingsFor, type Config, type Settings } from '../config/config.js';
import { InputError } from '../core/errors.js';
import { compareFindings, type Finding } from '../core/finding.js';
import { displayPath } from '../core/paths.js';
import { SEVERITY_RANK } from '../core/severity.js';
import { escapeControl, safeText } from '../core/text.js';
import { outputOverInput } from '../formatters/output.js';
import type { FormatContext } from '../formatters/types.js';
import { installEngine, type DocumentReaders } from '../engine/index.js';
import { parseDocument, readInput } from '../load/documents.js';
import type { ParsedSource } from '../load/sources.js';
import { LineIndex, placeRange } from '../lint/positions.js';
import { DEFAULT_MAX_FILE_SIZE } from '../load/limits.js';
import { compare, readBaseline, writeBaseline, type KnownFinding } from '../suppress/baseline.js';
import { MeaningKeys } from '../suppress/keys.js';
import { applyInlineIgnores } from '../suppress/ignores.js';
import { EXIT, finishRun, where, type RunOptions } from '../run.js';
import { Comparison, type DiffFinding } from './compare.js';
import { revisionDisplay, Versions, type Version } from './inputs.js';
import { Side } from './side.js';

export interface DiffOptions extends Omit<RunOptions, 'inputs' | 'since' | 'stdinFilepath'> {
  base: string;
  revision: string;
  /** `YYYY-MM-DD`: sunsets are judged against it (default: today, UTC). */
  date?: string;
}

export const today = (): string => new Date().toISOString().slice(0, 10);

export function isDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isSunsetDate(text);
}

export async function runDiff(options: DiffOptions): Promise<number> {
  const { cwd } = options;
  const stderr = (text: string) => options.stderr.write(text);
  const inputErrors: InputError[] = [];
  /** Prints an input error (one line, whatever the file name or the parser's message holds) and keeps it for the reports. */
  const report = (raw: InputError) => {
    const error = new InputError(raw.file, safeText(raw.message), raw.line, raw.column);
    inputErrors.push(error);
    stderr(`apilint: ${where(error, cwd)}: ${error.message}\n`);
  };
  if (options.base === '-' && options.revision === '-') {
    report(new InputError('-', 'only one of the two versions can be read from stdin'));
    return EXIT.error;
  }
  let config: Config;
  try {
    config = options.noConfig ? (await import('../config/config.js')).EMPTY_CONFIG : await loadConfig(cwd, options.config);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    report(error);
    return EXIT.error;
  }
  const baselineFile = options.baseline === undefined ? undefined : path.resolve(cwd, options.baseline);
  const writeBaselineFile = options.writeBaseline === undefined ? undefined : path.resolve(cwd, options.writeBaseline);
  const diff = { base: options.base, revision: options.revision };

  const { readers } = installEngine({ reference: options.reference === true });
  const versions = new Versions(cwd, { readers, maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE });
  try {
    const loaded: Partial<Both<Side>> = {};
    const read: Version[] = [];
    for (const which of ['base', 'revision'] as const) {
      try {
        const version = versions.resolve(options[which]);
        read.push(version);
        loaded[which] = await loadVersion(version, { maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, allowRemote: options.allowRemote, readers });
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        report(error);
      }
    }
    // No report over a file this run reads: a version, the config, the baseline.
    const outputs = options.reports.flatMap(r => (r.output === undefined ? [] : [path.resolve(cwd, r.output)]));
    const clash = outputOverInput([...outputs, ...(writeBaselineFile && writeBaselineFile !== baselineFile ? [writeBaselineFile] : [])], [
      ...read.map(v => v.file),
      ...(config.file ? [config.file] : []),
      ...(baselineFile && baselineFile !== writeBaselineFile ? [baselineFile] : []),
    ]);
    if (clash) {
      stderr(`apilint: ${escapeControl(displayPath(clash.output, cwd))}: is ${clash.input === config.file ? 'the config file' : clash.input === baselineFile ? 'the baseline' : 'an input'} of this run: refusing to write a report over it (choose another --output)\n`);
      return EXIT.error;
    }
    let known: KnownFinding[] | undefined;
    try {
      if (baselineFile) known = baselineFile === writeBaselineFile && !existsSync(baselineFile) ? [] : readBaseline(baselineFile);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      report(error);
      return EXIT.error;
    }
    if (!loaded.base || !loaded.revision) return await finishRun(options, { findings: [], current: [], files: [], inputErrors, baselineText: () => '', diff }, stderr);

    const sides = loaded as Both<Side>;
    const current = compareVersions(sides, settingsFor(config, sides.revision.file), options.date ?? today());
    // Baselines name the revision's document for every change, relative to the baseline's folder.
    const keyFile = (file: string) => () => path.relative(path.dirname(file), sides.revision.file).split(path.sep).join('/');
    // Changes are matched by where they are by meaning, in whichever version they sit.
    const keys = new MeaningKeys(file => sides.revision.dataOf(file) ?? sides.base.dataOf(file));
    let findings = current;
    let comparison: FormatContext['comparison'];
    if (baselineFile && known) {
      const result = compare(current, known, keyFile(baselineFile), `in baseline ${displayPath(baselineFile, cwd)}`, keys);
      comparison = { against: `baseline ${displayPath(baselineFile, cwd)}`, unchanged: result.unchanged, fixed: result.fixed };
      findings = result.findings;
    }
    const files = [sides.revision.display(sides.revision.file)];
    return await finishRun(options, { findings, current, files, inputErrors, comparison, baselineFile, writeBaselineFile, baselineText: file => writeBaseline(current, file, keys, keyFile(file)), diff }, stderr);
  } finally {
    versions.cleanup();
  }
}

/**
 * For `lint --since`: the changes from a document as it was at the ref (`then`, in the ref's
 * tree) to the working tree's (`now`) that break clients or warn, by the diff rules only
 * (the lint of the file reports its own `$ref` problems); none when it did not exist then, or was or is no OpenAPI
 * document (the lint of the file says what is wrong with it).
 */
export async function changesSince(
  at: { root: string; tree: string; ref: string; treeRoot: string; text: (file: string) => string | undefined },
  then: string,
  now: string,
  settings: Settings,
  options: Pick<RunOptions, 'cwd' | 'root' | 'maxFileSize' | 'allowRemote' | 'reference' | 'date'>,
): Promise<Finding[]> {
  if (at.text(then) === undefined && !existsSync(then)) return [];
  const load = { maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, allowRemote: options.allowRemote, readers: installEngine({ reference: options.reference === true }).readers };
  try {
    const base = await loadVersion({ arg: then, file: then, cwd: path.join(at.tree, path.relative(at.root, options.cwd)), root: at.treeRoot, display: revisionDisplay(at.tree, at.ref), text: at.text }, load);
    const revision = await loadVersion({ arg: now, file: now, cwd: options.cwd, ...(options.root !== undefined ? { root: path.resolve(options.cwd, options.root) } : {}), display: file => file }, load);
    // The changes that break clients or warn; the changelog's info entries are apilint diff's to give.
    const diffIds = new Set(diffRules.map(r => r.id));
    return compareVersions({ base, revision }, settings, options.date ?? today()).filter(f => diffIds.has(f.ruleId) && SEVERITY_RANK[f.severity] < SEVERITY_RANK.info);
  } catch (error) {
    if (error instanceof InputError) return [];
    throw error;
  }
}

/** Reads, parses and resolves one version; an InputError names the file as reports do. */
export async function loadVersion(version: Version, options: { maxFileSize: number; allowRemote: boolean; readers: DocumentReaders }): Promise<Side> {
  try {
    const document = parseDocument(version.text?.(version.file) ?? (await readInput(version.file, options.maxFileSize)), version.file, true, options.readers)!;
    if (document.kind !== 'openapi') throw new InputError(version.file, 'not an OpenAPI document: apilint diff compares OpenAPI 2.0, 3.0 and 3.1 documents');
    return await Side.load(document, { cwd: version.cwd, maxFileSize: options.maxFileSize, allowRemote: options.allowRemote, display: version.display, readers: options.readers, ...(version.root !== undefined ? { root: version.root } : {}), ...(version.text ? { buffered: version.text } : {}) });
  } catch (error) {
    if (error instanceof InputError) throw new InputError(version.display(error.file), error.message, error.line, error.column);
    throw error;
  }
}

/**
 * The changes from one version to the other as findings: severities from the config (`off`
 * drops a rule), inline ignores on the revision's nodes, then the judgements over the whole
 * change (`info-version-bump`). Base-side findings sit at the base's node, named as the base's
 * file is (`main:specs/api.yaml` for a git revision).
 */
export function compareVersions(sides: Both<Side>, settings: Settings, date: string): Finding[] {
  const severity = (id: string, fallback: Finding['severity']) => settings.get(id)?.severity ?? fallback;
  const active = diffRules.flatMap(rule => {
    const s = severity(rule.id, rule.severity);
    return s === 'off' ? [] : [{ rule, severity: s }];
  });
  const comparison = new Comparison(sides, active, date);
  const raw = comparison.run();
  // $refs that do not resolve: the revision's as their rules say, the base's as info (not this change's doing).
  for (const which of ['revision', 'base'] as const) {
    for (const problem of sides[which].problems) {
      const s = severity(problem.ruleId, problem.ruleId === 'remote-ref' ? 'info' : 'error');
      if (s === 'off') continue;
      raw.push({
        ruleId: problem.ruleId,
        severity: which === 'base' && SEVERITY_RANK[s] < SEVERITY_RANK.info ? 'info' : s,
        message: which === 'base' ? `In the base version: ${problem.message} Changes below it are not compared.` : `${problem.message} Changes below it are not compared.`,
        side: which,
        loc: problem.loc,
        anchor: which === 'revision' ? problem.loc : sides.revision.document.source === problem.loc.file ? problem.loc : comparison.documents.revision.loc,
        operations: [],
      });
    }
  }
  const lines = new Map<ParsedSource, LineIndex>();
  const linesOf = (source: ParsedSource) => {
    if (!lines.has(source)) lines.set(source, new LineIndex(source.text));
    return lines.get(source)!;
  };
  const toFinding = (d: DiffFinding): Finding & { anchor: Loc } => {
    const side = sides[d.side];
    const source = side.sources.get(d.loc.file);
    const found = source?.range(d.loc.path);
    // At the key, as lint places its findings (src/lint/positions.ts).
    const key = d.loc.path[d.loc.path.length - 1];
    const range = source && found && key !== undefined ? placeRange(linesOf(source), found, String(key), undefined) : found;
    const start = range?.start ?? { line: 0, character: 0 };
    const end = range?.end ?? start;
    return {
      ruleId: d.ruleId,
      severity: d.severity,
      message: safeText(d.message),
      file: side.display(d.loc.file),
      line: start.line + 1,
      column: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
      path: d.loc.path,
      operations: d.operations,
      anchor: d.anchor,
    };
  };
  // Inline ignores apply where they are written in the revision: on the node or above it.
  const ignore = (list: ReturnType<typeof toFinding>[]) => {
    const proxies = list.map(f => ({ ...f, file: f.anchor.file, path: f.anchor.path }));
    const checked = applyInlineIgnores(proxies, sides.revision.sources, sides.revision.file, { kinds: ['diff', 'engine'], reportUnused: false });
    return list.map((f, i) => (checked[i]!.suppression ? { ...f, suppression: checked[i]!.suppression } : f));
  };
  const findings = ignore(raw.map(toFinding));
  // Judgements over the whole change (info-version-bump) weigh the API's changes, not unresolved $refs.
  const diffIds = new Set(diffRules.map(r => r.id));
  const remaining = findings.filter(f => !f.suppression && diffIds.has(f.ruleId));
  const final = ignore(comparison.finish(remaining).map(toFinding));
  // Grouped by operation in document order (changes to the document as a whole first), then by severity.
  const rank = (f: Finding) => (f.operations && f.operations.length > 0 ? comparison.rank(f.operations[0]!) : -1);
  return [...findings, ...final]
    .map(({ anchor: _anchor, ...f }) => f as Finding)
    .sort((a, b) => rank(a) - rank(b) || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || compareFindings(a, b));
}
