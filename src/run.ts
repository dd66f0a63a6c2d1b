// One `apilint lint` run: config, inputs, lint each file, ignores, baseline or --since, then every
// requested report and the exit code. A file that cannot be linted prints one line on stderr and
// makes the exit 2; the other files are still linted and reported.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { ConfigLookup, settingsFor, type Config } from './config/config.js';
import { InputError } from './core/errors.js';
import { findingInFile, type Finding } from './core/finding.js';
import { displayPath, STDIN } from './core/paths.js';
import { SEVERITY_RANK, type Severity } from './core/severity.js';
import { escapeControl, safeText } from './core/text.js';
import { estimatedMs, lintAll, workersFor, type FromWorker, type Outcome, type SentError, type ToWorker } from './lint/parallel.js';
import { LintSession } from './lint/session.js';
import { Timing } from './lint/timing.js';
import { expandInputs, readInput, type Candidate } from './load/documents.js';
import { installEngine } from './engine/index.js';
import { DEFAULT_MAX_FILE_SIZE } from './load/limits.js';
import { RevisionTree } from './load/revision.js';
import { REMOTE_BUDGET_S } from './resolve/sandbox.js';
import { baselineFileKey, compare, gitRoot, knownFinding, readBaseline, verifyRef, writeBaseline, type Comparison, type KnownFinding } from './suppress/baseline.js';
import { MeaningKeys } from './suppress/keys.js';
import type { FormatName } from './formatters/names.js';
import { writeReports } from './formatters/reports.js';
import { outputOverInput, writeReport } from './formatters/output.js';
import { noProgress, progressOn, type Progress } from './formatters/progress.js';
import { plural, visible, type FormatContext } from './formatters/types.js';


/** A file linted: its name as reported, its findings and the files its `$ref`s read. */
type Linted = Extract<Outcome, { findings: Finding[] }> & { file: string };

export interface RunOptions {
  inputs: string[];
  /** Reports to write: each format to its output file, or to stdout. */
  reports: { format: FormatName; output?: string }[];
  failSeverity: Severity;
  /** Report errors only (the verdict still counts every finding). */
  quiet?: boolean;
  /** Exit 1 when there are more warnings than this. */
  maxWarnings?: number;
  allowRemote: boolean;
  /** Inputs and referenced files larger than this many bytes are refused (default 20 MB). */
  maxFileSize?: number;
  debug: boolean;
  config?: string;
  noConfig?: boolean;
  /** The folder every document's `$ref`s may read (default: found from each document, src/resolve/project.ts). */
  root?: string;
  baseline?: string;
  writeBaseline?: string;
  since?: string;
  /** With --since: also the changes since the ref that break clients (apilint diff); default true. */
  breaking?: boolean;
  /** With --since: the day x-sunset dates are judged against (`YYYY-MM-DD`, default today). */
  date?: string;
  /** The path standard input stands for: config overrides, ignores, baselines, --since and reports use it. */
  stdinFilepath?: string;
  /** Files named on the command line that are not API documents are skipped, as in a directory (hooks, editors). */
  ignoreUnknownFormat?: boolean;
  /** --timing: where the run's time went, on stderr after the reports; every file is linted on this thread. */
  timing?: boolean;
  /** Spectral as published, without apilint's adaptations (APILINT_REFERENCE_ENGINE=1). */
  reference?: boolean;
  cwd: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  color: boolean;
  /** Terminal hyperlinks on rule ids in the human report on stdout. */
  hyperlinks?: boolean;
}

export const EXIT = { ok: 0, findings: 1, error: 2 } as const;

