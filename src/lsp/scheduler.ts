// Which open document is linted when, on the lint thread (src/lsp/lint-thread.ts). A document is
// linted when it opens and, debounced, after each change; so is every open document whose `$ref`s
// read a file that changed. One document is linted at a time; a run whose text has changed since
// it started is cancelled and its result dropped, and the document is linted again.
import { Worker } from 'node:worker_threads';
import { lazyRequire } from '../../rulesets/lib/require.js';
import type { LintOutcome, LintThreadData, LintThreadResult, ToLintThread } from './lint-thread.js';

/** An open document as the scheduler sees it. */
export interface Tracked {
  file: string;
  /** The workspace folder it is linted from (the `apilint lint` working directory). */
  root: string;
  version: number;
  text(): string;
  /** The last outcome kept. */
  outcome?: LintOutcome;
}

export interface SchedulerOptions {
  workerScript: URL;
  /** Called with every outcome kept (not those of cancelled or stale runs). */
  onOutcome: (doc: Tracked) => void;
  allowRemote: () => boolean;
  /** One line per run, for the editor's log. */
  log: (message: string) => void;
}

interface Running {
  id: number;
  doc: Tracked;
  version: number;
  /** The files the document read when it was last linted. */
  dependencies: ReadonlySet<string>;
  started: number;
}

export class Scheduler {
  private readonly docs = new Map<string, Tracked>();
  private readonly due = new Map<string, NodeJS.Timeout>();
  /** Documents waiting for the thread, most recent last. */
  private readonly waiting = new Set<string>();
  /** The version of each file's text the lint thread holds. */
  private readonly sent = new Map<string, number>();
  private readonly cancel = new Int32Array(new SharedArrayBuffer(4));
  private worker: Worker | undefined;
  private running: Running | undefined;
  private nextId = 1;

  constructor(private readonly options: SchedulerOptions) {}

  /** A document opened (lint now) or changed (lint after `delay` ms of quiet). */
  changed(doc: Tracked, delay: number): void {
    this.docs.set(doc.file, doc);
    this.cancelIfReading(doc.file);
    this.schedule(doc.file, delay);
    for (const other of this.dependents(doc.file)) this.schedule(other.file, delay);
  }

  closed(file: string): void {
    this.docs.delete(file);
    clearTimeout(this.due.get(file));
    this.due.delete(file);
    this.waiting.delete(file);
    this.cancelIfReading(file);
    this.post({ type: 'buffer', file, text: null });
    this.sent.delete(file);
    // The file on disk now stands where its buffer was.
    for (const other of this.dependents(file)) this.schedule(other.file, 0);
  }

  /** Files changed on disk: read them again, and lint again the documents that read them (every document after a config change). */
  filesChanged(files: readonly string[], everything: boolean): void {
    this.post({ type: 'files-changed' });
    const changed = new Set(files);
    for (const doc of this.docs.values()) {
      if (everything || this.dependsOn(doc, changed)) this.schedule(doc.file, 0);
    }
    if (everything && this.running) this.stop(this.running);
  }

  /** Lints every open document again (the settings changed). */
  relintAll(): void {
    if (this.running) this.stop(this.running);
    for (const doc of this.docs.values()) this.schedule(doc.file, 0);
  }

  /** Starts the lint thread ahead of the first document, so that its start-up is not on the first lint's clock. */
  start(): void {
    this.thread();
  }

  private dependencies(doc: Tracked): string[] {
    return doc.outcome?.kind === 'findings' ? doc.outcome.dependencies : [];
  }

  private dependsOn(doc: Tracked, files: ReadonlySet<string>): boolean {
    return this.dependencies(doc).some(f => files.has(f));
  }

  private dependents(file: string): Tracked[] {
    return [...this.docs.values()].filter(d => d.file !== file && this.dependencies(d).includes(file));
  }

  private cancelIfReading(file: string): void {
    const running = this.running;
    if (running && (running.doc.file === file || running.dependencies.has(file))) this.stop(running);
  }

