// Text edits behind the language server's code actions: an `x-apilint-ignore` entry on the
// object that holds a finding, and the few fixes that have one safe textual form. Edits are found
// from the finding's JSON path in the file's syntax tree, not from line numbers, and are written
// in the style around them: YAML block or flow collections, JSON on one line or several, the
// file's indentation and line ends.
import parsers from '@stoplight/spectral-parsers';
import type { JsonPath } from '@stoplight/types';
import { withoutTrailingSlashes } from '../../rulesets/lib/naming.js';

/** Replace `length` characters at `offset` with `text`. */
export interface Edit {
  offset: number;
  length: number;
  text: string;
}

export interface Fix {
  title: string;
  edits: Edit[];
}

/** A mapping entry: its key and where the key and the value are. */
interface Entry {
  key: string;
  keyStart: number;
  keyEnd: number;
  value: Node | undefined;
  /** Where the entry ends: its value's end (its key's when it has no value). */
  end: number;
}

type Node =
  | { kind: 'map'; start: number; end: number; entries: Entry[]; entry(key: string): Entry | undefined }
  | { kind: 'seq'; start: number; end: number; items: Node[] }
  | { kind: 'scalar'; start: number; end: number; value: unknown }
  /** An alias, or anything an edit must not go through. */
  | { kind: 'other'; start: number; end: number };

/** A document's text and the syntax tree of its YAML or JSON: parsed once, read by every action. */
export class Syntax {
  readonly root: Node | undefined;
  /** The document's data, as the parser reads it. */
  readonly data: unknown;
  /** The text has no syntax errors: edits are offered only then. */
  readonly valid: boolean;
  readonly eol: string;

  constructor(
    readonly text: string,
    readonly json: boolean,
  ) {
    const result = (json ? parsers.Json : parsers.Yaml).parse(text) as { ast: unknown; data: unknown; diagnostics: { severity: number }[] };
    this.data = result.data;
    this.valid = !result.diagnostics.some(d => d.severity === 0);
    this.root = json ? fromJson(result.ast as JsonAst) : fromYaml(result.ast as YamlAst, text);
    this.eol = text.includes('\r\n') ? '\r\n' : '\n';
  }

  /** The node at a JSON path, with the maps passed on the way (innermost last); undefined past an alias. */
  walk(path: JsonPath): { node: Node | undefined; maps: Extract<Node, { kind: 'map' }>[] } {
    const maps: Extract<Node, { kind: 'map' }>[] = [];
    let node = this.root;
    for (let depth = 0; node !== undefined; depth++) {
      if (node.kind === 'map') maps.push(node);
      if (depth === path.length) break;
      const segment = path[depth]!;
      if (node.kind === 'map') node = node.entry(String(segment))?.value;
      else if (node.kind === 'seq') node = node.items[Number(segment)];
      else return { node: undefined, maps };
    }
    return { node, maps };
  }

  /** The start of the line that holds `offset`. */
  lineStart(offset: number): number {
    return this.text.lastIndexOf('\n', offset - 1) + 1;
  }

  /** The end of the line that holds `offset`, before its line break. */
  lineEnd(offset: number): number {
    const newline = this.text.indexOf('\n', offset);
    const end = newline === -1 ? this.text.length : newline;
    return end > 0 && this.text[end - 1] === '\r' ? end - 1 : end;
  }

  /** The white space before `offset` on its line, when only white space is there. */
  indentOf(offset: number): string | undefined {
    const before = this.text.slice(this.lineStart(offset), offset);
    return /^[ \t]*$/.test(before) ? before : undefined;
  }

  isFlow(node: Node): boolean {
    return this.text[node.start] === '{' || this.text[node.start] === '[';
  }

  /** Whether a JSON collection spreads over several lines (its first member on a line of its own). */
  multiline(node: Node, first: number): boolean {
    return this.text.slice(node.start, first).includes('\n');
  }
}

// --- The two parsers' trees, reduced to Node ---------------------------------------------------

interface YamlAst {
  kind: number;
  startPosition: number;
  endPosition: number;
  value?: unknown;
  key?: YamlAst;
  mappings?: YamlAst[];
  items?: (YamlAst | null)[];
}

/** yaml-ast-parser's Kind. */
const YAML = { SCALAR: 0, MAPPING: 1, MAP: 2, SEQ: 3 } as const;

/**
 * A node's members, built when first asked for and kept: every code action walks from the root,
 * and rebuilt on each walk, a large map cost its size per action (the square for the actions of a
 * minified spec's one line, which holds every finding).
 */
