// One `apilint lint` run: config, inputs, lint each file, ignores, baseline or --since, then every
// requested report and the exit code. A file that cannot be linted prints one line on stderr and
// makes the exit 2; the other files are still linted and reported.
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { loadConfig, type Config } from './config/config.js';
import { crypto } from './core/builtins.js';
import { InputError } from './core/errors.js';
import type { Finding } from './core/finding.js';
import { displayPath } from './core/paths.js';
import { SEVERITY_RANK, type Severity } from './core/severity.js';
import { escapeControl, safeText } from './core/text.js';
import { lintAll, workersFor, type FromWorker, type Outcome, type SentError, type ToWorker } from './lint/parallel.js';
import { LintSession } from './lint/session.js';
import { expandInputs, type Candidate } from './load/documents.js';
import { DEFAULT_MAX_FILE_SIZE } from './load/limits.js';
import { baselineFileKey, checkoutRef, compare, findingKey, readBaseline, writeBaseline, type Comparison } from './suppress/baseline.js';
import type { FormatName } from './formatters/names.js';
import type { FormatContext, Formatter } from './formatters/types.js';


export interface RunOptions {
  inputs: string[];
  /** Reports to write: each format to its output file, or to stdout. */
  reports: { format: FormatName; output?: string }[];
  failSeverity: Severity;
  allowRemote: boolean;
  /** Inputs and referenced files larger than this many bytes are refused (default 20 MB). */
  maxFileSize?: number;
  debug: boolean;
  config?: string;
  noConfig?: boolean;
  baseline?: string;
  writeBaseline?: string;
  since?: string;
  cwd: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  color: boolean;
}

export const EXIT = { ok: 0, findings: 1, error: 2 } as const;

/** Each formatter is loaded only when asked for; static specifiers so bundlers and test runners see them. */
const FORMATTER_MODULES: Record<FormatName, () => Promise<unknown>> = {
  stylish: () => import('./formatters/stylish.js'),
  json: () => import('./formatters/json.js'),
  sarif: () => import('./formatters/sarif.js'),
  github: () => import('./formatters/github.js'),
  junit: () => import('./formatters/junit.js'),
  markdown: () => import('./formatters/markdown.js'),
  codeclimate: () => import('./formatters/codeclimate.js'),
};

async function loadFormatter(name: FormatName): Promise<Formatter> {
  const module = (await FORMATTER_MODULES[name]()) as Record<string, Formatter>;
  return module[name]!;
}

/**
 * Collects input errors and prints each as one line on stderr, whatever the file name or the
 * parser's message holds.
 */
export function inputErrorReporter(cwd: string, stderr: NodeJS.WritableStream): { inputErrors: InputError[]; report: (raw: InputError) => void } {
  const inputErrors: InputError[] = [];
  const report = (raw: InputError) => {
    const error = new InputError(raw.file, safeText(raw.message), raw.line, raw.column);
    inputErrors.push(error);
    const where = [escapeControl(displayPath(error.file, cwd)), error.line, error.column].filter(x => x !== undefined).join(':');
    stderr.write(`apilint: ${where}: ${error.message}\n`);
  };
  return { inputErrors, report };
}

export async function runLint(options: RunOptions): Promise<number> {
  const { cwd, stderr } = options;
  const { inputErrors, report } = inputErrorReporter(cwd, stderr);

  let config: Config;
  try {
    config = options.noConfig ? (await import('./config/config.js')).EMPTY_CONFIG : await loadConfig(cwd, options.config);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    report(error);
    return EXIT.error;
  }

  const expanded = await expandInputs(options.inputs, cwd);
  expanded.errors.forEach(report);
  const candidates = expanded.candidates.filter(c => c.explicit || !config.ignores(c.file));
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const session = new LintSession({ cwd, config, allowRemote: options.allowRemote, maxFileSize });
  let findings: Finding[] = [];
  const linted: string[] = [];
  const lintOne = (c: Candidate): Promise<Outcome> =>
    session.lintFile(c.file, { explicit: c.explicit }).then(
      result => (result === undefined ? { skipped: true } : { findings: result.findings }),
      error => ({ error }),
    );
  const workers = workersFor(candidates);
  let outcomes: Outcome[];
  if (workers > 0) {
    // Several files and more than one core: worker threads lint some of them (src/lint/parallel.ts).
    const setup = { cwd, allowRemote: options.allowRemote, maxFileSize, ...(options.config !== undefined ? { config: options.config } : {}), ...(options.noConfig ? { noConfig: true } : {}) };
    outcomes = await lintAll(candidates, lintOne, workers, setup);
  } else {
    // One file after the other (files are read synchronously: reading ahead would gain nothing).
    outcomes = [];
    for (const candidate of candidates) outcomes.push(await lintOne(candidate));
  }
  // Reported in the order of the inputs, whichever thread linted them.
  for (const [i, candidate] of candidates.entries()) {
    const result = outcomes[i]!;
    if ('error' in result) {
      const { error } = result;
      if (isSentError(error)) {
        report(new InputError(error.file, error.message, error.line, error.column));
        if (options.debug && error.stack) stderr.write(`${error.stack}\n`);
      } else {
        report(asInputError(error, candidate.file));
        if (options.debug && !(error instanceof InputError)) stderr.write(`${(error as Error).stack}\n`);
      }
      continue;
    }
    if ('skipped' in result) continue;
    linted.push(candidate.file);
    // One push per finding: spreading a huge list overflows the call stack (240,000 findings did).
    for (const finding of result.findings) findings.push(finding);
  }
  if (linted.length === 0 && inputErrors.length === 0) {
    report(new InputError(options.inputs.join(' '), 'no OpenAPI or event type documents found'));
  }

  let comparison: FormatContext['comparison'];
  try {
    if (options.writeBaseline) {
      await writeAtomically(path.resolve(cwd, options.writeBaseline), writeBaseline(findings, path.resolve(cwd, options.writeBaseline)));
    }
    let result: Comparison | undefined;
    if (options.baseline) {
      const file = path.resolve(cwd, options.baseline);
      result = compare(findings, readBaseline(file), baselineFileKey(file), `in baseline ${displayPath(file, cwd)}`);
      comparison = { against: `baseline ${displayPath(file, cwd)}`, unchanged: result.unchanged, fixed: result.fixed };
    } else if (options.since) {
      result = await compareSince(options.since, linted, findings, config, options);
      comparison = { against: options.since, unchanged: result.unchanged, fixed: result.fixed };
    }
    if (result) findings = result.findings;
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    report(error);
  }

  await writeReports(findings, { cwd, files: linted, inputErrors, comparison }, options, report);
  return exitCode(findings, inputErrors, options.failSeverity);
}

