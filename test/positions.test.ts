// LineIndex (src/lint/positions.ts) gives a line's text, or one character of it without slicing the
// line out: both as the text split at line feeds reads, less a CR ending a line, whatever the
// line breaks (LF, CRLF, a lone CR inside a line).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../src/lint/positions.js';

describe('LineIndex', () => {
  it('reads lines and their characters as the text split at line feeds gives them', () => {
    const texts = fc.array(fc.constantFrom('a', ':', '{', '[', ' ', '\r', '\n', '\r\n'), { maxLength: 40 }).map(parts => parts.join(''));
    fc.assert(
      fc.property(texts, text => {
        const lines = new LineIndex(text);
        const split = text.split('\n').map(line => line.replace(/\r$/, ''));
        for (let n = -1; n <= split.length; n++) {
          const line = split[n] ?? '';
          expect(lines.line(n), JSON.stringify({ text, n })).toBe(line);
          for (let c = -2; c <= line.length + 2; c++) expect(lines.charAt(n, c), JSON.stringify({ text, n, c })).toBe(c >= 0 ? line[c] : undefined);
        }
      }),
      { numRuns: 2000, seed: 2026_11_26 },
    );
  });
});
