// One YAML syntax tree per document. Where a text has aliases, the alias guard of src/load/documents.ts
// builds it first (to count what the aliases expand to before anything expands them) and hands it
// to readYaml below, which hands it on to @stoplight/yaml's parseWithPointers for a document it
// leaves to the parser. All build it with yaml-ast-parser's load() and the options
// parseWithPointers uses, so that a text is parsed once (a second parse was a sixth of the
// medium benchmark spec's run).
import parsers, { type IParser } from '@stoplight/spectral-parsers';
import type { DiagnosticSeverity, IDiagnostic, IParserResult, JsonPath } from '@stoplight/types';
import { internalModule } from './internals.js';
import { patchOnce } from './patch.js';
import { NotPorted, scanYaml, type LightNode, type ScalarReader } from './yaml-scan.js';

interface YamlAstParser {
  load(input: string, options?: Record<string, unknown>): unknown;
  Kind: Record<string, number>;
}

/** What parseWithPointers passes to load() (spectral-parsers' options with ignoreDuplicateKeys). */
const OPTIONS = { ignoreDuplicateKeys: true } as const;
/** The options yaml-ast-parser's loader reads; any other value than these means another tree. */
const LOADER_OPTIONS = ['filename', 'schema', 'onWarning', 'legacy', 'allowAnyEscape'] as const;

/** The tree being handed to parseWithPointers, only while spectralParse runs. */
let handoff: { text: string; ast: unknown } | undefined;

export const yamlAstParser = (): YamlAstParser => internalModule<YamlAstParser>('yaml-ast-parser');

/** The syntax tree parseWithPointers would build for `text` (yaml-ast-parser's own load). */
export function parseYamlAst(text: string): unknown {
  return yamlAstParser().load(text, { ...OPTIONS });
}

/**
 * parseWithPointers builds its tree with yaml-ast-parser's load(), which takes no tree: while
 * spectralParse hands one over, load() gives it back for that text instead of parsing it again.
 * Installed by installEngine (src/engine/index.ts).
 */
export function installYamlHandoff(): void {
  patchOnce(yamlAstParser(), 'load', load => (input: string, options: Record<string, unknown> = {}) => {
    const ready = handoff;
    handoff = undefined;
    const same = ready !== undefined && ready.text === input && options.ignoreDuplicateKeys === true && LOADER_OPTIONS.every(key => !options[key]);
    return same ? ready.ast : load(input, options);
  });
}

