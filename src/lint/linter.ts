// Parsed documents → findings. Runs Spectral with the apilint ruleset; prints nothing.
import path from 'node:path';
import { Document, Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import { buildRuleset, type BuildOptions } from '../../rulesets/index.js';
import { isKnownRemoteRef } from '../../rulesets/lib/known-refs.js';
import { collectResults, type Reported } from '../../rulesets/rule.js';
import { compareFindings, type Finding } from '../core/finding.js';
import { STDIN, displayPath } from '../core/paths.js';
import { SEVERITIES } from '../core/severity.js';
import { installEngine, type Engine } from '../engine/index.js';
import { parseDocument, type LoadedDocument } from '../load/documents.js';
import { DEFAULT_MAX_FILE_SIZE } from '../load/limits.js';
import { Sources } from '../load/sources.js';
import { fetchBounded, parseOutsideError, SandboxResolver } from '../resolve/sandbox.js';
import { placeResults, type Placed } from './results.js';

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
  /** Spectral as published, without apilint's adaptations (src/engine/). */
  reference?: boolean;
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
  readonly engine: Engine;
  private readonly spectral: Spectral;
  private readonly resolver: SandboxResolver;
  /** Files parsed outside Spectral during this run; shared with the inline-ignore pass. */
  readonly sources: Sources;

  constructor(private readonly options: LinterOptions) {
    this.engine = installEngine({ reference: options.reference ?? false });
    this.sources = options.sources ?? new Sources(options.buffered);
    // Local refs stay inside the document's project (src/resolve/sandbox.ts); remote ones go to fetchRemote.
    const resolver = new SandboxResolver({
      cwd: options.cwd,
      maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
      remote: url => this.fetchRemote(url),
      ...(options.buffered ? { buffered: options.buffered } : {}),
    });
    this.resolver = resolver;
    this.spectral = new Spectral({ resolver: this.engine.resolver(resolver) });
    this.spectral.setRuleset(this.engine.ruleset(buildRuleset(options.ruleset)));
  }

  /**
   * Parses a document with the engine's readers; undefined for a file that is no API document
   * and was not named explicitly. Throws an InputError for anything unlintable.
   */
  parse(text: string, source: string, explicit = true): LoadedDocument | undefined {
    return parseDocument(text, source, explicit, this.engine.readers);
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
    // The rules' results come to apilint, which places them (src/lint/results.ts); Spectral's own
    // results are what the engine reports about the document: resolver and parser errors.
    const reports: Reported[] = [];
    collectResults(document, report => reports.push(report));
    let results: ISpectralDiagnostic[];
    try {
      ({ results } = await this.spectral.runWithResolved(document, { ignoreUnknownFormat: true }));
    } finally {
      collectResults(document, undefined);
    }
    const findings: Finding[] = [];
    for (const result of results) {
      const finding = this.toFinding(result, source, doc.source);
      if (finding) findings.push(finding);
    }
    for (const placed of placeResults(reports)) findings.push(ruleFinding(placed, source, doc.source));
    return { findings: findings.sort(compareFindings), dependencies: this.resolver.dependencies(source) };
  }

  /** Forgets every file read or parsed so far: files changed on disk or in a buffer. */
  clear(): void {
    this.resolver.clear();
    this.sources.clear();
  }

  private toFinding(result: ISpectralDiagnostic, spectralSource: string, displaySource: string): Finding | undefined {
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
    const inOtherFile = result.source !== undefined && result.source !== spectralSource;
    // Spectral places resolver errors with the main document's positions even when they sit in a
    // referenced file: look the path up in that file instead.
    const range = ((ruleId === 'invalid-ref' || ruleId === 'ref-outside-project') && inOtherFile && this.sources.get(result.source!)?.range(result.path)) || result.range;
    return {
      ruleId,
      severity,
      message,
      file: inOtherFile ? result.source! : displaySource,
      line: range.start.line + 1,
      column: range.start.character + 1,
      endLine: range.end.line + 1,
      endColumn: range.end.character + 1,
      path: result.path,
    };
  }
}

/** A placed rule result as a finding: in the document, or in the referenced file that holds its node. */
function ruleFinding(placed: Placed, spectralSource: string, displaySource: string): Finding {
  const { range } = placed;
  return {
    ruleId: placed.ruleId,
    severity: placed.severity,
    message: placed.message,
    file: placed.source !== undefined && placed.source !== spectralSource ? placed.source : displaySource,
    line: range.start.line + 1,
    column: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
    path: placed.path,
  };
}

function cleanRefError(message: string, cwd: string): string {
  return message
    .replace(/^ENOENT: no such file or directory, (?:open|realpath) '([^']+)'/, (_, file: string) => `file ${displayPath(file, cwd)} does not exist`)
    .replace(/^Error: /, '')
    // Paths inside the working directory read as the user typed them.
    .split(`${path.resolve(cwd)}${path.sep}`)
    .join('');
}
