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

  constructor(private readonly text: string) {}

  /** Text of the 0-based line, without its line break. */
  line(n: number): string {
    const bounds = this.bounds(n);
    return bounds ? this.text.slice(bounds[0], bounds[1]) : '';
  }

  /** The character at `column` of the 0-based line (as `line(n)[column]`, without slicing the line), or undefined. */
  charAt(n: number, column: number): string | undefined {
    const bounds = this.bounds(n);
    if (!bounds || column < 0) return undefined;
    const at = bounds[0] + column;
    return at < bounds[1] ? this.text[at] : undefined;
  }

  /** Where the 0-based line starts and ends, its line break (a line feed, or CR LF) left out. */
  private bounds(n: number): [start: number, end: number] | undefined {
    const starts = (this.starts ??= lineFeedStarts(this.text));
    if (n < 0 || n >= starts.length) return undefined;
    let end = n + 1 < starts.length ? starts[n + 1]! - 1 : this.text.length;
    if (end > starts[n]! && this.text.charCodeAt(end - 1) === 13) end--;
    return [starts[n]!, end];
  }
}

/**
 * The range of a finding at `key`'s value (`range`, Spectral's), moved to the key: for a finding
 * about the key (`mark` null: all of it, or a part), the key or the part; otherwise, where the
 * value is a mapping or a sequence, from the key to the value's end. Unchanged where the key is
 * not found just before the value (a key spelt with escapes, say).
 */
export function placeAtKey(lines: LineIndex, range: IRange, key: string, mark: KeyPart | null | undefined): IRange {
  const { line, character } = range.start;
  if (mark === undefined && !isCollectionStart(lines, line, character)) return range;
  const before = lines.line(line).slice(0, character);
  let keyLine = line;
  let found = keyBefore(before, key);
  // A value may start on the line after its key (a plain scalar, a sequence in JSON).
  if (found === undefined && line > 0 && before.trim() === '') found = keyBefore(lines.line((keyLine = line - 1)), key);
  if (found === undefined) return range;
  const at = (character: number) => ({ line: keyLine, character });
  if (mark === undefined) return { start: at(found.start), end: range.end };
  // The key as written (quotes included), or the part of its value.
  if (mark === null) return { start: at(found.start), end: at(found.start + key.length + 2 * found.quote) };
  const start = found.start + found.quote + mark.offset;
  return { start: at(start), end: at(start + mark.length) };
}

/** Spectral starts a mapping or sequence value right after its key's colon (YAML) or at its bracket. */
const isCollectionStart = (lines: LineIndex, line: number, character: number): boolean =>
  lines.charAt(line, character - 1) === ':' || lines.charAt(line, character) === '{' || lines.charAt(line, character) === '[';

/** Where `key` (plain or quoted) starts in `before`, which must end with the key, a colon and blanks. */
function keyBefore(before: string, key: string): { start: number; quote: number } | undefined {
  // `(?<![ \t])`: a run of blanks is scanned once, not from each blank (quadratic: 33 s on a 200 KB line).
  const trimmed = before.replace(/(?<![ \t])[ \t]+$/, '');
  if (!trimmed.endsWith(':')) return undefined;
  const token = trimmed.slice(0, -1).replace(/(?<![ \t])[ \t]+$/, '');
  for (const quote of ['"', "'", '']) {
    const spelt = `${quote}${key}${quote}`;
    if (!token.endsWith(spelt)) continue;
    const start = token.length - spelt.length;
    // A plain key is a whole token: what precedes it ends a token (indentation, `- `, `{`, `,`, `?`).
    if (quote === '' && start > 0 && !/[\s{,?-]/.test(token[start - 1]!)) continue;
    return { start, quote: quote.length };
  }
  return undefined;
}
