// A copy of the repository's source as a fresh clone would have it (tracked files and new files
// that are not ignored, as they are in the working tree), for tests that pack or install apilint
// the way a user's tools do. The copy is its own git repository with one commit, so tools that
// clone (pre-commit, npm's git installs) can take it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lint.js';

export interface SourceCopy {
  dir: string;
  commit: string;
}

const GIT_ENV = { GIT_AUTHOR_NAME: 'apilint tests', GIT_AUTHOR_EMAIL: 'tests@apilint.invalid', GIT_COMMITTER_NAME: 'apilint tests', GIT_COMMITTER_EMAIL: 'tests@apilint.invalid' };

/** Runs git with a fixed identity and no user or system config (hooks, signing, templates). */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...GIT_ENV, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function copySource(dir: string): SourceCopy {
  const files = git(ROOT, 'ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0').filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    const to = path.join(dir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      copyFileSync(from, to);
    } catch (error) {
      // A tracked file deleted in the working tree is not part of the source.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  git(dir, 'init', '--quiet', '--initial-branch=main');
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '--no-verify', '-m', 'apilint source under test');
  return { dir, commit: git(dir, 'rev-parse', 'HEAD').trim() };
}
