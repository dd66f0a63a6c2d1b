// A progress line on stderr for a run that takes a while: only when stderr is a terminal and not
// in CI (a log would keep every redraw), and only after the first second, so a pre-commit run
// never flickers. The line is redrawn in place and cleared before anything else is written.

const DELAY_MS = 1000;
const EVERY_MS = 250;

export interface Progress {
  /** Whether a line may be drawn: the linting loop then lets timers run between files. */
  readonly active: boolean;
  /** One more file is done. */
  done(): void;
  /** Clears the line (before other output); it is drawn again on the next tick. */
  clear(): void;
  stop(): void;
}

export const noProgress: Progress = { active: false, done: () => undefined, clear: () => undefined, stop: () => undefined };

export function progressOn(stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }, total: number, env: NodeJS.ProcessEnv = process.env): Progress {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  if (stderr.isTTY !== true || ci || env.TERM === 'dumb') return noProgress;
  const start = Date.now();
  let finished = 0;
  let shown = false;
  const draw = () => {
    const seconds = Math.floor((Date.now() - start) / 1000);
    const line = `apilint: linting… ${finished.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${total === 1 ? 'file' : 'files'}, ${seconds}s`;
    stderr.write(`\r\u001b[2K${line.slice(0, Math.max(10, (stderr.columns || 80) - 1))}`);
    shown = true;
  };
  let timer: NodeJS.Timeout | undefined;
  const delay = setTimeout(() => {
    draw();
    timer = setInterval(draw, EVERY_MS);
    timer.unref();
  }, DELAY_MS);
  delay.unref();
  const clear = () => {
    if (shown) stderr.write('\r\u001b[2K');
    shown = false;
  };
  return {
    active: true,
    done: () => void finished++,
    clear,
    stop: () => {
      clearTimeout(delay);
      if (timer) clearInterval(timer);
      clear();
    },
  };
}
