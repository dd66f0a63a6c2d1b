// Baselines and --since: findings are matched by rule id + file + JSON path, never by line, so
// unrelated edits and moved lines do not turn old findings into new ones.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childProcess } from '../core/builtins.js';
import { InputError } from '../core/errors.js';
import { jsonPointer, type Finding } from '../core/finding.js';
import { TOOL } from '../core/meta.js';

export const findingKey = (f: Finding, file: string): string => `${f.ruleId}\u0000${file}\u0000${jsonPointer(f.path)}`;

export interface BaselineFile {
  version: 1;
  tool: string;
  findings: { ruleId: string; file: string; pointer: string }[];
}

export interface Comparison {
  findings: Finding[];
  /** Findings hidden because they were already there. */
  unchanged: number;
  /** Findings of the baseline (or of the old revision) that are gone. */
  fixed: number;
}

/**
 * Marks findings that match `known` (a multiset of keys) as unchanged and suppressed, the rest as
 * new. `fileKey` maps a finding's file to the key's file form.
 */
export function compare(findings: Finding[], known: string[], fileKey: (file: string) => string, justification: string): Comparison {
  const remaining = new Map<string, number>();
  for (const key of known) remaining.set(key, (remaining.get(key) ?? 0) + 1);
  let unchanged = 0;
  const marked = findings.map(f => {
    if (f.suppression) return f;
    const key = findingKey(f, fileKey(f.file));
    const left = remaining.get(key) ?? 0;
    if (left === 0) return { ...f, baselineState: 'new' as const };
    remaining.set(key, left - 1);
    unchanged++;
    return { ...f, baselineState: 'unchanged' as const, suppression: { kind: 'external' as const, justification } };
  });
  const fixed = [...remaining.values()].reduce((a, b) => a + b, 0);
  return { findings: marked, unchanged, fixed };
}

/** Baseline files store paths relative to the baseline's own folder, so the repo can move. */
export function baselineFileKey(baselineFile: string): (file: string) => string {
  const dir = path.dirname(path.resolve(baselineFile));
  return file => (file.startsWith('<') ? file : path.relative(dir, file).split(path.sep).join('/'));
}

/** `fileKey` names a finding's file in the baseline (by default relative to the baseline's folder). */
export function writeBaseline(findings: Finding[], baselineFile: string, key: (file: string) => string = baselineFileKey(baselineFile)): string {
  const body: BaselineFile = {
    version: 1,
    tool: `${TOOL.name} ${TOOL.version}`,
    findings: findings
      .filter(f => !f.suppression)
      .map(f => ({ ruleId: f.ruleId, file: key(f.file), pointer: jsonPointer(f.path) }))
      .sort((a, b) => a.file.localeCompare(b.file) || a.pointer.localeCompare(b.pointer) || a.ruleId.localeCompare(b.ruleId)),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

export function readBaseline(baselineFile: string): string[] {
  let body: BaselineFile;
  try {
    body = JSON.parse(readFileSync(baselineFile, 'utf8')) as BaselineFile;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(baselineFile, code === 'ENOENT' ? 'baseline file not found (write one with --write-baseline)' : 'not a valid apilint baseline (JSON)');
  }
  if (body?.version !== 1 || !Array.isArray(body.findings)) throw new InputError(baselineFile, 'not an apilint baseline (version 1)');
  return body.findings.map(f => `${f.ruleId}\u0000${f.file}\u0000${f.pointer}`);
}

const git = (args: string[], cwd: string) => childProcess().execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });

/** The top folder of the git repository holding `dir`, or undefined outside one. */
export function gitRoot(dir: string): string | undefined {
  try {
    return git(['rev-parse', '--show-toplevel'], dir).toString().trim();
  } catch {
    return undefined;
  }
}

/** Throws an InputError unless `ref` names a commit of the repository at `root`. */
export function verifyRef(root: string, ref: string): void {
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root);
  } catch {
    throw new InputError(ref, `--since: unknown git revision "${ref}"`);
  }
}

/** `ref`'s tree of the repository at `root`, checked out into a temporary folder. */
export function checkoutRef(root: string, ref: string): { tree: string; cleanup: () => void } {
  const tree = mkdtempSync(path.join(tmpdir(), 'apilint-since-'));
  // The whole tree, not just the linted files: their $refs must resolve as they did at `ref`.
  const archive = git(['archive', '--format=tar', ref], root);
  childProcess().execFileSync('tar', ['-x', '-C', tree], { input: archive, stdio: ['pipe', 'ignore', 'pipe'] });
  return { tree, cleanup: () => rmSync(tree, { recursive: true, force: true }) };
}
