// The one guarded reading of YAML and JSON text. Every text apilint parses goes through here:
// documents and stdin, referenced files (local and remote), configs and baselines. The guards run
// before or as the text is parsed, so a hostile file is refused in bounded time and memory, with
// one line naming it, wherever it is met:
// - nesting deeper than MAX_NESTING (counted on the text, before any recursive parser sees it);
// - YAML aliases that expand past MAX_EXPANDED_NODES (counted on the syntax tree, unexpanded);
// - a key named `__proto__`, after unescaping (`"\x5f_proto__"` is that key too): the parsers
//   make its value the object's prototype, so a document could hide or forge what rules read.
import type { IParserResult } from '@stoplight/types';
import { InputError } from '../core/errors.js';
import type { DocumentReaders } from '../engine/index.js';
import { parseJsonWithSpectral } from '../engine/json-parser.js';
import { parseYamlAst, yamlAstParser } from '../engine/yaml-ast.js';
import { MAX_NESTING } from './limits.js';

/** Past this many nodes after alias expansion a YAML file is refused (a "billion laughs" bomb). */
export const MAX_EXPANDED_NODES = 1_000_000;


export interface ParseOptions {
  json: boolean;
  readers: DocumentReaders;
  /**
   * A syntax error is an InputError (a document, a config). A referenced file's syntax errors are
   * left in the result's diagnostics, for the linter to report where they are.
   */
  syntax: 'refuse' | 'keep';
}

/** YAML or JSON text to data within the bounds above, or an InputError that says why not. */
export function parseGuarded(text: string, source: string, { json, readers, syntax }: ParseOptions): IParserResult {
  if (text.includes('\u0000')) throw new InputError(source, 'binary file: not YAML or JSON');
  // JSON that the fast reader takes nests MAX_NESTING deep at most: only a text it leaves to
  // Spectral's recursive parser needs the nesting scan (which took 0.12 s of a 13 MB file's run).
  const fast = json ? readers.readJson(text) : undefined;
  if (!fast && nestingExceeds(text, json, MAX_NESTING)) {
    throw new InputError(source, `nesting deeper than ${MAX_NESTING.toLocaleString('en-US')} levels: refused`);
  }
  let result: IParserResult;
  try {
    // Where the fast JSON reader gave up, Spectral's parser reads the text (not the fast one again).
    result = fast ?? (json ? parseJsonWithSpectral(text) : readers.readYaml(text, guardAliases(text, source)));
  } catch (error) {
    if (error instanceof InputError) throw error;
    if (error instanceof RangeError) throw new InputError(source, 'nesting too deep to parse');
    // The YAML parser throws on a few inputs instead of reporting them: any `!!binary` value.
    if (!json && /!!binary\b/.test(text)) throw new InputError(source, 'invalid YAML: !!binary values are not supported');
    throw new InputError(source, `invalid ${json ? 'JSON' : 'YAML'}: the parser failed (${withoutContent((error as Error).message)})`);
  }
  // The fast readers leave any text with a `__proto__` key to Spectral's parsers.
  const keysChecked = fast !== undefined || (!json && readers.yamlKeysChecked(result));
  if (!keysChecked && mayHidePrototypeKey(text)) refusePrototypeKeys(result.data, text, source);
  return syntax === 'keep' ? result : refuseSyntaxErrors(result, text, source, json);
}

/**
 * A parse made with `syntax: 'keep'`, held to 'refuse': its first syntax error is an InputError.
 * `apilint diff` refuses a referenced file the sandbox has already read and parsed, without parsing it again.
 */
export function refuseSyntaxErrors(result: IParserResult, text: string, source: string, json: boolean): IParserResult {
  refuseEmpty(text, source);
  // Tab indentation makes YAML report confusing follow-on errors: name the cause first.
  const problem =
    result.diagnostics.find(d => d.message.startsWith('Using tabs')) ?? result.diagnostics.find(d => d.severity === 0);
  if (problem) {
    const { line, character } = problem.range.start;
    throw new InputError(source, describe(problem.message, json, text, problem.range.start), line + 1, character + 1);
  }
  return result;
}

function refuseEmpty(text: string, source: string): void {
  if (text.trim() === '') throw new InputError(source, 'empty file: not an OpenAPI or event type document');
}

/**
 * Whether the text nests deeper than `max`, by one linear scan without parsing: open brackets
 * outside strings, plus, in YAML, the indentation of the line (a block level takes at least one
 * column). An upper bound, so a document within it is never refused.
 */
