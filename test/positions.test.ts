// LineIndex (src/lint/positions.ts) reads a character of a line without slicing the line out: it
// must answer as the sliced line does, whatever the line breaks (LF, CRLF, a lone CR).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../src/lint/positions.js';

describe('LineIndex', () => {
  it("reads a character of a line as the line's text gives it", () => {
    const texts = fc.array(fc.constantFrom('a', ':', '{', '[', ' ', '\r', '\n', '\r\n'), { maxLength: 40 }).map(parts => parts.join(''));
    fc.assert(
      fc.property(texts, text => {
        const lines = new LineIndex(text);
        const count = text.split('\n').length;
        for (let n = -1; n <= count; n++) {
          const line = lines.line(n);
          for (let c = -2; c <= line.length + 2; c++) expect(lines.charAt(n, c), JSON.stringify({ text, n, c })).toBe(c >= 0 ? line[c] : undefined);
        }
      }),
      { numRuns: 2000, seed: 2026_11_26 },
    );
  });
});
