import { relative } from 'node:path';

/** The name standard input goes by, as an input and as a finding's file. */
export const STDIN = '<stdin>';

/** The path as the user typed it: relative to the working directory when inside it. */
export function displayPath(file: string, cwd: string): string {
  if (file.startsWith('<')) return file;
  const rel = relative(cwd, file);
  return rel === '' || rel.startsWith('..') ? file : rel;
}
