import { relative } from 'node:path';

/** The path as the user typed it: relative to the working directory when inside it. */
export function displayPath(file: string, cwd: string): string {
  if (file.startsWith('<')) return file;
  const rel = relative(cwd, file);
  return rel === '' || rel.startsWith('..') ? file : rel;
}