function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/**
 * A map node whose entries are built on first use, and found by key through an index of the
 * first entry of each key (what a scan would find): a walk then costs its depth, not the sizes
 * of the maps it passes.
 */
function mapNode(start: number, end: number, build: () => Entry[]): Node {
  const entries = once(build);
  const index = once(() => {
    const byKey = new Map<string, Entry>();
    for (const e of entries()) if (!byKey.has(e.key)) byKey.set(e.key, e);
    return byKey;
  });
  return { kind: 'map', start, end, get entries() { return entries(); }, entry: key => index().get(key) };
}

function fromYaml(ast: YamlAst | null | undefined, text: string): Node | undefined {
  if (!ast) return undefined;
  const { startPosition: start, endPosition: end } = ast;
  switch (ast.kind) {
    case YAML.MAP: {
      return mapNode(start, end, () =>
        (ast.mappings ?? []).map(m => {
          const value = m.value as YamlAst | null | undefined;
          return { key: String(m.key?.value ?? ''), keyStart: m.key!.startPosition, keyEnd: m.key!.endPosition, value: fromYaml(value, text), end: value ? value.endPosition : m.key!.endPosition };
        }),
      );
    }
    case YAML.SEQ: {
      const items = once(() => (ast.items ?? []).map(item => fromYaml(item, text) ?? { kind: 'other' as const, start, end: start }));
      return { kind: 'seq', start, end, get items() { return items(); } };
    }
    case YAML.SCALAR:
      return { kind: 'scalar', start, end, value: ast.value };
    default:
      return { kind: 'other', start, end };
  }
}

interface JsonAst {
  type: string;
  offset: number;
  length: number;
  value?: unknown;
  children?: JsonAst[];
}

function fromJson(ast: JsonAst | undefined): Node | undefined {
  if (!ast) return undefined;
  const start = ast.offset;
  const end = ast.offset + ast.length;
  if (ast.type === 'object') {
    return mapNode(start, end, () =>
      (ast.children ?? []).map(property => {
        const [key, value] = property.children ?? [];
        return { key: String(key?.value ?? ''), keyStart: key!.offset, keyEnd: key!.offset + key!.length, value: fromJson(value), end: property.offset + property.length };
      }),
    );
  }
  if (ast.type === 'array') {
    const items = once(() => (ast.children ?? []).map(c => fromJson(c)!));
    return { kind: 'seq', start, end, get items() { return items(); } };
  }
  return { kind: 'scalar', start, end, value: ast.value };
}

// --- Edits ---------------------------------------------------------------------------------------

const IGNORE_KEY = 'x-apilint-ignore';

/** A key and its value, written for the file's format. */
const entryText = (syntax: Syntax, key: string, yamlValue: string, jsonValue: string) =>
  syntax.json ? `${JSON.stringify(key)}: ${jsonValue}` : `${key}: ${yamlValue}`;

/**
 * Adds an entry to a mapping: after the entry `after` when it has one (on the next line of a
 * block mapping), else as the first entry.
 */
function addEntry(syntax: Syntax, map: Extract<Node, { kind: 'map' }>, entry: string, after?: string): Edit | undefined {
  const { text, json } = syntax;
  const entries = map.entries;
  const flow = json || syntax.isFlow(map);
  if (entries.length === 0) {
    if (!flow) return undefined;
    // `{}` or `{ }`: the entry goes between the braces.
    return { offset: map.start + 1, length: map.end - 1 - (map.start + 1), text: entry };
  }
  const previous = after === undefined ? undefined : map.entry(after);
  const first = entries[0]!;
  if (flow) {
    const multiline = syntax.multiline(map, first.keyStart);
    const indent = multiline ? syntax.indentOf(first.keyStart) : undefined;
    if (multiline && indent === undefined) return undefined;
    const separator = multiline ? `${syntax.eol}${indent}` : ' ';
    if (previous) return { offset: previous.end, length: 0, text: `,${separator}${entry}` };
    // Before the first entry, keeping what stood between the brace and it.
    return multiline
      ? { offset: map.start + 1, length: 0, text: `${separator}${entry},` }
      : { offset: first.keyStart, length: 0, text: `${entry}, ` };
  }
  // A block mapping: a line of its own at the entries' column.
  const column = first.keyStart - syntax.lineStart(first.keyStart);
  if (previous && previous.value?.kind === 'scalar' && !text.slice(previous.keyStart, previous.end).includes('\n')) {
    const indent = syntax.indentOf(previous.keyStart) ?? ' '.repeat(column);
    return { offset: syntax.lineEnd(previous.end), length: 0, text: `${syntax.eol}${indent}${entry}` };
  }
  // Before the first key, which may follow `- ` on its line: the key then moves to a new line at its column.
  return { offset: first.keyStart, length: 0, text: `${entry}${syntax.eol}${' '.repeat(column)}` };
}