export async function runLint(options: RunOptions): Promise<number> {
  const { cwd } = options;
  // Since the process started: Node, the bundle and the command line.
  const timing = options.timing ? new Timing() : undefined;
  timing?.add('start-up', performance.now());
  let progress: Progress = noProgress;
  const stderr = (text: string) => progress.write(() => options.stderr.write(text));
  const inputErrors: InputError[] = [];
  /** Prints an input error (one line, whatever the file name or the parser's message holds) and keeps it for the reports. */
  const report = (raw: InputError) => {
    const error = new InputError(raw.file, safeText(raw.message), raw.line, raw.column);
    inputErrors.push(error);
    stderr(`apilint: ${where(error, cwd)}: ${error.message}\n`);
  };

  // Each document's config, from its folder upward (or --config).
  const configs = new ConfigLookup({ cwd, maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, ...(options.config !== undefined ? { config: options.config } : {}), ...(options.noConfig ? { noConfig: true } : {}) });
  const stdinFilepath = options.stdinFilepath === undefined ? undefined : path.resolve(cwd, options.stdinFilepath);

  const expanded = await expandInputs(options.inputs, cwd);
  expanded.errors.forEach(report);
  // With --ignore-unknown-format every file is taken as a directory's would be: not an API
  // document, skipped; ignored by the config, skipped.
  const lenient = options.ignoreUnknownFormat === true;
  let stdinIgnored = false;
  const shownFile = (file: string) => (file === STDIN && stdinFilepath !== undefined ? stdinFilepath : file);
  // A config that does not validate is reported once; the documents that use it are not linted.
  const configFiles = new Set<string>();
  const badConfigs = new Set<InputError>();
  const configOf = (c: Candidate): Config | undefined => {
    try {
      const config = configs.configFor(shownFile(c.file));
      for (const file of config.files) configFiles.add(file);
      return config;
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      // The lookup throws the same error for every document that uses the config.
      if (!badConfigs.has(error)) report(error);
      badConfigs.add(error);
      return undefined;
    }
  };
  const candidates = expanded.candidates.map(c => (lenient ? { ...c, explicit: false } : c)).filter(c => {
    const config = configOf(c);
    if (!config) return false;
    if (c.file === STDIN && stdinFilepath !== undefined && config.ignores(stdinFilepath)) {
      stdinIgnored = true;
      stderr(`apilint: ${escapeControl(displayPath(stdinFilepath, cwd))}: matches the config's ignore list: not linted\n`);
      return false;
    }
    return c.explicit || !config.ignores(c.file);
  });
  // Nothing left to lint but for broken configs: stop before any report, as for a usage error.
  if (badConfigs.size > 0 && candidates.length === 0) return EXIT.error;

  // What can be known before linting is checked before linting: a usage error costs no time.
  const baselineFile = options.baseline === undefined ? undefined : path.resolve(cwd, options.baseline);
  const writeBaselineFile = options.writeBaseline === undefined ? undefined : path.resolve(cwd, options.writeBaseline);
  const outputs = options.reports.flatMap(r => (r.output === undefined ? [] : [path.resolve(cwd, r.output)]));
  const clash = outputOverInput([...outputs, ...(writeBaselineFile && writeBaselineFile !== baselineFile ? [writeBaselineFile] : [])], [
    ...candidates.map(c => shownFile(c.file)),
    ...configFiles,
    ...(baselineFile && baselineFile !== writeBaselineFile ? [baselineFile] : []),
  ]);
  if (clash) {
    stderr(`apilint: ${escapeControl(displayPath(clash.output, cwd))}: is ${configFiles.has(clash.input) ? (configFiles.size === 1 ? 'the config file' : 'a config file') : clash.input === baselineFile ? 'the baseline' : 'an input'} of this run: refusing to write a report over it (choose another --output)\n`);
    return EXIT.error;
  }
  let known: KnownFinding[] | undefined;
  let repositories: Map<string, string> | undefined;
  try {
    if (baselineFile) known = baselineFile === writeBaselineFile && !existsSync(baselineFile) ? [] : readBaseline(baselineFile, options.maxFileSize);
    if (options.since) repositories = repositoriesOf(candidates.map(c => shownFile(c.file)), options.since);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    report(error);
    return EXIT.error;
  }

  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const root = options.root === undefined ? undefined : path.resolve(cwd, options.root);
  const reference = options.reference === true;
  // One budget for every remote fetch of the run, on whichever thread (src/resolve/sandbox.ts).
  const remoteDeadline = options.allowRemote ? { remoteDeadline: Date.now() + REMOTE_BUDGET_S * 1000 } : {};
  // Baselines and --since read each document's data again for meaning keys (src/suppress/keys.ts).
  const keepDocuments = known !== undefined || writeBaselineFile !== undefined || repositories !== undefined;
  const session = new LintSession({ cwd, config: configs, ...(root !== undefined ? { root } : {}), allowRemote: options.allowRemote, maxFileSize, reference, ...remoteDeadline, ...(timing ? { timing } : {}), keepDocuments });
  progress = progressOn(options.stderr, candidates.length, () => estimatedMs(candidates));
  // Stdin named by --stdin-filepath is linted as that file: its settings, $refs and findings are that path's.
  const lintCandidate = async (c: Candidate) =>
    c.file === STDIN && stdinFilepath !== undefined ? session.lintText(stdinFilepath, await readInput(STDIN, maxFileSize), { explicit: c.explicit }) : session.lintFile(c.file, { explicit: c.explicit });
  const lintOne = (c: Candidate): Promise<Outcome> =>
    lintCandidate(c).then(
      result => (result === undefined ? { skipped: true } : { findings: result.findings, dependencies: result.dependencies }),
      error => ({ error }),
    );
  const workers = timing ? 0 : workersFor(candidates);
  let outcomes: Outcome[];
  if (workers > 0) {
    // Several files and more than one core: worker threads lint some of them (src/lint/parallel.ts).
    const setup = { cwd, allowRemote: options.allowRemote, maxFileSize, reference, ...remoteDeadline, ...(options.config !== undefined ? { config: options.config } : {}), ...(options.noConfig ? { noConfig: true } : {}), ...(root !== undefined ? { root } : {}), ...(keepDocuments ? { meaningPointers: true } : {}) };
    outcomes = await lintAll(candidates, lintOne, workers, setup, () => progress.done());
  } else {
    // One file after the other (files are read synchronously: reading ahead would gain nothing).
    outcomes = [];
    for (const candidate of candidates) {
      outcomes.push(await lintOne(candidate));
      progress.done();
    }
  }
  progress.stop();
  let findings: Finding[] = [];
  const linted: Linted[] = [];
  // Findings are matched by where they are by meaning, read from the documents this run linted
  // (for those a worker linted, it gave the pointers).
  const keys = new MeaningKeys(file => session.dataOf(file));
  // Reported in the order of the inputs, whichever thread linted them.
  const once = candidates.length > 1 ? new ReportedOnce() : undefined;
  for (const [i, candidate] of candidates.entries()) {
    const result = outcomes[i]!;
    if ('error' in result) {
      const { error } = result;
      if (isSentError(error)) {
        report(new InputError(error.file, error.message, error.line, error.column));
        if (options.debug && error.stack) stderr(`${error.stack}\n`);
      } else {
        report(asInputError(error, candidate.file));
        if (options.debug && !(error instanceof InputError)) stderr(`${(error as Error).stack}\n`);
      }
      continue;
    }
    if ('skipped' in result) continue;
    const document = shownFile(candidate.file);
    const kept = once ? once.keep(result.findings, f => f.file === document) : result.findings;
    linted.push({ ...result, findings: kept, file: document });
    if (result.pointers) keys.take(result.findings, result.pointers);
    // One push per finding: spreading a huge list overflows the call stack (240,000 findings did).
    for (const finding of kept) findings.push(finding);
  }
  if (linted.length === 0 && inputErrors.length === 0 && !stdinIgnored && !lenient) {
    report(new InputError(options.inputs.join(' '), 'no OpenAPI or event type documents found'));
  }

  let current = findings;
  let comparison: FormatContext['comparison'];
  if (baselineFile && known) {
    const result = compare(findings, known, baselineFileKey(baselineFile), `in baseline ${displayPath(baselineFile, cwd)}`, keys);
    comparison = { against: `baseline ${escapeControl(displayPath(baselineFile, cwd))}`, unchanged: result.unchanged, fixed: result.fixed };
    findings = result.findings;
  } else if (options.since && repositories) {
    const result = await compareSince(options.since, repositories, linted, findings, configs, options, keys, { ...remoteDeadline, ...(timing ? { timing } : {}) });
    comparison = { against: escapeControl(options.since), unchanged: result.unchanged, fixed: result.fixed };
    // The breaking changes since the ref come with the new findings (apilint diff, per file).
    findings = [...result.findings, ...result.breaking];
    current = [...current, ...result.breaking];
  }

  // `performance` loads perf_hooks (seven more of Node's internal modules) on first use: only for --timing.
  const reporting = timing ? performance.now() : 0;
  const code = await finishRun(options, { findings, current, files: linted.map(l => l.file), inputErrors, comparison, baselineFile, writeBaselineFile, baselineText: file => writeBaseline(current, file, keys) }, stderr);
  if (timing) {
    timing.add('report', performance.now() - reporting);
    const byRule = new Map<string, number>();
    for (const f of current) byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
    stderr(timing.render(performance.now(), byRule));
  }
  return code;
}

