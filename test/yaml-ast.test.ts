// YAML documents (src/engine/yaml-ast.ts) must read exactly as Spectral's YAML parser reads them: the
// same data with the same key order (plain objects where that keeps the order), the same
// diagnostics and positions, also when the alias guard's syntax tree is handed to the parser.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { types } from 'node:util';
import parsers from '@stoplight/spectral-parsers';
import type { IParserResult, JsonPath } from '@stoplight/types';
import { describe, expect, it } from 'vitest';
import { installEngine } from '../src/engine/index.js';
import { parseDocument } from '../src/load/documents.js';
import { FastYaml } from '../src/engine/yaml-ast.js';
import { corpusEntries } from './helpers/corpus.js';
import { CORPUS, ROOT } from './helpers/lint.js';
import { compareTrees } from './helpers/trees.js';
import { TAKEN } from './helpers/yaml-cases.js';

const { Yaml } = parsers;

function paths(data: unknown, limit = 3000): JsonPath[] {
  const out: JsonPath[] = [];
  const stack: { value: unknown; path: JsonPath }[] = [{ value: data, path: [] }];
  while (stack.length > 0 && out.length < limit) {
    const { value, path: p } = stack.pop()!;
    out.push(p);
    if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) stack.push({ value: v, path: [...p, Array.isArray(value) ? Number(k) : k] });
  }
  return out;
}

function expectSameParse(actual: IParserResult, expected: IParserResult): void {
  expect(compareTrees(actual.data, expected.data)).toBeUndefined();
  expect(actual.diagnostics).toEqual(expected.diagnostics);
  // Positions through FastYaml's own lookup, also for paths that end beyond the document.
  for (const p of paths(expected.data)) {
    for (const path of [p, [...p, 'missing'], [...p, 0]]) {
      expect(FastYaml.getLocationForJsonPath(actual, path)).toEqual(Yaml.getLocationForJsonPath(expected as never, path));
    }
  }
}

const CASES: Record<string, string> = {
  'numeric keys out of order': "responses:\n  '404': {description: a}\n  200: {description: b}\n  default: {}\nx: {b: 1, 10: 2, 9: 3}\ny: {1: a, 2: b}\n",
  'anchors and aliases': 'a: &a {x: 1, 2: y, 1: z}\nb: *a\nc: [*a, *a, {k: *a}]\nd: &d [1, 2]\ne: *d\n',
  'merge keys go to the parser': 'base: &b {x: 1, y: 2}\nchild:\n  <<: *b\n  z: 3\n',
  'quoted and explicit merge keys': "base: &b {x: 1, y: 2}\none: {'<<': *b, z: 3}\ntwo:\n  ? <<\n  : *b\n",
  'a merge key spelt with escapes': 'base: &b {x: 1, y: 2}\nchild:\n  "\\x3c\\x3c": *b\n  z: 3\n',
  'a here-string is no merge key': "paths:\n  /a:\n    x-sample: |\n      cat <<< $(jq .x a.json)\n      cat <<EOF: x\n    b: 1\n",
  'a __proto__ key': '__proto__: {polluted: true}\na: 1\n',
  'nulls, numbers and odd keys': "a: ~\nb: [null, ~, 1, 0x1f, 1e3, .inf, -.nan, true, 'yes', 2001-12-14]\n'': empty\n? complex\n: value\n",
  'duplicate keys': 'a: 1\nb: 2\na: 3\n',
  'a mapping as a key': '? {a: 1}\n: x\nb: 2\n',
  'big integers as values and keys': 'a: 123456789012345678901234567890\n12345678901234567890123: x\n0o17: y\n',
  'an alias inside its own anchor': 'a: &a {b: 1, c: *a}\nd: *a\n',
  'keys that read as booleans, nulls and floats': 'true: a\n~: b\n1.50: c\n.inf: d\nnested: {false: e, 0: f, 7: g}\n',
  'tabs and broken YAML': 'a:\n\tb: 1\n',
};

describe('YAML documents', () => {
  for (const [name, text] of [...Object.entries(CASES), ...Object.entries(TAKEN)]) {
    it(`reads like Spectral's parser: ${name}`, () => {
      let expected: IParserResult | Error;
      try {
        expected = Yaml.parse(text) as IParserResult;
      } catch (error) {
        expected = error as Error;
      }
      if (expected instanceof Error) {
        expect(() => FastYaml.parse(text)).toThrow(expected.message);
        return;
      }
      expectSameParse(FastYaml.parse(text) as IParserResult, expected);
    });
  }

  it('reads a document without merge keys into plain objects, not key-order proxies', () => {
    // A proxy's every property read goes through a trap: rules and the resolver read every node.
    const { data } = FastYaml.parse("openapi: 3.0.3\npaths:\n  /a:\n    get:\n      description: |\n        cat <<< $(jq .x a.json)\n      responses:\n        '200': {description: ok}\n        default: {description: error}\n") as IParserResult<Record<string, Record<string, unknown>>>;
    expect(types.isProxy(data)).toBe(false);
    expect(types.isProxy(data.paths!['/a'])).toBe(false);
  });

  const files = [
    ...corpusEntries().filter(e => /\.ya?ml$/.test(e.name)).map(e => path.join(CORPUS, e.name)),
    path.join(ROOT, 'node_modules/@blockfrost/openapi/openapi.yaml'),
  ];
  for (const file of files) {
    it(`reads ${path.relative(ROOT, file)} like Spectral's parser, through the loader`, { timeout: 60_000 }, () => {
      const text = readFileSync(file, 'utf8');
      let doc;
      try {
        doc = parseDocument(text, file, true, installEngine().readers);
      } catch {
        return; // a broken document: the loader's errors are tested elsewhere
      }
      expectSameParse(doc!.parser.parse(text) as IParserResult, Yaml.parse(text) as IParserResult);
    });
  }

  it('still refuses an alias bomb', () => {
    const levels = Array.from({ length: 8 }, (_, i) => {
      const [name, prev] = [String.fromCharCode(98 + i), String.fromCharCode(97 + i)];
      return `${name}: &${name} [${Array(8).fill(`*${prev}`).join(', ')}]`;
    });
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...levels].join('\n');
    expect(() => parseDocument(`openapi: 3.0.3\n${bomb}\n`, '/tmp/bomb.yaml', true, installEngine().readers)).toThrow(/alias bomb/);
  });
});