/** Spectral's YAML parser (@stoplight/yaml's parseWithPointers), handed the text's tree if there is one. */
function spectralParse(text: string, ast: unknown): IParserResult {
  if (ast === undefined) return Yaml.parse(text) as IParserResult;
  handoff = { text, ast };
  try {
    return Yaml.parse(text) as IParserResult;
  } finally {
    handoff = undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// YAML documents with plain objects. @stoplight/yaml builds every mapping as a key-order proxy,
// whose every property read and key listing goes through a trap: on the medium benchmark spec
// the resolver's walk over the document took as long as over a 13 MB JSON one. FastYaml turns the
// same syntax tree into the same data as its parseWithPointers, in one pass: a mapping becomes a
// plain object wherever a plain object keeps its key order (no integer-like key out of place), and
// the same proxy elsewhere; the same diagnostics for keys that are not strings (`200:`). Most texts
// do not need that tree: the loader's port (src/engine/yaml-scan.ts) reads them to the data and a light
// tree with the same positions at once. What neither ports goes to the parser as it is, with the
// tree handed over: a text with what reads as a merge key (`<<`, which copies keys in; `<<<` in a
// shell example is none), and a tree with syntax errors, a duplicate key, a key that is not a
// scalar, or a `__proto__` key.

type OrderedObjectLiteral = { default: <T extends object>(target: T) => T };
type AstNode = {
  kind: number;
  value?: unknown;
  mappings: { key: AstNode; value: AstNode | null }[];
  items: (AstNode | null)[];
  referencesAnchor?: string;
  startPosition: number;
  endPosition: number;
  errors?: unknown[];
};
type YamlHelpers = {
  buildJsonPath(node: unknown): JsonPath;
  lineForPosition(position: number, lineMap: number[]): number;
  dereferenceAnchor(node: unknown, anchor: string | undefined): unknown;
};
type ScalarInference = {
  determineScalarType(node: unknown): number;
  parseYamlBoolean(text: unknown): boolean;
  parseYamlBigInteger(text: unknown): number | bigint;
  parseYamlFloat(text: unknown): number;
  ScalarType: Record<'null' | 'bool' | 'int' | 'float' | 'string', number>;
};

const Yaml = parsers.Yaml;

/** What may be a merge key: `<<` (perhaps quoted) where a key starts, then `:`. */
const MERGE_KEY = /(?:^|[\s{,?-])(["']?)<<\1\s*:/m;
/** A key that a plain object lists before the others: an array index. */
const INDEX_KEY = /^(?:0|[1-9]\d{0,9})$/;
/** What spectral-parsers' Yaml.parse passes to parseWithPointers (kept as the result's metadata). */
const PARSER_OPTIONS = { ignoreDuplicateKeys: false, mergeKeys: true, preserveKeyOrder: true, attachComments: false };

/**
 * What Spectral's YAML parser gives for `text`, with plain objects; `ast` is the tree the alias
 * guard built for it, if any.
 */
/** The results read by the ports, which leave a `__proto__` key to Spectral's parser (NotPorted). */
const portedResults = new WeakSet<IParserResult>();

function withoutPrototypeKeys(result: IParserResult): IParserResult {
  portedResults.add(result);
  return result;
}

/** Whether readYaml's result is known to hold no `__proto__` key. */
export const yamlKeysChecked = (result: IParserResult): boolean => portedResults.has(result);

export function readYaml(text: string, ast?: unknown): IParserResult {
  if (MERGE_KEY.test(text)) return spectralParse(text, ast);
  const lineMap = computeLineMap(text);
  const diagnostics: IDiagnostic[] = [];
  const result = { ast: undefined as unknown, lineMap, data: undefined as unknown, diagnostics, metadata: PARSER_OPTIONS, comments: {} };
  // Unless the alias guard has built the syntax tree already: the loader's port, in one pass
  // (src/engine/yaml-scan.ts), then the tree and the walk for what it leaves.
  if (ast === undefined) {
    try {
      const reader = new ScanReader(new Typing(lineMap, diagnostics));
      const scanned = scanYaml(text, reader);
      reader.report();
      result.ast = scanned.ast;
      result.data = scanned.data;
      return withoutPrototypeKeys(sortDiagnostics(result) as unknown as IParserResult);
    } catch (error) {
      if (!(error instanceof NotPorted)) throw error;
      diagnostics.length = 0;
    }
  }
  const tree = (ast ?? parseYamlAst(text)) as AstNode | undefined;
  result.ast = tree;
  if (!tree) return result as unknown as IParserResult;
  try {
    if (tree.errors !== undefined && tree.errors.length > 0) throw new NotPorted();
    result.data = new Walk(new Typing(lineMap, diagnostics)).node(tree);
  } catch (error) {
    if (!(error instanceof NotPorted)) throw error;
    return spectralParse(text, tree);
  }
  return withoutPrototypeKeys(sortDiagnostics(result) as unknown as IParserResult);
}

export const FastYaml: IParser = {
  ...Yaml,
  parse: (text: string) => readYaml(text),
  /**
   * @stoplight/yaml's lookup for the trees FastYaml walked (which have no merge keys): it copied
   * each mapping's entries on the way to look for a key among them, for every finding. Here the
   * node is found with an index of each large mapping's keys; the positions are its own, asked
   * for that node. Like spectral-parsers' Yaml, it finds the node at the path or none (it takes
   * no `closest`).
   */
  getLocationForJsonPath(result: IParserResult, path: JsonPath) {
    const parsed = result as IParserResult & { ast: AstNode; metadata?: unknown };
    if (parsed.metadata !== PARSER_OPTIONS) return Yaml.getLocationForJsonPath(result as never, path);
    const node = findNodeAtPath(parsed.ast, path);
    return node === undefined ? undefined : Yaml.getLocationForJsonPath({ ...parsed, ast: node } as never, []);
  },
} as IParser;

type Mapping = AstNode['mappings'][number];
const keyIndexes = new WeakMap<AstNode, Map<unknown, Mapping> | null>();
/** Mappings searched one by one (as the original does) below this size. */
const INDEXED_SIZE = 8;

/** The key's mapping, the last one of that key as in @stoplight/yaml; null if there is none. */
function mappingFor(map: AstNode, key: string | number): Mapping | null {
  const { mappings } = map;
  let index = mappings.length < INDEXED_SIZE ? null : keyIndexes.get(map);
  if (index === undefined) {
    // No index where an entry has no key: the original search stops with an error there.
    index = mappings.every(m => m !== null && m.key !== null) ? new Map(mappings.map(m => [m.key.value, m])) : null;
    keyIndexes.set(map, index);
  }
  if (index !== null) return index.get(key) ?? null;
  for (let i = mappings.length - 1; i >= 0; i--) {
    const item = mappings[i]!;
    if (item !== null && item.key.value === key) return item;
  }
  return null;
}

/** @stoplight/yaml's findNodeAtPath (not `closest`), for a tree without merge keys. */
function findNodeAtPath(root: AstNode, path: JsonPath): AstNode | undefined {
  const { Kind } = yamlAstParser();
  let node: AstNode = root;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    if (node === null || typeof node !== 'object') return undefined;
    if (node.kind === Kind.MAP) {
      const item = mappingFor(node, segment);
      if (item === null) return undefined;
      node = item.value === null ? item.key : item.value;
    } else if (node.kind === Kind.SEQ) {
      const index = Number(segment);
      const item: AstNode | null | undefined = Number.isInteger(index) && index >= 0 && index < node.items.length ? node.items[index] : null;
      if (item === null || item === undefined) return undefined;
      node = item;
    } else {
      return undefined;
    }
  }
  return node;
}

/** parseWithPointers' order: by line, and as found within a line. */
function sortDiagnostics<T extends { diagnostics: IDiagnostic[] }>(result: T): T {
  result.diagnostics.sort((a, b) => a.range.start.line - b.range.start.line);
  return result;
}

/** How walkAST reads scalars and mappings, for the walk below and for the loader's port. */
class Typing {
  readonly ast = yamlAstParser() as unknown as ScalarInference & { Kind: Record<'SCALAR' | 'MAP' | 'SEQ' | 'ANCHOR_REF', number> };
  readonly yaml = internalModule<YamlHelpers>('yaml');
  private readonly ordered = internalModule<OrderedObjectLiteral>('ordered-object-literal').default;

  constructor(
    private readonly lineMap: number[],
    private readonly diagnostics: IDiagnostic[],
  ) {}

  /** A plain scalar's value (integers past 2^53 as BigInt, as walkAST has them before it converts). */
  plain(text: string): unknown {
    if (isStringText(text)) return text;
    const { determineScalarType, ScalarType, parseYamlBoolean, parseYamlBigInteger, parseYamlFloat } = this.ast;
    switch (determineScalarType({ plainScalar: true, value: text })) {
      case ScalarType.null:
        return null;
      case ScalarType.string:
        return text;
      case ScalarType.bool:
        return parseYamlBoolean(text);
      case ScalarType.int:
        return parseYamlBigInteger(text);
      case ScalarType.float:
        return parseYamlFloat(text);
      default:
        return undefined;
    }
  }

  /** A mapping's key as walkAST reads it, with its diagnostic for a key that is not a string. */
  key(text: string, plain: boolean, node: unknown): string {
    if (!plain) return text;
    const value = this.plain(text);
    if (typeof value !== 'string') this.incompatibleKey(node as AstNode, value === null && NULL_WORDS.has(text) ? 'null' : typeof value);
    return String(value);
  }

  /** A mapping's data: a plain object unless an array index key is out of the document's order. */
  map(container: Record<string, unknown>, order: string[], indexKeys: boolean): unknown {
    if (!indexKeys) return container;
    if (Object.keys(container).every((key, i) => key === order[i])) return container;
    const proxy = this.ordered({}) as Record<string, unknown>;
    for (const key of order) proxy[key] = container[key];
    return proxy;
  }

  /** parseWithPointers' diagnostic for a key that reads as a number, boolean or null. */
  private incompatibleKey(key: AstNode, type: string): void {
    this.diagnostics.push({
      code: 'YAMLIncompatibleValue',
      message: `mapping key must be a string scalar rather than ${type}`,
      severity: 1 as DiagnosticSeverity.Warning,
      path: this.yaml.buildJsonPath(key),
      range: { start: this.position(key.startPosition), end: this.position(key.endPosition) },
    } as IDiagnostic);
  }

  private position(offset: number): { line: number; character: number } {
    const line = this.yaml.lineForPosition(offset, this.lineMap);
    return { line, character: line === 0 ? offset : offset - this.lineMap[line - 1]! };
  }
}

/** What yaml-ast-parser's loader reads as null (its valueObject, which the key diagnostic names). */
const NULL_WORDS = new Set(['~', 'null', 'Null', 'NULL']);

/**
 * The scanner's view of Typing. A key's diagnostic needs the key's path, known once the tree is
 * complete: the keys are kept in document order and reported at the end.
 */
class ScanReader implements ScalarReader {
  private readonly keys: { text: string; node: LightNode }[] = [];

  constructor(private readonly typing: Typing) {}

  plain(text: string): unknown {
    const value = this.typing.plain(text);
    return typeof value === 'bigint' ? Number(value) : value;
  }

  key(text: string, plain: boolean, node: LightNode): string {
    if (!plain || isStringText(text)) return text;
    this.keys.push({ text, node });
    return String(this.typing.plain(text));
  }

  map(container: Record<string, unknown>, keys: string[], indexKeys: boolean): unknown {
    return this.typing.map(container, keys, indexKeys);
  }

  /** The diagnostics of the keys that are not strings, once the tree is complete. */
  report(): void {
    for (const { text, node } of this.keys) this.typing.key(text, true, node);
  }
}

/** @stoplight/yaml's parseWithPointers/walkAST for the trees FastYaml takes, with its options above. */
class Walk {
  constructor(private readonly typing: Typing) {}

  node(node: AstNode | null | undefined): unknown {
    if (!node) return node;
    const { Kind } = this.typing.ast;
    switch (node.kind) {
      case Kind.MAP:
        return this.map(node);
      case Kind.SEQ: {
        const { items } = node;
        const list: unknown[] = [];
        for (let i = 0; i < items.length; i++) list.push(items[i] !== null ? this.node(items[i]) : null);
        return list;
      }
      case Kind.SCALAR: {
        const value = this.scalar(node);
        return typeof value === 'bigint' ? Number(value) : value;
      }
      case Kind.ANCHOR_REF:
        // As walkAST does it, on the tree itself: positions are looked up in the same tree.
        if (node.value !== null && typeof node.value === 'object') node.value = this.typing.yaml.dereferenceAnchor(node.value, node.referencesAnchor);
        return this.node(node.value as AstNode | null);
      default:
        return null;
    }
  }

  private map(node: AstNode): unknown {
    const container: Record<string, unknown> = {};
    const { mappings } = node;
    const order: string[] = [];
    let indexKeys = false;
    // Indexed loops here and below: a for-of loop in code that has not been optimized yet (a
    // single run's) allocates an iterator result per step, and these run for every node.
    for (let i = 0; i < mappings.length; i++) {
      const mapping = mappings[i]!;
      if (mapping.key.kind !== this.typing.ast.Kind.SCALAR) throw new NotPorted();
      const key = this.typing.key(String(mapping.key.value), isPlain(mapping.key), mapping.key);
      // A key seen before (walkAST reports it and keeps the last in its place); `in` first, as
      // it is cheap and true for few keys besides those (`constructor`, `toString`).
      if (key === '<<' || key === '__proto__' || (key in container && Object.prototype.hasOwnProperty.call(container, key))) throw new NotPorted();
      container[key] = this.node(mapping.value);
      order.push(key);
      // An array index starts with a digit: the test is only needed then.
      if (!indexKeys && key.charCodeAt(0) <= 57) indexKeys = INDEX_KEY.test(key);
    }
    return this.typing.map(container, order, indexKeys);
  }

  private scalar(node: AstNode): unknown {
    return isPlain(node) ? this.typing.plain(String(node.value)) : String(node.value);
  }
}

/** A plain scalar of the loader's tree (its data depends on its text). */
const isPlain = (node: AstNode & { doubleQuoted?: boolean; singleQuoted?: boolean; plainScalar?: boolean }): boolean =>
  !node.doubleQuoted && !node.singleQuoted && node.plainScalar === true;

/** The words determineScalarType reads as null or boolean. */
const TYPED_WORDS = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);

/**
 * determineScalarType's "string", without its word lists and regular expressions: a text that is
 * not empty, is none of its null and boolean words, and does not start as its numbers and other
 * words do (a digit, `+`, `-`, `.` or `~`).
 */
function isStringText(value: string): boolean {
  if (value.length === 0) return false;
  const c = value.charCodeAt(0);
  if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e || c === 0x7e) return false;
  return value.length > 5 || !TYPED_WORDS.has(value);
}

/** parseWithPointers' line map: the offset after each newline, then the length plus one. */
function computeLineMap(text: string): number[] {
  const lineMap: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineMap.push(i + 1);
  lineMap.push(text.length + 1);
  return lineMap;
}
