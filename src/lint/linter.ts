// Parsed documents → findings. Runs Spectral with the apilint ruleset; prints nothing.
import path from 'node:path';
import { Document, Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import type { JsonPath } from '@stoplight/types';
import { buildRuleset, type BuildOptions } from '../../rulesets/index.js';
import { keyMark, type KeyPart } from '../../rulesets/lib/oas.js';
import { isKnownRemoteRef } from '../../rulesets/lib/known-refs.js';
import { loweredSeverity } from '../../rulesets/rule.js';
import { compareFindings, type Finding } from '../core/finding.js';
import { STDIN, displayPath } from '../core/paths.js';
import { SEVERITIES, SEVERITY_RANK } from '../core/severity.js';
import { internalModule } from '../engine/internals.js';
import { withLocalRefFastPath } from '../engine/resolve-local.js';
import { installSpeedups, trustedRuleset } from '../engine/speedups.js';
import type { LoadedDocument } from '../load/documents.js';
import { DEFAULT_MAX_FILE_SIZE } from '../load/limits.js';
import { Sources } from '../load/sources.js';
import { LineIndex, placeAtKey } from './positions.js';
import { fetchBounded, parseOutsideError, SandboxResolver } from '../resolve/sandbox.js';

export interface LinterOptions {
  cwd: string;
  /** Fetch http(s) `$ref`s; off by default so linting never touches the network. */
  allowRemote?: boolean;
  ruleset?: BuildOptions;
  /** Parsed files shared between linters of one run. */
  sources?: Sources;
  /** Referenced files larger than this are not read (default DEFAULT_MAX_FILE_SIZE). */
  maxFileSize?: number;
  /** Bounds of remote fetches with allowRemote (defaults: 10 s, 10 MB); tests shorten them. */
  remote?: { timeoutMs?: number; maxBytes?: number };
  /** The text that stands in for a file on disk (an editor's unsaved buffer), if any. */
  buffered?: (file: string) => string | undefined;
}

export interface LintResult {
  findings: Finding[];
  /** Absolute paths of the files the document's `$ref`s read, directly or through other files. */
  dependencies: string[];
}

/** Remote fetches, when allowed, are bounded: a slow or huge response must not stall a CI job. */
const REMOTE_TIMEOUT_MS = 10_000;
const REMOTE_MAX_BYTES = 10 * 1024 * 1024;

/** Marks the resolver error of a remote ref that was not fetched, so it can be reported as such. */
const REFUSED_PREFIX = 'apilint: remote ref not fetched: ';
const REFUSED = /apilint: remote ref not fetched: (\S+)/;

export class Linter {
  private readonly spectral: Spectral;
  private readonly resolver: SandboxResolver;
  /** Files parsed outside Spectral during this run; shared with the inline-ignore pass. */
  readonly sources: Sources;

  constructor(private readonly options: LinterOptions) {
    this.sources = options.sources ?? new Sources(options.buffered);
    // Local refs stay inside the document's project (src/resolve/sandbox.ts); remote ones go to fetchRemote.
    const resolver = new SandboxResolver({
      cwd: options.cwd,
      maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
      remote: url => this.fetchRemote(url),
      ...(options.buffered ? { buffered: options.buffered } : {}),
    });
    this.resolver = resolver;
    // Documents whose refs are all local skip the general resolver's machinery (src/engine/resolve-local.ts).
    this.spectral = new Spectral({ resolver: withLocalRefFastPath(resolver) as unknown as typeof resolver });
    this.spectral.setRuleset(trustedRuleset(buildRuleset(options.ruleset)));
  }

  private async fetchRemote(url: string): Promise<string> {
    if (!this.options.allowRemote) throw new Error(REFUSED_PREFIX + url);
    // The size cap is enforced while the body streams in, never after reading it all.
    return fetchBounded(url, {
      timeoutMs: this.options.remote?.timeoutMs ?? REMOTE_TIMEOUT_MS,
      maxBytes: this.options.remote?.maxBytes ?? REMOTE_MAX_BYTES,
    });
  }

  async lint(doc: LoadedDocument): Promise<Finding[]> {
    return (await this.run(doc)).findings;
  }

  /** The document's findings, and the files its `$ref`s read. */
  async run(doc: LoadedDocument): Promise<LintResult> {
    // Spectral resolves relative refs against the source; stdin's refs are relative to the cwd.
    const source = doc.source === STDIN ? path.join(this.options.cwd, STDIN) : doc.source;
    const document = new Document(doc.text, doc.parser, source);
    // A document with only local refs is not resolved by the sandbox, which would keep its old refs.
    this.resolver.forgetRefs(source);
    const { results } = await this.spectral.runWithResolved(document, { ignoreUnknownFormat: true });
    const findings: Finding[] = [];
    const lines = new Map<string, LineIndex | undefined>();
    const linesOf = (file: string) => {
      if (!lines.has(file)) {
        const text = file === source ? doc.text : this.sources.get(file)?.text;
        lines.set(file, text === undefined ? undefined : new LineIndex(text));
      }
      return lines.get(file);
    };
    for (const result of results) {
      const finding = this.toFinding(result, source, doc.source, linesOf);
      if (finding) findings.push(finding);
    }
    return { findings: findings.sort(compareFindings), dependencies: this.resolver.dependencies(source) };
  }

  /** Forgets every file read or parsed so far: files changed on disk or in a buffer. */
  clear(): void {
    this.resolver.clear();
    this.sources.clear();
  }

  private toFinding(
    result: ISpectralDiagnostic,
    spectralSource: string,
    displaySource: string,
    linesOf: (file: string) => LineIndex | undefined,
  ): Finding | undefined {
    const code = String(result.code);
    let ruleId = code;
    let severity = SEVERITIES[result.severity] ?? 'error';
    let message = result.message;
    if (code === 'unrecognized-format') return undefined;
    if (code === 'parser') {
      // The document itself was checked by the loader; these come from referenced files.
      if (/mapping key must be a string scalar/i.test(message)) return undefined;
      ruleId = 'invalid-ref';
      severity = 'error';
      message = `Referenced file cannot be parsed: ${message}`;
    } else if (code === 'invalid-ref') {
      const refused = REFUSED.exec(message);
      const outside = parseOutsideError(message);
      if (outside) {
        ruleId = 'ref-outside-project';
        severity = 'error';
        const root = path.resolve(outside.root) === path.resolve(this.options.cwd) ? 'the working directory' : `folder ${outside.root}`;
        // The target as seen from the file holding the ref: what its author wrote, and the same on
        // every machine (an absolute path would put the local folder layout into reports).
        const target = path.relative(path.dirname(result.source ?? spectralSource), outside.target);
        message = `$ref to ${target} leaves the project (${root}): refused, the file is not read.`;
      } else if (refused) {
        const url = refused[1]!;
        if (isKnownRemoteRef(url)) return undefined;
        ruleId = 'remote-ref';
        severity = 'info';
        message = `Remote $ref to ${url} is not fetched, so its content is not linted: pass --allow-remote to resolve it.`;
      } else {
        message = `Cannot resolve $ref: ${cleanRefError(message, this.options.cwd)}`;
      }
    }
    const lowered = loweredSeverity(ruleId, message);
    if (lowered && SEVERITY_RANK[lowered] > SEVERITY_RANK[severity]) severity = lowered;
    const inOtherFile = result.source !== undefined && result.source !== spectralSource;
    // Spectral places resolver errors with the main document's positions even when they sit in a
    // referenced file: look the path up in that file instead.
    let range = ((ruleId === 'invalid-ref' || ruleId === 'ref-outside-project') && inOtherFile && this.sources.get(result.source!)?.range(result.path)) || result.range;
    const key = result.path[result.path.length - 1];
    const lines = key === undefined ? undefined : linesOf(result.source ?? spectralSource);
    if (lines) range = placeAtKey(lines, range, String(key), (result.path as KeyPath)[KEY_MARK]);
    return {
      ruleId,
      severity,
      message,
      file: inOtherFile ? result.source! : displaySource,
      line: range.start.line + 1,
      column: range.start.character + 1,
      endLine: range.end.line + 1,
      endColumn: range.end.character + 1,
      path: [...result.path],
    };
  }
}

function cleanRefError(message: string, cwd: string): string {
  return message
    .replace(/^ENOENT: no such file or directory, (?:open|realpath) '([^']+)'/, (_, file: string) => `file ${displayPath(file, cwd)} does not exist`)
    .replace(/^Error: /, '')
    // Paths inside the working directory read as the user typed them.
    .split(`${path.resolve(cwd)}${path.sep}`)
    .join('');
}

