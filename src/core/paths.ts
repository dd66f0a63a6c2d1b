import { statSync, type Stats } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { rememberByString } from '../../rulesets/lib/remember.js';

/** The name standard input goes by, as an input and as a finding's file. */
export const STDIN = '<stdin>';

/**
 * The path as the user typed it: relative to the working directory when inside it. A name that
 * is not an absolute path (`<stdin>`, `main:specs/api.yaml` for a file at a git revision) is
 * shown as it is.
 */
export function displayPath(file: string, cwd: string): string {
  if (!isAbsolute(file)) return file;
  // A report names one file once per finding (Kubernetes: 12,723 times); path.relative costs a
  // microsecond each. Kept for one working directory, and only an absolute one, which
  // process.chdir cannot change the meaning of.
  if (shown?.cwd !== cwd) {
    if (!isAbsolute(cwd)) return relativeOrSelf(file, cwd);
    // An editor's server lives long and sees many files: the memo is bounded.
    shown = { cwd, relative: rememberByString(path => relativeOrSelf(path, cwd), 10_000) };
  }
  return shown.relative(file);
}

let shown: { cwd: string; relative: (file: string) => string } | undefined;

function relativeOrSelf(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel === '' || rel.startsWith('..') ? file : rel;
}

/**
 * The stats of a path a user or a config names, or undefined when there is no file to be had
 * there: none, and also a name too long, a loop of symlinks or a folder that cannot be searched,
 * which `throwIfNoEntry: false` still throws for.
 */
export function statIfAny(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException).code === 'string') return undefined;
    throw error;
  }
}
