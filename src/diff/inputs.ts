// The two versions `apilint diff` compares, as typed: a file, `-` for stdin, or `REV:path` for a
// file at a git revision. A revision's files are read from git as `--since` reads them (the
// document and what its `$ref`s reach, src/load/revision.ts), so `$ref`s to other files resolve
// as they did then; reports name its files `REV:path`.
import path from 'node:path';
import { InputError } from '../core/errors.js';
import { statIfAny, STDIN } from '../core/paths.js';
import { RevisionTree, type RevisionOptions } from '../load/revision.js';
import { gitRoot, verifyRef } from '../suppress/baseline.js';

export interface Version {
  /** The argument as typed. */
  arg: string;
  /** Absolute path of the document (in the tree for a revision), or `<stdin>`. */
  file: string;
  /** The working directory of this version: `$ref`s may read files inside it. */
  cwd: string;
  /** How reports name a file of this version. */
  display: (file: string) => string;
  /** The git revision, for `REV:path`. */
  rev?: string;
  /** The project `$ref`s may read: the revision's tree, for `REV:path`. */
  root?: string;
  /** The revision's files, which stand in for the files of its tree on disk (src/load/revision.ts). */
  text?: (file: string) => string | undefined;
}

/** How reports name the files of a revision's tree: `REV:path`, as git does. */
export function revisionDisplay(tree: string, rev: string): (file: string) => string {
  return file => {
    const inTree = path.relative(tree, file);
    return inTree.startsWith('..') || path.isAbsolute(inTree) ? file : `${rev}:${inTree.split(path.sep).join('/')}`;
  };
}

/** `REV:path`: a revision name never starts with `-` or holds white space. */
const REV_PATH = /^([^\s:-][^\s:]*):(.+)$/;

/** Revisions' files, one tree per revision, removed by `cleanup`. */
export class Versions {
  private readonly trees = new Map<string, { root: string; revision: RevisionTree }>();

  constructor(
    private readonly cwd: string,
    private readonly options: RevisionOptions,
  ) {}

  resolve(arg: string): Version {
    const cwd = this.cwd;
    const identity = (file: string) => file;
    if (arg === '-') return { arg, file: STDIN, cwd, display: identity };
    const file = path.resolve(cwd, arg);
    if (statIfAny(file)) return { arg, file, cwd, display: identity };
    const match = REV_PATH.exec(arg);
    if (!match) throw new InputError(arg, 'no such file or directory');
    const [, rev, inRepo] = match as unknown as [string, string, string];
    let checkout = this.trees.get(rev);
    if (!checkout) {
      const root = gitRoot(cwd);
      if (root === undefined) throw new InputError(arg, `${rev}:${inRepo} names a file at a git revision, but ${cwd === '.' ? 'this folder' : 'the working directory'} is not in a git repository`);
      try {
        verifyRef(root, rev);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        throw new InputError(arg, `unknown git revision "${rev}"`);
      }
      checkout = { root, revision: new RevisionTree(root, rev, this.options) };
      this.trees.set(rev, checkout);
    }
    const { root, revision } = checkout;
    const { tree } = revision;
    // As git reads `REV:path`: from the repository's top, or from here with `./` and `../`.
    const relative = /^\.\.?(\/|$)/.test(inRepo) ? path.relative(root, path.resolve(cwd, inRepo)) : path.normalize(inRepo);
    if (relative.startsWith('..') || path.isAbsolute(relative)) throw new InputError(arg, `${inRepo} is outside the git repository`);
    revision.add([relative.split(path.sep).join('/')]);
    const document = path.join(tree, relative);
    if (revision.text(document) === undefined && !statIfAny(document)?.isFile()) throw new InputError(arg, `no file ${relative.split(path.sep).join('/')} at revision ${rev}`);
    return {
      arg,
      file: document,
      cwd: path.join(tree, path.relative(root, cwd)),
      rev,
      root: tree,
      display: revisionDisplay(tree, rev),
      text: file => revision.text(file),
    };
  }

  cleanup(): void {
    for (const { revision } of this.trees.values()) revision.cleanup();
    this.trees.clear();
  }
}
