// placeResults (src/lint/results.ts) drops a result that repeats one before it as Spectral's
// fingerprint has it: the same rule, path (range, for an empty path), file and message. Here every
// node lies at one range, so repeats are told from the other fields alone. A result behind a
// `$ref` lies at the node the ref leads to, whatever the keys on the way past it are spelt with.
import type { IRange, JsonPath } from '@stoplight/types';
import { describe, expect, it } from 'vitest';
import type { Reported } from '../rulesets/rule.js';
import { jsonPointer } from '../src/core/finding.js';
import { placeResults } from '../src/lint/results.js';
import { lintText } from './helpers/lint.js';

const RANGE: IRange = { start: { line: 3, character: 4 }, end: { line: 5, character: 6 } };
const data = { a: { x: 1, y: 2 }, list: [5] };
const document = { source: '/spec/doc.yaml', data, getRangeForJsonPath: () => RANGE };
const inventory = { document, resolved: data, unresolved: data, graph: null, referencedDocuments: {} };

const report = (ruleId: string, results: { path: JsonPath; message: string }[]): Reported =>
  ({ ruleId, severity: 0, resolved: false, targetPath: [], documentInventory: inventory, results }) as unknown as Reported;

describe('placeResults', () => {
  it('drops repeats of rule, path, file and message, and keeps results that differ in one', () => {
    const placed = placeResults([
      report('r1', [
        { path: ['a', 'x'], message: 'm' },
        { path: ['a', 'x'], message: 'm ' },
        { path: ['a', 'y'], message: 'm' },
        { path: ['a', 'x'], message: 'n' },
        { path: ['missing'], message: 'm' },
        { path: ['gone'], message: 'm' },
        { path: ['list', 0], message: 'm' },
        { path: ['list', '0'], message: 'm' },
        { path: ['list', 0], message: 'm' },
      ]),
      report('r2', [{ path: ['a', 'x'], message: 'm' }]),
    ]);
    expect(placed.map(p => [p.ruleId, p.path, p.message])).toEqual([
      ['r1', ['a', 'x'], 'm'],
      ['r1', ['a', 'y'], 'm'],
      ['r1', ['a', 'x'], 'n'],
      // Both lie at the document's root (an empty path): one range, one message.
      ['r1', [], 'm'],
      // Segments are read as Spectral decodes them, as strings: 0 and '0' are one place.
      ['r1', ['list', '0'], 'm'],
      ['r2', ['a', 'x'], 'm'],
    ]);
    expect(placed.every(p => p.source === '/spec/doc.yaml' && p.range === RANGE)).toBe(true);
  });

  it('drops the same repeats where many results share a range (compared one by one, then by fingerprint)', () => {
    // 40 messages at one node, each given three times, in an order that mixes them: past the
    // first few the results at the range are told apart by fingerprint instead.
    const results = [0, 1, 2].flatMap(round => Array.from({ length: 40 }, (_, i) => ({ path: ['a', 'x'], message: `operation ${(i * 7 + round * 13) % 40}` })));
    const placed = placeResults([report('r1', results), report('r2', results.slice(0, 3))]);
    const expected = [...new Set(results.map(r => r.message))].map(message => ['r1', message]);
    expect(placed.map(p => [p.ruleId, p.message])).toEqual([...expected, ...results.slice(0, 3).map(r => ['r2', r.message])]);
  });
});

describe('a result behind a $ref', () => {
  // Keys past the last `$ref` that a pointer spells as they are, and ones it escapes or
  // percent-encodes (the path is then read back from the spelt key, as Spectral reads it).
  const properties = `      properties:
        a/b: {type: number}
        x~y: {type: number}
        100%: {type: number}
        ü: {type: number}
        a b: {type: number}
        plain: {type: number}
        list:
          type: array
          items: {type: number}
`;
  // Each finding's line within the lines above: `properties:` is the first.
  const expected = (file: string, schema: string, before: number) =>
    [
      ['a~1b', 2],
      ['x~0y', 3],
      ['100%', 4],
      ['ü', 5],
      ['a b', 6],
      ['plain', 7],
      ['list/items', 10],
    ].map(([key, line]) => ({ file, pointer: `${schema}/properties/${key as string}`, line: before + (line as number) }));
  const operation = (ref: string) => `openapi: 3.0.3
info: {title: t, version: 1.0.0}
paths:
  /items:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '${ref}'}
`;
  const numberFormat = (findings: Awaited<ReturnType<typeof lintText>>) =>
    findings
      .filter(f => f.ruleId === 'number-format')
      .map(f => ({ file: f.file.split('/').pop(), pointer: jsonPointer(f.path), line: f.line }))
      .sort((a, b) => a.line - b.line);

  it('in the document', async () => {
    // The operation takes 11 lines, the schema's first three 4 more: `properties:` is line 16.
    const findings = await lintText(`${operation('#/components/schemas/Item')}components:\n  schemas:\n    Item:\n      type: object\n${properties}`, { rules: ['number-format'] });
    expect(numberFormat(findings)).toEqual(expected('openapi.yaml', '/components/schemas/Item', 15));
  });

  it('in another file', async () => {
    const findings = await lintText(operation('./item.yaml#/Item'), { rules: ['number-format'], files: { 'item.yaml': `Item:\n  type: object\n${properties.replace(/^ {4}/gm, '')}` } });
    expect(numberFormat(findings)).toEqual(expected('item.yaml', '/Item', 2));
  });
});
