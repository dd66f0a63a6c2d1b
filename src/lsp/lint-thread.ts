// The language server's lint thread. Linting a large spec takes seconds, so it runs here, off the
// thread that answers the editor. It lints with the CLI's LintSession: each document's config found
// as `apilint lint` finds it (read again when it changes), overrides,
// inline ignores and the project root; the editor's open documents stand in for the files on disk.
// Requests are handled one at a time, in order; a run the server no longer wants (its text has
// changed) is cancelled through a shared flag, which the session checks between rules.
import { statSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { ConfigLookup, findConfig, type Config } from '../config/config.js';
import { InputError } from '../core/errors.js';
import type { Finding } from '../core/finding.js';
import { LintCancelled, LintSession, type CancelSignal } from '../lint/session.js';
import { asInputError } from '../run.js';

/** workerData of the lint thread: bin/apilint.js starts it as a lint worker, the `lsp` key says which. */
export interface LintThreadData {
  apilintWorker: true;
  lsp: {
    /** Int32Array[0]: runs with this id or lower are cancelled. */
    cancel: SharedArrayBuffer;
  };
}

/** Messages to the lint thread. `text: null` puts the file on disk back in place of a buffer. */
export type ToLintThread =
  | { type: 'buffer'; file: string; text: string | null }
  | { type: 'files-changed' }
  | { type: 'lint'; id: number; file: string; root: string; allowRemote: boolean };

/** Why a document has no findings: where and why it cannot be linted. */
export interface Problem {
  file: string;
  message: string;
  line?: number;
  column?: number;
}

export type LintOutcome =
  | { kind: 'findings'; findings: Finding[]; dependencies: string[] }
  /** Not an API document, or excluded by the config's `ignore`. */
  | { kind: 'skipped' }
  /** The document cannot be linted (it does not parse, say). */
  | { kind: 'unlintable'; problem: Problem }
  /** The config that applies does not validate. */
  | { kind: 'bad-config'; problem: Problem }
  | { kind: 'cancelled' };

export interface LintThreadResult {
  type: 'result';
  id: number;
  outcome: LintOutcome;
}

/**
 * One workspace folder: each document's config found as `apilint lint` finds it (the nearest from
 * the document's own folder, with its `extends` chain), and the session built on them. The session
 * is built again when a config file read so far changes on disk, or a document's nearest config is
 * another file than before (one was added or removed).
 */
class Project {
  /** Each config file read (and each extended file) with its stamp when it was read. */
  private readonly stamps = new Map<string, string>();
  /** The nearest config file of each folder a document was linted from. */
  private readonly nearest = new Map<string, string | undefined>();
  private session: LintSession | undefined;
  private lookup: ConfigLookup | undefined;

  constructor(
    private readonly root: string,
    private readonly allowRemote: boolean,
    private readonly buffers: ReadonlyMap<string, string>,
  ) {}

  /** The session and the document's config as they are now on disk (a few stat calls when nothing changed). */
  current(file: string): { session: LintSession; config: Config } | { problem: Problem } {
    const dir = path.dirname(file);
    const nearest = findConfig(dir);
    const moved = this.nearest.has(dir) && this.nearest.get(dir) !== nearest;
    if (!this.session || !this.lookup || moved || [...this.stamps].some(([f, stamp]) => stampOf(f) !== stamp)) {
      this.stamps.clear();
      this.nearest.clear();
      this.lookup = new ConfigLookup({ cwd: this.root });
      this.session = new LintSession({ cwd: this.root, config: this.lookup, allowRemote: this.allowRemote });
      for (const [path, text] of this.buffers) this.session.setBuffer(path, text);
    }
    this.nearest.set(dir, nearest);
    if (nearest !== undefined && !this.stamps.has(nearest)) this.stamps.set(nearest, stampOf(nearest));
    try {
      const config = this.lookup.configFor(file);
      for (const f of config.files) if (!this.stamps.has(f)) this.stamps.set(f, stampOf(f));
      return { session: this.session, config };
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      return { problem: problemOf(error) };
    }
  }

  setBuffer(file: string, text: string | undefined): void {
    this.session?.setBuffer(file, text);
  }

  filesChanged(): void {
    this.session?.filesChanged();
  }
}

function stampOf(file: string): string {
  const info = statSync(file, { throwIfNoEntry: false });
  return `${info?.mtimeMs}\u0000${info?.size}\u0000${info?.ino}`;
}

const problemOf = (error: InputError): Problem => ({
  file: error.file,
  message: error.message,
  ...(error.line !== undefined ? { line: error.line } : {}),
  ...(error.column !== undefined ? { column: error.column } : {}),
});

/** Serves the language server's requests; the entry of the lint thread. */
export function serveLintThread(): void {
  const port = parentPort!;
  const cancel = new Int32Array((workerData as LintThreadData).lsp.cancel);
  const buffers = new Map<string, string>();
  const projects = new Map<string, Project>();
  let queue: Promise<unknown> = Promise.resolve();

  const lint = async (id: number, file: string, root: string, allowRemote: boolean): Promise<LintOutcome> => {
    const key = `${allowRemote}\u0000${root}`;
    let project = projects.get(key);
    if (!project) projects.set(key, (project = new Project(root, allowRemote, buffers)));
    const signal: CancelSignal = {
      get aborted() {
        return Atomics.load(cancel, 0) >= id;
      },
    };
    if (signal.aborted) return { kind: 'cancelled' };
    const current = project.current(file);
    if ('problem' in current) return { kind: 'bad-config', problem: current.problem };
    if (current.config.ignores(file)) return { kind: 'skipped' };
    try {
      // As `apilint lint` takes a directory's files: a YAML or JSON file that is no API document is skipped.
      const result = await current.session.lintFile(file, { explicit: false, signal });
      // The config files it extends are dependencies too: a change to one re-lints the document.
      return result === undefined ? { kind: 'skipped' } : { kind: 'findings', findings: result.findings, dependencies: [...result.dependencies, ...current.config.files] };
    } catch (error) {
      if (error instanceof LintCancelled) return { kind: 'cancelled' };
      // Internal errors keep their stack on stderr, which the editor logs; stdout is the protocol's.
      if (!(error instanceof InputError)) process.stderr.write(`apilint lsp: ${file}: ${(error as Error)?.stack ?? String(error)}\n`);
      return { kind: 'unlintable', problem: problemOf(asInputError(error, file)) };
    }
  };

  port.on('message', (message: ToLintThread) => {
    queue = queue.then(async () => {
      switch (message.type) {
        case 'buffer': {
          const text = message.text ?? undefined;
          if (text === undefined) buffers.delete(message.file);
          else buffers.set(message.file, text);
          for (const project of projects.values()) project.setBuffer(message.file, text);
          return;
        }
        case 'files-changed':
          for (const project of projects.values()) project.filesChanged();
          return;
        case 'lint': {
          const outcome = await lint(message.id, message.file, message.root, message.allowRemote);
          port.postMessage({ type: 'result', id: message.id, outcome } satisfies LintThreadResult);
        }
      }
    });
  });
}
