// The JSON parser (src/engine/json-parser.ts) must read every document as Spectral's JSON parser does:
// the same data with the same key order, the same diagnostics for what it cannot read, and the
// same range for every JSON path, including the "closest" answer for paths that do not exist.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import parsers from '@stoplight/spectral-parsers';
import type { IParserResult, JsonPath } from '@stoplight/types';
import { describe, expect, it } from 'vitest';
import { FastJson, parseJsonFast } from '../src/engine/json-parser.js';
import { MAX_NESTING } from '../src/load/limits.js';
import { corpusEntries } from './helpers/corpus.js';
import { CORPUS } from './helpers/lint.js';
import { compareTrees } from './helpers/trees.js';

const { Json } = parsers;

/** Every path of the document (every `step`-th one past `limit`), plus paths that miss. */
function samplePaths(data: unknown, limit = 20_000): JsonPath[] {
  const all: JsonPath[] = [];
  const stack: { value: unknown; path: JsonPath }[] = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    all.push(path);
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
    else for (const [k, v] of Object.entries(value)) stack.push({ value: v, path: [...path, k] });
  }
  const step = Math.max(1, Math.floor(all.length / limit));
  const out = all.filter((_, i) => i % step === 0);
  // Misses, string indexes, numeric-looking keys, and the key marker apilint appends.
  for (const p of out.slice(0, 2000)) {
    out.push([...p, 'no-such-key'], [...p, 0], [...p, '0'], [...p, 99999], [...p, '\u0000key'], [...p, '']);
    if (p.length > 0) out.push([...p.slice(0, -1), String(p[p.length - 1])]);
  }
  return out;
}

function expectSameParse(text: string, paths?: JsonPath[]): void {
  const expected = Json.parse(text) as IParserResult;
  const actual = FastJson.parse(text) as IParserResult;
  expect(actual.diagnostics).toEqual(expected.diagnostics);
  expect(compareTrees(actual.data, expected.data, { prototypes: true })).toBeUndefined();
  for (const p of paths ?? samplePaths(expected.data)) {
    for (const closest of [true, false]) {
      let want: unknown;
      let got: unknown;
      try {
        want = Json.getLocationForJsonPath(expected as never, p, closest);
      } catch (error) {
        want = `throws ${(error as Error).name}`;
      }
      try {
        got = FastJson.getLocationForJsonPath(actual as never, p, closest);
      } catch (error) {
        got = `throws ${(error as Error).name}`;
      }
      if (JSON.stringify(got) !== JSON.stringify(want)) expect({ path: p, closest, got }).toEqual({ path: p, closest, got: want });
    }
  }
}

const CASES: Record<string, string> = {
  'numeric keys out of order': '{"responses": {"404": {"d": 1}, "200": {"d": 2}, "default": {}, "2XX": 1},\n "b": {"x": 1, "10": 2, "9": 3}, "c": {"1": 1, "2": 2}}',
  'escapes, unicode and odd keys': '{"a\\"b": {"\\u0031\\u0032": 1, "1": 2}, "π": "é\\n", "": {"": 0}, "0x10": 1, "1e3": 2, " 7": 3, "-0": 4, "007": 5, "a/b~c": [1, [2, {"3": true}]]}',
  'CRLF and CR line breaks': '{\r\n  "a": {\r\n    "b": [1,\r 2,\r\n 3]\r\n  },\r  "c": null\r\n}',
  'array root and nesting': '[{"name": "x", "schema": {"type": "json_schema"}}, [], {}, [[[]]], "s", 1.5e10, -0, false]',
  'no trailing newline, tabs': '{\t"a":\t{"b":"c"}}',
  'line breaks between keys and colons': '{"a"\n\n  : {"b"\n: [1,\n2], "c"  \n :\n"d"}\n}\n',
  'duplicate keys go to Spectral': '{"a": 1, "b": {"c": 1, "c": 2}}',
  'comments go to Spectral': '{\n  // comment\n  "a": 1\n}',
  'trailing commas go to Spectral': '{"a": [1, 2,], }',
  'broken JSON goes to Spectral': '{"a": tru}',
  '__proto__ goes to Spectral': '{"__proto__": {"x": 1}, "a": 1}',
  'byte order mark goes to Spectral': '\ufeff{"a": 1}',
};

describe('JSON parser', () => {
  for (const [name, text] of Object.entries(CASES)) {
    it(`reads like Spectral's parser: ${name}`, () => expectSameParse(text));
  }

  it('reads extreme nesting like Spectral, up to the nesting the load admits', () => {
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    expectSameParse(deep(600), [Array(600).fill('a'), Array(10).fill('a')]);
    expect(parseJsonFast(deep(MAX_NESTING))).toBeDefined();
    expectSameParse(`[${deep(MAX_NESTING - 1)}]`, [[0, ...Array(MAX_NESTING - 1).fill('a')], [0, 'a', 'b']]);
    // Deeper text is the load's to refuse (src/load/parse.ts), after its own count.
    expect(parseJsonFast(deep(MAX_NESTING + 1))).toBeUndefined();
  });

  it('leaves a `__proto__` key, plain or escaped, to Spectral\'s parser (which the load refuses)', () => {
    expect(parseJsonFast('{"a": {"__proto__": {}}}')).toBeUndefined();
    expect(parseJsonFast('{"a": {"\\u005f_proto__": {}}}')).toBeUndefined();
    expect(parseJsonFast('{"a": {"\\u005f_proto_": {}}}')?.data).toEqual({ a: { __proto_: {} } });
  });

  // rangeAt resumes its walk after the steps a path shares with the one asked before it: the
  // order of the questions must not change the answers.
  it('answers paths asked in any order alike', () => {
    const text = readFileSync(path.join(CORPUS, 'azure-arm-cdn.json'), 'utf8');
    const paths = samplePaths(Json.parse(text).data);
    let seed = 2026;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let i = paths.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [paths[i], paths[j]] = [paths[j]!, paths[i]!];
    }
    expectSameParse(text, paths);
    expectSameParse(CASES['numeric keys out of order']!, [['b', 10], ['b', '10'], ['b', 9], ['b'], ['b', '9', 'x'], ['responses', '200', 'd'], ['responses', 200], ['responses', '404', 'd']]);
  });

  const entries = corpusEntries().filter(e => e.name.endsWith('.json'));
  for (const { name } of entries) {
    it(`reads like Spectral's parser: ${name}`, { timeout: 120_000 }, () => {
      expectSameParse(readFileSync(path.join(CORPUS, name), 'utf8'));
    });
  }
});
