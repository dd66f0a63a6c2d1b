// Inputs → parsed documents. Everything that makes an input unlintable becomes an InputError with
// the file and, where known, the line and column: the CLI prints it as one line and exits 2.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { IParser } from '@stoplight/spectral-parsers';
import { eventTypes, isOpenApi } from '../../rulesets/formats.js';
import { InputError } from '../core/errors.js';
import { compareCodeUnits } from '../core/finding.js';
import { STDIN } from '../core/paths.js';
import { safeText } from '../core/text.js';
import type { CheckedText, DocumentReaders } from '../engine/index.js';
import { DEFAULT_MAX_FILE_SIZE, normalizeText, readSource } from './limits.js';
import { parseGuarded, refuseSyntaxErrors } from './parse.js';


export type DocumentKind = 'openapi' | 'event-types';

export interface LoadedDocument {
  /** Absolute path, or `<stdin>`. */
  source: string;
  text: string;
  kind: DocumentKind;
  /** Parser whose `parse` returns the result already computed, so Spectral does not parse twice. */
  parser: IParser;
}

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
      // Symlinked folders are not followed, as in a directory walk: no way out of the tree, no loop.
      const files = await glob(input, { cwd, absolute: true, ignore: ['**/node_modules/**'], followSymbolicLinks: false });
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
 * Reads an input (a file, a pipe, `<stdin>`) within `maxFileSize` bytes, with the one bounded
 * reader every input goes through (src/load/limits.ts).
 */
export async function readInput(file: string, maxFileSize = DEFAULT_MAX_FILE_SIZE): Promise<string> {
  return readSource(file === STDIN ? { stream: process.stdin as AsyncIterable<Buffer>, name: STDIN } : file, maxFileSize);
}

/** API documents this thread has parsed (bin/apilint.js writes its code cache only after one). */
let documentsParsed = 0;

/** Whether this thread has parsed an API document to lint or compare: a run that only printed its version, help or rules compiled little worth caching. */
export const hasParsedDocuments = (): boolean => documentsParsed > 0;

/**
 * Parses one input with the engine's readers (Linter.parse). A file that was not named explicitly (the files of a directory or a glob, and
 * every file with --ignore-unknown-format) is skipped, with undefined, when it is not an OpenAPI
 * or event type document: YAML/JSON of another kind, or a file that cannot be read as YAML/JSON
 * and shows no sign of being an API document (a Helm template, a binary `.json`). A file that
 * claims to be one (an `openapi` or `swagger` key, an event type's fields) stays an error.
 */
export function parseDocument(raw: string, source: string, explicit: boolean, readers: DocumentReaders): LoadedDocument | undefined {
  documentsParsed++;
  // Texts read from disk or stdin are normalized already (src/load/limits.ts); an editor's buffer is here.
  const text = normalizeText(raw);
  const json = source.toLowerCase().endsWith('.json') || (source === STDIN && /^\s*[{[]/.test(text));
  let result;
  try {
    result = parseGuarded(text, source, { json, readers, syntax: 'refuse' });
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
 * nesting, alias bombs, `__proto__` keys), whatever it holds: from its text, or, where `input` is
 * the sandbox's CheckedText (src/resolve/sandbox.ts), from the parse that checked it. The parser's
 * `parse` returns that result, so nothing parses twice.
 */
export function parseFragment(source: string, readers: DocumentReaders, input: { text: string } | CheckedText): { data: unknown; parser: IParser } {
  const { text } = input;
  const json = 'json' in input ? input.json : source.toLowerCase().endsWith('.json');
  const result = 'result' in input ? refuseSyntaxErrors(input.result, text, source, json) : parseGuarded(text, source, { json, readers, syntax: 'refuse' });
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

