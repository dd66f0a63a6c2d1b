// The language server's lint thread. Linting a large spec takes seconds, so it runs here, off the
// thread that answers the editor. It lints with the CLI's LintSession: the config found from the
// workspace folder as `apilint lint` run there finds it (read again when it changes), overrides,
// inline ignores and the project root; the editor's open documents stand in for the files on disk.
// Requests are handled one at a time, in order; a run the server no longer wants (its text has
// changed) is cancelled through a shared flag, which the session checks between rules.
import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { findConfig, loadConfig } from '../config/config.js';
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

/** One workspace folder: the config found from it, re-read when the file changes, and the session built on it. */
class Project {
  private stamp: string | undefined;
  private state: { session: LintSession; ignores: (file: string) => boolean } | { problem: Problem } | undefined;

  constructor(
    private readonly root: string,
    private readonly allowRemote: boolean,
    private readonly buffers: ReadonlyMap<string, string>,
  ) {}

  /** The session for the config as it is now on disk (a few stat calls when nothing changed). */
  async current(): Promise<{ session: LintSession; ignores: (file: string) => boolean } | { problem: Problem }> {
    const file = findConfig(this.root);
    const info = file === undefined ? undefined : statSync(file, { throwIfNoEntry: false });
    const stamp = `${file}\u0000${info?.mtimeMs}\u0000${info?.size}\u0000${info?.ino}`;
    if (this.state === undefined || stamp !== this.stamp) {
      this.stamp = stamp;
      try {
        const config = await loadConfig(this.root);
        const session = new LintSession({ cwd: this.root, config, allowRemote: this.allowRemote });
        for (const [path, text] of this.buffers) session.setBuffer(path, text);
        this.state = { session, ignores: config.ignores };
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        this.state = { problem: problemOf(error) };
      }
    }
    return this.state;
  }

  setBuffer(file: string, text: string | undefined): void {
    if (this.state && 'session' in this.state) this.state.session.setBuffer(file, text);
  }

  filesChanged(): void {
    if (this.state && 'session' in this.state) this.state.session.filesChanged();
  }
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
    const current = await project.current();
    if ('problem' in current) return { kind: 'bad-config', problem: current.problem };
    if (current.ignores(file)) return { kind: 'skipped' };
    try {
      // As `apilint lint` takes a directory's files: a YAML or JSON file that is no API document is skipped.
      const result = await current.session.lintFile(file, { explicit: false, signal });
      return result === undefined ? { kind: 'skipped' } : { kind: 'findings', findings: result.findings, dependencies: result.dependencies };
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