  /** Cancels a run: the thread stops at its next rule, and its result is dropped. */
  private stop(running: Running): void {
    Atomics.store(this.cancel, 0, running.id);
    this.waiting.add(running.doc.file);
  }

  private schedule(file: string, delay: number): void {
    clearTimeout(this.due.get(file));
    this.due.set(
      file,
      setTimeout(() => {
        this.due.delete(file);
        this.waiting.delete(file);
        this.waiting.add(file);
        this.pump();
      }, delay),
    );
  }

  private pump(): void {
    if (this.running || this.waiting.size === 0) return;
    const file = [...this.waiting].pop()!;
    this.waiting.delete(file);
    const doc = this.docs.get(file);
    if (!doc) return this.pump();
    // Every open document's text first: the document's `$ref`s may read any of them.
    for (const open of this.docs.values()) {
      if (this.sent.get(open.file) === open.version) continue;
      this.post({ type: 'buffer', file: open.file, text: open.text() });
      this.sent.set(open.file, open.version);
    }
    const id = this.nextId++;
    this.running = { id, doc, version: doc.version, dependencies: new Set(this.dependencies(doc)), started: performance.now() };
    this.post({ type: 'lint', id, file, root: doc.root, allowRemote: this.options.allowRemote() });
    this.options.log(`${file} version ${doc.version}: linting`);
  }

  private finished(id: number, outcome: LintOutcome): void {
    const running = this.running;
    if (!running || running.id !== id) return;
    this.running = undefined;
    const { doc } = running;
    const ms = Math.round(performance.now() - running.started);
    // Kept only if the document is still open at the version linted and nothing it read changed since.
    if (outcome.kind !== 'cancelled' && this.docs.get(doc.file) === doc && doc.version === running.version && Atomics.load(this.cancel, 0) < id) {
      doc.outcome = outcome;
      this.options.log(`${doc.file} version ${running.version}: ${describe(outcome)} in ${ms} ms`);
      this.options.onOutcome(doc);
    } else {
      this.options.log(`${doc.file} version ${running.version}: ${outcome.kind === 'cancelled' ? 'cancelled' : 'dropped'} after ${ms} ms (changed meanwhile)`);
    }
    this.pump();
  }

  private post(message: ToLintThread): void {
    this.thread().postMessage(message);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const data: LintThreadData = { apilintWorker: true, lsp: { cancel: this.cancel.buffer as SharedArrayBuffer } };
    const worker = new Worker(this.options.workerScript, {
      workerData: data,
      // The thread's stdout would share the protocol's stream: it goes to stderr instead.
      stdout: true,
      // Out of memory on a huge spec ends the thread, not the server. (node:v8 is loaded here only:
      // imported statically, every `apilint lint` run would load it.)
      resourceLimits: { maxOldGenerationSizeMb: Math.round(lazyRequire<typeof import('node:v8')>('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20) },
    });
    worker.stdout.pipe(process.stderr);
    worker.on('message', (message: LintThreadResult) => this.finished(message.id, message.outcome));
    const lost = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.sent.clear();
      const running = this.running;
      if (running) {
        // The document that was being linted gets the reason, not a restart that would fail again.
        this.finished(running.id, { kind: 'unlintable', problem: { file: running.doc.file, message: `internal error: the lint thread stopped (${reason})` } });
      }
    };
    worker.on('error', error => lost(error.message.split('\n')[0]!));
    worker.on('exit', code => lost(`exit code ${code}`));
    // It must not keep the server alive once the editor is gone.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

function describe(outcome: LintOutcome): string {
  switch (outcome.kind) {
    case 'findings':
      return `linted, ${outcome.findings.filter(f => !f.suppression).length} findings`;
    case 'skipped':
      return 'not an API document (or excluded by the config), not linted';
    case 'unlintable':
    case 'bad-config':
      return `not linted: ${outcome.problem.message}`;
    case 'cancelled':
      return 'cancelled';
  }
}
