// Inline ignores (src/suppress/ignores.ts): a finding is silenced by the nearest ignore on the
// objects that hold it, `x-apilint-ignore` before `x-zally-ignore` on one object, and an entry that
// silences nothing is reported. Checked against a direct reading of that rule: for every finding,
// the objects on its path are looked at from the innermost out.
import fc from 'fast-check';
import parsers, { type IParser } from '@stoplight/spectral-parsers';
import type { JsonPath } from '@stoplight/types';
import { describe, expect, it } from 'vitest';
import { jsonPointer, type Finding } from '../src/core/finding.js';
import { SPECTRAL_READERS } from '../src/engine/index.js';
import { catalogue } from '../src/lint/catalogue.js';
import { Sources } from '../src/load/sources.js';
import { applyInlineIgnores } from '../src/suppress/ignores.js';

const RULES = ['path-kebab-case', 'properties-snake-case', 'number-format'];
const KEYS = ['x-apilint-ignore', 'x-zally-ignore'] as const;
const FILE = '/project/openapi.json';

/** The rules an entry names, read directly from the catalogue. */
function rulesOf(key: (typeof KEYS)[number], value: unknown): string[] {
  if (key === 'x-apilint-ignore') return catalogue.some(r => r.id === value) ? [String(value)] : [];
  return catalogue.filter(r => r.zalando.includes(Number(value))).map(r => r.id);
}

type Node = { [key: string]: unknown };
/** Objects three levels deep at most, each member optional. */
const nodeOf = (depth: number): fc.Arbitrary<Node> =>
  fc.record(
    {
      ...(depth > 0 ? { a: nodeOf(depth - 1), b: nodeOf(depth - 1), list: fc.array(nodeOf(depth - 1), { maxLength: 2 }) } : {}),
      'x-apilint-ignore': fc.subarray([...RULES, 'no-such-rule']),
      'x-zally-ignore': fc.subarray([118, 129, 999]),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<Node>;
const nodes = nodeOf(3);

/** Every path of the document, the ignore lists' own contents left out. */
function pathsOf(node: unknown, path: JsonPath = []): JsonPath[] {
  if (typeof node !== 'object' || node === null) return [path];
  const children = Array.isArray(node) ? node.map((child, i) => [i, child] as const) : Object.entries(node).filter(([k]) => !(KEYS as readonly string[]).includes(k));
  return [path, ...children.flatMap(([key, child]) => pathsOf(child, [...path, key]))];
}

describe('inline ignores', () => {
  it('silence each finding by the nearest ignore on its path, and report the entries that silence nothing', () => {
    fc.assert(
      fc.property(nodes, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...RULES), fc.boolean()), { maxLength: 12 }), (doc, picks) => {
        const sources = new Sources(SPECTRAL_READERS);
        sources.add(FILE, JSON.stringify(doc), parsers.Json as unknown as IParser);
        const paths = pathsOf(doc);
        const findings: Finding[] = picks.map(([n, ruleId, deeper]) => {
          const path = [...paths[n % paths.length]!, ...(deeper ? ['deeper'] : [])];
          return { ruleId, severity: 'error', message: 'm', file: FILE, line: 1, column: 1, endLine: 1, endColumn: 1, path };
        });

        const used = new Set<string>();
        const expected = findings.map(finding => {
          const holders: { node: Node; path: JsonPath }[] = [];
          let node: unknown = doc;
          for (let i = 0; ; i++) {
            if (typeof node !== 'object' || node === null) break;
            if (!Array.isArray(node)) holders.push({ node: node as Node, path: finding.path.slice(0, i) });
            if (i === finding.path.length) break;
            node = (node as Record<string | number, unknown>)[finding.path[i]!];
          }
          for (const { node: holder, path } of holders.reverse()) {
            for (const key of KEYS) {
              const list = holder[key];
              const index = Array.isArray(list) ? list.findIndex(value => rulesOf(key, value).includes(finding.ruleId)) : -1;
              if (index < 0) continue;
              used.add(jsonPointer([...path, key, index]));
              return `${key} at ${jsonPointer(path) || '/'}`;
            }
          }
          return undefined;
        });
        const unused = pathsOf(doc)
          .flatMap(path => {
            const holder = path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], doc);
            if (typeof holder !== 'object' || holder === null || Array.isArray(holder)) return [];
            return KEYS.flatMap(key => {
              const list = (holder as Node)[key];
              if (!Array.isArray(list)) return [];
              // Zally numbers without an apilint rule are Zally's; unknown ids are reported.
              return list.flatMap((value, i) => (key === 'x-zally-ignore' && rulesOf(key, value).length === 0 ? [] : [jsonPointer([...path, key, i])]));
            });
          })
          .filter(pointer => !used.has(pointer))
          .sort();

        const out = applyInlineIgnores(findings, sources, FILE);
        expect(out.slice(0, findings.length).map(f => f.suppression?.justification)).toEqual(expected);
        expect(out.slice(findings.length).map(f => (f.ruleId === 'unused-ignore' ? jsonPointer(f.path) : f.ruleId)).sort()).toEqual(unused);
      }),
      { numRuns: 1500, seed: 2026_11_26 },
    );
  });
});
