// Resource bounds for untrusted input: file sizes and bounded reads (the caps on what messages may
// quote are in src/core/text.ts). Every bound here is documented in the README ("Security and limits").
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