/** 2 when an input could not be read, 1 when a finding reaches the fail severity, else 0. */
export function exitCode(findings: readonly Finding[], inputErrors: readonly InputError[], failSeverity: Severity): number {
  if (inputErrors.length > 0) return EXIT.error;
  const threshold = SEVERITY_RANK[failSeverity];
  return findings.some(f => !f.suppression && SEVERITY_RANK[f.severity] <= threshold) ? EXIT.findings : EXIT.ok;
}

/** Writes every requested report: each format to its file (atomically) or to stdout. */
export async function writeReports(
  findings: readonly Finding[],
  context: Omit<FormatContext, 'color'>,
  options: Pick<RunOptions, 'reports' | 'cwd' | 'stdout' | 'color'>,
  report: (error: InputError) => void,
): Promise<void> {
  let stdoutUsed = false;
  for (const { format, output } of options.reports) {
    let text: string;
    try {
      text = (await loadFormatter(format))(findings, { ...context, color: output === undefined && options.color });
    } catch (error) {
      // Past V8's longest string (about 512 MB), e.g. a million findings as JSON.
      if (!(error instanceof RangeError)) throw error;
      report(new InputError(output ?? '<stdout>', `the ${format} report is too large to produce (${findings.length.toLocaleString('en-US')} findings): lint fewer files at once`));
      continue;
    }
    if (output) {
      try {
        await writeAtomically(path.resolve(options.cwd, output), text);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        report(error);
      }
    } else if (!stdoutUsed) {
      options.stdout.write(text);
      stdoutUsed = true;
    }
  }
}

/**
 * A lint worker (src/lint/parallel.ts): once it has its setup, reads the config as the main thread did
 * and lints the files it is sent with its own linters, sending back each file's outcome.
 */
export function serveLintWorker(): void {
  const port = parentPort!;
  let session: Promise<LintSession> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', (message: ToWorker) => {
    if (message.type === 'stop') {
      port.close();
      return;
    }
    if (message.type === 'setup') {
      const { setup } = message;
      session = (setup.noConfig ? import('./config/config.js').then(m => m.EMPTY_CONFIG) : loadConfig(setup.cwd, setup.config)).then(
        config => new LintSession({ config, cwd: setup.cwd, allowRemote: setup.allowRemote, maxFileSize: setup.maxFileSize ?? DEFAULT_MAX_FILE_SIZE }),
      );
      session.then(() => port.postMessage({ type: 'ready' } satisfies FromWorker), () => port.close());
      return;
    }
    const { index, candidate } = message;
    // One file at a time, in the order sent (the next one waits here, already received).
    queue = queue
      .then(() => session!)
      .then(s => s.lintFile(candidate.file, { explicit: candidate.explicit }))
      .then(
        result => port.postMessage((result === undefined ? { type: 'done', index, skipped: true } : { type: 'done', index, findings: result.findings }) satisfies FromWorker),
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

/** Lints the same files as they were at `ref` and marks the findings that were already there. */
async function compareSince(ref: string, files: string[], findings: Finding[], config: Config, options: RunOptions): Promise<Comparison> {
  const { root, tree, cleanup } = checkoutRef(options.cwd, ref);
  try {
    const old: string[] = [];
    const session = new LintSession({ config, cwd: tree, allowRemote: options.allowRemote, maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE });
    for (const file of files) {
      if (file.startsWith('<')) continue;
      const relative = path.relative(root, file);
      try {
        // Settings follow the file's path in the working tree, so overrides apply the same way.
        const result = await session.lintFile(path.join(tree, relative), { settingsPath: file });
        for (const f of result?.findings ?? []) old.push(findingKey(f, path.relative(tree, f.file)));
      } catch {
        // New at this revision, or not lintable then: everything in it now counts as new.
      }
    }
    return compare(findings, old, file => path.relative(root, file), `present at ${ref}`);
  } finally {
    cleanup();
  }
}

function asInputError(error: unknown, file: string): InputError {
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

/** Output is complete or absent, never half a file: write beside the target, then rename. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}-${crypto().randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text, { flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(file, `cannot write the report (${code ?? (error as Error).message}): nothing written`);
  }
}