export function nestingExceeds(text: string, json: boolean, max: number): boolean {
  // The scan's depth never exceeds the number of open brackets plus the longest run of spaces,
  // dashes and explicit-key marks at a line start (`- - -` and `? ? ?` nest on one line): where
  // that bound is within `max` (almost every document), both are counted with native searches
  // and the character loop is skipped.
  let brackets = 0;
  for (const open of ['[', '{']) {
    for (let i = text.indexOf(open); i !== -1 && brackets <= max; i = text.indexOf(open, i + 1)) brackets++;
  }
  if (brackets <= max && (json || !new RegExp(`^[ ?-]{${max - brackets + 1}}`, 'm').test(text))) return false;
  let depth = 0;
  let indent = 0;
  let lineStart = true;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '\n') {
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart && !json && (c === ' ' || c === '-' || c === '?')) {
      indent++;
      if (indent + depth > max) return true;
      continue;
    }
    lineStart = false;
    if (c === '"' || (c === "'" && !json)) quote = c;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth + indent > max) return true;
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return false;
}

/**
 * Whether a key may read as `__proto__`: written so, or spelt with an escape that makes letters
 * (JSON's `\u`, YAML's `\x`, `\u`, `\U`, and the escaped line break that joins two lines). Only
 * such texts need the walk over every key below.
 */
export function mayHidePrototypeKey(text: string): boolean {
  return text.includes('__proto__') || /\\[xuU\r\n]/.test(text);
}

/**
 * The YAML and JSON parsers turn a `__proto__` key into the prototype of its object, so the
 * document's own values turn up as inherited properties everywhere (a whole `info` object could
 * be inherited, unseen by the rules that check it), and the engine broke on it (immer drafts
 * leaked as revoked proxies; Object.freeze failed on the YAML parser's key-order proxy, which lists
 * a `__proto__` key the object does not have). JSON.parse keeps it as an own key instead. No API
 * document, config or baseline needs the key: refuse the file, with the key's position.
 */
function refusePrototypeKeys(data: unknown, text: string, source: string): void {
  forEachObject(data, node => {
    const proto = Object.getPrototypeOf(node) as unknown;
    // The key shows as the prototype, as an own key, or only in the key order the YAML parser
    // keeps (whose proxy then even lists it twice, and throws on Reflect.ownKeys).
    let ownKeys: (string | symbol)[];
    try {
      ownKeys = Reflect.ownKeys(node);
    } catch {
      ownKeys = ['__proto__'];
    }
    if ((proto !== Object.prototype && proto !== Array.prototype && proto !== null) || ownKeys.includes('__proto__')) {
      const at = prototypeKeyOffset(text);
      const before = at === undefined ? undefined : text.slice(0, at).split('\n');
      throw new InputError(source, 'a key named "__proto__" is not allowed: refused', before?.length, before ? before[before.length - 1]!.length + 1 : undefined);
    }
  });
}

/** Calls `visit` on every object and array of parsed data once (shared and aliased ones too), without recursion. */
export function forEachObject(root: unknown, visit: (node: object) => void): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    visit(node);
    for (const key of Object.keys(node)) stack.push((node as Record<string, unknown>)[key]);
  }
}

/** A key named `__proto__` as written: plain or quoted. */
const PROTO_KEY = /(^|[\s{,])(["']?)__proto__\2[ \t]*:/m;
/**
 * A double-quoted scalar (a key, or an explicit `? "…"` key over two lines). Each one is matched
 * whole and its escapes decoded in code: a pattern that required an escape inside tried every
 * backslash of an unclosed run as that escape (quadratic: 12 s on 160 KB, hours on 20 MB).
 */
const DOUBLE_QUOTED = /(^|[\s{,?])"((?:[^"\\]|\\[^])*)"/gm;

/** Where the text spells the `__proto__` key, written or escaped; undefined if not found. */
function prototypeKeyOffset(text: string): number | undefined {
  const plain = PROTO_KEY.exec(text);
  if (plain) return plain.index + plain[1]!.length;
  for (const match of text.matchAll(DOUBLE_QUOTED)) {
    if (unescapeKey(match[2]!) === '__proto__') return match.index + match[1]!.length;
  }
  return undefined;
}

/** A double-quoted YAML or JSON key's value: its escapes decoded, an escaped line break joined. */
function unescapeKey(raw: string): string {
  return raw.replace(/\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|\r?\n[ \t]*|([^]))/g, (_, x?: string, u?: string, U?: string, other?: string) => {
    const hex = x ?? u ?? U;
    if (hex !== undefined) return String.fromCodePoint(Number.parseInt(hex, 16));
    return other ?? '';
  });
}

const JSON_MESSAGES: Record<string, string> = {
  PropertyNameExpected: 'property name expected',
  ValueExpected: 'value expected',
  CommaExpected: 'comma expected',
  ColonExpected: 'colon expected',
  CloseBraceExpected: 'closing brace expected',
  CloseBracketExpected: 'closing bracket expected',
  EndOfFileExpected: 'end of file expected',
  InvalidSymbol: 'invalid symbol',
  InvalidNumberFormat: 'invalid number format',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfComment: 'unterminated comment',
  DuplicateKey: 'duplicate key',
};