/** What a run found, for its last steps. */
export interface RunResult {
  /** After baseline or --since: known findings suppressed. */
  findings: Finding[];
  /** Before them: what --write-baseline records. */
  current: readonly Finding[];
  files: readonly string[];
  inputErrors: readonly InputError[];
  comparison?: FormatContext['comparison'];
  baselineFile?: string;
  writeBaselineFile?: string;
  baselineText: (file: string) => string;
  /** `apilint diff`: the versions compared. */
  diff?: FormatContext['diff'];
}

export type FinishOptions = Pick<RunOptions, 'reports' | 'cwd' | 'stdout' | 'stderr' | 'color' | 'hyperlinks' | 'quiet' | 'maxWarnings' | 'failSeverity'>;

/**
 * The last steps of a run (`lint` and `diff` alike): the baseline written, --quiet, every report,
 * and the exit code.
 */
export async function finishRun(options: FinishOptions, result: RunResult, stderr: (text: string) => void): Promise<number> {
  const { cwd } = options;
  const { current, inputErrors, comparison, baselineFile, writeBaselineFile } = result;
  let { findings } = result;
  const noun = result.diff ? 'change' : 'finding';
  let failed = inputErrors.length > 0;
  if (writeBaselineFile) {
    try {
      await writeReport(writeBaselineFile, result.baselineText(writeBaselineFile), options);
      const total = current.filter(f => !f.suppression).length;
      const added = baselineFile === writeBaselineFile && comparison ? `: ${plural(total - comparison.unchanged, noun)} added, ${plural(comparison.fixed, `fixed ${noun}`)} removed, ${total.toLocaleString('en-US')} in all` : ` with ${plural(total, noun)}`;
      stderr(`apilint: wrote the baseline ${escapeControl(displayPath(writeBaselineFile, cwd))}${added}\n`);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      stderr(`apilint: ${where(error, cwd)}: ${error.message}\n`);
      failed = true;
    }
  }

  const shown = visible(findings);
  const warnings = shown.filter(f => f.severity === 'warn').length;
  let quieted: number | undefined;
  if (options.quiet) {
    quieted = shown.filter(f => f.severity !== 'error').length;
    findings = findings.filter(f => f.severity === 'error');
  }
  const context: Omit<FormatContext, 'color'> = {
    cwd,
    files: result.files,
    inputErrors,
    failSeverity: options.failSeverity,
    ...(comparison ? { comparison } : {}),
    ...(quieted ? { quieted } : {}),
    ...(result.diff ? { diff: result.diff } : {}),
  };
  if (!(await writeReports(options, findings, context, stderr))) failed = true;

  if (failed) return EXIT.error;
  if (writeBaselineFile) return EXIT.ok;
  if (options.maxWarnings !== undefined && warnings > options.maxWarnings) {
    stderr(`apilint: ${plural(warnings, 'warning')}, more than --max-warnings ${options.maxWarnings} allows\n`);
    return EXIT.findings;
  }
  const threshold = SEVERITY_RANK[options.failSeverity];
  return shown.some(f => SEVERITY_RANK[f.severity] <= threshold) ? EXIT.findings : EXIT.ok;
}