// The speedups first: they replace DocumentInventory's ref-map search, which the key locations wrap.
installSpeedups();
installKeyLocations();


/** A mapped path that leads to a key, tagged with what the rule marked: the key (null) or a part of it. */
const KEY_MARK = Symbol('apilint key mark');
type KeyPath = JsonPath & { [KEY_MARK]?: KeyPart | null };

/**
 * Spectral maps a finding's path through `$ref`s to the referenced node. A rule that reports a
 * mapping key (a property name) ends its path with AT_KEY: map the path up to the key's parent,
 * then point at the key in the document that holds it, not at the key's `$ref` target. The
 * mapped path carries the mark to toFinding (Spectral hands the same array to its result), which
 * places the finding on the key.
 */
function installKeyLocations(): void {
  // Not exported by the package; the prototype is the only seam for this mapping.
  const { DocumentInventory } = internalModule<{
    DocumentInventory: {
      prototype: { findAssociatedItemForPath(path: JsonPath, resolved: boolean): unknown; convertRefMapKeyToPath(refPath: string): JsonPath };
    };
  }>('spectral-core/documentInventory');
  const proto = DocumentInventory.prototype;
  // Spectral builds ref-map keys URI-encoded (`application/problem%2Bjson`) but decodes only
  // `~0`/`~1` on the way back, so keys with `+`, `{}` or spaces behind a `$ref` missed their node
  // and landed on its parent's line.
  // Many findings share a ref target: each key is converted once. The paths are only read.
  const convert = proto.convertRefMapKeyToPath;
  const converted = new Map<string, JsonPath>();
  proto.convertRefMapKeyToPath = function (this: unknown, refPath: string) {
    let path = converted.get(refPath);
    if (path === undefined) {
      path = convert.call(this, refPath).map(segment => {
        try {
          return typeof segment === 'string' ? decodeURIComponent(segment) : segment;
        } catch {
          return segment;
        }
      });
      if (converted.size >= 10_000) converted.clear();
      converted.set(refPath, path);
    }
    return path;
  };
  const original = proto.findAssociatedItemForPath;
  proto.findAssociatedItemForPath = function (this: unknown, jsonPath: JsonPath, resolved: boolean) {
    const mark = keyMark(jsonPath[jsonPath.length - 1]);
    if (mark === undefined) return original.call(this, jsonPath, resolved);
    const key = jsonPath[jsonPath.length - 2]!;
    const parent = original.call(this, jsonPath.slice(0, -2), resolved) as { path: JsonPath; missingPropertyPath: JsonPath } | null;
    if (parent === null) return null;
    const path: KeyPath = Object.assign([...parent.path, key], { [KEY_MARK]: mark });
    return { ...parent, path, missingPropertyPath: [...parent.path, key] };
  };
}
