// Resource bounds for untrusted input: file sizes, bounded reads, and the caps on what messages
// may quote. Every bound here is documented in the README ("Security and limits").
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

const MB = 1024 * 1024;

/**
 * Inputs and referenced files larger than this are refused unless --max-file-size says otherwise.
 * Memory grows with a spec's density: a generated 14 MB spec with 48,000 operations takes 1.6 GB
 * and a 57 MB one 3.2 GB, near Node's default heap. 20 MB keeps the largest real specs
 * (github-api.json, 13 MB) and stays far from it.
 */
export const DEFAULT_MAX_FILE_SIZE = 20 * MB;

/** Parses `50MB`, `200 MB`, `1.5GB`, `512KB`, `1000` (bytes). Units are binary (1 MB = 1,048,576 bytes). */
export function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(text);
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
  ) {
    super(`larger than the ${formatSize(limit)} limit (--max-file-size): refused`);
  }
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
export async function readBounded(file: string, limit: number): Promise<string> {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new NotAFileError(info.isDirectory());
    if (info.size > limit) throw new SizeLimitError(info.size, limit);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.allocUnsafe(Math.min(Math.max(info.size - total, 64 * 1024), limit + 1 - total, 16 * MB));
      if (buffer.length === 0) throw new SizeLimitError(total + 1, limit);
      const bytesRead = readSync(fd, buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      chunks.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (total > limit) throw new SizeLimitError(total, limit);
    }
    return Buffer.concat(chunks, total).toString('utf8');
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
  return Buffer.concat(chunks, total).toString('utf8');
}

/** Longest quoted value a message keeps: names are short, values that are not get cut. */
export const MAX_QUOTED = 80;
/** Longest message a finding or an input error keeps. */
export const MAX_MESSAGE = 400;

/**
 * Makes text from a document safe to print on one line: control characters (a newline in a key
 * could forge an output line) are escaped, quoted values longer than MAX_QUOTED are cut, and the
 * whole text is cut at `max`.
 */
export function safeText(text: string, max = MAX_MESSAGE): string {
  // Bound the work on a huge message before looking at it.
  let out = text.length > max * 4 ? `${text.slice(0, max * 4)}…` : text;
  out = escapeControl(out).replace(/"((?:[^"\\]|\\.){81,}?)"(?=[\s.,:;)\]}!?]|$)/g, (_, inner: string) => `"${cut(inner, MAX_QUOTED)}"`);
  return cut(out, max);
}

/** Escapes control characters (and the Unicode line separators), so text stays on one line. */
export function escapeControl(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, c => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  // Do not split a surrogate pair.
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
