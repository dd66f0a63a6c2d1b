// Baselines and --since: findings are matched by rule id, file and where they are by meaning
// (src/suppress/keys.ts), never by line, so unrelated edits, moved lines, a renamed path key or
// reordered parameters do not turn old findings into new ones.
import path from 'node:path';
import { childProcess } from '../core/builtins.js';
import { InputError } from '../core/errors.js';
import { jsonPointer, type Finding } from '../core/finding.js';
import { TOOL } from '../core/meta.js';
import { parseJsonFast } from '../engine/json-parser.js';
import { DEFAULT_MAX_FILE_SIZE, readSourceSync } from '../load/limits.js';
import { SPECTRAL_READERS } from '../engine/index.js';
import { parseGuarded } from '../load/parse.js';
import { loosePointer, type MeaningKeys } from './keys.js';

/** A finding as a baseline, or the old revision with --since, knows it. */
export interface KnownFinding {
  ruleId: string;
  /** Relative to the baseline's folder (or to the repository, with --since). */
  file: string;
  pointer: string;
  /** Where it is by meaning (src/suppress/keys.ts); baselines written before apilint knew it lack it. */
  key?: string;
}

export function knownFinding(f: Finding, file: string, keys: MeaningKeys): KnownFinding {
  return { ruleId: f.ruleId, file, pointer: jsonPointer(f.path), key: keys.pointer(f.file, f.path) };
}

export interface BaselineFile {
  version: 1;
  tool: string;
  findings: KnownFinding[];
}

export interface Comparison {
  findings: Finding[];
  /** Findings hidden because they were already there. */
  unchanged: number;
  /** Findings of the baseline (or of the old revision) that are gone. */
  fixed: number;
}

/**
 * Marks findings that match `known` (a multiset) as unchanged and suppressed, the rest as new.
 * They match by meaning (`keys`); an entry without a meaning key (an older baseline) matches by
 * its JSON pointer, read loosely. A finding left over is then matched by its JSON pointer with the
 * entries left over: a baseline written by an apilint that spelt some meaning keys otherwise (list
 * items by their place, before they were known by their value) still matches where nothing moved.
 * `fileKey` maps a finding's file to the known form.
 */
export function compare(findings: Finding[], known: readonly KnownFinding[], fileKey: (file: string) => string, justification: string, keys: MeaningKeys): Comparison {
  const byKey = new Multiset<KnownFinding>();
  const byPointer = new Multiset<KnownFinding>();
  for (const k of known) {
    if (k.key !== undefined) byKey.add(k.file, k.ruleId, k.key, k);
    else byPointer.add(k.file, k.ruleId, loosePointer(k.pointer), k);
  }
  const left: number[] = [];
  const matched = findings.map((f, i) => {
    if (f.suppression) return true;
    const file = fileKey(f.file);
    const found = byKey.take(file, f.ruleId, keys.pointer(f.file, f.path)) ?? byPointer.take(file, f.ruleId, loosePointer(jsonPointer(f.path)));
    if (!found) left.push(i);
    return found !== undefined;
  });
  let stillKnown = byKey.size + byPointer.size;
  if (left.length > 0 && byKey.size > 0) {
    const second = new Multiset<KnownFinding>();
    for (const k of byKey.rest()) second.add(k.file, k.ruleId, loosePointer(k.pointer), k);
    for (const i of left) {
      const f = findings[i]!;
      matched[i] = second.take(fileKey(f.file), f.ruleId, loosePointer(jsonPointer(f.path))) !== undefined;
    }
    stillKnown = second.size + byPointer.size;
  }
  let unchanged = 0;
  const marked = findings.map((f, i) => {
    if (f.suppression) return f;
    if (!matched[i]) return { ...f, baselineState: 'new' as const };
    unchanged++;
    return { ...f, baselineState: 'unchanged' as const, suppression: { kind: 'external' as const, justification } };
  });
  return { findings: marked, unchanged, fixed: stillKnown };
}

