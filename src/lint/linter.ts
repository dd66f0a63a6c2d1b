// Parsed documents → findings. Runs Spectral with the apilint ruleset; prints nothing. The rules'
// results are placed by apilint (src/lint/results.ts), and the resolver's errors reach the linter
// as data (src/resolve/sandbox.ts): Spectral's own results are only its parser's.
import path from 'node:path';
import { Document, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import type { Resolver } from '@stoplight/spectral-ref-resolver';
import type { IRange, JsonPath } from '@stoplight/types';
import { invalidRef, refOutsideProject, remoteRef } from '../../rulesets/engine/index.js';
import { buildRuleset, type BuildOptions } from '../../rulesets/index.js';
import { isKnownRemoteRef } from '../../rulesets/lib/known-refs.js';
import { collectResults, type Reported } from '../../rulesets/rule.js';
import { compareFindings, type Finding } from '../core/finding.js';
import { STDIN, displayPath } from '../core/paths.js';
import { installEngine, type CheckedText, type Engine } from '../engine/index.js';
import { parseDocument, type LoadedDocument } from '../load/documents.js';
import { DEFAULT_MAX_FILE_SIZE } from '../load/limits.js';
import { Sources } from '../load/sources.js';
import { PROJECT_NAMES, type ProjectOptions } from '../resolve/project.js';
import { fetchBounded, REMOTE_BUDGET_S, SandboxResolver, type SandboxError } from '../resolve/sandbox.js';
import { LineIndex, placeRange } from './positions.js';
import { refCycles } from './ref-cycles.js';
import { placeResults, type Placed } from './results.js';
import type { Timing } from './timing.js';
import { inLiteral, isOas2, type KeyPart } from '../../rulesets/lib/oas.js';

/** `cwd`, and what finds each document's project (src/resolve/project.ts): --root, its config file. */
export interface LinterOptions extends ProjectOptions {
  /** Fetch http(s) `$ref`s; off by default so linting never touches the network. */
  allowRemote?: boolean;
  ruleset?: BuildOptions;
  /** Parsed files shared between linters of one run. */
  sources?: Sources;
  /** Referenced files larger than this are not read (default DEFAULT_MAX_FILE_SIZE). */
  maxFileSize?: number;
  /**
   * Bounds of remote fetches with allowRemote (defaults: 10 s and 10 MB each, and all of them
   * before `deadline`, in ms since the epoch: a run sets it REMOTE_BUDGET_S after its start,
   * else each document gets as much); tests shorten them.
   */
  remote?: { timeoutMs?: number; maxBytes?: number; deadline?: number };
  /** The text that stands in for a file on disk (an editor's unsaved buffer), if any. */
  buffered?: (file: string) => string | undefined;
  /** Spectral as published, without apilint's adaptations (src/engine/). */
  reference?: boolean;
  /** `--timing`: each rule's checks, the resolution, the rest of Spectral's run and the placing are timed into it. */
  timing?: Timing;
}

/** Whether the run is no longer wanted (an editor's newer text): checked before each rule runs. */
export interface CancelSignal {
  readonly aborted: boolean;
}

/** Thrown by a run whose signal was aborted: its findings would be incomplete. */
export class LintCancelled extends Error {
  constructor() {
    super('lint cancelled');
  }
}

export interface LintResult {
  findings: Finding[];
  /** Absolute paths of the files the document's `$ref`s read, directly or through other files. */
  dependencies: string[];
}

/** Remote fetches, when allowed, are bounded: a slow or huge response must not stall a CI job. */
const REMOTE_TIMEOUT_MS = 10_000;
const REMOTE_MAX_BYTES = 10 * 1024 * 1024;


/** Spectral's Document.DEFAULT_RANGE. */
const DEFAULT_RANGE: IRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export class Linter {
  readonly engine: Engine;
  private readonly spectral: Spectral;
  private readonly sandbox: SandboxResolver;
  /** The resolver's errors of each run, by the document data resolved: the linter reports them, not Spectral. */
  private readonly resolveErrors = new WeakMap<object, SandboxError[]>();
  /** When remote fetches of the document being linted must have ended. */
  private remoteDeadline = 0;
  /** Files parsed outside Spectral during this run; shared with the inline-ignore pass. */
  readonly sources: Sources;
  /** The signal of the run in progress, if it has one. */
  private signal: CancelSignal | undefined;
  /** With timing: the milliseconds spent resolving so far (Spectral's run includes them). */
  private resolveMs = 0;

  constructor(private readonly options: LinterOptions) {
    this.engine = installEngine({ reference: options.reference ?? false });
    this.sources = options.sources ?? new Sources(this.engine.readers, options.buffered, options.maxFileSize);
    // Local refs stay inside the document's project (src/resolve/sandbox.ts).
    this.sandbox = new SandboxResolver({
      cwd: options.cwd,
      ...(options.root !== undefined ? { root: options.root } : {}),
      ...(options.configFile ? { configFile: options.configFile } : {}),
      maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
      allowRemote: options.allowRemote === true,
      // The size cap is enforced while the body streams in, never after reading it all.
      fetch: url => fetchBounded(url, { timeoutMs: options.remote?.timeoutMs ?? REMOTE_TIMEOUT_MS, maxBytes: options.remote?.maxBytes ?? REMOTE_MAX_BYTES, deadline: this.remoteDeadline }),
      readers: this.engine.readers,
      ...(options.buffered ? { buffered: options.buffered } : {}),
    });
    const resolver = this.engine.resolver(this.sandbox);
    const resolveErrors = this.resolveErrors;
    const { timing } = options;
    const taking = {
      get uriCache() {
        return resolver.uriCache;
      },
      resolve: (source: unknown, opts: Parameters<Resolver['resolve']>[1]) => {
        const start = timing ? performance.now() : 0;
        return resolver.resolve(source, opts).then(result => {
          if (timing) {
            const ms = performance.now() - start;
            this.resolveMs += ms;
            timing.add('resolve', ms);
          }
          if (source !== null && typeof source === 'object') resolveErrors.set(source, result.errors as unknown as SandboxError[]);
          return { ...result, errors: [] };
        });
      },
    };
    this.spectral = new Spectral({ resolver: taking as unknown as Resolver });
    this.spectral.setRuleset(this.engine.ruleset(this.cancellable(buildRuleset({ ...options.ruleset, omitOff: true }))));
  }

  /**
   * Each rule first checks the run's signal: once it is aborted, the rules left throw at once
   * instead of running, so a stale run ends within one rule's time.
   */
  private cancellable(ruleset: RulesetDefinition): RulesetDefinition {
    type Then = { function: (...args: unknown[]) => unknown };
    const { timing } = this.options;
    for (const [id, rule] of Object.entries((ruleset as { rules: Record<string, { then: Then }> }).rules)) {
      const fn = rule.then.function;
      const call = timing
        ? (...args: unknown[]) => {
            const start = performance.now();
            try {
              return fn(...args);
            } finally {
              timing.rule(id, performance.now() - start);
            }
          }
        : fn;
      const checked = (...args: unknown[]) => {
        if (this.signal?.aborted) throw new LintCancelled();
        return call(...args);
      };
      // The rule's name (Spectral's errors use it) and option validator stay as they were.
      Object.defineProperties(checked, Object.getOwnPropertyDescriptors(fn));
      rule.then = { ...rule.then, function: checked };
    }
    return ruleset;
  }

  /**
   * Parses a document with the engine's readers; undefined for a file that is no API document
   * and was not named explicitly. Throws an InputError for anything unlintable.
   */
  parse(text: string, source: string, explicit = true): LoadedDocument | undefined {
    return parseDocument(text, source, explicit, this.engine.readers);
  }

  async lint(doc: LoadedDocument): Promise<Finding[]> {
    return (await this.run(doc)).findings;
  }

  /**
   * The document's findings, and the files its `$ref`s read. With a signal, throws LintCancelled
   * once the signal is aborted (runs of one Linter follow each other).
   */
  async run(doc: LoadedDocument, signal?: CancelSignal): Promise<LintResult> {
    // Spectral resolves relative refs against the source; stdin's refs are relative to the cwd.
    const source = doc.source === STDIN ? path.join(this.options.cwd, STDIN) : doc.source;
    const document = new Document(doc.text, doc.parser, source);
    this.remoteDeadline = this.options.remote?.deadline ?? Date.now() + REMOTE_BUDGET_S * 1000;
    // A document with only local refs is not resolved by the sandbox, which would keep its old refs.
    this.sandbox.forgetRefs(source);
    const reports: Reported[] = [];
    collectResults(document, report => reports.push(report));
    this.signal = signal;
    const { timing } = this.options;
    const started = timing ? performance.now() : 0;
    const resolvedBefore = this.resolveMs;
    let results: ISpectralDiagnostic[];
    let reads: ReadonlyMap<string, CheckedText> = new Map();
    try {
      ({ results } = await this.spectral.runWithResolved(document, { ignoreUnknownFormat: true }));
    } catch (error) {
      // Spectral wraps what a rule threw: the cancellation is the signal's state, not the error.
      if (signal?.aborted) throw new LintCancelled();
      throw error;
    } finally {
      collectResults(document, undefined);
      this.signal = undefined;
      reads = this.sandbox.releaseDocuments();
    }
    if (signal?.aborted) throw new LintCancelled();
    const placing = timing ? performance.now() : 0;
    // Spectral's run is the rules (and Spectral's own steps between them) and the resolution.
    timing?.add('rules', placing - started - (this.resolveMs - resolvedBefore));
    const data = document.data;
    const errors = data !== null && typeof data === 'object' ? (this.resolveErrors.get(data) ?? []) : [];
    const lines = new Map<string, LineIndex | undefined>();
    const linesOf = (file: string) => {
      if (!lines.has(file)) {
        const text = file === doc.source ? doc.text : (reads.get(file)?.text ?? this.sources.get(file)?.text);
        lines.set(file, text === undefined ? undefined : new LineIndex(text));
      }
      return lines.get(file);
    };
    const findings = [
      ...results.flatMap(result => this.parserFinding(result, source, doc.source)),
      ...this.refFindings(errors, document, source, doc.source),
      ...(data !== null && typeof data === 'object' && this.engine.withoutRefCycles(data) ? [] : refCycles(data)).map(cycle => {
        const refPath = [...cycle.path, '$ref'];
        const range = document.getRangeForJsonPath(refPath, true) ?? DEFAULT_RANGE;
        return unplaced(invalidRef.id, invalidRef.severity, invalidRef.messages.cycle(...cycle.refs), doc.source, range, refPath);
      }),
      ...placeResults(reports).map(placed => ruleFinding(placed, source, doc.source)),
    ].map(u => atKey(u, linesOf));
    findings.sort(compareFindings);
    // A referenced file that holds a finding is kept as the resolver read it, for inline ignores
    // and meaning keys, which would otherwise read and parse it again.
    for (const file of new Set(findings.map(f => f.file))) {
      const read = reads.get(file);
      if (read) this.sources.adopt(file, read);
    }
    timing?.add('placing', performance.now() - placing);
    return { findings, dependencies: this.sandbox.dependencies(source) };
  }

  /** Forgets every file read or parsed so far: files changed on disk or in a buffer. */
  clear(): void {
    this.sandbox.clear();
    this.sources.clear();
  }

  /** Spectral's own results: what its parser found in referenced files (the loader checked the document). */
  private parserFinding(result: ISpectralDiagnostic, spectralSource: string, displaySource: string): Unplaced[] {
    if (result.code !== 'parser' || /mapping key must be a string scalar/i.test(result.message)) return [];
    // The parser's range is the problem's place in the file it read.
    const file = result.source !== undefined && result.source !== spectralSource ? result.source : displaySource;
    return [unplaced(invalidRef.id, invalidRef.severity, invalidRef.messages.unparseable(result.message), file, result.range, result.path)];
  }

  /**
   * The resolver's errors, at each `$ref`: one finding per refused ref, per URL not fetched, and
   * per distinct reason a ref does not resolve (as Spectral reports them). A `$ref` in literal data
   * (an example, a default, an enum) is no reference: its errors are none.
   */
  private refFindings(errors: readonly SandboxError[], document: Document, spectralSource: string, displaySource: string): Unplaced[] {
    const findings: Unplaced[] = [];
    const seen = new Set<string>();
    const oas2 = isOas2(document.data);
    for (const error of errors) {
      if (inLiteral(error.path, oas2)) continue;
      const { refusal } = error;
      const holder = holderOf(error, spectralSource);
      const file = holder !== spectralSource ? holder : undefined;
      const refPath: JsonPath = [...error.path, '$ref'];
      // The resolver takes "" for the holder's folder and says it is a directory.
      const empty = !refusal && valueAt(file !== undefined ? this.sources.get(file)?.data : document.data, refPath) === '';
      const key = refusal?.kind === 'outside-project' || empty ? JSON.stringify([refusal, holder, error.path]) : refusal?.kind === 'remote-not-fetched' ? `remote ${refusal.url}` : error.message;
      if (seen.has(key)) continue;
      seen.add(key);
      if (refusal?.kind === 'remote-not-fetched' && isKnownRemoteRef(refusal.url)) continue;
      // Spectral places resolver errors with the document's positions: a ref in a referenced file
      // is looked up in that file.
      const range = (file !== undefined && this.sources.get(file)?.range(refPath)) || document.getRangeForJsonPath(refPath, true) || DEFAULT_RANGE;
      const at = file ?? displaySource;
      if (refusal?.kind === 'outside-project') {
        // The target as seen from the file holding the ref: what its author wrote, and the same on
        // every machine (an absolute path would put the local folder layout into reports).
        const target = path.relative(path.dirname(holder), refusal.target);
        findings.push(unplaced(refOutsideProject.id, refOutsideProject.severity, refOutsideProject.messages.refused(target, PROJECT_NAMES[refusal.project]), at, range, refPath));
      } else if (refusal?.kind === 'remote-not-fetched') {
        findings.push(unplaced(remoteRef.id, remoteRef.severity, remoteRef.messages.notFetched(refusal.url), at, range, refPath));
      } else if (empty) {
        findings.push(unplaced(invalidRef.id, invalidRef.severity, invalidRef.messages.empty(), at, range, refPath));
      } else {
        findings.push(unplaced(invalidRef.id, invalidRef.severity, invalidRef.messages.unresolved(cleanRefError(error.message, this.options.cwd)), at, range, refPath));
      }
    }
    return findings;
  }
}

/**
 * The file that holds the failing `$ref`: the last file on the way to it, or the document. A
 * pointer that names nothing in the file's own refs ("'#/x' does not exist", not "… @ file") is
 * in the file the resolver was reading (its uri), wherever that file was reached from.
 */
function holderOf(error: SandboxError, document: string): string {
  if (error.code === 'POINTER_MISSING' && !error.message.includes(' @ ')) {
    const file = fileOf(error.uri);
    if (file !== undefined) return file;
  }
  return error.uriStack.length > 0 ? error.uriStack[error.uriStack.length - 1]! : document;
}

/** The value at `jsonPath` in parsed data, if there is one. */
function valueAt(data: unknown, jsonPath: JsonPath): unknown {
  let value = data;
  for (const key of jsonPath) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** The file path of a resolver URI (without its fragment), if it is one. */
function fileOf(uri: unknown): string | undefined {
  const text = String(uri).replace(/#.*$/s, '');
  if (!path.isAbsolute(text)) return undefined;
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/** A finding at the range of its node's value (Spectral's), and what its rule marked of the key, if anything (rulesets/lib/oas.ts). */
interface Unplaced {
  ruleId: string;
  severity: Finding['severity'];
  message: string;
  file: string;
  range: IRange;
  path: JsonPath;
  mark: KeyPart | null | undefined;
}

/**
 * The finding where a reader sees its node (src/lint/positions.ts): a mapping or sequence from
 * its key, a finding about a key on the key or the part of it marked, an end on its line's text.
 */
function atKey(u: Unplaced, linesOf: (file: string) => LineIndex | undefined): Finding {
  const key = u.path[u.path.length - 1];
  const lines = key === undefined ? undefined : linesOf(u.file);
  const range = lines ? placeRange(lines, u.range, String(key), u.mark) : u.range;
  return {
    ruleId: u.ruleId,
    severity: u.severity,
    message: u.message,
    file: u.file,
    line: range.start.line + 1,
    column: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
    path: u.path,
  };
}

/** A finding of the engine (`$ref`s) or a rule, before it is moved to its key. */
function unplaced(ruleId: string, severity: Finding['severity'], message: string, file: string, range: IRange, path: JsonPath, mark?: KeyPart | null): Unplaced {
  return { ruleId, severity, message, file, range, path, mark };
}

/** A placed rule result as a finding: in the document, or in the referenced file that holds its node. */
function ruleFinding(placed: Placed, spectralSource: string, displaySource: string): Unplaced {
  const file = placed.source !== undefined && placed.source !== spectralSource ? placed.source : displaySource;
  return unplaced(placed.ruleId, placed.severity, placed.message, file, placed.range, placed.path, placed.mark);
}

/** The resolver's reason, without `Error:`, with paths inside the working directory as the user typed them. */
function cleanRefError(message: string, cwd: string): string {
  return message
    .replace(/^Error\s*:\s*/, '')
    .replace(/^ENOENT: no such file or directory, (?:open|realpath) '([^']+)'/, (_, file: string) => `file ${displayPath(file, cwd)} does not exist`)
    .replace(/^Error: /, '')
    .split(`${path.resolve(cwd)}${path.sep}`)
    .join('');
}