export const where = (error: InputError, cwd: string) => [escapeControl(displayPath(error.file, cwd)), error.line, error.column].filter(x => x !== undefined).join(':');

/**
 * A lint worker (src/lint/parallel.ts): once it has its setup, reads the config as the main thread did
 * and lints the files it is sent with its own linters, sending back each file's outcome.
 */
export function serveLintWorker(): void {
  const port = parentPort!;
  let session: Promise<LintSession> | undefined;
  let meaningPointers = false;
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', (message: ToWorker) => {
    if (message.type === 'stop') {
      port.close();
      return;
    }
    if (message.type === 'setup') {
      const { setup } = message;
      meaningPointers = setup.meaningPointers === true;
      const configs = new ConfigLookup({ cwd: setup.cwd, maxFileSize: setup.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, ...(setup.config !== undefined ? { config: setup.config } : {}), ...(setup.noConfig ? { noConfig: true } : {}) });
      session = Promise.resolve(
        new LintSession({ config: configs, cwd: setup.cwd, ...(setup.root !== undefined ? { root: setup.root } : {}), allowRemote: setup.allowRemote, maxFileSize: setup.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, reference: setup.reference, ...(setup.remoteDeadline !== undefined ? { remoteDeadline: setup.remoteDeadline } : {}), keepDocuments: meaningPointers }),
      );
      session.then(() => port.postMessage({ type: 'ready' } satisfies FromWorker), () => port.close());
      return;
    }
    const { index, candidate } = message;
    // One file at a time, in the order sent (the next one waits here, already received).
    queue = queue
      .then(() => session!)
      .then(async s => {
        const result = await s.lintFile(candidate.file, { explicit: candidate.explicit });
        if (result === undefined || !meaningPointers) return { result };
        // While the document's parse is held; then it is let go, as a run without pointers does.
        const keys = new MeaningKeys(file => s.dataOf(file));
        const pointers = result.findings.map(f => keys.pointer(f.file, f.path));
        s.release(candidate.file);
        return { result, pointers };
      })
      .then(
        ({ result, pointers }) => port.postMessage((result === undefined ? { type: 'done', index, skipped: true } : { type: 'done', index, findings: result.findings, dependencies: result.dependencies, ...(pointers ? { pointers } : {}) }) satisfies FromWorker),
        (error: unknown) => {
          const input = asInputError(error, candidate.file);
          const sent: SentError = { file: input.file, message: input.message, line: input.line, column: input.column, ...(error instanceof InputError ? {} : { stack: (error as Error).stack }) };
          port.postMessage({ type: 'done', index, error: sent } satisfies FromWorker);
        },
      );
  });
}

