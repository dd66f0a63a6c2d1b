// A progress line on stderr for a run that takes a while: only when stderr is a terminal and not
// in CI (a log would keep every redraw), and only after the first second, so a pre-commit run
// never flickers. The main thread can be busy in one large document for seconds without turning
// its event loop, so a small worker thread draws the line, reading the count of files done from
// shared memory; a lock in that memory keeps it from drawing while the main thread writes.
import { Worker } from 'node:worker_threads';

const DELAY_MS = 1000;
const EVERY_MS = 250;

export interface Progress {
  /** One more file is done. */
  done(): void;
  /** Clears the line and holds it back while `write` writes to stderr; it is drawn again on the next tick. */
  write(write: () => void): void;
  stop(): void;
}

export const noProgress: Progress = { done: () => undefined, write: write => write(), stop: () => undefined };

/** Slots of the shared Int32Array. */
const STATE = 0;
const DONE = 1;
const SHOWN = 2;
/** STATE values: the worker may draw; it is drawing; the main thread holds the terminal; stopped. */
const FREE = 0;
const DRAWING = 1;
const HELD = 2;
const STOPPED = 3;

// CommonJS, run by the worker from this string: the bundle is not loaded again for a ticker.
const TICKER = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { shared, total, columns, delay, every } = workerData;
const start = Date.now();
const draw = () => {
  if (Atomics.compareExchange(shared, ${STATE}, ${FREE}, ${DRAWING}) !== ${FREE}) {
    if (Atomics.load(shared, ${STATE}) === ${STOPPED}) process.exit(0);
    return;
  }
  const done = Atomics.load(shared, ${DONE});
  const files = total === 1 ? '' : done.toLocaleString('en-US') + '/' + total.toLocaleString('en-US') + ' files, ';
  const line = 'apilint: linting\\u2026 ' + files + Math.floor((Date.now() - start) / 1000) + 's';
  try {
    writeSync(2, '\\r\\u001b[2K' + line.slice(0, columns - 1));
    Atomics.store(shared, ${SHOWN}, 1);
  } finally {
    Atomics.store(shared, ${STATE}, ${FREE});
    Atomics.notify(shared, ${STATE});
  }
};
setTimeout(() => { draw(); setInterval(draw, every); }, delay);
`;

/** Runs estimated shorter than this start no ticker thread (its start costs some CPU on every run). */
const MIN_ESTIMATED_MS = 500;

/** A progress line for `total` files, estimated to take `estimatedMs` to lint. */
export function progressOn(stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }, total: number, estimatedMs: () => number, env: NodeJS.ProcessEnv = process.env): Progress {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  if (stderr.isTTY !== true || ci || env.TERM === 'dumb' || total === 0 || estimatedMs() < MIN_ESTIMATED_MS) return noProgress;
  const shared = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  let worker: Worker;
  try {
    worker = new Worker(TICKER, { eval: true, workerData: { shared, total, columns: Math.max(20, stderr.columns || 80), delay: DELAY_MS, every: EVERY_MS } });
  } catch {
    return noProgress;
  }
  worker.unref();
  /** Takes the terminal from the ticker (waiting while it draws) and clears its line. */
  const hold = (): void => {
    while (Atomics.compareExchange(shared, STATE, FREE, HELD) !== FREE) {
      if (Atomics.load(shared, STATE) !== DRAWING) break;
      Atomics.wait(shared, STATE, DRAWING, 50);
    }
    if (Atomics.exchange(shared, SHOWN, 0) === 1) stderr.write('\r\u001b[2K');
  };
  return {
    done: () => void Atomics.add(shared, DONE, 1),
    write: write => {
      hold();
      try {
        write();
      } finally {
        if (Atomics.load(shared, STATE) === HELD) Atomics.store(shared, STATE, FREE);
      }
    },
    stop: () => {
      hold();
      Atomics.store(shared, STATE, STOPPED);
      void worker.terminate();
    },
  };
}
