// Resource bounds for untrusted input: file sizes and the one bounded reader every byte apilint
// reads goes through (documents, stdin, referenced files, configs, baselines); what the text may
// hold is bounded by src/load/parse.ts, what messages may quote by src/core/text.ts. Every bound
// here is documented in the README ("Security and limits").
import { closeSync, constants, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { InputError } from '../core/errors.js';

const MB = 1024 * 1024;

/**
 * Inputs and referenced files larger than this are refused unless --max-file-size says otherwise.
 * Memory grows with a spec's density: a generated 14 MB spec with 48,000 operations takes 1.6 GB
 * and a 57 MB one 3.2 GB, near Node's default heap. 20 MB keeps the largest real specs
 * (github-api.json, 13 MB) and stays far from it.
 */
export const DEFAULT_MAX_FILE_SIZE = 20 * MB;

/**
 * Deeper documents are refused before parsing (src/load/parse.ts). Without a bound, what happens at
 * a few thousand levels depends on the stack of the thread that parses (worker threads have larger
 * ones), so the same file could be linted in one run and refused in the next. Real specs nest a
 * few dozen levels.
 */
export const MAX_NESTING = 1_000;

/**
 * How many files deep a chain of `$ref`s is followed (a.yaml → b.yaml → …). The resolver keeps the
 * chain so far for every file in it, so the cost grows with the square of the depth: 1,000 keeps it
 * small, and far above real specs (Spectral's resolver stopped silently at 100).
 */
export const MAX_REF_FILE_CHAIN = 1_000;

/**
 * How many places the inline dereferencing of one file may set (with the components its check for
 * circular places walks). Chains and fan-in set each place once; only refs that form cycles of
 * refs, or point inside other refs, take the general walk, which sets every place as often as
 * there are pointers down its chain (a cycle of 10,000 refs: 10^8 sets, a minute). Past the bound
 * the file's resolution stops with an error that says so.
 */
export const MAX_REF_SETS = 2_000_000;

/** Parses `50MB`, `200 MB`, `1.5GB`, `512KB`, `1000` (bytes). Units are binary (1 MB = 1,048,576 bytes). */
export function parseSize(text: string): number | undefined {
  // Trimmed first: blanks at both ends of the pattern made a run of them cost quadratic time.
  const match = /^(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?$/i.exec(text.trim());
  if (!match) return undefined;
  const unit = (match[2] ?? 'b').toLowerCase()[0]!;
  const factor = unit === 'k' ? 1024 : unit === 'm' ? MB : unit === 'g' ? 1024 * MB : 1;
  const bytes = Math.floor(Number(match[1]) * factor);
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** `52,428,800 bytes` → `50 MB` where exact, else the byte count. */
export function formatSize(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}

export class SizeLimitError extends Error {
  constructor(
    readonly size: number,
    readonly limit: number,
    /** The size is the file's (known before reading), not what was read until the limit. */
    readonly known = false,
  ) {
    super(`larger than the ${formatSize(limit)} limit (--max-file-size): refused`);
  }
}

/** A file's text as apilint reads it: see normalizeText. */
const decode = (buffer: Buffer): string => normalizeText(buffer.toString('utf8'));

/** Where readBoundedSync reads past a file's stated size. */
const probe = Buffer.allocUnsafe(64 * 1024);

/**
 * Text as the parsers and position lookups take it: without a byte order mark (which the YAML
 * parser skipped while positions still counted it, so every column came out one too small), and
 * with a lone CR, a line break in YAML and JSON, written as LF (the position lookups broke lines
 * at LF only, so a file with CR line endings had every finding on line 1). Offsets are unchanged
 * but for the mark, so line 1's columns are counted after it, as editors show them.
 */
export function normalizeText(text: string): string {
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return unmarked.includes('\r') ? unmarked.replace(/\r(?!\n)/g, '\n') : unmarked;
}

/** Standard input, or another stream, as a source to read. */
export interface StreamSource {
  stream: AsyncIterable<Buffer | string>;
  name: string;
}

/**
 * Reads a file or a stream with the bounds above: a regular file is refused before reading when
 * larger than `limit` bytes, a pipe or device (`-c /dev/zero`, a FIFO) as soon as it passes it.
 * Throws an InputError naming the file.
 */
export async function readSource(source: string | StreamSource, limit: number): Promise<string> {
  if (typeof source !== 'string') return readStream(source.stream, source.name, limit);
  try {
    return readBoundedSync(source, limit);
  } catch (error) {
    if (!(error instanceof NotAFileError) || error.directory) throw readError(error, source);
  }
  return readStream(createReadStream(source), source, limit);
}

async function readStream(stream: AsyncIterable<Buffer | string>, name: string, limit: number): Promise<string> {
  try {
    return await readStreamBounded(stream, limit);
  } catch (error) {
    throw readError(error, name);
  }
}

/** readSource for a file that must be a regular one (a config, a baseline): synchronous. */
export function readSourceSync(file: string, limit: number): string {
  try {
    return readBoundedSync(file, limit);
  } catch (error) {
    throw readError(error, file);
  }
}

function readError(error: unknown, file: string): InputError {
  if (error instanceof SizeLimitError) {
    const size = error.known ? `${error.size.toLocaleString('en-US')} bytes` : `more than ${formatSize(error.limit)}`;
    return new InputError(file, `file too large (${size}): the limit is ${formatSize(error.limit)}, raise it with --max-file-size`);
  }
  if (error instanceof NotAFileError) return new InputError(file, error.message);
  const code = (error as NodeJS.ErrnoException).code;
  return new InputError(file, code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : code === 'ENOENT' ? 'no such file' : `cannot read file (${code ?? 'unknown error'})`);
}

export class NotAFileError extends Error {
  constructor(readonly directory: boolean) {
    super(directory ? 'is a directory' : 'not a regular file');
  }
}

/**
 * Reads a regular file as UTF-8, refusing one larger than `limit` bytes before reading it. The
 * file is opened non-blocking (a FIFO cannot stall the run) and read at most `limit + 1` bytes
 * deep, so a file that grows while it is read is refused too, never read without bound. Only a
 * regular file is read, which never blocks: synchronously, as a promise-based read costs five
 * thread-pool round trips (0.3 ms) per file.
 */
export function readBoundedSync(file: string, limit: number): string {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new NotAFileError(info.isDirectory());
    if (info.size > limit) throw new SizeLimitError(info.size, limit, true);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const room = Math.min(limit + 1 - total, 16 * MB);
      // The size fstat gave is read into a buffer of that size; what lies past it (mostly nothing:
      // the read that finds the end) into the shared probe. A buffer per read cost a spec of 2,900
      // small files two 64 KB allocations each.
      const stated = info.size - total > 0;
      const buffer = stated ? Buffer.allocUnsafe(Math.min(info.size - total, room)) : probe.subarray(0, Math.min(probe.length, room));
      if (buffer.length === 0) throw new SizeLimitError(total + 1, limit);
      const bytesRead = readSync(fd, buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      const read = bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
      chunks.push(stated ? read : Buffer.from(read));
      total += bytesRead;
      if (total > limit) throw new SizeLimitError(total, limit);
    }
    return decode(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
  } finally {
    closeSync(fd);
  }
}

/** Reads a stream (stdin) as UTF-8, giving up as soon as it passes `limit` bytes. */
export async function readStreamBounded(stream: AsyncIterable<Buffer | string>, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (total > limit) throw new SizeLimitError(total, limit);
    chunks.push(buffer);
  }
  return decode(Buffer.concat(chunks, total));
}
