// Where a finding starts on its line. Spectral gives the range of the node at the finding's path.
// For a mapping or sequence that is the value of a key, YAML's range starts right after the key's
// colon (JSON's at the brace): a column that points at nothing a reader looks for. Such a finding
// starts at its key instead, as a reader sees the node (`post:`, `'201':`, `/orders:`). A finding
// about the key itself (a path ending in AT_KEY) spans the key, or the part of it that the rule
// names (one segment of a path, say).
import type { IRange } from '@stoplight/types';
import type { KeyPart } from '../../rulesets/lib/oas.js';
import { lineFeedStarts } from '../core/lines.js';

/** The lines of one file's text, indexed on first use. */
export class LineIndex {
  private starts: readonly number[] | undefined;

  constructor(readonly text: string) {}

  /** The offset of `column` on the 0-based line, or -1 where the line has no such column. */
  offsetAt(n: number, column: number): number {
    const start = this.lineStart(n);
    if (start < 0 || column < 0) return -1;
    const at = start + column;
    return at < this.lineEnd(n) ? at : -1;
  }

  /** Where the 0-based line starts in the text, or -1 for no such line. */
  lineStart(n: number): number {
    const starts = (this.starts ??= lineFeedStarts(this.text));
    return n < 0 || n >= starts.length ? -1 : starts[n]!;
  }