/** Appends an item to a sequence in its own style. */
function appendItem(syntax: Syntax, seq: Extract<Node, { kind: 'seq' }>, yamlItem: string, jsonItem: string): Edit | undefined {
  const item = syntax.json ? jsonItem : yamlItem;
  const items = seq.items;
  const last = items[items.length - 1];
  if (syntax.json || syntax.isFlow(seq)) {
    if (!last) return { offset: seq.start + 1, length: seq.end - 1 - (seq.start + 1), text: item };
    const multiline = syntax.multiline(seq, items[0]!.start);
    const indent = multiline ? syntax.indentOf(items[0]!.start) : undefined;
    return { offset: last.end, length: 0, text: multiline && indent !== undefined ? `,${syntax.eol}${indent}${item}` : `, ${item}` };
  }
  if (!last) return undefined;
  // A block sequence: `- item` on a new line, at the column of the last item's dash.
  const dash = syntax.text.lastIndexOf('-', last.start);
  const indent = dash === -1 ? undefined : syntax.indentOf(dash);
  if (indent === undefined) return undefined;
  return { offset: syntax.lineEnd(Math.max(last.start, last.end - 1)), length: 0, text: `${syntax.eol}${indent}- ${item}` };
}

/**
 * "Ignore <rule> here": `x-apilint-ignore: [rule]` on the innermost object that holds the
 * finding's node (the node itself when it is one), or the rule added to the list already there.
 */
export function ignoreFix(syntax: Syntax, ruleId: string, path: JsonPath): Fix | undefined {
  if (!syntax.valid) return undefined;
  const { node, maps } = syntax.walk(path);
  // The node is gone (the text changed since the lint) or lies past an alias: no place to be sure of.
  if (node === undefined || maps.length === 0) return undefined;
  const map = maps[maps.length - 1]!;
  const title = `Ignore ${ruleId} here (${IGNORE_KEY})`;
  const existing = map.entry(IGNORE_KEY);
  let edit: Edit | undefined;
  if (!existing) {
    edit = addEntry(syntax, map, entryText(syntax, IGNORE_KEY, `[${ruleId}]`, `[${JSON.stringify(ruleId)}]`));
  } else if (existing.value?.kind === 'seq') {
    if (existing.value.items.some(i => i.kind === 'scalar' && String(i.value) === ruleId)) return undefined;
    edit = appendItem(syntax, existing.value, ruleId, JSON.stringify(ruleId));
  } else {
    return undefined;
  }
  return edit && { title, edits: [edit] };
}

/** Removes the whole lines from the one holding `start` to the one holding `end` (a node's end may be past its line break). */
function removeLines(syntax: Syntax, start: number, end: number): Edit {
  const from = syntax.lineStart(start);
  const newline = syntax.text.indexOf('\n', Math.max(start, end - 1));
  return { offset: from, length: (newline === -1 ? syntax.text.length : newline + 1) - from, text: '' };
}

/** Removes an entry from a mapping, with its separator (its line, in a block mapping). */
function removeEntry(syntax: Syntax, map: Extract<Node, { kind: 'map' }>, key: string): Edit | undefined {
  const entries = map.entries;
  const at = entries.findIndex(e => e.key === key);
  const entry = entries[at];
  if (!entry) return undefined;
  if (!syntax.json && !syntax.isFlow(map)) {
    // Its whole lines; not when the key follows `- ` (the item's dash would go with it).
    return syntax.indentOf(entry.keyStart) === undefined ? undefined : removeLines(syntax, entry.keyStart, entry.end);
  }
  const next = entries[at + 1];
  const previous = entries[at - 1];
  if (next) return { offset: entry.keyStart, length: next.keyStart - entry.keyStart, text: '' };
  if (previous) return { offset: previous.end, length: entry.end - previous.end, text: '' };
  return { offset: map.start + 1, length: map.end - 1 - (map.start + 1), text: '' };
}

