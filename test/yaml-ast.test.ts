// The alias guard's syntax tree is handed to the YAML parser (src/yaml-ast.ts): the document must
// read exactly as a fresh parse reads it, for the corpus documents that take that path.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import parsers from '@stoplight/spectral-parsers';
import type { IParserResult } from '@stoplight/types';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../src/load.js';
import { CORPUS, ROOT } from './helpers/lint.js';

const DOCS = [
  ...['zalando-zally-api.yaml', 'zalando-nakadi-event-bus-api.yaml', 'asana-api.yaml', 'twilio-api-v2010.yaml', 'oai-tags-example-v3.2.yaml'].map(name => path.join(CORPUS, name)),
  path.join(ROOT, 'node_modules/@blockfrost/openapi/openapi.yaml'),
];

describe('one YAML syntax tree per document', () => {
  for (const file of DOCS) {
    it(`reads ${path.basename(file)} as a fresh parse does`, { timeout: 60_000 }, () => {
      const text = readFileSync(file, 'utf8');
      const doc = parseDocument(text, file)!;
      const reused = doc.parser.parse(text) as IParserResult;
      const fresh = parsers.Yaml.parse(text) as IParserResult;
      expect(JSON.stringify(reused.data)).toBe(JSON.stringify(fresh.data));
      expect(reused.diagnostics).toEqual(fresh.diagnostics);
      for (const p of [['paths'], ['components', 'schemas'], ['info', 'title'], ['openapi']]) {
        expect(parsers.Yaml.getLocationForJsonPath(reused as never, p, true)).toEqual(parsers.Yaml.getLocationForJsonPath(fresh as never, p, true));
      }
    });
  }

  it('still refuses an alias bomb', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`)].join('\n');
    expect(() => parseDocument(`openapi: 3.0.3\n${bomb}\n`, '/tmp/bomb.yaml')).toThrow(/alias bomb/);
  });
});