function isSentError(error: unknown): error is SentError {
  return !(error instanceof Error) && typeof error === 'object' && error !== null && typeof (error as SentError).file === 'string' && typeof (error as SentError).message === 'string';
}

/** The real path of a file, or of its folder for one that does not exist (a new file named by --stdin-filepath). */
function realFile(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    try {
      return path.join(realpathSync(path.dirname(file)), path.basename(file));
    } catch {
      return file;
    }
  }
}

/**
 * For --since, before linting: the git repository of each input's folder (found from the inputs,
 * not the working directory), with `ref` checked in each. Throws an InputError for an input outside
 * any repository or a ref that names no commit.
 */
function repositoriesOf(files: readonly string[], ref: string): Map<string, string> {
  const roots = new Map<string, string>();
  for (const file of files) {
    if (file === STDIN) continue;
    const dir = path.dirname(file);
    if (roots.has(dir)) continue;
    const root = gitRoot(dir);
    if (root === undefined) throw new InputError(file, '--since needs a git repository, and this file is not in one');
    roots.set(dir, root);
  }
  for (const root of new Set(roots.values())) verifyRef(root, ref);
  return roots;
}

/**
 * Lints the same files as they were at `ref`, repository by repository, and marks the findings
 * that were already there; unless --no-breaking, also compares each OpenAPI document with its
 * version at `ref` (apilint diff) for the changes that break clients.
 */
