// Parsed files by path, for the few places that look at a file Spectral already parsed but does
// not expose (positions of resolver errors, inline ignores in referenced files). Read and parsed
// within the bounds every file passes (src/load/limits.ts, src/load/parse.ts).
import type { IParser } from '@stoplight/spectral-parsers';
import type { IParserResult, IRange, JsonPath } from '@stoplight/types';
import { DEFAULT_MAX_FILE_SIZE, normalizeText, readSourceSync } from './limits.js';
import type { CheckedText, DocumentReaders } from '../engine/index.js';
import { parseGuarded } from './parse.js';

export interface ParsedSource {
  text: string;
  data: unknown;
  range(jsonPath: JsonPath): IRange | undefined;
}

export class Sources {
  private readonly cache = new Map<string, ParsedSource | undefined>();

  /**
   * `readers` are the engine's (src/engine/): a file is read as fast as a document is, with the
   * same data and positions. `buffered` gives the text that stands in for a file on disk (an
   * editor's unsaved buffer).
   */
  constructor(
    private readonly readers: DocumentReaders,
    private readonly buffered: (file: string) => string | undefined = () => undefined,
    private readonly maxFileSize = DEFAULT_MAX_FILE_SIZE,
    /**
     * Whether an adopted file keeps the resolver's parse (a session that keeps documents, for
     * meaning keys). Otherwise it keeps its text only, as a file read from disk does: a run over
     * many specs holds the text of every referenced file that has findings, and their parses
     * would weigh several times as much.
     */
    private readonly keepParses = false,
  ) {}

  /** Registers a document parsed by the loader, so it is not read or parsed again. */
  add(file: string, text: string, parser: IParser): void {
    this.cache.set(file, source(text, parser));
  }

  /** Registers a file the resolver read and parsed (the sandbox's check, src/resolve/sandbox.ts), unless it is known already. */
  adopt(file: string, checked: CheckedText): void {
    if (!this.cache.has(file)) this.cache.set(file, lazySource(checked.text, file, this.readers, this.keepParses ? checked : undefined));
  }

  /** The file's text, read now; its parse waits until `data` or `range` is asked for (most files only give lines). */
  get(file: string): ParsedSource | undefined {
    if (!this.cache.has(file)) {
      let parsed: ParsedSource | undefined;
      try {
        const buffer = this.buffered(file);
        const text = buffer === undefined ? readSourceSync(file, this.maxFileSize) : normalizeText(buffer);
        parsed = lazySource(text, file, this.readers);
      } catch {
        // Unreadable or out of bounds: the resolver reported it; no position to look up here.
        parsed = undefined;
      }
      this.cache.set(file, parsed);
    }
    return this.cache.get(file);
  }

  /**
   * Forgets a document once it is linted: a run over many files keeps no tree but those its
   * documents refer to. Should another document refer to it later, it is read again.
   */
  release(file: string): void {
    this.cache.delete(file);
  }

  /** Forgets every file: they changed on disk or in a buffer. */
  clear(): void {
    this.cache.clear();
  }
}

function source(text: string, parser: IParser): ParsedSource {
  const result = parser.parse(text) as IParserResult;
  return { text, data: result.data, range: jsonPath => parser.getLocationForJsonPath(result as never, jsonPath, true)?.range };
}

/**
 * A file read from disk: parsed on first use, unless it comes `checked` (parsed already); one that
 * fails to parse has no data and no ranges.
 */
function lazySource(text: string, file: string, readers: DocumentReaders, checked?: CheckedText): ParsedSource {
  let parsed: ParsedSource | null | undefined;
  const parse = (): ParsedSource | null => {
    if (parsed === undefined) {
      try {
        const json = checked?.json ?? file.toLowerCase().endsWith('.json');
        const result = checked?.result ?? parseGuarded(text, file, { json, readers, syntax: 'keep' });
        parsed = source(text, { ...(json ? readers.json : readers.yaml), parse: () => result } as IParser);
      } catch {
        parsed = null;
      }
    }
    return parsed;
  };
  return {
    text,
    get data() {
      return parse()?.data;
    },
    range: jsonPath => parse()?.range(jsonPath),
  };
}
