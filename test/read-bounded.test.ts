// Reading a regular file within --max-file-size (src/load/limits.ts): the size fstat states is
// read into one buffer of that size, anything past it through a shared probe, so that a file that
// states a wrong size (a file in /proc states none) is read whole, and refused past the limit.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/core/errors.js';
import { readSourceSync } from '../src/load/limits.js';

describe('reading a regular file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-read-'));
  const write = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };

  it('gives the text of small, empty, multi-byte and large files, each read after another', () => {
    const texts = ['openapi: 3.0.3\n', '', 'title: Größe – 価格 ✓\n', `${'x'.repeat(70_000)}\n`, `a: ${'ü'.repeat(40_000)}\n`, 'b: 1\n'];
    texts.forEach((text, i) => expect(readSourceSync(write(`f${i}.yaml`, text), 1_000_000)).toBe(text));
  });

  it('refuses a file past the limit before reading it, and reads one at the limit', () => {
    const file = write('limit.yaml', 'x'.repeat(100));
    expect(readSourceSync(file, 100)).toBe('x'.repeat(100));
    expect(() => readSourceSync(file, 99)).toThrow(InputError);
  });

  it.runIf(existsSync('/proc/self/cmdline'))('reads a file that states no size to its end, and refuses it past the limit', () => {
    // /proc files state a size of 0: everything is read past the stated size.
    const file = '/proc/self/cmdline';
    const text = readSourceSync(file, 1_000_000);
    expect(text.length).toBeGreaterThan(10);
    expect(text).toBe(readFileSync(file, 'utf8'));
    expect(() => readSourceSync(file, 10)).toThrow(InputError);
  });

  it.runIf(existsSync('/proc/self/smaps'))('reads a file that states no size through more than one probe read, each kept', () => {
    // The mappings of this process: more than one 64 KB read, every line a mapping or a field.
    const text = readSourceSync('/proc/self/smaps', 10_000_000);
    expect(text.length).toBeGreaterThan(65_536);
    expect(text.trimEnd().split('\n').every(line => /^[0-9a-f]+-[0-9a-f]+ |^[A-Za-z_]+:/.test(line))).toBe(true);
    const rest = text.length - 65_536;
    expect(text.slice(65_536)).not.toBe(text.slice(0, rest));
  });
});