async function compareSince(ref: string, roots: Map<string, string>, files: readonly Linted[], findings: Finding[], configs: ConfigLookup, options: RunOptions, keys: MeaningKeys, extra: { remoteDeadline?: number; timing?: Timing }): Promise<Comparison & { breaking: Finding[] }> {
  const groups = new Map<string, Linted[]>();
  for (const linted of files) {
    const root = roots.get(path.dirname(linted.file));
    if (root === undefined) continue;
    const group = groups.get(root);
    if (group) group.push(linted);
    else groups.set(root, [linted]);
  }
  const real = new Map<string, string>();
  const key = (file: string) => real.get(file) ?? real.set(file, realFile(file)).get(file)!;
  const old: KnownFinding[] = [];
  // Each document's findings as the run kept them (ReportedOnce): a file several documents reach counts once then too.
  const oldOnce = new ReportedOnce();
  const breaking: Finding[] = [];
  const stdinFile = options.stdinFilepath === undefined ? undefined : path.resolve(options.cwd, options.stdinFilepath);
  const { readers } = installEngine({ reference: options.reference === true });
  for (const [root, group] of groups) {
    const revision = new RevisionTree(root, ref, { readers, maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE });
    const { tree } = revision;
    try {
      // A document whose every file is byte for byte as it was lints as it did and has no changes
      // to compare: its findings now are its findings then (a pull request that leaves most specs alone).
      const changed = group.filter(({ file, findings: now, dependencies }) => {
        if (options.allowRemote || file === stdinFile || !revision.sameInWorkTree([file, ...dependencies])) return true;
        for (const f of oldOnce.keep(now, g => g.file === file, g => key(g.file))) old.push(knownFinding(f, key(f.file), keys));
        return false;
      });
      if (changed.length === 0) continue;
      // The linted files as they were (where they were, if git sees them renamed), and what their `$ref`s reached then.
      const pathThen = (file: string) => revision.pathThen(path.relative(root, key(file)).split(path.sep).join('/'));
      revision.add(changed.map(({ file }) => pathThen(file)));
      // A finding at the revision, in the file that stands there now.
      const nowFile = (f: Finding) => key(path.join(root, revision.pathNow(path.relative(tree, f.file).split(path.sep).join('/'))));
      // The copy's project is the revision's tree (the work tree at `ref`), or --root's place in it.
      const treeRoot = options.root === undefined ? tree : path.join(tree, path.relative(root, path.resolve(options.cwd, options.root)));
      const text = (file: string) => revision.text(file);
      const session = new LintSession({ config: configs, cwd: tree, root: treeRoot, allowRemote: options.allowRemote, maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, reference: options.reference === true, ...extra, keepDocuments: true, files: text });
      const oldKeys = new MeaningKeys(file => session.dataOf(file));
      for (const { file } of changed) {
        const then = path.join(tree, pathThen(file));
        try {
          // Settings follow the file's path in the working tree, so overrides apply the same way.
          const result = await session.lintFile(then, { settingsPath: file });
          for (const f of oldOnce.keep(result?.findings ?? [], f => f.file === then, nowFile)) old.push(knownFinding(f, nowFile(f), oldKeys));
        } catch {
          // New at this revision, or not lintable then: everything in it now counts as new.
        }
        // Standard input is linted as text, not as the file it stands for: its changes cannot be read from disk.
        if (options.breaking !== false && file !== stdinFile) {
          // Loaded only here: a lint run without --since reads none of apilint diff.
          const { changesSince } = await import('./diff/run.js');
          for (const change of await changesSince({ root, tree, ref, treeRoot, text }, then, file, settingsFor(configs.configFor(file), file), options)) breaking.push({ ...change, baselineState: 'new' });
        }
      }
    } finally {
      revision.cleanup();
    }
  }
  return { ...compare(findings, old, key, `present at ${ref}`, keys), breaking };
}

/**
 * A referenced file that several documents of a run reach is linted with each of them: its
 * findings are reported with the first document, once. A document's own findings all stay (a file
 * named twice, or standard input standing for a file also named, is reported for each).
 */
class ReportedOnce {
  private readonly seen = new Set<string>();

  /**
   * The document's findings, less those in other files that an earlier document gave. `fileOf`
   * names a finding's file as the run compares files (a revision's, as the work tree's).
   */
  keep(findings: readonly Finding[], own: (f: Finding) => boolean, fileOf = (f: Finding) => f.file): Finding[] {
    const given: string[] = [];
    const kept = findings.filter(f => {
      if (own(f)) return true;
      const id = `${fileOf(f)}\u0000${findingInFile(f)}`;
      given.push(id);
      return !this.seen.has(id);
    });
    // After the document: its own repeats (a node it reaches twice) are the linter's to judge.
    for (const id of given) this.seen.add(id);
    return kept;
  }
}

export function asInputError(error: unknown, file: string): InputError {
  if (error instanceof InputError) return error;
  // Spectral gathers the exceptions of rule functions into an AggregateError, each with a cause.
  const causes = errorTree(error);
  const overflow = causes.find(e => e instanceof RangeError && /call stack/i.test(e.message));
  if (overflow) return new InputError(file, 'document nested too deeply to lint');
  const range = causes.find(e => e instanceof RangeError);
  if (range) return new InputError(file, `document too large to lint (${range.message})`);
  for (const e of causes) {
    const rule = /Function "([^"]+)" threw an exception: (.*)/.exec(e.message);
    if (rule) return new InputError(file, `internal error in rule ${rule[1]}: ${rule[2]} (run with --debug for details)`);
  }
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return new InputError(file, `internal error: ${message} (run with --debug for details)`);
}

/** The error, the errors an AggregateError holds, and their causes. */
function errorTree(error: unknown, depth = 0): Error[] {
  if (!(error instanceof Error) || depth > 5) return [];
  const children = [...(error instanceof AggregateError ? (error.errors as unknown[]) : []), ...(error.cause !== undefined ? [error.cause] : [])];
  return [error, ...children.flatMap(child => errorTree(child, depth + 1))];
}
