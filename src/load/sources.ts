// Parsed files by path, for the few places that look at a file Spectral already parsed but does
// not expose (positions of resolver errors, inline ignores in referenced files).
import { readFileSync } from 'node:fs';
import parsers, { type IParser } from '@stoplight/spectral-parsers';
import type { IParserResult, IRange, JsonPath } from '@stoplight/types';

export interface ParsedSource {
  text: string;
  data: unknown;
  range(jsonPath: JsonPath): IRange | undefined;
}

export class Sources {
  private readonly cache = new Map<string, ParsedSource | undefined>();

  /** `buffered` gives the text that stands in for a file on disk (an editor's unsaved buffer). */
  constructor(private readonly buffered: (file: string) => string | undefined = () => undefined) {}

  /** Registers a document parsed by the loader, so it is not read or parsed again. */
  add(file: string, text: string, parser: IParser): void {
    this.cache.set(file, source(text, parser));
  }

  get(file: string): ParsedSource | undefined {
    if (!this.cache.has(file)) {
      let parsed: ParsedSource | undefined;
      try {
        parsed = source(this.buffered(file) ?? readFileSync(file, 'utf8'), (file.toLowerCase().endsWith('.json') ? parsers.Json : parsers.Yaml) as IParser);
      } catch {
        parsed = undefined;
      }
      this.cache.set(file, parsed);
    }
    return this.cache.get(file);
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
