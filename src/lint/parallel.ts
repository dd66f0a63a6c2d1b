// Linting many files on more than one core. The main thread and worker threads take files from
// one queue, so a large file does not hold up the small ones; each worker loads the CLI once
// (bin/apilint.js, with the bundle's code cache) and lints with its own linters, exactly as the
// main thread does. Outcomes come back per file and are reported in the order of the inputs, so
// the output does not depend on which thread linted what.
//
// A worker needs about 0.1 s to load and then lints with a cold JIT, so workers are started only
// for enough work (MIN_PARALLEL_MS), and only on cores that nothing else is using.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { readFileSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Finding } from '../core/finding.js';
import { STDIN } from '../core/paths.js';
import type { Candidate } from '../load/documents.js';

/**
 * What linting one file gave: findings and the files its `$ref`s read (LintResult.dependencies),
 * with, from a worker asked for them, the findings' meaning pointers; nothing (not an API
 * document); or an error to report.
 */
export type Outcome = { findings: Finding[]; dependencies: readonly string[]; pointers?: readonly string[] } | { skipped: true } | { error: unknown };

/** An error as a worker sends it: the input error to report, and the stack for --debug. */
export interface SentError {
  file: string;
  message: string;
  line?: number;
  column?: number;
  /** Set when the error was not an InputError (an internal error): its stack. */
  stack?: string;
}

/** What a worker needs to lint as the main thread does (the config is read again there). */
export interface WorkerSetup {
  cwd: string;
  config?: string;
  noConfig?: boolean;
  root?: string;
  allowRemote: boolean;
  maxFileSize?: number;
  /** Spectral as published (src/engine/). */
  reference: boolean;
  /** When the run's remote fetches must have ended (ms since the epoch). */
  remoteDeadline?: number;
  /**
   * Baselines and --since: each finding's meaning pointer (src/suppress/keys.ts), worked out from
   * the parse the worker holds, so that the main thread need not read the document again.
   */
  meaningPointers?: boolean;
}

/** Messages between the main thread and a lint worker. */
export type ToWorker = { type: 'setup'; setup: WorkerSetup } | { type: 'lint'; index: number; candidate: Candidate } | { type: 'stop' };
export type FromWorker = { type: 'ready' } | { type: 'done'; index: number; findings?: Finding[]; dependencies?: readonly string[]; pointers?: readonly string[]; skipped?: true; error?: SentError };

/** workerData of a lint worker. */
export const WORKER_DATA = { apilintWorker: true } as const;

let workerScript: URL | undefined;

/**
 * Lets the lint run use worker threads running `script` (bin/apilint.js). Without this call
 * everything is linted on the main thread.
 */
export function enableWorkers(script: string | URL): void {
  workerScript = typeof script === 'string' ? (script.startsWith('file:') ? new URL(script) : new URL(`file://${script}`)) : script;
}

/** The script enableWorkers was given (bin/apilint.js), for other kinds of worker (the language server's). */
export const workerScriptUrl = (): URL | undefined => workerScript;

/** The number of cores, or 1. */
export const cores = (): number => (typeof availableParallelism === 'function' ? availableParallelism() : cpus().length);

/** APILINT_JOBS=n: exactly n worker threads (at most 7; 0 lints everything on the main thread). */
export function requestedWorkers(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return env.APILINT_JOBS !== undefined && /^\d+$/.test(env.APILINT_JOBS) ? Math.min(Number(env.APILINT_JOBS), 7) : undefined;
}

/**
 * Worker threads worth starting: APILINT_JOBS when set, else one per core that neither this
 * thread nor other work is using, at most 7. On a machine whose cores are busy, workers would only
 * compete with this thread. Other work is the number of tasks running right now (Linux
 * /proc/loadavg, less this one), else the one-minute load average.
 */
export function maxWorkers(env: NodeJS.ProcessEnv = process.env): number {
  return requestedWorkers(env) ?? Math.max(0, Math.min(cores() - 1 - busyElsewhere(), 7));
}

