// A lint session: what `apilint lint`, `apilint diff` and the language server share to lint one
// document, from disk or from an editor's buffer. For each document: parse it, take the rule
// settings the config gives its path, lint it with one Spectral instance per distinct setting,
// apply inline ignores and the engine rules' configured severities, and cap the messages.
import path from 'node:path';
import { settingsFor, type Config, type Configs, type Settings } from '../config/config.js';
import type { Finding } from '../core/finding.js';
import { safeText } from '../core/text.js';
import { readInput } from '../load/documents.js';
import { DEFAULT_MAX_FILE_SIZE } from '../load/limits.js';
import { installEngine } from '../engine/index.js';
import { Sources } from '../load/sources.js';
import { applyInlineIgnores } from '../suppress/ignores.js';
import { LintCancelled, Linter, type CancelSignal, type LintResult } from './linter.js';
import { timed, type Timing } from './timing.js';

export interface SessionOptions {
  cwd: string;
  /** One config for every document, or each document's own (ConfigLookup). */
  config: Config | Configs;
  /** --root: the folder every document's `$ref`s may read (else found from each document). */
  root?: string;
  allowRemote: boolean;
  /** Inputs and referenced files larger than this many bytes are refused (default 20 MB). */
  maxFileSize?: number;
  /** Spectral as published, without apilint's adaptations (src/engine/). */
  reference?: boolean;
  /** When the run's remote fetches must have ended (ms since the epoch); else each document gets its own budget. */
  remoteDeadline?: number;
  /** `--timing`: reading, parsing, linting and the ignores are timed into it. */
  timing?: Timing;
  /**
   * Keeps each linted document's parse for `dataOf` (meaning keys, for baselines and --since),
   * instead of reading and parsing the file again; otherwise only the files documents refer to stay.
   */
  keepDocuments?: boolean;
  /** Texts that stand in for files on disk after the buffers: a git revision's files, for --since (src/load/revision.ts). */
  files?: (file: string) => string | undefined;
}

export interface LintOptions {
  /** Named by the user: a file that is not an API document is an error rather than skipped (default true). */
  explicit?: boolean;
  /** The path whose config settings apply, when not the document's own (--since lints an old copy elsewhere). */
  settingsPath?: string;
  /** Ends the lint with LintCancelled once aborted (an editor's text changed meanwhile). */
  signal?: CancelSignal;
}

export type { CancelSignal, LintResult };
export { LintCancelled };

export class LintSession {
  private readonly linters = new Map<string, Linter>();
  /** Texts that stand in for files on disk: an editor's unsaved buffers. */
  private readonly buffers = new Map<string, string>();
  private readonly sources: Sources;
  private readonly maxFileSize: number;

  constructor(private readonly options: SessionOptions) {
    this.maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    const { readers } = installEngine({ reference: options.reference ?? false });
    this.sources = new Sources(readers, this.standIn, this.maxFileSize, options.keepDocuments === true);
  }

  /**
   * Lints a file (or `<stdin>`), as held in a buffer if there is one, else as read from disk.
   * Undefined for a file that is neither an OpenAPI nor an event type document and was not
   * named explicitly; throws an InputError for one that cannot be read or parsed.
   */
  async lintFile(file: string, options: LintOptions = {}): Promise<LintResult | undefined> {
    const { timing } = this.options;
    const start = timing ? performance.now() : 0;
    const text = this.standIn(file) ?? (await readInput(file, this.maxFileSize));
    timing?.add('read', performance.now() - start);
    return this.lintText(file, text, options);
  }

  /** Lints `text` as the document at `file` (an absolute path): its config settings and `$ref`s are that path's. */
  async lintText(file: string, text: string, { explicit = true, settingsPath = file, signal }: LintOptions = {}): Promise<LintResult | undefined> {
    const config = this.configFor(settingsPath);
    const settings = settingsFor(config, settingsPath);
    const linter = this.linterFor(settings, config.all);
    const { timing } = this.options;
    const doc = timed(timing, 'parse', () => linter.parse(text, file, explicit));
    if (!doc) return undefined;
    if (signal?.aborted) throw new LintCancelled();
    if (timing) timing.documents++;
    const { findings, dependencies } = await linter.run(doc, signal);
    const settled = timed(timing, 'ignores', () => {
      this.sources.add(doc.source, doc.text, doc.parser);
      const ignored = applyInlineIgnores(findings, this.sources, doc.source);
      if (!this.options.keepDocuments) this.sources.release(doc.source);
      return applyEngineSettings(ignored, settings).map(capMessage);
    });
    return { findings: settled, dependencies };
  }

  /** The text that stands in for a file on disk: an editor's buffer, or a revision's file. */
  private readonly standIn = (file: string): string | undefined => this.buffers.get(file) ?? this.options.files?.(file);

  /** The parsed data of a file this session linted or read (from disk otherwise), for meaning keys (src/suppress/keys.ts). */
  dataOf(file: string): unknown {
    return this.sources.get(file)?.data;
  }

  /** Lets go of a document kept for `dataOf` (keepDocuments) once its meaning keys are known. */
  release(file: string): void {
    this.sources.release(file);
  }

  /**
   * Makes `text` stand in for the file at `file` (an absolute path) wherever it is read, as a
   * document or through a `$ref`, until set back to undefined. Documents that depend on it
   * (LintResult.dependencies) are to be linted again.
   */
  setBuffer(file: string, text: string | undefined): void {
    if (text === undefined) this.buffers.delete(path.resolve(file));
    else this.buffers.set(path.resolve(file), text);
    this.filesChanged();
  }

  /** Forgets every file read so far: files changed on disk (a checkout, a save by another program). */
  filesChanged(): void {
    this.sources.clear();
    for (const linter of this.linters.values()) linter.clear();
  }

  /** The config a document is linted with (its own, found from its path, when the session has a ConfigLookup). */
  private configFor(file: string): Config {
    const { config } = this.options;
    return 'configFor' in config ? config.configFor(file) : config;
  }

  private configFileOf(file: string): string | undefined {
    try {
      return this.configFor(file).file;
    } catch {
      // A config that does not validate was reported for the document before it was linted.
      return undefined;
    }
  }

  private linterFor(settings: Settings, all: boolean): Linter {
    const key = JSON.stringify([all, ...settings]);
    let linter = this.linters.get(key);
    if (!linter) {
      linter = new Linter({
        cwd: this.options.cwd,
        ...(this.options.root !== undefined ? { root: this.options.root } : {}),
        // Outside git, a document's project is the folder of the config file it is linted with.
        configFile: file => this.configFileOf(file),
        allowRemote: this.options.allowRemote,
        maxFileSize: this.maxFileSize,
        sources: this.sources,
        buffered: this.standIn,
        ruleset: { settings, all },
        ...(this.options.remoteDeadline !== undefined ? { remote: { deadline: this.options.remoteDeadline } } : {}),
        ...(this.options.reference ? { reference: true } : {}),
        ...(this.options.timing ? { timing: this.options.timing } : {}),
      });
      this.linters.set(key, linter);
    }
    return linter;
  }
}

/** Messages quote names from the document, never long values, and stay on one line. */
function capMessage(finding: Finding): Finding {
  const message = safeText(finding.message);
  return message === finding.message ? finding : { ...finding, message };
}

/** Engine findings (refs, ignores) are not Spectral rules: apply their configured severity here. */
function applyEngineSettings(findings: Finding[], settings: Settings): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const severity = settings.get(f.ruleId)?.severity;
    if (severity === undefined) out.push(f);
    else if (severity !== 'off') out.push({ ...f, severity });
  }
  return out;
}
