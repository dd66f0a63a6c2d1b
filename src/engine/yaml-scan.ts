// YAML to data and positions in one pass, for the YAML that API documents are written in.
//
// yaml-ast-parser (js-yaml 3's loader, with positions) builds a syntax tree, and FastYaml
// (src/engine/yaml-ast.ts) walked that tree to data: on the medium benchmark spec the two were a fifth of
// the run. Most of that was work nobody reads: every plain scalar was tried against five types
// with regular expressions, every node carried an error list, every line and comment was
// recorded, and the data needed a second pass. This module is the same loader, function by
// function, with that work left out: the same scanning decisions, so the same data and the same
// node positions, with nodes that hold only what the position lookups read (kind, positions,
// parent, key, value, items, mappings). Whatever the port leaves out throws NotPorted and goes to
// the full path: tags, anchors and aliases, directives, explicit `?` keys other than a scalar
// followed by its `:` line (in flow collections, any), more than one document, a key that is not a
// scalar, a duplicate, `<<` or `__proto__` key, a tab or any other place where the loader would
// record an error or a warning.
/** Thrown where the text needs what only the full parser does. */
export class NotPorted extends Error {}

/** yaml-ast-parser's Kind values. */
export const enum Kind {
  SCALAR = 0,
  MAPPING = 1,
  MAP = 2,
  SEQ = 3,
}

/** A syntax tree node with the fields @stoplight/yaml's position lookups read. */
export interface LightNode {
  kind: Kind;
  startPosition: number;
  endPosition: number;
  parent: LightNode | null;
  /** A scalar's text; a mapping pair's value node. */
  value?: string | LightNode | null;
  key?: LightNode;
  /** A mapping pair's key as a data key. */
  name?: string;
  mappings?: LightNode[];
  items?: (LightNode | null)[];
  /** The root's (always empty) error list, as the loader gives the document node. */
  errors?: unknown[];
}

/** How a plain scalar's text reads as data (src/engine/yaml-ast.ts, @stoplight/yaml's scalar inference). */
export interface ScalarReader {
  plain(text: string): unknown;
  /** A mapping key's string (a key that reads as another type is reported on `node`). */
  key(text: string, plain: boolean, node: LightNode): string;
  /** The data of a mapping, given its keys in document order. */
  map(container: Record<string, unknown>, keys: string[], indexKeys: boolean): unknown;
}

const CONTEXT_FLOW_IN = 1;
const CONTEXT_FLOW_OUT = 2;
const CONTEXT_BLOCK_IN = 3;
const CONTEXT_BLOCK_OUT = 4;
const CHOMPING_CLIP = 1;
const CHOMPING_STRIP = 2;
const CHOMPING_KEEP = 3;

const PATTERN_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
/** What the loader's JSON character check refuses in a quoted scalar. */
const NON_JSON = /[\x00-\x08\x0A-\x1F]/;
/** An array index key (a plain object lists those first). */
const INDEX_KEY = /^(?:0|[1-9]\d{0,9})$/;

// Runs of characters that the loader's character loops only step over, matched natively. Until
// the JIT has compiled those loops, the interpreter spent several bytecodes and calls per
// character on them: most of a cold parse (bench/README.md).
/**
 * Within a plain scalar: words, and the blanks between them, ending on a word character. None is
 * `:`, `#`, a line break or the input's final NUL, which the loop must look at; nor, in a flow
 * collection, a flow indicator.
 */
