// src/lint/positions.ts: LineIndex gives where a line starts and ends and the offset of a column on
// it without slicing the line out, as the text split at line feeds reads it, less a CR ending a
// line, whatever the line breaks (LF, CRLF, a lone CR inside a line). placeAtKey reads the text in
// place, backwards from a value, and moves a finding to its key as the line sliced out and matched
// did (the oracle below), but in time that does not grow with the line: a minified JSON document
// is one line.
import fc from 'fast-check';
import type { IRange } from '@stoplight/types';
import { describe, expect, it } from 'vitest';
import type { KeyPart } from '../rulesets/lib/oas.js';
import { FastYaml } from '../src/engine/yaml-ast.js';
import { LineIndex, placeAtKey, placeRange } from '../src/lint/positions.js';

const splitLines = (text: string): string[] => text.split('\n').map(line => line.replace(/\r$/, ''));

/** The placing as it was written first: the line sliced out, the key matched at its end. */
function sliced(text: string, range: IRange, key: string, mark: KeyPart | null | undefined): IRange {
  const lines = splitLines(text);
  const lineOf = (n: number) => lines[n] ?? '';
  const { line, character } = range.start;
  const explicit = explicitKey(lines, line, character, key);
  if (explicit !== undefined) return placed(explicit.line, explicit.found, range, key, mark);
  const isCollection = lineOf(line)[character - 1] === ':' || lineOf(line)[character] === '{' || lineOf(line)[character] === '[';
  if (mark === undefined && !isCollection) return range;
  const keyBefore = (before: string) => {
    const trimmed = before.replace(/[ \t]+$/, '');
    if (!trimmed.endsWith(':')) return undefined;
    const token = trimmed.slice(0, -1).replace(/[ \t]+$/, '');
    for (const quote of ['"', "'", '']) {
      const spelt = `${quote}${key}${quote}`;
      if (!token.endsWith(spelt)) continue;
      const start = token.length - spelt.length;
      if (quote === '' && start > 0 && !/[\s{,?-]/.test(token[start - 1]!)) continue;
      return { start, quote: quote.length };
    }
    return undefined;
  };
  const before = lineOf(line).slice(0, character);
  let keyLine = line;
  let found = keyBefore(before);
  if (found === undefined && line > 0 && before.trim() === '') found = keyBefore(lineOf((keyLine = line - 1)));
  return found === undefined ? range : placed(keyLine, found, range, key, mark);
}

function placed(keyLine: number, found: { start: number; quote: number }, range: IRange, key: string, mark: KeyPart | null | undefined): IRange {
  const at = (c: number) => ({ line: keyLine, character: c });
  if (mark === undefined) return { start: at(found.start), end: range.end };
  if (mark === null) return { start: at(found.start), end: at(found.start + key.length + 2 * found.quote) };
  const start = found.start + found.quote + mark.offset;
  return { start: at(start), end: at(start + mark.length) };
}

/**
 * An explicit key, matched on the sliced lines: `? key` alone on its line, the next line starting
 * with `:`, and the value starting at the next line's start or past the key line's text.
 */
function explicitKey(lines: string[], line: number, character: number, key: string): { line: number; found: { start: number; quote: number } } | undefined {
  if (lines[line] === undefined) return undefined;
  const keyLine = character === 0 ? line - 1 : line;
  if (keyLine === line && character <= lines[line]!.length) return undefined;
  const text = lines[keyLine];
  if (text === undefined || !/^[ \t]*:/.test(lines[keyLine + 1] ?? '')) return undefined;
  const indicator = /^[ \t]*\?[ \t]*/.exec(text);
  if (indicator === null) return undefined;
  const rest = text.slice(indicator[0].length).replace(/[ \t]+$/, '');
  const quote = ['"', "'", ''].find(q => rest === `${q}${key}${q}`);
  return quote === undefined ? undefined : { line: keyLine, found: { start: indicator[0].length, quote: quote.length } };
}

describe('LineIndex', () => {
  it('reads the characters of lines as the text split at line feeds gives them', () => {
    const texts = fc.array(fc.constantFrom('a', ':', '{', '[', ' ', '\r', '\n', '\r\n'), { maxLength: 40 }).map(parts => parts.join(''));
    fc.assert(
      fc.property(texts, text => {
        const lines = new LineIndex(text);
        const split = splitLines(text);
        for (let n = -1; n <= split.length; n++) {
          const line = split[n] ?? '';
          const start = lines.lineStart(n);
          expect(start >= 0 ? text.slice(start, lines.lineEnd(n)) : undefined, JSON.stringify({ text, n })).toBe(n >= 0 && n < split.length ? line : undefined);
          for (let c = -2; c <= line.length + 2; c++) {
            const at = lines.offsetAt(n, c);
            expect(at >= 0 ? text[at] : undefined, JSON.stringify({ text, n, c })).toBe(c >= 0 ? line[c] : undefined);
          }
        }
      }),
      { numRuns: 2000, seed: 2026_11_26 },
    );
  });
});

describe('placeAtKey', () => {
  it('moves a finding to its key as the sliced line did, for every place on every line', () => {
    const texts = fc
      .array(fc.constantFrom('k', 'id', '"k"', "'k'", ':', ' ', '\t', '{', '[', ',', '-', '?', '\n', '\r\n', '\u00a0'), { maxLength: 30 })
      .map(parts => parts.join(''));
    const marks = fc.constantFrom<KeyPart | null | undefined>(undefined, null, { offset: 0, length: 1 });
    fc.assert(
      fc.property(texts, fc.constantFrom('k', 'id', ''), marks, (text, key, mark) => {
        const lines = new LineIndex(text);
        const count = splitLines(text).length;
        for (let line = 0; line <= count; line++) {
          for (let character = 0; character <= 12; character++) {
            const range = { start: { line, character }, end: { line, character: character + 1 } };
            expect(placeAtKey(lines, range, key, mark), JSON.stringify({ text, key, mark, line, character })).toEqual(sliced(text, range, key, mark));
          }
        }
      }),
      { numRuns: 3000, seed: 2026_11_26 },
    );
  });

  it("moves a finding at an explicit key's value to the key, with LF and with CR LF line breaks", () => {
    // PyYAML writes a key of more than 128 characters so (Twilio's longest paths); the parser starts the value oddly.
    const lf = 'paths:\n  ? /orders/{id}\n  : get: {}\n  /b: {}\n';
    for (const text of [lf, lf.replace(/\n/g, '\r\n')]) {
      const result = FastYaml.parse(text);
      const range = FastYaml.getLocationForJsonPath(result, ['paths', '/orders/{id}'])!.range;
      const lines = new LineIndex(text);
      expect(placeAtKey(lines, range, '/orders/{id}', undefined)).toEqual({ start: { line: 1, character: 4 }, end: range.end });
      expect(placeAtKey(lines, range, '/orders/{id}', { offset: 1, length: 6 })).toEqual({ start: { line: 1, character: 5 }, end: { line: 1, character: 11 } });
    }
  });

  it('finds a quoted key spelt with escapes, and places a part of it on the characters that spell that part', () => {
    const at = (text: string, key: string, mark: KeyPart | null | undefined) => {
      const lines = new LineIndex(text);
      const character = lines.text.split('\n')[1]!.lastIndexOf('{');
      return placeAtKey(lines, { start: { line: 1, character }, end: { line: 1, character: character + 2 } }, key, mark);
    };
    const line = (start: number, end: number) => ({ start: { line: 1, character: start }, end: { line: 1, character: end } });
    // PHP's json_encode writes `/` as `\/`: the segment "Line_Items" of the path is columns 13 to 23.
    const php = '{\n  "\\/orders\\/Line_Items": {}\n}';
    expect(at(php, '/orders/Line_Items', { offset: 8, length: 10 })).toEqual(line(13, 23));
    expect(at(php, '/orders/Line_Items', null)).toEqual(line(2, 24));
    expect(at(php, '/orders/Line_Items', undefined)).toEqual({ start: { line: 1, character: 2 }, end: { line: 1, character: 28 } });
    // Python's json.dumps writes non-ASCII as \u escapes: "öß" of "größe" is spelt by two of them.
    expect(at('{\n  "gr\\u00f6\\u00dfe": {}\n}', 'größe', { offset: 2, length: 2 })).toEqual(line(5, 17));
    // YAML: a doubled quote in single quotes, a \x escape in double quotes.
    expect(at("a:\n  'it''s': {}\n", "it's", null)).toEqual(line(2, 9));
    expect(at('a:\n  "\\x41b": {}\n', 'Ab', { offset: 1, length: 1 })).toEqual(line(7, 8));
    // Another key, or one that spells the key only in part: the range stays where it was.
    expect(at('{\n  "\\/other": {}\n}', '/orders', null)).toEqual(line(13, 15));
    expect(at('{\n  "\\/orders\\/x": {}\n}', '/orders', null)).toEqual(line(17, 19));
  });

  it("ends a range before a CR LF's CR, where the YAML parser ends a block scalar", () => {
    const lf = 'a:\n  b: |\n    x\nc: 1\n';
    const crlf = lf.replace(/\n/g, '\r\n');
    const range = (text: string) => FastYaml.getLocationForJsonPath(FastYaml.parse(text), ['a', 'b'])!.range;
    expect(range(lf).end).toEqual({ line: 2, character: 5 });
    expect(range(crlf).end).toEqual({ line: 2, character: 6 });
    for (const text of [lf, crlf]) expect(placeRange(new LineIndex(text), range(text), 'b', undefined).end).toEqual({ line: 2, character: 5 });
    // An empty range on a CR stays as it is.
    const empty = { start: { line: 2, character: 6 }, end: { line: 2, character: 6 } };
    expect(placeRange(new LineIndex(crlf), empty, 'b', undefined)).toEqual(empty);
  });

  it('reads a long line in place: nothing slices it out or matches it whole', () => {
    // One line, as a minified document is written. Sliced out and matched once per finding, the
    // line cost the square of its length (7 s for a 1 MB document with 4,000 findings).
    const members = Array.from({ length: 20_000 }, (_, i) => `"m${i}":{"a":1}`);
    const text = `{${members.join(',')}}`;
    const lines = new LineIndex(text);
    const places = [0, 1, 999, 19_999].map(i => ({ key: `m${i}`, character: text.indexOf(`"m${i}":`) + `"m${i}":`.length }));
    let longest = 0;
    const { slice, replace, trim } = String.prototype;
    const { test } = RegExp.prototype;
    const placed: IRange[] = [];
    try {
      String.prototype.slice = function (this: string, ...args: Parameters<typeof slice>) {
        longest = Math.max(longest, this.length);
        return slice.apply(this, args);
      };
      String.prototype.replace = function (this: string, ...args: [never, never]) {
        longest = Math.max(longest, this.length);
        return replace.apply(this, args);
      } as typeof replace;
      String.prototype.trim = function (this: string) {
        longest = Math.max(longest, this.length);
        return trim.apply(this);
      };
      RegExp.prototype.test = function (this: RegExp, input: string) {
        longest = Math.max(longest, String(input).length);
        return test.call(this, input);
      };
      for (const { key, character } of places) placed.push(placeAtKey(lines, { start: { line: 0, character }, end: { line: 0, character: character + 7 } }, key, undefined));
    } finally {
      Object.assign(String.prototype, { slice, replace, trim });
      RegExp.prototype.test = test;
    }
    expect(placed.map(r => r.start)).toEqual(places.map(({ key, character }) => ({ line: 0, character: character - key.length - 3 })));
    expect(longest).toBeLessThan(100);
  });
});
