// Exact shortcuts inside Spectral's run, for the parts that profiling showed to dominate once the
// rules were fast (bench/RESULTS.md). Each returns what Spectral's own code returns; none changes a
// finding (test/engine-equivalence.test.ts). Installed by installEngine (src/engine/index.ts).
import { posix } from 'node:path';
import { Document, Ruleset, type RulesetDefinition } from '@stoplight/spectral-core';
import type { IParser } from '@stoplight/spectral-parsers';
import type { CheckedText } from './index.js';
import { internalModule } from './internals.js';
import { patchOnce } from './patch.js';

/**
 * Spectral validates every ruleset it is given against its meta-schemas with ajv, compiling them
 * first: on a small spec that was a fifth of the run. apilint's ruleset is built by code from
 * defineRule() and the config, whose severities and options are validated when it is read, and
 * Spectral's CLI validates the very same ruleset (test/spectral-cli.test.ts). So the Ruleset is
 * built with that one check suspended.
 */
export function trustedRuleset(definition: RulesetDefinition): Ruleset {
  // Ruleset calls it through this module's exports.
  const assertions = internalModule<{ assertValidRuleset: (...args: unknown[]) => void }>('spectral-core/assertions');
  const original = assertions.assertValidRuleset;
  assertions.assertValidRuleset = () => undefined;
  try {
    return new Ruleset(definition);
  } finally {
    assertions.assertValidRuleset = original;
  }
}

/**
 * An absolute POSIX path that @stoplight/path's normalize gives back unchanged: no `\\`, no
 * empty, `.` or `..` segment, and no `:` in the first segment (`/c:/` reads as a Windows drive).
 * Checked against the grammar on 14 million generated paths when written; the tests keep a sample.
 */
export const NORMAL_POSIX_PATH = /^\/(?!\.\.?(?:\/|$))[^/\\:]+(?:\/(?!\.\.?(?:\/|$))[^/\\]+)*$/;

export function installSpeedups(): void {
  // Spectral compiles the rules' JSONPath expressions into a query function for every document
  // (runner.js: `new Nimma(expressions)`, then the first query compiles). A Nimma keeps nothing
  // between queries but that function: one per set of expressions serves all.
  patchOnce(internalModule<{ default: new (expressions: string[], options?: Record<string, unknown>) => object }>('nimma/legacy'), 'default', Nimma => {
    const compiled = new Map<string, object>();
    const fallbacks = new Map<unknown, number>();
    function CachedNimma(expressions: string[], options: Record<string, unknown> = {}) {
      const { fallback, ...rest } = options;
      if (!fallbacks.has(fallback)) fallbacks.set(fallback, fallbacks.size);
      const key = JSON.stringify([expressions, fallbacks.get(fallback), rest]);
      let instance = compiled.get(key);
      if (!instance) {
        if (compiled.size >= 64) compiled.clear();
        instance = new Nimma(expressions, options);
        compiled.set(key, instance);
      }
      return instance;
    }
    CachedNimma.prototype = Nimma.prototype;
    return CachedNimma as unknown as typeof Nimma;
  });

  // Spectral normalizes each document's path twice (Document; the resolver's runner, which calls
  // the same function as toFSPath), and @stoplight/path parses a path with a grammar, character
  // by character (0.1 ms a call, cold). Most paths are normal already.
  type PathFunction = (...paths: string[]) => string | boolean;
  const stoplightPath = internalModule<Record<'normalize' | 'toFSPath' | 'join' | 'dirname' | 'stripRoot' | 'isAbsolute', PathFunction>>('path');
  const normalize = stoplightPath.normalize;
  const shortcut = (path: string) => (NORMAL_POSIX_PATH.test(path) ? path : normalize(path));
  patchOnce(stoplightPath, 'normalize', () => shortcut);
  patchOnce(stoplightPath, 'toFSPath', () => shortcut);
  // The resolver's computeRef joins each file `$ref` to its file's folder (dirname, stripRoot,
  // join: three parses per ref; 0.4 s of DigitalOcean's 2,907 files). Their results depend on
  // their arguments only, and the same folders and refs come back again and again; a folder and
  // a plain relative path are joined without the grammar, and so are the folders of normal paths
  // taken, plain relative paths stripped, and both kinds told absolute or not (the first call of
  // each still cost 60 ms of DigitalOcean's run).
  // `plain` answers first where it can (for its arity); only the grammar's answers are remembered.
  const withPlain = (plain: (...paths: string[]) => string | boolean | undefined) => (original: PathFunction) => {
    const grammar = remembered(original);
    return (...paths: string[]) => (paths.length === plain.length ? plain(...paths) : undefined) ?? grammar(...paths);
  };
  patchOnce(stoplightPath, 'isAbsolute', withPlain(isAbsolutePlain));
  patchOnce(stoplightPath, 'dirname', withPlain(dirnamePlain));
  patchOnce(stoplightPath, 'stripRoot', withPlain(stripRootPlain));
  patchOnce(stoplightPath, 'join', withPlain(joinPlain));
}

/** A relative path the grammar reads as its `/`-separated segments: no `\`, no `:` (drives, schemes), no leading `/`. */
const PLAIN_RELATIVE_PATH = /^[^/\\:][^\\:]*$/;

/**
 * @stoplight/path's join(folder, relative) where `folder` is a NORMAL_POSIX_PATH and `relative` a
 * PLAIN_RELATIVE_PATH (else undefined): the segments of both, without empty and `.` ones, each `..`
 * taking one back (none past the root). Checked against the grammar in test/spectral-speedups.test.ts.
 */
