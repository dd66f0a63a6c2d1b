// Inputs → parsed documents. Everything that makes an input unlintable becomes an InputError with
// the file and, where known, the line and column: the CLI prints it as one line and exits 2.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { IParser } from '@stoplight/spectral-parsers';
import type { IParserResult } from '@stoplight/types';
import { eventTypes, isOpenApi } from '../../rulesets/formats.js';
import { InputError } from '../core/errors.js';
import { compareCodeUnits } from '../core/finding.js';
import { STDIN } from '../core/paths.js';
import { safeText } from '../core/text.js';
import type { DocumentReaders } from '../engine/index.js';
import { parseJsonWithSpectral } from '../engine/json-parser.js';
import { parseYamlAst, yamlAstParser } from '../engine/yaml-ast.js';
import { DEFAULT_MAX_FILE_SIZE, NotAFileError, readBounded, readStreamBounded, SizeLimitError, formatSize } from './limits.js';


export type DocumentKind = 'openapi' | 'event-types';

export interface LoadedDocument {
  /** Absolute path, or `<stdin>`. */
  source: string;
  text: string;
  kind: DocumentKind;
  /** Parser whose `parse` returns the result already computed, so Spectral does not parse twice. */
  parser: IParser;
}

/** Past this many nodes after alias expansion a YAML file is refused (a "billion laughs" bomb). */
export const MAX_EXPANDED_NODES = 1_000_000;
/**
 * Deeper documents are refused before parsing. Without a bound, what happens at a few thousand
 * levels depends on the stack of the thread that parses (worker threads have larger ones), so the
 * same file could be linted in one run and refused in the next. Real specs nest a few dozen levels.
 */
export const MAX_NESTING = 1_000;

const DOCUMENT_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

export interface Candidate {
  file: string;
  /** Named by the user: a file that is not a document is an error, not skipped. */
  explicit: boolean;
}

