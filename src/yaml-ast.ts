// One YAML syntax tree per document. A document with aliases is parsed twice: by the alias guard
// of src/load.ts, which counts what the aliases expand to before anything expands them, and by
// @stoplight/yaml's parseWithPointers. Both build the tree with yaml-ast-parser's load(); the
// guard builds it with the options parseWithPointers uses and hands it over, so that the text is
// parsed once (on the medium benchmark spec the second parse was a sixth of the run).
import parsers, { type IParser } from '@stoplight/spectral-parsers';
import type { IParserResult } from '@stoplight/types';
import { internalModule } from './internals.js';

interface YamlAstParser {
  load(input: string, options?: Record<string, unknown>): unknown;
  Kind: Record<string, number>;
}

/** What parseWithPointers passes to load() (spectral-parsers' options with ignoreDuplicateKeys). */
const OPTIONS = { ignoreDuplicateKeys: true } as const;
/** The options yaml-ast-parser's loader reads; any other value than these means another tree. */
const LOADER_OPTIONS = ['filename', 'schema', 'onWarning', 'legacy', 'allowAnyEscape'] as const;

let pending: { text: string; ast: unknown } | undefined;
let installed = false;

export const yamlAstParser = (): YamlAstParser => internalModule<YamlAstParser>('yaml-ast-parser');

/** The syntax tree parseWithPointers would build for `text`. */
export function parseYamlAst(text: string): unknown {
  install();
  return yamlAstParser().load(text, { ...OPTIONS });
}

/** Hands `ast` (from parseYamlAst) to the next parse of the same text. */
export function reuseYamlAst(text: string, ast: unknown): void {
  pending = { text, ast };
}

function install(): void {
  if (installed) return;
  installed = true;
  const parser = yamlAstParser();
  const load = parser.load;
  parser.load = (input: string, options: Record<string, unknown> = {}) => {
    const ready = pending;
    pending = undefined;
    const same = ready !== undefined && ready.text === input && options.ignoreDuplicateKeys === true && LOADER_OPTIONS.every(key => !options[key]);
    return same ? ready.ast : load(input, options);
  };
}

// ---------------------------------------------------------------------------------------------
// YAML documents with plain objects. @stoplight/yaml builds every mapping as a key-order proxy,
// whose every property read and key listing goes through a trap: on the medium benchmark spec
// the resolver's walk over the document took as long as over a 13 MB JSON one. Here the same
// parser runs with plain objects that carry the same key order list; afterwards, an object whose
// order a plain object keeps (no integer-like key out of place) stays plain, and any other becomes
// the same proxy the parser would have built. Merge keys (`<<`), which copy keys into a mapping
// without going through that list, leave the document to the parser as it is: a text with what
// reads as one is given to it directly (`<<<` in a shell example is no merge key), and a mapping
// whose keys turn out not to be its order list's (a merge key spelt with escapes, a `__proto__`
// key) sends the document there after all.

type OrderedObjectLiteral = {
  default: <T extends object>(target: T) => T;
  getOrder: (target: object) => string[];
};

const Yaml = parsers.Yaml;

/** What may be a merge key: `<<` (perhaps quoted) where a key starts, then `:`. */
const MERGE_KEY = /(?:^|[\s{,?-])(["']?)<<\1\s*:/m;
const KEYS_NOT_IN_ORDER = new Error('a mapping holds keys its order list does not');

export const FastYaml: IParser = {
  ...Yaml,
  parse(text: string): IParserResult {
    if (process.env.APILINT_REFERENCE_ENGINE === '1' || MERGE_KEY.test(text)) return Yaml.parse(text) as IParserResult;
    const literal = internalModule<OrderedObjectLiteral>('ordered-object-literal');
    const { default: create, getOrder } = literal;
    // Each mapping's key order is kept beside it, not on it: a property added to the object and
    // deleted afterwards would leave every object of the document in V8's slow dictionary mode,
    // and the resolver and every rule read them.
    const orders = new Map<object, string[]>();
    literal.default = <T extends object>(target: T): T => {
      orders.set(target, []);
      return target;
    };
    literal.getOrder = target => orders.get(target) ?? getOrder(target);
    let result: IParserResult;
    try {
      result = Yaml.parse(text) as IParserResult;
    } finally {
      literal.default = create;
      literal.getOrder = getOrder;
    }
    try {
      result.data = restoreOrder(result.data, orders, create);
    } catch (error) {
      if (error !== KEYS_NOT_IN_ORDER) throw error;
      return Yaml.parse(text) as IParserResult;
    }
    return result;
  },
} as IParser;

/**
 * Bottom-up over the parsed data: each mapping built above becomes a key-order proxy where a plain
 * object would list its keys in another order, and stays as it is elsewhere.
 */
function restoreOrder(data: unknown, orders: Map<object, string[]>, create: <T extends object>(target: T) => T): unknown {
  const finish = (value: Record<string, unknown>, order: string[]): unknown => {
    const keys = Object.keys(value);
    if (keys.length === order.length && keys.every((key, i) => key === order[i])) return value;
    if (keys.length !== order.length || !order.every(key => Object.prototype.hasOwnProperty.call(value, key))) throw KEYS_NOT_IN_ORDER;
    const ordered = create({}) as Record<string, unknown>;
    for (const key of order) ordered[key] = value[key];
    return ordered;
  };
  // Post-order: children are final before their parent is copied.
  const stack: { holder: Record<string | number, unknown>; key: string | number; expanded: boolean }[] = [];
  const root = { value: data };
  stack.push({ holder: root as Record<string, unknown>, key: 'value', expanded: false });
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const value = top.holder[top.key];
    if (value === null || typeof value !== 'object') {
      stack.pop();
      continue;
    }
    if (!top.expanded) {
      top.expanded = true;
      const container = value as Record<string | number, unknown>;
      if (Array.isArray(container)) for (let i = container.length - 1; i >= 0; i--) stack.push({ holder: container, key: i, expanded: false });
      else for (const key of Object.keys(container).reverse()) stack.push({ holder: container, key, expanded: false });
      continue;
    }
    stack.pop();
    const order = orders.get(value);
    if (order) top.holder[top.key] = finish(value as Record<string, unknown>, order);
  }
  return root.value;
}