function describe(message: string, json: boolean, text: string, at: { line: number; character: number }): string {
  const offset = text.split('\n', at.line).reduce((sum, line) => sum + line.length + 1, 0) + at.character;
  // The parsers report a duplicate key at the key without naming it. The key is named (escaped by
  // the reports, and cut short): the one piece of the document a parse error quotes.
  const key = message === 'DuplicateKey' || message === 'duplicate key' ? keyAt(text, offset) : undefined;
  const named = key === undefined ? '' : ` ${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)}`;
  if (json) {
    const before = text.slice(0, offset).trimEnd();
    if (before.endsWith(',') && /^\s*[}\]]/.test(text.slice(offset))) return 'invalid JSON: trailing comma';
    return `invalid JSON: ${JSON_MESSAGES[message] ?? withoutContent(message)}${named}`;
  }
  if (message.startsWith('Using tabs')) return 'invalid YAML: tab character used for indentation';
  return `invalid YAML: ${withoutContent(message)}${named}`;
}

/** The mapping key written at `offset` (plain, single- or double-quoted), if one is. */
function keyAt(text: string, offset: number): string | undefined {
  const end = text.indexOf('\n', offset);
  // A key is looked for in the line's first 1,000 characters: the scan stays linear on a long line.
  const line = text.slice(offset, Math.min(end < 0 ? text.length : end, offset + 1000));
  const match = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s"'][^:]*?))\s*:/.exec(line);
  if (!match) return undefined;
  if (match[1] !== undefined) {
    try {
      return JSON.parse(`"${match[1]}"`) as string;
    } catch {
      return match[1];
    }
  }
  return match[2]?.replace(/''/g, "'") ?? match[3];
}

/**
 * A parser's message without the document's text in it: the loader quotes tag names, tag handles,
 * alias and directive names (`tag name cannot contain such characters: <the tag>`), which can be
 * anything a file holds. Only the reason is kept; the position says where.
 */
export function withoutContent(message: string): string {
  return message
    // An unclosed `<` is cut to the line's end: a pattern that needs the `>` rescans a run of `<` from each.
    .replace(/<[^>\n]*(?:>|$)/gm, '<…>')
    .replace(/"[^"\n]*"/g, '"…"')
    .replace(/(such characters)\s*:.*$/s, '$1')
    .split('\n')[0]!;
}

/**
 * @stoplight/yaml copies every alias it meets, so a small file of nested aliases expands
 * exponentially and exhausts memory. Count the expanded size on the AST first (memoised per
 * node, linear in the file) and refuse a file whose aliases blow it up. Returns the tree it built,
 * for the parser, which then does not build it again (src/engine/yaml-ast.ts).
 */
function guardAliases(text: string, source: string): unknown {
  if (!mayHaveAliases(text)) return undefined;
  const ast = parseYamlAst(text);
  if (aliasesExceed(ast, MAX_EXPANDED_NODES)) {
    throw new InputError(source, `YAML aliases expand to more than ${MAX_EXPANDED_NODES.toLocaleString('en-US')} nodes: refused (an alias bomb?)`);
  }
  return ast;
}

/**
 * Whether the text may hold an alias: something that reads as `*name` where a node may start,
 * with something that reads as `&name` of the same name. Both match every real alias and anchor
 * (the names end where the parser ends them: at white space or a flow indicator), so a document
 * without a pair has no alias, however many `*emphasis*` its descriptions use.
 */
function mayHaveAliases(text: string): boolean {
  const names = (pattern: RegExp) => new Set(Array.from(text.matchAll(pattern), match => match[1]!));
  const aliases = names(/(?:^|[\s,[{:-])\*([^\s,[\]{}]+)/gm);
  if (aliases.size === 0) return false;
  const anchors = names(/(?:^|[\s,[{:-])&([^\s,[\]{}]+)/gm);
  for (const name of aliases) if (anchors.has(name)) return true;
  return false;
}

function aliasesExceed(ast: unknown, max: number): boolean {
  const { Kind } = yamlAstParser() as unknown as typeof import('@stoplight/yaml-ast-parser');
  type Node = { kind: number; value?: Node; key?: Node; mappings?: Node[]; items?: Node[] } | null | undefined;
  const memo = new Map<object, number>();
  const childrenOf = (node: NonNullable<Node>): Node[] => {
    switch (node.kind) {
      case Kind.MAPPING:
        return [node.key, node.value];
      case Kind.MAP:
        return node.mappings ?? [];
      case Kind.SEQ:
        return node.items ?? [];
      case Kind.ANCHOR_REF:
        return [node.value];
      default:
        return [];
    }
  };
  // Iterative post-order walk: the AST can be deeper than the call stack.
  const root = ast as Node;
  const stack: { node: NonNullable<Node>; expanded: boolean }[] = [];
  if (root) stack.push({ node: root, expanded: false });
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const children = childrenOf(top.node);
    if (!top.expanded) {
      top.expanded = true;
      for (const child of children) if (child && !memo.has(child)) stack.push({ node: child, expanded: false });
      continue;
    }
    stack.pop();
    let total = 1;
    for (const child of children) if (child) total += memo.get(child) ?? 0;
    memo.set(top.node, Math.min(total, Number.MAX_SAFE_INTEGER));
  }
  return root ? (memo.get(root) ?? 0) > max : false;
}