function busyElsewhere(): number {
  try {
    const running = /\s(\d+)\/\d+\s/.exec(readFileSync('/proc/loadavg', 'utf8'));
    if (running) return Math.max(0, Number(running[1]) - 1);
  } catch {
    // Not Linux.
  }
  return Math.round(loadavg()[0]!);
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Rough cost of linting a file: a fixed part and a part per byte (bench/RESULTS.md). */
const MS_PER_FILE = 8;
const MS_PER_MB = 250;
/** Below this much estimated work, starting a worker (about 0.1 s) does not pay. */
const MIN_PARALLEL_MS = 300;

/** How many workers to use for these files: none for one file or for little work. */
export function workersFor(candidates: readonly Candidate[]): number {
  const files = Math.min(candidates.filter(c => c.file !== STDIN).length, candidates.length - 1);
  if (!workerScript || files <= 0) return 0;
  const requested = requestedWorkers();
  if (requested !== undefined) return Math.min(requested, files);
  const limit = Math.min(maxWorkers(), files);
  if (limit <= 0) return 0;
  return estimatedMs(candidates) < MIN_PARALLEL_MS ? 0 : limit;
}

/** Rough time to lint these files on one thread, from their sizes (the progress line starts only for a long run). */
export function estimatedMs(candidates: readonly Candidate[]): number {
  // Synchronously: a stat costs microseconds, a promise-based one a thread-pool round trip.
  return candidates.reduce((ms, c) => ms + MS_PER_FILE + ((c.file === STDIN ? 0 : sizeOf(c.file)) / 1e6) * MS_PER_MB, 0);
}

/**
 * Lints every candidate, on this thread with `lintHere` and on `workers` worker threads, taking
 * files from one queue. Standard input is always read here. Returns one outcome per candidate;
 * `onDone` is called as each file is done, on whichever thread (the progress line counts them).
 */
export async function lintAll(
  candidates: readonly Candidate[],
  lintHere: (candidate: Candidate) => Promise<Outcome>,
  workers: number,
  setup: WorkerSetup,
  onDone: () => void = () => undefined,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(candidates.length);
  // Standard input first, here; the rest in order, by whichever thread is free.
  const queue = [...candidates.keys()].sort((a, b) => Number(candidates[b]!.file === STDIN) - Number(candidates[a]!.file === STDIN));
  let nextInQueue = 0;
  const take = (forWorker: boolean): number | undefined => {
    const index = queue[nextInQueue];
    if (index === undefined || (forWorker && candidates[index]!.file === STDIN)) return undefined;
    nextInQueue++;
    return index;
  };

  const pool = Array.from({ length: workers }, () => runWorker(setup, candidates, outcomes, take, onDone));
  const drain = async () => {
    for (let index = take(false); index !== undefined; index = take(false)) {
      outcomes[index] = await lintHere(candidates[index]!);
      onDone();
      // Linting settles in microtasks: yield to the event loop so that the workers' messages are
      // read (and they get their next file) between two files here.
      await new Promise(resolve => setImmediate(resolve));
    }
  };
  await drain();
  await Promise.all(pool);
  // Whatever a failed worker left in the queue.
  await drain();
  return outcomes;
}

/** Starts a lint worker (bin/apilint.js in worker mode); it loads the CLI and waits for its setup. */
export function startWorker(script: URL): Worker {
  const worker = new Worker(script, { workerData: WORKER_DATA });
  // It must not keep the process alive while nobody uses it.
  worker.unref();
  return worker;
}

/** Files a worker holds at once: the next one is there when it finishes one (the main thread hands out work only between its own files). */
const IN_FLIGHT = 2;

/** Runs one worker until the queue is empty; a worker that fails leaves its files as errors. */
function runWorker(
  setup: WorkerSetup,
  candidates: readonly Candidate[],
  outcomes: Outcome[],
  take: (forWorker: boolean) => number | undefined,
  onDone: () => void,
): Promise<void> {
  return new Promise(resolve => {
    const pending = new Set<number>();
    let finished = false;
    let stopped = false;
    let worker: Worker;
    const finish = () => {
      if (finished) return;
      finished = true;
      worker?.unref();
      resolve();
    };
    try {
      worker = startWorker(workerScript!);
    } catch {
      // No worker: the main thread lints everything.
      finish();
      return;
    }
    worker.ref();
    const fill = () => {
      while (!stopped && pending.size < IN_FLIGHT) {
        const index = take(true);
        if (index === undefined) {
          stopped = true;
          break;
        }
        pending.add(index);
        worker.postMessage({ type: 'lint', index, candidate: candidates[index]! } satisfies ToWorker);
      }
      if (stopped && pending.size === 0) {
        worker.postMessage({ type: 'stop' } satisfies ToWorker);
        finish();
      }
    };
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'done') {
        outcomes[message.index] = message.error ? { error: message.error } : message.skipped ? { skipped: true } : { findings: message.findings ?? [], dependencies: message.dependencies ?? [], ...(message.pointers ? { pointers: message.pointers } : {}) };
        pending.delete(message.index);
        onDone();
      }
      fill();
    });
    const fail = (reason: string) => {
      for (const index of pending) {
        if (outcomes[index] !== undefined) continue;
        outcomes[index] = { error: { file: candidates[index]!.file, message: `internal error: ${reason} (run with --debug for details)` } satisfies SentError };
      }
      pending.clear();
      finish();
    };
    worker.on('error', error => fail(error instanceof Error ? error.message.split('\n')[0]! : String(error)));
    worker.on('exit', code => fail(`lint worker exited with code ${code}`));
    worker.postMessage({ type: 'setup', setup } satisfies ToWorker);
  });
}
