// placeResults (src/lint/results.ts) drops a result that repeats one before it as Spectral's
// fingerprint has it: the same rule, path (range, for an empty path), file and message. Here every
// node lies at one range, so repeats are told from the other fields alone.
import type { IRange, JsonPath } from '@stoplight/types';
import { describe, expect, it } from 'vitest';
import type { Reported } from '../rulesets/rule.js';
import { placeResults } from '../src/lint/results.js';

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
});