export function joinPlain(folder: string, relative: string): string | undefined {
  if (!NORMAL_POSIX_PATH.test(folder) || !PLAIN_RELATIVE_PATH.test(relative)) return undefined;
  const segments = folder.slice(1).split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** @stoplight/path's dirname for a NORMAL_POSIX_PATH (else undefined): Node's. Checked against the grammar in test/spectral-speedups.test.ts. */
export const dirnamePlain = (path: string): string | undefined => (NORMAL_POSIX_PATH.test(path) ? posix.dirname(path) : undefined);

/**
 * @stoplight/path's isAbsolute for a NORMAL_POSIX_PATH (true) or a PLAIN_RELATIVE_PATH (false), else
 * undefined. Checked against the grammar in test/spectral-speedups.test.ts.
 */
export const isAbsolutePlain = (path: string): boolean | undefined => (NORMAL_POSIX_PATH.test(path) ? true : PLAIN_RELATIVE_PATH.test(path) ? false : undefined);

/** An empty segment, which stripRoot drops. */
const EMPTY_SEGMENT = /\/\/|\/$/;

/**
 * @stoplight/path's stripRoot for a PLAIN_RELATIVE_PATH without empty segments (else undefined):
 * the path without one leading `./`, as the grammar drops it. Checked against the grammar in
 * test/spectral-speedups.test.ts.
 */
export function stripRootPlain(path: string): string | undefined {
  const rest = path.startsWith('./') ? path.slice(2) : path;
  return PLAIN_RELATIVE_PATH.test(rest) && !EMPTY_SEGMENT.test(rest) ? rest : undefined;
}

/**
 * @stoplight/path's extname for a NORMAL_POSIX_PATH (else undefined): Node's, without the grammar
 * (a parse per referenced file: 38 ms of DigitalOcean's 2,907). Checked against the grammar in
 * test/spectral-speedups.test.ts.
 */
export const extnamePlain = (path: string): string | undefined => (NORMAL_POSIX_PATH.test(path) ? posix.extname(path) : undefined);

/** Most distinct calls a remembered function keeps before it starts afresh. */
const REMEMBERED_CALLS = 50_000;

/**
 * A function of one or two strings that returns a string or a boolean, with its results kept by
 * arguments (a map per first argument); any other call goes through, to throw as the original does.
 */
function remembered<F extends (...args: string[]) => string | boolean>(fn: F): F {
  const results = new Map<string, Map<string | undefined, string | boolean>>();
  let size = 0;
  return ((...args: string[]) => {
    const [first, second] = args;
    if (args.length > 2 || typeof first !== 'string' || (args.length === 2 && typeof second !== 'string')) return fn(...args);
    let byFirst = results.get(first);
    let result = byFirst?.get(second);
    if (result === undefined) {
      result = fn(...args);
      if (++size > REMEMBERED_CALLS) {
        results.clear();
        size = 1;
        byFirst = undefined;
      }
      if (!byFirst) results.set(first, (byFirst = new Map()));
      byFirst.set(second, result);
    }
    return result;
  }) as F;
}

/** What DocumentInventory's parseResolveResult is given and gives back. */
interface ResolveOpts {
  targetAuthority: { href(): string };
  result: unknown;
}

/**
 * A referenced file's text as the sandbox hands it to the resolver, with the parse it made to check
 * the file's bounds: DocumentInventory takes that parse instead of parsing the text again.
 */
export class ParsedText {
  constructor(readonly checked: CheckedText) {}

  /** The resolver passes what it is handed on as it is; DocumentInventory reads it with String(). */
  toString(): string {
    return this.checked.text;
  }
}

/**
 * Spectral parses each file a `$ref` reads with spectral-parsers' Json or Yaml (DocumentInventory's
 * parseResolveResult), where documents are read by the engine's parsers. @stoplight/yaml walks a
 * mapping's keys again for each key it deletes, so a large referenced YAML file cost the square of
 * its size (a chain of 40,000 refs in a referenced file: 6.8 of 11.6 s). Referenced files are
 * parsed as documents are, once: the sandbox parsed each with the same readers to check it, and
 * hands that parse over with the text (ParsedText). The rest is Spectral's code as it is.
 */
export function installReferencedParsers(json: IParser, yaml: IParser): void {
  const { extname } = internalModule<{ extname(path: string): string }>('path');
  const { formatParserDiagnostics } = internalModule<{ formatParserDiagnostics(diagnostics: unknown[], source: string | null): unknown[] }>('spectral-core/errorMessages');
  type Inventory = { parseResolveResult(opts: ResolveOpts): Promise<ResolveOpts>; diagnostics: unknown[]; referencedDocuments: Record<string, unknown> };
  patchOnce(internalModule<{ DocumentInventory: new (...args: never[]) => object }>('spectral-core/documentInventory'), 'DocumentInventory', Original =>
    class DocumentInventory extends Original {
      constructor(...args: never[]) {
        super(...args);
        const self = this as unknown as Inventory;
        self.parseResolveResult = opts => {
          const source = opts.targetAuthority.href().replace(/\/$/, '');
          const content = String(opts.result);
          const parser = (extnamePlain(source) ?? extname(source)) === '.json' ? json : yaml;
          const handed = opts.result instanceof ParsedText && opts.result.checked.json === (parser === json) ? opts.result.checked.result : undefined;
          const document = new Document(content, handed ? { ...parser, parse: () => handed } : parser, source);
          opts.result = document.data;
          // One at a time: a spread of a file's 150,000 diagnostics (repeated keys) overflows the call stack.
          if (document.diagnostics.length > 0) for (const diagnostic of formatParserDiagnostics(document.diagnostics, document.source)) self.diagnostics.push(diagnostic);
          self.referencedDocuments[source] = document;
          return Promise.resolve(opts);
        };
      }
    },
  );
}