/** Expands files, directories and globs; `-` is stdin. Missing inputs become errors. */
export async function expandInputs(inputs: readonly string[], cwd: string): Promise<{ candidates: Candidate[]; errors: InputError[] }> {
  const candidates: Candidate[] = [];
  const errors: InputError[] = [];
  const seen = new Set<string>();
  const add = (file: string, explicit: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    candidates.push({ file, explicit });
  };
  for (const input of inputs) {
    if (input === '-') {
      add(STDIN, true);
      continue;
    }
    const absolute = path.resolve(cwd, input);
    const info = await stat(absolute).catch(() => undefined);
    if (info?.isDirectory()) {
      const files = await walk(absolute);
      if (files.length === 0) errors.push(new InputError(input, 'no YAML or JSON files in this directory'));
      for (const file of files) add(file, false);
    } else if (info) {
      add(absolute, true);
    } else if (/[*?[\]{}]/.test(input)) {
      const { glob } = await import('tinyglobby');
      const files = await glob(input, { cwd, absolute: true, ignore: ['**/node_modules/**'] });
      const documents = files.filter(f => DOCUMENT_EXTENSIONS.has(path.extname(f).toLowerCase())).sort();
      if (documents.length === 0) errors.push(new InputError(input, 'no YAML or JSON files match this pattern'));
      for (const file of documents) add(file, false);
    } else {
      errors.push(new InputError(input, 'no such file or directory'));
    }
  }
  return { candidates, errors };
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  // Code-unit order (as `LC_ALL=C ls`): the same on every machine, and no ICU collator to set up.
  for (const entry of entries.sort((a, b) => compareCodeUnits(a.name, b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.')) for (const file of await walk(full)) out.push(file);
    } else if (entry.isFile() && DOCUMENT_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
      out.push(full);
    }
  }
  return out;
}

/**
 * Reads an input, refusing one larger than `maxFileSize` bytes (checked before reading a file,
 * and while reading stdin) with a one-line error.
 */
export async function readInput(file: string, maxFileSize = DEFAULT_MAX_FILE_SIZE): Promise<string> {
  try {
    if (file === STDIN) return await readStreamBounded(process.stdin as AsyncIterable<Buffer>, maxFileSize);
    try {
      return await readBounded(file, maxFileSize);
    } catch (error) {
      // A pipe named on the command line (`/dev/stdin`, a FIFO) is read as a stream, bounded too.
      if (!(error instanceof NotAFileError) || error.directory) throw error;
      return await readStreamBounded(createReadStream(file), maxFileSize);
    }
  } catch (error) {
    if (error instanceof SizeLimitError) {
      const size = file === STDIN ? `more than ${formatSize(error.limit)}` : `${error.size.toLocaleString('en-US')} bytes`;
      throw new InputError(file, `file too large (${size}): the limit is ${formatSize(error.limit)}, raise it with --max-file-size`);
    }
    if (error instanceof NotAFileError) throw new InputError(file, error.message);
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(file, code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : `cannot read file (${code ?? 'unknown error'})`);
  }
}

/**
 * Parses one input with the engine's readers (Linter.parse). A file that was not named explicitly (the files of a directory or a glob, and
 * every file with --ignore-unknown-format) is skipped, with undefined, when it is not an OpenAPI
 * or event type document: YAML/JSON of another kind, or a file that cannot be read as YAML/JSON
 * and shows no sign of being an API document (a Helm template, a binary `.json`). A file that
 * claims to be one (an `openapi` or `swagger` key, an event type's fields) stays an error.
 */
export function parseDocument(text: string, source: string, explicit: boolean, readers: DocumentReaders): LoadedDocument | undefined {
  const json = source.toLowerCase().endsWith('.json') || (source === STDIN && /^\s*[{[]/.test(text));
  let result: IParserResult;
  try {
    result = parseText(text, source, json, readers);
    if (text.includes('__proto__')) refusePrototypeKeys(result.data, text, source);
  } catch (error) {
    if (!explicit && error instanceof InputError && !looksLikeApiDocument(text)) return undefined;
    throw error;
  }
  const data = result.data;
  const kind: DocumentKind | undefined = isOpenApi(data) ? 'openapi' : eventTypes(data, null) ? 'event-types' : undefined;
  if (!kind) {
    if (!explicit && !claimsApiDocument(data)) return undefined;
    throw new InputError(source, notADocument(data));
  }
  // The engine's readers: Spectral's parsers, or faster ones with the same results (JSON.parse and
  // positions on demand, YAML with plain objects: src/engine/).
  const parser: IParser = { ...(json ? readers.json : readers.yaml), parse: () => result } as IParser;
  return { source, text, kind, parser };
}

/**
 * A file a document's `$ref` reaches, read as YAML or JSON under a document's guards (binary,
 * nesting, alias bombs, `__proto__` keys), whatever it holds. The parser's `parse` returns the
 * result computed here, so nothing parses twice.
 */
export function parseFragment(text: string, source: string, readers: DocumentReaders): { data: unknown; parser: IParser } {
  const json = source.toLowerCase().endsWith('.json');
  const result = parseText(text, source, json, readers);
  if (text.includes('__proto__')) refusePrototypeKeys(result.data, text, source);
  return { data: result.data, parser: { ...(json ? readers.json : readers.yaml), parse: () => result } as IParser };
}

/** Top-level `openapi`/`swagger` keys in YAML, such keys in JSON, or fields only event types have. */
const API_DOCUMENT_SIGNS = /^["']?(?:openapi|swagger)["']?[ \t]*:|"(?:openapi|swagger)"\s*:|\b(?:owning_application|partition_strategy|compatibility_mode)\b/m;
const EVENT_TYPE_FIELDS = ['owning_application', 'partition_strategy', 'compatibility_mode'];

/** Whether a text that cannot be read as YAML/JSON says it is an API document. */
export function looksLikeApiDocument(text: string): boolean {
  return API_DOCUMENT_SIGNS.test(text);
}

/** Whether YAML/JSON data that is not a document apilint reads means to be one (another version, a broken event type). */
function claimsApiDocument(data: unknown): boolean {
  const claims = (value: unknown) => value !== null && typeof value === 'object' && ['openapi', 'swagger', ...EVENT_TYPE_FIELDS].some(key => Object.hasOwn(value, key));
  return Array.isArray(data) ? data.some(claims) : claims(data);
}

/** YAML or JSON text to data, or an InputError that says why it cannot be read. */
function parseText(text: string, source: string, json: boolean, readers: DocumentReaders): IParserResult {
  if (text.includes('\u0000')) throw new InputError(source, 'binary file: not YAML or JSON');
  if (text.trim() === '') throw new InputError(source, 'empty file: not an OpenAPI or event type document');
  // JSON that the fast reader takes nests less than 500 deep: only a text it leaves to Spectral's
  // recursive parser needs the nesting scan (which took 0.12 s of a 13 MB file's run).
  const fast = json ? readers.readJson(text) : undefined;
  if (!fast && nestingExceeds(text, json, MAX_NESTING)) {
    throw new InputError(source, `nesting deeper than ${MAX_NESTING.toLocaleString('en-US')} levels: refused`);
  }
  let result: IParserResult;
  try {
    // Where the fast JSON reader gave up, Spectral's parser reads the text (not the fast one again).
    result = fast ?? (json ? parseJsonWithSpectral(text) : readers.readYaml(text, guardAliases(text, source)));
  } catch (error) {
    if (error instanceof InputError) throw error;
    if (error instanceof RangeError) throw new InputError(source, 'nesting too deep to parse');
    // The YAML parser throws on a few inputs instead of reporting them: any `!!binary` value.
    if (!json && /!!binary\b/.test(text)) throw new InputError(source, 'invalid YAML: !!binary values are not supported');
    throw new InputError(source, `invalid ${json ? 'JSON' : 'YAML'}: the parser failed (${(error as Error).message})`);
  }
  // Tab indentation makes YAML report confusing follow-on errors: name the cause first.
  const problem =
    result.diagnostics.find(d => d.message.startsWith('Using tabs')) ?? result.diagnostics.find(d => d.severity === 0);
  if (problem) {
    const { line, character } = problem.range.start;
    throw new InputError(source, describe(problem.message, json, text, problem.range.start), line + 1, character + 1);
  }
  return result;
}

/**
 * Whether the text nests deeper than `max`, by one linear scan without parsing: open brackets
 * outside strings, plus, in YAML, the indentation of the line (a block level takes at least one
 * column). An upper bound, so a document within it is never refused.
 */
export function nestingExceeds(text: string, json: boolean, max: number): boolean {
  // The scan's depth never exceeds the number of open brackets plus the longest run of spaces
  // and dashes at a line start: where that bound is within `max` (almost every document), both
  // are counted with native searches and the character loop is skipped.
  let brackets = 0;
  for (const open of ['[', '{']) {
    for (let i = text.indexOf(open); i !== -1 && brackets <= max; i = text.indexOf(open, i + 1)) brackets++;
  }
  if (brackets <= max && (json || !new RegExp(`^[ -]{${max - brackets + 1}}`, 'm').test(text))) return false;
  let depth = 0;
  let indent = 0;
  let lineStart = true;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '\n') {
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart && !json && (c === ' ' || c === '-')) {
      indent++;
      if (indent + depth > max) return true;
      continue;
    }
    lineStart = false;
    if (c === '"' || (c === "'" && !json)) quote = c;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth + indent > max) return true;
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return false;
}

/** A key named `__proto__`, in YAML or JSON: the parsers make it the object's prototype. */
export const PROTO_KEY = /(^|[\s{,])(["']?)__proto__\2[ \t]*:/m;

/**
 * The YAML and JSON parsers turn a `__proto__` key into the prototype of its object, so the
 * document's own values turn up as inherited properties everywhere, and the engine broke on it
 * (immer drafts leaked as revoked proxies; Object.freeze failed on the YAML parser's key-order
 * proxy, which lists a `__proto__` key the object does not have; found by test/fuzz.test.ts).
 * No API document needs the key: refuse the file with the key's position.
 */
function refusePrototypeKeys(data: unknown, text: string, source: string): void {
  const seen = new Set<object>();
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const proto = Object.getPrototypeOf(node) as unknown;
    // The key shows as the prototype, as an own key, or only in the key order the YAML parser
    // keeps (whose proxy then even lists it twice, and throws on Reflect.ownKeys).
    let ownKeys: (string | symbol)[];
    try {
      ownKeys = Reflect.ownKeys(node);
    } catch {
      ownKeys = ['__proto__'];
    }
    if ((proto !== Object.prototype && proto !== Array.prototype && proto !== null) || ownKeys.includes('__proto__')) {
      const match = PROTO_KEY.exec(text);
      const at = match ? match.index + match[1]!.length : undefined;
      const before = at === undefined ? undefined : text.slice(0, at).split('\n');
      throw new InputError(source, 'a key named "__proto__" is not allowed: refused', before?.length, before ? before[before.length - 1]!.length + 1 : undefined);
    }
    for (const key of Object.keys(node)) stack.push((node as Record<string, unknown>)[key]);
  }
}

function notADocument(data: unknown): string {
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const doc = data as Record<string, unknown>;
    if ('openapi' in doc) return `unsupported OpenAPI version ${quote(doc.openapi)}: apilint reads 2.0, 3.0 and 3.1`;
    if ('swagger' in doc) return `unsupported Swagger version ${quote(doc.swagger)}: apilint reads 2.0, 3.0 and 3.1`;
  }
  return 'not an OpenAPI document (no `openapi` or `swagger` field) nor an event type definition';
}

/** A value from the document, quoted short: never echo a long value into a message. */
function quote(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? JSON.stringify(value) : `(${Array.isArray(value) ? 'an array' : 'an object'})`;
  return safeText(text, 40);
}

const JSON_MESSAGES: Record<string, string> = {
  PropertyNameExpected: 'property name expected',
  ValueExpected: 'value expected',
  CommaExpected: 'comma expected',
  ColonExpected: 'colon expected',
  CloseBraceExpected: 'closing brace expected',
  CloseBracketExpected: 'closing bracket expected',
  EndOfFileExpected: 'end of file expected',
  InvalidSymbol: 'invalid symbol',
  InvalidNumberFormat: 'invalid number format',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfComment: 'unterminated comment',
  DuplicateKey: 'duplicate key',
};

function describe(message: string, json: boolean, text: string, at: { line: number; character: number }): string {
  const offset = text.split('\n', at.line).reduce((sum, line) => sum + line.length + 1, 0) + at.character;
  // The parsers report a duplicate key at the key without naming it.
  const key = message === 'DuplicateKey' || message === 'duplicate key' ? keyAt(text, offset) : undefined;
  const named = key === undefined ? '' : ` ${JSON.stringify(key)}`;
  if (json) {
    const before = text.slice(0, offset).trimEnd();
    if (before.endsWith(',') && /^\s*[}\]]/.test(text.slice(offset))) return 'invalid JSON: trailing comma';
    return `invalid JSON: ${JSON_MESSAGES[message] ?? message}${named}`;
  }
  if (message.startsWith('Using tabs')) return 'invalid YAML: tab character used for indentation';
  return `invalid YAML: ${message}${named}`;
}

/** The mapping key written at `offset` (plain, single- or double-quoted), if one is. */
function keyAt(text: string, offset: number): string | undefined {
  const end = text.indexOf('\n', offset);
  const line = text.slice(offset, end < 0 ? undefined : end);
  const match = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s"'][^:]*?))\s*:/.exec(line);
  if (!match) return undefined;
  if (match[1] !== undefined) {
    try {
      return JSON.parse(`"${match[1]}"`) as string;
    } catch {
      return match[1];
    }
  }
  return match[2]?.replace(/''/g, "'") ?? match[3];
}

/**
 * @stoplight/yaml copies every alias it meets, so a small file of nested aliases expands
 * exponentially and exhausts memory. Count the expanded size on the AST first (memoised per
 * node, linear in the file) and refuse a file whose aliases blow it up. Returns the tree it built,
 * for the parser, which then does not build it again (src/engine/yaml-ast.ts).
 */
function guardAliases(text: string, source: string): unknown {
  if (!mayHaveAliases(text)) return undefined;
  const ast = parseYamlAst(text);
  const count = countExpandedNodes(ast);
  if (count > MAX_EXPANDED_NODES) {
    throw new InputError(source, `YAML aliases expand to more than ${MAX_EXPANDED_NODES.toLocaleString('en-US')} nodes: refused (an alias bomb?)`);
  }
  return ast;
}

/**
 * Whether the text may hold an alias: something that reads as `*name` where a node may start,
 * with something that reads as `&name` of the same name. Both match every real alias and anchor
 * (the names end where the parser ends them: at white space or a flow indicator), so a document
 * without a pair has no alias, however many `*emphasis*` its descriptions use.
 */
function mayHaveAliases(text: string): boolean {
  const names = (pattern: RegExp) => new Set(Array.from(text.matchAll(pattern), match => match[1]!));
  const aliases = names(/(?:^|[\s,[{:-])\*([^\s,[\]{}]+)/gm);
  if (aliases.size === 0) return false;
  const anchors = names(/(?:^|[\s,[{:-])&([^\s,[\]{}]+)/gm);
  for (const name of aliases) if (anchors.has(name)) return true;
  return false;
}

function countExpandedNodes(ast: unknown): number {
  const { Kind } = yamlAstParser() as unknown as typeof import('@stoplight/yaml-ast-parser');
  type Node = { kind: number; value?: Node; key?: Node; mappings?: Node[]; items?: Node[] } | null | undefined;
  const memo = new Map<object, number>();
  const size = (root: Node): number => {
    // Iterative post-order walk: the AST can be deeper than the call stack.
    const stack: { node: NonNullable<Node>; expanded: boolean }[] = [];
    if (root) stack.push({ node: root, expanded: false });
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const children = childrenOf(top.node);
      if (!top.expanded) {
        top.expanded = true;
        for (const child of children) if (child && !memo.has(child)) stack.push({ node: child, expanded: false });
        continue;
      }
      stack.pop();
      let total = 1;
      for (const child of children) if (child) total += memo.get(child) ?? 0;
      memo.set(top.node, Math.min(total, Number.MAX_SAFE_INTEGER));
    }
    return root ? (memo.get(root) ?? 0) : 0;
  };
  const childrenOf = (node: NonNullable<Node>): Node[] => {
    switch (node.kind) {
      case Kind.MAPPING:
        return [node.key, node.value];
      case Kind.MAP:
        return node.mappings ?? [];
      case Kind.SEQ:
        return node.items ?? [];
      case Kind.ANCHOR_REF:
        return [node.value];
      default:
        return [];
    }
  };
  return size(ast as Node);
}