const PLAIN_RUN = /[^:#\r\n\0 \t]+(?:[ \t]+[^:#\r\n\0 \t]+)*/y;
const PLAIN_RUN_IN_FLOW = /[^:#\r\n\0 \t,[\]{}]+(?:[ \t]+[^:#\r\n\0 \t,[\]{}]+)*/y;
/** Within a quoted scalar: anything but its quote, a backslash (double quotes), a line break or the NUL. */
const SINGLE_QUOTED_RUN = /[^'\r\n\0]+/y;
const DOUBLE_QUOTED_RUN = /[^"\\\r\n\0]+/y;
/** The rest of a line. */
const LINE_REST = /[^\r\n\0]*/y;
/** Spaces. */
const SPACES = / */y;

/** The position after `pattern`'s match at `position` (sticky), or `position`. */
function skip(pattern: RegExp, input: string, position: number): number {
  pattern.lastIndex = position;
  return pattern.test(input) ? pattern.lastIndex : position;
}

const isEol = (c: number) => c === 0x0a || c === 0x0d;
const isWhiteSpace = (c: number) => c === 0x09 || c === 0x20;
const isWsOrEol = (c: number) => c === 0x09 || c === 0x20 || c === 0x0a || c === 0x0d;
const isFlowIndicator = (c: number) => c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d;

function fromHexCode(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lc = c | 0x20;
  return lc >= 0x61 && lc <= 0x66 ? lc - 0x61 + 10 : -1;
}

const escapedHexLen = (c: number) => (c === 0x78 ? 2 : c === 0x75 ? 4 : c === 0x55 ? 8 : 0);

const SIMPLE_ESCAPES: Record<number, string> = {
  0x30: '\x00', 0x61: '\x07', 0x62: '\x08', 0x74: '\x09', 0x09: '\x09', 0x6e: '\x0A', 0x76: '\x0B', 0x66: '\x0C', 0x72: '\x0D', 0x65: '\x1B',
  0x20: ' ', 0x22: '"', 0x2f: '/', 0x5c: '\\', 0x4e: '\x85', 0x5f: '\xA0', 0x4c: '\u2028', 0x50: '\u2029',
};

function charFromCodepoint(c: number): string {
  return c <= 0xffff ? String.fromCharCode(c) : String.fromCharCode(((c - 0x010000) >> 10) + 0xd800, ((c - 0x010000) & 0x03ff) + 0xdc00);
}

function scalarNode(start: number): LightNode {
  return { kind: Kind.SCALAR, startPosition: start, endPosition: -1, parent: null, value: '' };
}

export interface ScanResult {
  ast: LightNode;
  data: unknown;
}

/** The document's tree and data, or NotPorted. */
export function scanYaml(text: string, reader: ScalarReader): ScanResult {
  return new Scanner(text, reader).document();
}

class Scanner {
  private readonly input: string;
  private readonly length: number;
  private position = 0;
  private line = 0;
  private lineStart = 0;
  private lineIndent = 0;
  /** The node and data the last successful read produced. */
  private result: LightNode | null = null;
  private data: unknown = null;
  /** Whether the last scalar read was plain (its data depends on its text). */
  private plain = false;

  constructor(
    private readonly text: string,
    private readonly reader: ScalarReader,
  ) {
    // The loader's input: a final line break added, a byte order mark is left to it.
    if (text.charCodeAt(0) === 0xfeff) throw new NotPorted();
    const last = text.charCodeAt(text.length - 1);
    this.input = `${text}${last === 0x0a || last === 0x0d ? '' : '\n'}\0`;
    this.length = this.input.length;
  }

  private ch(offset = 0): number {
    return this.input.charCodeAt(this.position + offset);
  }

  document(): ScanResult {
    const { input } = this;
    while (input.charCodeAt(this.position) === 0x20) {
      this.lineIndent++;
      this.position++;
    }
    if (this.position >= this.length - 1) throw new NotPorted();
    // readDocument: no directives (a `%` line).
    this.skipSeparationSpace(true);
    if (this.lineIndent === 0 && this.ch() === 0x25) throw new NotPorted();
    if (this.lineIndent === 0 && this.ch() === 0x2d && this.ch(1) === 0x2d && this.ch(2) === 0x2d) {
      this.position += 3;
      this.skipSeparationSpace(true);
    }
    if (!this.composeNode(this.lineIndent - 1, CONTEXT_BLOCK_OUT, false, true)) throw new NotPorted();
    const root = this.result!;
    const data = this.data;
    this.skipSeparationSpace(true);
    // Anything after the document (`...`, another document, or an error) is the parser's.
    if (this.position < this.length - 1) throw new NotPorted();
    if (root.kind !== Kind.MAP) throw new NotPorted();
    root.endPosition = this.text.length;
    if (root.startPosition > root.endPosition) root.startPosition = root.endPosition;
    root.errors = [];
    return { ast: root, data };
  }

  private readLineBreak(): void {
    const ch = this.ch();
    if (ch === 0x0a) this.position++;
    else if (ch === 0x0d) {
      this.position++;
      if (this.ch() === 0x0a) this.position++;
    } else throw new NotPorted();
    this.line++;
    this.lineStart = this.position;
  }

  private skipSeparationSpace(allowComments: boolean): number {
    const { input } = this;
    let lineBreaks = 0;
    let ch = input.charCodeAt(this.position);
    while (ch !== 0) {
      if (ch === 0x20) ch = input.charCodeAt((this.position = skip(SPACES, input, this.position)));
      // A tab here is a warning of the loader's ("Using tabs can lead to unpredictable results").
      if (ch === 0x09) throw new NotPorted();
      if (allowComments && ch === 0x23) ch = input.charCodeAt((this.position = skip(LINE_REST, input, this.position)));
      if (!isEol(ch)) break;
      this.readLineBreak();
      lineBreaks++;
      this.position = skip(SPACES, input, this.lineStart);
      this.lineIndent = this.position - this.lineStart;
      ch = input.charCodeAt(this.position);
    }
    // The loader's "deficient indentation" check here is a warning, which it drops (no onWarning).
    return lineBreaks;
  }

  private testDocumentSeparator(): boolean {
    const ch = this.ch();
    if ((ch === 0x2d || ch === 0x2e) && this.ch(1) === ch && this.ch(2) === ch) {
      const next = this.ch(3);
      return next === 0 || isWsOrEol(next);
    }
    return false;
  }

  private captureSegment(scalar: LightNode, start: number, end: number, checkJson: boolean): void {
    if (scalar.startPosition === -1) scalar.startPosition = start;
    if (start > end) return;
    const segment = this.input.slice(start, end);
    if ((checkJson ? NON_JSON : PATTERN_NON_PRINTABLE).test(segment)) throw new NotPorted();
    scalar.value += segment;
    scalar.endPosition = end;
  }

  private static foldedLines(count: number): string {
    return count === 1 ? ' ' : count > 1 ? '\n'.repeat(count - 1) : '';
  }

  private setScalar(node: LightNode, plain: boolean): void {
    this.result = node;
    this.plain = plain;
    this.data = plain ? this.reader.plain(node.value as string) : node.value;
  }

  private readPlainScalar(nodeIndent: number, withinFlowCollection: boolean): boolean {
    const { input } = this;
    let ch = input.charCodeAt(this.position);
    if (
      isWsOrEol(ch) || isFlowIndicator(ch) || ch === 0x23 || ch === 0x26 || ch === 0x2a || ch === 0x21 || ch === 0x7c || ch === 0x3e ||
      ch === 0x27 || ch === 0x22 || ch === 0x25 || ch === 0x40 || ch === 0x60
    ) {
      return false;
    }
    if (ch === 0x3f || ch === 0x2d) {
      const following = input.charCodeAt(this.position + 1);
      if (isWsOrEol(following) || (withinFlowCollection && isFlowIndicator(following))) return false;
    }
    const scalar = scalarNode(-1);
    let captureStart = this.position;
    let captureEnd = this.position;
    let hasPendingContent = false;
    let savedLine = 0;
    while (ch !== 0) {
      if (ch === 0x3a) {
        const following = input.charCodeAt(this.position + 1);
        if (isWsOrEol(following) || (withinFlowCollection && isFlowIndicator(following))) break;
      } else if (ch === 0x23) {
        if (isWsOrEol(input.charCodeAt(this.position - 1))) break;
      } else if ((this.position === this.lineStart && this.testDocumentSeparator()) || (withinFlowCollection && isFlowIndicator(ch))) {
        break;
      } else if (isEol(ch)) {
        const lineStart = this.lineStart;
        const lineIndent = this.lineIndent;
        savedLine = this.line;
        this.skipSeparationSpace(false);
        if (this.lineIndent >= nodeIndent) {
          hasPendingContent = true;
          ch = input.charCodeAt(this.position);
          continue;
        }
        this.position = captureEnd;
        this.line = savedLine;
        this.lineStart = lineStart;
        this.lineIndent = lineIndent;
        break;
      }
      if (hasPendingContent) {
        this.captureSegment(scalar, captureStart, captureEnd, false);
        scalar.value += Scanner.foldedLines(this.line - savedLine);
        captureStart = captureEnd = this.position;
        hasPendingContent = false;
      }
      if (isWhiteSpace(ch)) ch = input.charCodeAt(++this.position);
      else {
        // This character and the run after it: past the first, none is at the line's start.
        this.position = skip(withinFlowCollection ? PLAIN_RUN_IN_FLOW : PLAIN_RUN, input, this.position + 1);
        captureEnd = this.position;
        ch = input.charCodeAt(this.position);
      }
      // The loader drops a scalar that runs into the end of the input.
      if (this.position >= this.length) throw new NotPorted();
    }
    this.captureSegment(scalar, captureStart, captureEnd, false);
    if (scalar.startPosition === -1) throw new NotPorted();
    this.setScalar(scalar, true);
    return true;
  }

  /** The loader's readSingleQuotedScalar and readDoubleQuotedScalar, in one. */
  private readQuotedScalar(): boolean {
    const { input } = this;
    const quote = input.charCodeAt(this.position);
    if (quote !== 0x27 && quote !== 0x22) return false;
    const double = quote === 0x22;
    const scalar = scalarNode(this.position);
    this.position++;
    let captureStart = this.position;
    let captureEnd = this.position;
    let ch: number;
    while ((ch = input.charCodeAt(this.position)) !== 0) {
      if (ch === quote) {
        this.captureSegment(scalar, captureStart, this.position, true);
        ch = input.charCodeAt(++this.position);
        scalar.endPosition = this.position;
        // In a single-quoted scalar, `''` is a quote.
        if (double || ch !== 0x27) {
          this.setScalar(scalar, false);
          return true;
        }
        captureStart = captureEnd = this.position;
        this.position++;
      } else if (double && ch === 0x5c) {
        this.captureSegment(scalar, captureStart, this.position, true);
        ch = input.charCodeAt(++this.position);
        const simple = ch < 256 ? SIMPLE_ESCAPES[ch] : undefined;
        let hexLength: number;
        if (isEol(ch)) {
          this.skipSeparationSpace(false);
        } else if (simple !== undefined) {
          scalar.value += simple;
          this.position++;
        } else if ((hexLength = escapedHexLen(ch)) > 0) {
          let hexResult = 0;
          for (; hexLength > 0; hexLength--) {
            const digit = fromHexCode(input.charCodeAt(++this.position));
            if (digit < 0) throw new NotPorted();
            hexResult = (hexResult << 4) + digit;
          }
          scalar.value += charFromCodepoint(hexResult);
          this.position++;
        } else {
          throw new NotPorted();
        }
        captureStart = captureEnd = this.position;
      } else if (isEol(ch)) {
        this.captureSegment(scalar, captureStart, captureEnd, true);
        scalar.value += Scanner.foldedLines(this.skipSeparationSpace(false));
        captureStart = captureEnd = this.position;
      } else if (this.position === this.lineStart && this.testDocumentSeparator()) {
        throw new NotPorted();
      } else {
        this.position = skip(double ? DOUBLE_QUOTED_RUN : SINGLE_QUOTED_RUN, input, this.position + 1);
        captureEnd = this.position;
      }
    }
    throw new NotPorted();
  }

  private readFlowCollection(nodeIndent: number): boolean {
    const { input } = this;
    let ch = input.charCodeAt(this.position);
    const isMapping = ch === 0x7b;
    if (!isMapping && ch !== 0x5b) return false;
    const terminator = isMapping ? 0x7d : 0x5d;
    const node: LightNode = isMapping
      ? { kind: Kind.MAP, startPosition: this.position, endPosition: -1, parent: null, mappings: [] }
      : { kind: Kind.SEQ, startPosition: this.position, endPosition: -1, parent: null, items: [] };
    const map = isMapping ? new MapData(this.reader) : undefined;
    const list: unknown[] = [];
    let readNext = true;
    ch = input.charCodeAt(++this.position);
    while (ch !== 0) {
      this.skipSeparationSpace(true);
      ch = input.charCodeAt(this.position);
      if (ch === terminator) {
        this.position++;
        node.endPosition = this.position;
        this.result = node;
        this.data = map ? map.finish(node) : list;
        return true;
      }
      // "missed comma between flow collection entries"; an explicit `?` pair.
      if (!readNext || (ch === 0x3f && isWsOrEol(input.charCodeAt(this.position + 1)))) throw new NotPorted();
      const line = this.line;
      if (!this.composeNode(nodeIndent, CONTEXT_FLOW_IN, false, true)) throw new NotPorted();
      const keyNode = this.result!;
      const keyData = this.data;
      const keyPlain = this.plain;
      this.skipSeparationSpace(true);
      ch = input.charCodeAt(this.position);
      const isPair = this.line === line && ch === 0x3a;
      if (isMapping) {
        const key = map!.key(keyNode, keyPlain);
        let valueNode: LightNode | null = null;
        let valueData: unknown = null;
        if (isPair) {
          ch = input.charCodeAt(++this.position);
          this.skipSeparationSpace(true);
          if (!this.composeNode(nodeIndent, CONTEXT_FLOW_IN, false, true)) throw new NotPorted();
          valueNode = this.result;
          valueData = this.data;
        }
        storeMappingPair(node, key, keyNode, valueNode);
        map!.set(key, valueData);
      } else {
        // A pair in a flow sequence (`[a: b]`) is a mapping of its own.
        if (isPair) throw new NotPorted();
        keyNode.parent = node;
        node.items!.push(keyNode);
        list.push(keyData);
      }
      node.endPosition = this.position + 1;
      this.skipSeparationSpace(true);
      ch = input.charCodeAt(this.position);
      readNext = ch === 0x2c;
      if (readNext) ch = input.charCodeAt(++this.position);
    }
    throw new NotPorted();
  }

  private readBlockScalar(nodeIndent: number): boolean {
    const { input } = this;
    let ch = input.charCodeAt(this.position);
    let folding: boolean;
    if (ch === 0x7c) folding = false;
    else if (ch === 0x3e) folding = true;
    else return false;
    let chomping = CHOMPING_CLIP;
    let detectedIndent = false;
    let textIndent = nodeIndent;
    let emptyLines = 0;
    let atMoreIndented = false;
    const scalar = scalarNode(this.position);
    while (ch !== 0) {
      ch = input.charCodeAt(++this.position);
      if (ch === 0x2b || ch === 0x2d) {
        if (chomping !== CHOMPING_CLIP) throw new NotPorted();
        chomping = ch === 0x2b ? CHOMPING_KEEP : CHOMPING_STRIP;
      } else if (ch >= 0x30 && ch <= 0x39) {
        if (ch === 0x30 || detectedIndent) throw new NotPorted();
        textIndent = nodeIndent + (ch - 0x30) - 1;
        detectedIndent = true;
      } else {
        break;
      }
    }
    if (isWhiteSpace(ch)) {
      do ch = input.charCodeAt(++this.position);
      while (isWhiteSpace(ch));
      if (ch === 0x23) {
        do ch = input.charCodeAt(++this.position);
        while (ch !== 0 && !isEol(ch));
      }
    }
    while (ch !== 0) {
      this.readLineBreak();
      // The line's spaces, up to the text's indentation once that is known.
      const spaces = skip(SPACES, input, this.lineStart) - this.lineStart;
      this.lineIndent = detectedIndent ? Math.min(spaces, Math.max(textIndent, 0)) : spaces;
      ch = input.charCodeAt((this.position = this.lineStart + this.lineIndent));
      if (!detectedIndent && this.lineIndent > textIndent) textIndent = this.lineIndent;
      if (isEol(ch)) {
        emptyLines++;
        continue;
      }
      if (this.lineIndent < textIndent) {
        if (chomping === CHOMPING_KEEP) scalar.value += '\n'.repeat(emptyLines);
        else if (chomping === CHOMPING_CLIP && detectedIndent) scalar.value += '\n';
        break;
      }
      if (folding) {
        if (isWhiteSpace(ch)) {
          atMoreIndented = true;
          scalar.value += '\n'.repeat(emptyLines + 1);
        } else if (atMoreIndented) {
          atMoreIndented = false;
          scalar.value += '\n'.repeat(emptyLines + 1);
        } else if (emptyLines === 0) {
          if (detectedIndent) scalar.value += ' ';
        } else {
          scalar.value += '\n'.repeat(emptyLines);
        }
      } else if (detectedIndent) {
        scalar.value += '\n'.repeat(emptyLines + 1);
      }
      detectedIndent = true;
      emptyLines = 0;
      const captureStart = this.position;
      ch = input.charCodeAt((this.position = skip(LINE_REST, input, captureStart)));
      this.captureSegment(scalar, captureStart, this.position, false);
    }
    // The loader's end: back over the spaces before the next line's content, to its line break.
    let i = this.position - 1;
    for (;;) {
      const c = input.charCodeAt(i);
      if (isEol(c) || (c !== 0x20 && c !== 0x09)) break;
      i--;
    }
    scalar.endPosition = i;
    this.setScalar(scalar, false);
    return true;
  }

  private readBlockSequence(nodeIndent: number): boolean {
    const { input } = this;
    let ch = input.charCodeAt(this.position);
    // Most nodes are no sequence: the check before anything is allocated.
    if (ch !== 0x2d || !isWsOrEol(input.charCodeAt(this.position + 1))) return false;
    const node: LightNode = { kind: Kind.SEQ, startPosition: this.position, endPosition: -1, parent: null, items: [] };
    const list: unknown[] = [];
    let detected = false;
    while (ch !== 0) {
      if (ch !== 0x2d || !isWsOrEol(input.charCodeAt(this.position + 1))) break;
      detected = true;
      this.position++;
      if (this.skipSeparationSpace(true) && this.lineIndent <= nodeIndent) {
        node.items!.push(null);
        list.push(null);
        ch = input.charCodeAt(this.position);
        continue;
      }
      const line = this.line;
      if (!this.composeNode(nodeIndent, CONTEXT_BLOCK_IN, false, true)) throw new NotPorted();
      this.result!.parent = node;
      node.items!.push(this.result);
      list.push(this.data);
      this.skipSeparationSpace(true);
      ch = input.charCodeAt(this.position);
      // "bad indentation of a sequence entry"
      if ((this.line === line || this.lineIndent > nodeIndent) && ch !== 0) throw new NotPorted();
      if (this.lineIndent < nodeIndent) break;
    }
    if (!detected) return false;
    node.endPosition = this.position;
    this.result = node;
    this.data = list;
    return true;
  }

  private readBlockMapping(nodeIndent: number, flowIndent: number): boolean {
    const { input } = this;
    const startPosition = this.position;
    let node: LightNode | undefined;
    let map: MapData | undefined;
    let ch = input.charCodeAt(this.position);
    while (ch !== 0) {
      const following = input.charCodeAt(this.position + 1);
      // An explicit key: `? key`, then `: value` at the mapping's indentation (emitters write keys
      // too long for an implicit key so). The loader reads the key as a block node, and the value
      // allowing a compact mapping (`: type: object`). A `?` whose `:` does not follow, a `:`
      // without a key, and a key that is no scalar are left to the full path.
      const explicit = ch === 0x3f && isWsOrEol(following);
      let keyNode: LightNode;
      let plain: boolean;
      if (explicit) {
        this.position++;
        if (!this.composeNode(nodeIndent, CONTEXT_BLOCK_OUT, true, true)) throw new NotPorted();
        keyNode = this.result!;
        plain = this.plain;
        this.skipSeparationSpace(true);
        if (this.lineIndent !== nodeIndent || input.charCodeAt(this.position) !== 0x3a || !isWsOrEol(input.charCodeAt(this.position + 1))) throw new NotPorted();
        this.position++;
      } else {
        if (ch === 0x3a && isWsOrEol(following)) throw new NotPorted();
        const line = this.line;
        if (!this.composeNode(flowIndent, CONTEXT_FLOW_OUT, false, true)) break;
        // A multi-line scalar: a mapping's key must be on one line.
        if (this.line !== line) {
          if (node) throw new NotPorted();
          return true;
        }
        ch = input.charCodeAt(this.position);
        while (isWhiteSpace(ch)) ch = input.charCodeAt(++this.position);
        if (ch !== 0x3a) {
          if (this.position === this.lineStart && this.testDocumentSeparator()) break;
          // "can not read an implicit mapping pair; a colon is missed"
          if (node) throw new NotPorted();
          // Not a mapping: the scalar (or flow collection) just read is the node.
          return true;
        }
        ch = input.charCodeAt(++this.position);
        if (!isWsOrEol(ch)) throw new NotPorted();
        keyNode = this.result!;
        plain = this.plain;
      }
      if (keyNode.kind !== Kind.SCALAR) throw new NotPorted();
      node ??= { kind: Kind.MAP, startPosition, endPosition: -1, parent: null, mappings: [] };
      map ??= new MapData(this.reader);
      const key = map.key(keyNode, plain);
      let valueNode: LightNode | null = null;
      let valueData: unknown = null;
      // The value (the key's colon and the value start on one line, so the loader always reads one here).
      if (this.composeNode(nodeIndent, CONTEXT_BLOCK_OUT, true, explicit)) {
        valueNode = this.result;
        valueData = this.data;
      }
      storeMappingPair(node, key, keyNode, valueNode);
      map.set(key, valueData);
      this.skipSeparationSpace(true);
      ch = input.charCodeAt(this.position);
      // "bad indentation of a mapping entry"
      if (this.lineIndent > nodeIndent && ch !== 0) throw new NotPorted();
      if (this.lineIndent < nodeIndent) break;
    }
    if (!node) return false;
    this.result = node;
    this.data = map!.finish(node);
    return true;
  }

  private composeNode(parentIndent: number, nodeContext: number, allowToSeek: boolean, allowCompact: boolean): boolean {
    let indentStatus = 1;
    let atNewLine = false;
    const block = nodeContext === CONTEXT_BLOCK_OUT || nodeContext === CONTEXT_BLOCK_IN;
    this.result = null;
    this.data = null;
    this.plain = false;
    if (allowToSeek && this.skipSeparationSpace(true)) {
      atNewLine = true;
      indentStatus = this.lineIndent > parentIndent ? 1 : this.lineIndent === parentIndent ? 0 : -1;
    }
    const ch = this.ch();
    // Tags, anchors and aliases.
    if (indentStatus === 1 && (ch === 0x21 || ch === 0x26 || ch === 0x2a)) throw new NotPorted();
    const allowBlockCollections = block && (atNewLine || allowCompact);
    if (indentStatus !== 1 && nodeContext !== CONTEXT_BLOCK_OUT) return false;
    const flowIndent = nodeContext === CONTEXT_FLOW_IN || nodeContext === CONTEXT_FLOW_OUT ? parentIndent : parentIndent + 1;
    const blockIndent = this.position - this.lineStart;
    if (indentStatus === 1) {
      return (
        (allowBlockCollections && (this.readBlockSequence(blockIndent) || this.readBlockMapping(blockIndent, flowIndent))) ||
        this.readFlowCollection(flowIndent) ||
        (block && this.readBlockScalar(flowIndent)) ||
        this.readQuotedScalar() ||
        this.readPlainScalar(flowIndent, nodeContext === CONTEXT_FLOW_IN)
      );
    }
    return indentStatus === 0 && allowBlockCollections && this.readBlockSequence(blockIndent);
  }
}

/** The loader's storeMappingPair into an existing mapping. */
function storeMappingPair(map: LightNode, name: string, keyNode: LightNode, valueNode: LightNode | null): void {
  const mapping: LightNode = {
    kind: Kind.MAPPING,
    name,
    startPosition: keyNode.startPosition,
    endPosition: valueNode ? valueNode.endPosition : keyNode.endPosition + 1,
    parent: map,
    key: keyNode,
    value: valueNode,
  };
  keyNode.parent = mapping;
  if (valueNode) valueNode.parent = mapping;
  map.mappings!.push(mapping);
  map.endPosition = mapping.endPosition;
}

/** A mapping's data as its pairs are read. */
class MapData {
  private readonly container: Record<string, unknown> = {};
  private indexKeys = false;

  constructor(private readonly reader: ScalarReader) {}

  key(node: LightNode, plain: boolean): string {
    if (node.kind !== Kind.SCALAR) throw new NotPorted();
    const key = this.reader.key(node.value as string, plain, node);
    // A key seen before (the parser reports it), a merge key, or one that would set a prototype.
    if (key === '<<' || key === '__proto__' || (key in this.container && Object.prototype.hasOwnProperty.call(this.container, key))) throw new NotPorted();
    // An array index starts with a digit: the test is only needed then.
    if (!this.indexKeys && key.charCodeAt(0) <= 57) this.indexKeys = INDEX_KEY.test(key);
    return key;
  }

  set(key: string, value: unknown): void {
    this.container[key] = value;
  }

  /** The data, once `node`'s pairs are all stored. */
  finish(node: LightNode): unknown {
    return this.reader.map(this.container, this.indexKeys ? node.mappings!.map(mapping => mapping.name!) : [], this.indexKeys);
  }
}