/** Removes an item from a sequence, with its separator (its line, in a block sequence). */
function removeItem(syntax: Syntax, seq: Extract<Node, { kind: 'seq' }>, index: number): Edit | undefined {
  const items = seq.items;
  const item = items[index];
  if (!item) return undefined;
  if (!syntax.json && !syntax.isFlow(seq)) {
    const dash = syntax.text.lastIndexOf('-', item.start);
    return dash === -1 || syntax.indentOf(dash) === undefined ? undefined : removeLines(syntax, dash, item.end);
  }
  const next = items[index + 1];
  if (next) return { offset: item.start, length: next.start - item.start, text: '' };
  const previous = items[index - 1]!;
  return { offset: previous.end, length: item.end - previous.end, text: '' };
}

/**
 * An unused-ignore finding's entry removed: the one list item (path: owner, key, index), or the
 * whole key when it is the list's only item.
 */
function removeIgnoreEntry(syntax: Syntax, path: JsonPath): Fix | undefined {
  const index = Number(path[path.length - 1]);
  const key = String(path[path.length - 2]);
  const { node: owner } = syntax.walk(path.slice(0, -2));
  const list = owner?.kind === 'map' ? owner.entry(key)?.value : undefined;
  if (owner?.kind !== 'map' || list?.kind !== 'seq' || !list.items[index]) return undefined;
  const item = list.items[index]!;
  const label = item.kind === 'scalar' ? String(item.value) : `entry ${index + 1}`;
  const edit = list.items.length === 1 ? removeEntry(syntax, owner, key) : removeItem(syntax, list, index);
  return edit && { title: `Remove the unused ${key} entry ${JSON.stringify(label)}`, edits: [edit] };
}

/** Data at a path of the parsed document. */
function valueAt(data: unknown, path: JsonPath): unknown {
  let node = data;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** One sunset date for every quick fix in a session: a year from today. */
const sunsetDate = (now: Date): string => new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);

/**
 * The fix of a finding that has exactly one safe textual fix: a path's trailing slash removed,
 * the widest standard `format` added to an integer or number schema, `x-sunset` added to a
 * deprecated element that lacks one, an ignore entry that silences nothing removed.
 */
export function quickFix(syntax: Syntax, ruleId: string, path: JsonPath, now = new Date()): Fix | undefined {
  if (!syntax.valid) return undefined;
  const { data } = syntax;
  switch (ruleId) {
    case 'path-no-trailing-slash': {
      const paths = syntax.walk(path.slice(0, -1)).node;
      const name = String(path[path.length - 1]);
      const renamed = withoutTrailingSlashes(name) || '/';
      if (paths?.kind !== 'map' || renamed === name || paths.entry(renamed) !== undefined) return undefined;
      const entry = paths.entry(name);
      if (!entry) return undefined;
      const raw = syntax.text.slice(entry.keyStart, entry.keyEnd);
      // The key as written, quoted or not, holds the name itself; anything escaped is left alone.
      const at = raw.indexOf(name);
      if (at === -1) return undefined;
      return { title: `Remove the trailing slash: "${renamed}"`, edits: [{ offset: entry.keyStart + at + renamed.length, length: name.length - renamed.length, text: '' }] };
    }
    case 'number-format': {
      const schema = valueAt(data, path) as Record<string, unknown> | undefined;
      const { node } = syntax.walk(path);
      if (node?.kind !== 'map' || !schema || schema.format !== undefined) return undefined;
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      const format = types.includes('integer') ? 'int64' : types.includes('number') ? 'double' : undefined;
      if (!format) return undefined;
      const edit = addEntry(syntax, node, entryText(syntax, 'format', format, JSON.stringify(format)), 'type');
      return edit && { title: `Add format: ${format}`, edits: [edit] };
    }
    case 'deprecation-documented': {
      const element = valueAt(data, path) as Record<string, unknown> | undefined;
      const { node } = syntax.walk(path);
      if (node?.kind !== 'map' || !element || element['x-sunset'] !== undefined || element.deprecated !== true) return undefined;
      const date = sunsetDate(now);
      const edit = addEntry(syntax, node, entryText(syntax, 'x-sunset', `'${date}'`, JSON.stringify(date)), 'deprecated');
      return edit && { title: `Add x-sunset: ${date} (a year from today: set the agreed date)`, edits: [edit] };
    }
    case 'unused-ignore':
      return removeIgnoreEntry(syntax, path);
    default:
      return undefined;
  }
}
