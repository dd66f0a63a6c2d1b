// The project of a document: the folder its `$ref`s may read. It is found from the document, not
// from the working directory, so a run from anywhere gives the same findings:
//   1. --root DIR, when given;
//   2. the nearest git work tree that holds the document (a `.git` folder, or the `.git` file of
//      a linked worktree or a submodule);
//   3. the folder of the config file the document is linted with, when it holds the document;
//   4. the working directory, when it holds the document;
//   5. the document's own folder.
import { statSync } from 'node:fs';
import path from 'node:path';

export type ProjectKind = 'root' | 'git' | 'config' | 'cwd' | 'document';

export interface ProjectRoot {
  dir: string;
  kind: ProjectKind;
}

export interface ProjectOptions {
  cwd: string;
  /** --root: the project of every document. */
  root?: string;
  /** The config file a document is linted with, if any. */
  configFile?: (document: string) => string | undefined;
}

/** How a message names the project, by what made it the project. */
export const PROJECT_NAMES: Record<ProjectKind, string> = {
  root: 'the --root folder',
  git: 'the git work tree of the document',
  config: 'the folder of the config file',
  cwd: 'the working directory',
  document: "the document's folder",
};

/** Whether `file` is `dir` or lies under it (both absolute and normalised). */
export function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

export function projectRoot(document: string, { cwd, root, configFile }: ProjectOptions): ProjectRoot {
  if (root !== undefined) return { dir: path.resolve(cwd, root), kind: 'root' };
  const file = path.resolve(cwd, document);
  const git = gitWorkTree(path.dirname(file));
  if (git !== undefined) return { dir: git, kind: 'git' };
  const config = configFile?.(file);
  if (config !== undefined && isInside(file, path.dirname(config))) return { dir: path.dirname(config), kind: 'config' };
  if (isInside(file, path.resolve(cwd))) return { dir: path.resolve(cwd), kind: 'cwd' };
  return { dir: path.dirname(file), kind: 'document' };
}

/** Work trees found, by folder: a run over many files in few folders asks the file system once per folder. */
const workTrees = new Map<string, string | null>();

/** The nearest folder from `dir` upward that holds a `.git` entry, the top of a git work tree. */
export function gitWorkTree(dir: string): string | undefined {
  const seen: string[] = [];
  let found: string | null = null;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const known = workTrees.get(current);
    if (known !== undefined) {
      found = known;
      break;
    }
    seen.push(current);
    if (statSync(path.join(current, '.git'), { throwIfNoEntry: false }) !== undefined) {
      found = current;
      break;
    }
    if (path.dirname(current) === current) break;
  }
  for (const folder of seen) workTrees.set(folder, found);
  return found ?? undefined;
}

/** Forgets the work trees found: a `git init` or a clone may have made new ones. */
export function forgetWorkTrees(): void {
  workTrees.clear();
}