  /** Where the 0-based line (one that lineStart finds) ends, its line break (a line feed, or CR LF) left out. */
  lineEnd(n: number): number {
    const starts = (this.starts ??= lineFeedStarts(this.text));
    let end = n + 1 < starts.length ? starts[n + 1]! - 1 : this.text.length;
    if (end > starts[n]! && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }
}

/**
 * The range of a finding at `key`'s value (`range`, Spectral's), moved to the key: for a finding
 * about the key (`mark` null: all of it, or a part), the key or the part; otherwise, where the
 * value is a mapping or a sequence, from the key to the value's end. Unchanged where the key is
 * not found just before the value. A quoted key may be spelt with escapes (`"\/orders"`, as PHP's
 * json_encode writes paths, or `"gr\u00f6\u00dfe"`, as Python's writes names): a part of it is
 * placed on the characters that spell it. The text is read in place,
 * backwards from the value: a minified JSON document is one line, and slicing it (or matching it)
 * once per finding cost the square of its size.
 */
export function placeAtKey(lines: LineIndex, range: IRange, key: string, mark: KeyPart | null | undefined): IRange {
  const { line, character } = range.start;
  const explicit = explicitKey(lines, line, character, key);
  if (explicit !== undefined) return onKey(explicit.line, explicit.found, range, key, mark);
  if (mark === undefined && !isCollectionStart(lines, line, character)) return range;
  const { text } = lines;
  // Where the value's line starts and the value (the same: an empty line, where the line is not in the text).
  const valueLine = lines.lineStart(line);
  const lineStart = Math.max(valueLine, 0);
  const value = valueLine < 0 ? 0 : Math.min(valueLine + Math.max(character, 0), lines.lineEnd(line));
  let keyLine = line;
  let found = keyBefore(text, lineStart, value, key);
  // A value may start on the line after its key (a plain scalar, a sequence in JSON).
  if (found === undefined && line > 0 && onlyBlanks(text, lineStart, value)) {
    const previous = lines.lineStart((keyLine = line - 1));
    if (previous >= 0) found = keyBefore(text, previous, lines.lineEnd(keyLine), key);
  }
  return found === undefined ? range : onKey(keyLine, found, range, key, mark);
}

/** Where a key was found on its line: its column, and whether it is quoted (1) or not (0). */
interface FoundKey {
  start: number;
  quote: number;
  /** For a key spelt with escapes: where each of its characters (and its end) is spelt, from the opening quote's next column. */
  spelling?: readonly number[];
}

/** The range moved to the key found on `keyLine`: from it to the value's end, the key itself, or the part marked. */
function onKey(keyLine: number, found: FoundKey, range: IRange, key: string, mark: KeyPart | null | undefined): IRange {
  const at = (character: number) => ({ line: keyLine, character });
  if (mark === undefined) return { start: at(found.start), end: range.end };
  const { spelling } = found;
  // The key as written (quotes included), or the part of its value.
  if (mark === null) return { start: at(found.start), end: at(found.start + (spelling ? spelling[key.length]! : key.length) + 2 * found.quote) };
  const from = found.start + found.quote;
  if (!spelling) return { start: at(from + mark.offset), end: at(from + mark.offset + mark.length) };
  return { start: at(from + spelling[mark.offset]!), end: at(from + spelling[mark.offset + mark.length]!) };
}

/**
 * The key of an explicit entry, `? key` on a line of its own and `: value` on the next, as YAML
 * writers spell a long key (PyYAML one of more than 128 characters). yaml-ast-parser starts a
 * collection value of such a key one character after the key's line: at the next line's start,
 * or with a CR LF at its LF, past the line's text.
 */
function explicitKey(lines: LineIndex, line: number, character: number, key: string): { line: number; found: FoundKey } | undefined {
  const valueLine = lines.lineStart(line);
  if (valueLine < 0) return undefined;
  const keyLine = character === 0 ? line - 1 : line;
  if (keyLine === line && valueLine + character <= lines.lineEnd(line)) return undefined;
  const start = lines.lineStart(keyLine);
  const next = lines.lineStart(keyLine + 1);
  if (start < 0 || next < 0) return undefined;
  const { text } = lines;
  let i = next;
  while (isBlank(text, i)) i++;
  if (text[i] !== ':') return undefined;
  // The key line: blanks, `?`, blanks, the key, blanks.
  let at = start;
  while (isBlank(text, at)) at++;
  if (text[at] !== '?') return undefined;
  at++;
  while (isBlank(text, at)) at++;
  const end = lines.lineEnd(keyLine);
  for (const quote of QUOTES) {
    if (!spelt(text, at, key, quote)) continue;
    let after = at + key.length + (quote === 0 ? 0 : 2);
    while (isBlank(text, after)) after++;
    if (after === end) return { line: keyLine, found: { start: at - start, quote: quote === 0 ? 0 : 1 } };
  }
  return undefined;
}

/** Where a reader sees a finding at `key`'s value: at the key (placeAtKey), its end on the line's text. */
export const placeRange = (lines: LineIndex, range: IRange, key: string, mark: KeyPart | null | undefined): IRange =>
  endBeforeCarriageReturn(lines, placeAtKey(lines, range, key, mark));

/**
 * The range with its end moved back over a CR. The YAML parser ends a block scalar (`|`, `>`), and
 * every collection that ends with one, at the line feed after it: with CR LF line breaks the range
 * took in the CR, a column past the line's text in an editor or a SARIF region.
 */
function endBeforeCarriageReturn(lines: LineIndex, range: IRange): IRange {
  const { start, end } = range;
  const lineStart = lines.lineStart(end.line);
  if (lineStart < 0 || end.character === 0 || (end.line === start.line && end.character <= start.character)) return range;
  if (lines.text.charCodeAt(lineStart + end.character - 1) !== CARRIAGE_RETURN) return range;
  return { start, end: { line: end.line, character: end.character - 1 } };
}

/** Spectral starts a mapping or sequence value right after its key's colon (YAML) or at its bracket. */
function isCollectionStart(lines: LineIndex, line: number, character: number): boolean {
  const before = lines.offsetAt(line, character - 1);
  if (before >= 0 && lines.text.charCodeAt(before) === COLON) return true;
  const at = lines.offsetAt(line, character);
  const c = at < 0 ? -1 : lines.text.charCodeAt(at);
  return c === OPEN_BRACE || c === OPEN_BRACKET;
}

const COLON = 58;
const CARRIAGE_RETURN = 13;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const DOUBLE_QUOTE = 34;
const BACKSLASH = 92;
const SINGLE_QUOTE = 39;

/** Whether the text from `from` to `to` is white space (as `trim` counts it), read from its end. */
function onlyBlanks(text: string, from: number, to: number): boolean {
  for (let i = to - 1; i >= from; i--) if (!/\s/.test(text[i]!)) return false;
  return true;
}

const isBlank = (text: string, i: number): boolean => text[i] === ' ' || text[i] === '\t';

/**
 * Where `key` (plain or quoted) starts on the line that begins at `lineStart`, as a column, if the
 * text up to `end` ends with the key, a colon and blanks.
 */
function keyBefore(text: string, lineStart: number, end: number, key: string): FoundKey | undefined {
  let i = end;
  while (i > lineStart && isBlank(text, i - 1)) i--;
  if (i === lineStart || text[i - 1] !== ':') return undefined;
  i--;
  while (i > lineStart && isBlank(text, i - 1)) i--;
  for (const quote of QUOTES) {
    const start = i - key.length - (quote === 0 ? 0 : 2);
    if (start < lineStart || !spelt(text, start, key, quote)) continue;
    // A plain key is a whole token: what precedes it ends a token (indentation, `- `, `{`, `,`, `?`).
    if (quote === 0 && start > lineStart && !/[\s{,?-]/.test(text[start - 1]!)) continue;
    return { start: start - lineStart, quote: quote === 0 ? 0 : 1 };
  }
  return escapedKeyBefore(text, lineStart, i, key);
}

/**
 * A quoted key that ends at `end` and means `key` once its escapes are read: JSON's (and YAML's
 * double-quoted `\x41`, `\U0001F600` and one-letter ones), or YAML's `''` in single quotes.
 */
function escapedKeyBefore(text: string, lineStart: number, end: number, key: string): FoundKey | undefined {
  const quote = text.charCodeAt(end - 1);
  if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) return undefined;
  // The opening quote: one no backslash escapes (double quotes), or not doubled (single quotes).
  let open = end - 2;
  for (; open >= lineStart; open--) {
    if (text.charCodeAt(open) !== quote) continue;
    if (quote === SINGLE_QUOTE) {
      if (text.charCodeAt(open - 1) === SINGLE_QUOTE) {
        open--;
        continue;
      }
      break;
    }
    let slashes = 0;
    while (text.charCodeAt(open - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) break;
  }
  if (open < lineStart) return undefined;
  const spelling = unescaped(text, open + 1, end - 1, quote, key);
  return spelling && { start: open - lineStart, quote: 1, spelling };
}

/** Where each character of `key` is spelt between `from` and `to` (and where it ends), if the text there means `key`. */
function unescaped(text: string, from: number, to: number, quote: number, key: string): number[] | undefined {
  const spelling: number[] = [];
  let i = from;
  while (i < to) {
    const at = i - from;
    let units: string;
    if (quote === SINGLE_QUOTE) {
      units = text[i]!;
      i += text.charCodeAt(i) === SINGLE_QUOTE ? 2 : 1;
    } else if (text.charCodeAt(i) !== BACKSLASH) {
      units = text[i]!;
      i++;
    } else {
      const code = text[i + 1];
      const hex = code === 'u' ? 4 : code === 'x' ? 2 : code === 'U' ? 8 : 0;
      if (hex > 0) {
        const n = Number.parseInt(text.slice(i + 2, i + 2 + hex), 16);
        if (!/^[0-9a-fA-F]+$/.test(text.slice(i + 2, i + 2 + hex)) || n > 0x10ffff) return undefined;
        units = String.fromCodePoint(n);
        i += 2 + hex;
      } else {
        const one = code === undefined ? undefined : ESCAPES[code];
        if (one === undefined) return undefined;
        units = one;
        i += 2;
      }
    }
    for (let u = 0; u < units.length; u++) spelling.push(at);
    if (spelling.length > key.length || !key.startsWith(units, spelling.length - units.length)) return undefined;
  }
  if (spelling.length !== key.length) return undefined;
  spelling.push(to - from);
  return spelling;
}

/** One-letter escapes of JSON and of YAML's double-quoted scalars. */
const ESCAPES: Record<string, string> = {
  '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t',
  '0': '\0', a: '\x07', v: '\v', e: '\x1b', ' ': ' ', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029',
};

/** A key's quotes, as character codes (0: none), in the order they are tried. */
const QUOTES = [DOUBLE_QUOTE, SINGLE_QUOTE, 0] as const;

/** Whether the text at `start` is `key` in the quotes `quote` (0: none), without building the quoted key. */
function spelt(text: string, start: number, key: string, quote: number): boolean {
  if (quote === 0) return text.startsWith(key, start);
  return text.charCodeAt(start) === quote && text.startsWith(key, start + 1) && text.charCodeAt(start + 1 + key.length) === quote;
}
