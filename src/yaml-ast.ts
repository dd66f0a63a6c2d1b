// One YAML syntax tree per document. A document with aliases is parsed twice: by the alias guard
// of src/load.ts, which counts what the aliases expand to before anything expands them, and by
// @stoplight/yaml's parseWithPointers. Both build the tree with yaml-ast-parser's load(); the
// guard builds it with the options parseWithPointers uses and hands it over, so that the text is
// parsed once (on the medium benchmark spec the second parse was a sixth of the run).
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
