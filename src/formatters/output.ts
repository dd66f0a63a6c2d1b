// Where a report goes with -o. A regular file (or a new one) is written atomically: to a temporary
// file beside it, then renamed over it, so it is complete or absent, never half a report. A symlink
// is followed and the file it points to is replaced that way, so the link stays a link. A FIFO or
// a character device (/dev/null, a terminal) is written in place: renaming over it would replace
// the device with a regular file. /dev/stdout and /dev/stderr are this process's own streams.
import { lstatSync, readlinkSync, statSync } from 'node:fs';
import { chmod, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crypto } from '../core/builtins.js';
import { InputError } from '../core/errors.js';
import { statIfAny } from '../core/paths.js';

const STREAMS: Record<string, 'stdout' | 'stderr'> = {
  '/dev/stdout': 'stdout',
  '/dev/fd/1': 'stdout',
  '/proc/self/fd/1': 'stdout',
  '/dev/stderr': 'stderr',
  '/dev/fd/2': 'stderr',
  '/proc/self/fd/2': 'stderr',
};

/** The path a chain of symlinks ends at (which may not exist yet). */
function followLinks(file: string): string {
  let current = file;
  for (let hops = 0; hops < 40; hops++) {
    const info = lstatSync(current, { throwIfNoEntry: false });
    if (!info?.isSymbolicLink()) return current;
    current = path.resolve(path.dirname(current), readlinkSync(current));
  }
  throw Object.assign(new Error('too many symbolic links'), { code: 'ELOOP' });
}

/** Writes a report (or the baseline): one text, or its blocks in order (formatters/types.ts). */
export async function writeReport(file: string, text: string | Iterable<string>, streams: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<void> {
  const stream = STREAMS[file];
  if (stream) {
    for (const block of typeof text === 'string' ? [text] : text) await new Promise(resolve => streams[stream].write(block, resolve));
    return;
  }
  let temp: string | undefined;
  try {
    const target = followLinks(file);
    const info = statSync(target, { throwIfNoEntry: false });
    if (info?.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (info && !info.isFile()) {
      await writeFile(target, text);
      return;
    }
    temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${crypto().randomBytes(4).toString('hex')}.tmp`);
    await writeFile(temp, text, { flag: 'wx' });
    // The report replaces the file, not its permissions.
    if (info) await chmod(temp, info.mode & 0o7777);
    await rename(temp, target);
  } catch (error) {
    if (temp) await rm(temp, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(file, `cannot write the report (${code ?? (error as Error).message}): nothing written`);
  }
}

/**
 * The first output that names one of `inputs` (the same file, through any link), so that `-o`
 * cannot overwrite a spec, the config or the baseline the run reads.
 */
export function outputOverInput(outputs: readonly string[], inputs: readonly string[]): { output: string; input: string } | undefined {
  const identity = (file: string) => {
    const info = statIfAny(file);
    return info?.isFile() ? `${info.dev}:${info.ino}` : undefined;
  };
  const targets = new Map<string, string>();
  for (const output of outputs) {
    const id = identity(output);
    if (id !== undefined && !targets.has(id)) targets.set(id, output);
  }
  if (targets.size === 0) return undefined;
  for (const input of inputs) {
    const output = targets.get(identity(input) ?? '');
    if (output !== undefined) return { output, input };
  }
  return undefined;
}
