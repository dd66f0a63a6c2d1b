// Runs the CLI's main() in this process with captured streams: hundreds of runs cost what a few
// spawned processes do. (stdin cannot be given here; use runCli for that.)
import { Writable } from 'node:stream';
import { main } from '../../src/cli.js';
import type { CliResult } from './cli.js';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

export interface InProcessResult extends CliResult {
  /** Wall time of main(), in milliseconds. */
  ms: number;
}

/** Runs `apilint <args>` in `cwd`; rejects if it takes longer than `timeoutMs`. */
export async function runInProcess(args: string[], cwd: string, timeoutMs = 30_000): Promise<InProcessResult> {
  const stdout = new Capture();
  const stderr = new Capture();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`apilint ${args.join(' ')} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const run = main(args, { stdout: stdout as unknown as typeof process.stdout, stderr: stderr as unknown as typeof process.stderr, cwd });
    const code = await Promise.race([run, timeout]);
    return { code, stdout: stdout.text, stderr: stderr.text, ms: performance.now() - started };
  } catch (error) {
    // main() must not throw: report it the way bin/apilint.js would, with the stack, so the
    // property fails on it.
    if ((error as Error).message.includes('took longer than')) throw error;
    return { code: 2, stdout: stdout.text, stderr: `${stderr.text}apilint: internal error (main threw)\n${(error as Error).stack}\n`, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}