/**
 * A multiset of known findings by file, rule and place: maps within maps, so that a lookup hashes
 * the place alone, not a string of all three built for each finding.
 */
class Multiset<T> {
  private readonly files = new Map<string, Map<string, Map<string, T[]>>>();
  size = 0;

  add(file: string, ruleId: string, place: string, item: T): void {
    let rules = this.files.get(file);
    if (!rules) this.files.set(file, (rules = new Map()));
    let places = rules.get(ruleId);
    if (!places) rules.set(ruleId, (places = new Map()));
    const items = places.get(place);
    if (items) items.push(item);
    else places.set(place, [item]);
    this.size++;
  }

  take(file: string, ruleId: string, place: string): T | undefined {
    const item = this.files.get(file)?.get(ruleId)?.get(place)?.pop();
    if (item !== undefined) this.size--;
    return item;
  }

  /** What has not been taken. */
  *rest(): Generator<T> {
    for (const rules of this.files.values()) for (const places of rules.values()) for (const items of places.values()) yield* items;
  }
}

/** Baseline files store paths relative to the baseline's own folder, so the repo can move. */
export function baselineFileKey(baselineFile: string): (file: string) => string {
  const dir = path.dirname(path.resolve(baselineFile));
  // Asked once per finding, and findings share a handful of files.
  const keys = new Map<string, string>();
  return file => {
    let key = keys.get(file);
    if (key === undefined) keys.set(file, (key = file.startsWith('<') ? file : path.relative(dir, file).split(path.sep).join('/')));
    return key;
  };
}

/** `fileKey` names a finding's file in the baseline (by default relative to the baseline's folder). */
export function writeBaseline(findings: Finding[], baselineFile: string, keys: MeaningKeys, fileKey: (file: string) => string = baselineFileKey(baselineFile)): string {
  const body: BaselineFile = {
    version: 1,
    tool: `${TOOL.name} ${TOOL.version}`,
    findings: findings
      .filter(f => !f.suppression)
      .map(f => knownFinding(f, fileKey(f.file), keys))
      .sort((a, b) => a.file.localeCompare(b.file) || a.pointer.localeCompare(b.pointer) || a.ruleId.localeCompare(b.ruleId)),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** The baseline's findings. It is read like any document: within `maxFileSize` and the bounds of src/load/parse.ts. */
export function readBaseline(baselineFile: string, maxFileSize = DEFAULT_MAX_FILE_SIZE): KnownFinding[] {
  let text: string;
  try {
    text = readSourceSync(baselineFile, maxFileSize);
  } catch (error) {
    if (error instanceof InputError && error.message === 'no such file') throw new InputError(baselineFile, 'baseline file not found (write one with --write-baseline)');
    throw error;
  }
  let body: BaselineFile;
  try {
    body = parseGuarded(text, baselineFile, { json: true, readers: { ...SPECTRAL_READERS, readJson: parseJsonFast }, syntax: 'refuse' }).data as BaselineFile;
  } catch (error) {
    if (error instanceof InputError && /^(invalid JSON|empty file)/.test(error.message)) throw new InputError(baselineFile, 'not a valid apilint baseline (JSON)');
    throw error;
  }
  if (body?.version !== 1 || !Array.isArray(body.findings)) throw new InputError(baselineFile, 'not an apilint baseline (version 1)');
  return body.findings.map((f: unknown, i) => {
    // A hand-edited or damaged entry (null, a number, a missing field) names itself, not a crash.
    const known = f as Partial<Record<keyof KnownFinding, unknown>> | null;
    if (typeof known !== 'object' || known === null || typeof known.ruleId !== 'string' || typeof known.file !== 'string' || typeof known.pointer !== 'string') {
      throw new InputError(baselineFile, `not an apilint baseline: finding ${i + 1} is not an object with a ruleId, file and pointer`);
    }
    return { ruleId: known.ruleId, file: known.file, pointer: known.pointer, ...(typeof known.key === 'string' ? { key: known.key } : {}) };
  });
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
