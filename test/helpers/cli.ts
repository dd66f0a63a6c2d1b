// Runs the real CLI (bin/apilint.js on the built dist/) as a child process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './lint.js';

export const BIN = path.join(ROOT, 'bin/apilint.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  input?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  /** Extra node flags, e.g. a heap limit. */
  nodeArgs?: string[];
  /** Another copy of the launcher than the repository's. */
  bin?: string;
  /** Read nothing of stdout and stderr for this long: a slow reader, whose pipes fill up. */
  readAfterMs?: number;
  /** Kill the process after this long: a hang fails the test (exit code null) and leaves no process behind. */
  killAfterMs?: number;
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env };
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.bin ?? BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.killAfterMs === undefined ? {} : { timeout: options.killAfterMs }),
    });
    let stdout = '';
    let stderr = '';
    // Decoded as a stream: a character split between two chunks must not become two U+FFFD.
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    if (options.readAfterMs !== undefined) {
      // Paused, not unread: Node drains and drops the unread output of a child that has exited.
      child.stdout.pause();
      child.stderr.pause();
      setTimeout(() => {
        child.stdout.resume();
        child.stderr.resume();
      }, options.readAfterMs);
    }
    child.on('error', reject);
    // A CLI that exits before reading its input (a refused file) closes the pipe: not an error here.
    child.stdin.on('error', () => undefined);
    child.on('close', code => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** No JavaScript stack trace may reach the user. */
export const hasStackTrace = (text: string): boolean => /\n\s+at .+\(.*:\d+:\d+\)|^\s+at .+:\d+:\d+$/m.test(text);

/** One line on stderr, starting with `apilint: ` and matching `pattern`, and no stack trace anywhere. */
export function expectOneLine(result: { stdout: string; stderr: string }, pattern: RegExp): void {
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^apilint: /);
  expect(lines[0]).toMatch(pattern);
  expect(hasStackTrace(result.stderr + result.stdout)).toBe(false);
}
