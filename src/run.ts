// One `apilint lint` run: config, inputs, lint each file, ignores, baseline or --since, then every
// requested report and the exit code. A file that cannot be linted prints one line on stderr and
// makes the exit 2; the other files are still linted and reported.
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Severity } from '../rulesets/rule.js';
import { baselineFileKey, checkoutRef, compare, findingKey, readBaseline, writeBaseline, type Comparison } from './baseline.js';
import { loadConfig, settingsFor, type Config, type Settings } from './config.js';
import { applyInlineIgnores } from './ignores.js';
import { Linter, SEVERITY_RANK, type Finding } from './lint.js';
import { expandInputs, InputError, parseDocument, readInput, type Candidate } from './load.js';
import { displayPath } from './paths.js';
import { Sources } from './sources.js';
import type { FormatName } from './formatters/names.js';
import type { FormatContext, Formatter } from './formatters/types.js';


export interface RunOptions {
  inputs: string[];
  /** Reports to write: each format to its output file, or to stdout. */
  reports: { format: FormatName; output?: string }[];
  failSeverity: Severity;
  allowRemote: boolean;
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

async function loadFormatter(name: FormatName): Promise<Formatter> {
  const module = (await import(`./formatters/${name}.js`)) as Record<string, Formatter>;
  return module[name]!;
}

/** Lints files with the rule settings the config gives each; one Spectral instance per setting. */
class Linters {
  private readonly byKey = new Map<string, Linter>();
  readonly sources = new Sources();

  constructor(
    private readonly config: Config,
    private readonly options: { cwd: string; allowRemote: boolean },
  ) {}

  async lint(candidate: Candidate, fileForSettings = candidate.file): Promise<Finding[] | undefined> {
    const doc = parseDocument(await readInput(candidate.file), candidate.file, candidate.explicit);
    if (!doc) return undefined;
    const settings = settingsFor(this.config, fileForSettings);
    const findings = await this.linterFor(settings).lint(doc);
    this.sources.add(doc.source, doc.text, doc.parser);
    return applyEngineSettings(applyInlineIgnores(findings, this.sources, doc.source), settings);
  }

  private linterFor(settings: Settings): Linter {
    const key = JSON.stringify([...settings]);
    let linter = this.byKey.get(key);
    if (!linter) {
      linter = new Linter({ ...this.options, sources: this.sources, ruleset: { settings, all: this.config.all } });
      this.byKey.set(key, linter);
    }
    return linter;
  }
}

/** Engine findings (refs, ignores) are not Spectral rules: apply their configured severity here. */
function applyEngineSettings(findings: Finding[], settings: Settings): Finding[] {
  return findings.flatMap(f => {
    const severity = settings.get(f.ruleId)?.severity;
    if (severity === undefined) return [f];
    return severity === 'off' ? [] : [{ ...f, severity }];
  });
}

export async function runLint(options: RunOptions): Promise<number> {
  const { cwd, stderr } = options;
  const inputErrors: InputError[] = [];
  const report = (error: InputError) => {
    inputErrors.push(error);
    const where = [displayPath(error.file, cwd), error.line, error.column].filter(x => x !== undefined).join(':');
    stderr.write(`apilint: ${where}: ${error.message}\n`);
  };

  let config: Config;
  try {
    config = options.noConfig ? (await import('./config.js')).EMPTY_CONFIG : await loadConfig(cwd, options.config);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    report(error);
    return EXIT.error;
  }

  const expanded = await expandInputs(options.inputs, cwd);
  expanded.errors.forEach(report);
  const candidates = expanded.candidates.filter(c => c.explicit || !config.ignores(c.file));
  const linters = new Linters(config, { cwd, allowRemote: options.allowRemote });
  let findings: Finding[] = [];
  const linted: string[] = [];
  for (const candidate of candidates) {
    try {
      const result = await linters.lint(candidate);
      if (result === undefined) continue;
      linted.push(candidate.file);
      findings.push(...result);
    } catch (error) {
      report(asInputError(error, candidate.file));
      if (options.debug && !(error instanceof InputError)) stderr.write(`${(error as Error).stack}\n`);
    }
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

  const context = { cwd, files: linted, inputErrors, comparison };
  let stdoutUsed = false;
  for (const { format, output } of options.reports) {
    const text = (await loadFormatter(format))(findings, { ...context, color: output === undefined && options.color });
    if (output) await writeAtomically(path.resolve(cwd, output), text);
    else if (!stdoutUsed) {
      options.stdout.write(text);
      stdoutUsed = true;
    }
  }

  if (inputErrors.length > 0) return EXIT.error;
  const threshold = SEVERITY_RANK[options.failSeverity];
  return findings.some(f => !f.suppression && SEVERITY_RANK[f.severity] <= threshold) ? EXIT.findings : EXIT.ok;
}

/** Lints the same files as they were at `ref` and marks the findings that were already there. */
async function compareSince(ref: string, files: string[], findings: Finding[], config: Config, options: RunOptions): Promise<Comparison> {
  const { root, tree, cleanup } = checkoutRef(options.cwd, ref);
  try {
    const old: string[] = [];
    const linters = new Linters(config, { cwd: tree, allowRemote: options.allowRemote });
    for (const file of files) {
      if (file.startsWith('<')) continue;
      const relative = path.relative(root, file);
      try {
        // Settings follow the file's path in the working tree, so overrides apply the same way.
        const result = await linters.lint({ file: path.join(tree, relative), explicit: true }, file);
        for (const f of result ?? []) old.push(findingKey(f, path.relative(tree, f.file)));
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
  if (error instanceof RangeError) return new InputError(file, 'document nested too deeply to lint');
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return new InputError(file, `internal error: ${message} (run with --debug for details)`);
}

/** Output is complete or absent, never half a file: write beside the target, then rename. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
}
