// Reports written in pieces (src/formatters/types.ts): `json`, `junit` and `codeclimate` are made
// finding by finding, so that no report has to be one string (V8's longest is about 512 MB). Their
// text must be exactly what one JSON.stringify of the whole report spells, and the blocks they are
// written in must join up to it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../src/core/finding.js';
import { codeclimate } from '../src/formatters/codeclimate.js';
import { json } from '../src/formatters/json.js';
import { junit } from '../src/formatters/junit.js';
import { blocks, jsonArray, jsonWithArray, type FormatContext, type Report } from '../src/formatters/types.js';

const text = (report: Report) => (typeof report === 'string' ? report : [...report].join(''));

// Values as JSON has them, strings with quotes, backslashes, line breaks and the key's own spelling.
const value = fc.letrec(tie => ({
  any: fc.oneof({ depthSize: 'small' }, fc.string(), fc.constantFrom('"findings": 0', '\n  "findings": 0', 'a\nb', '\\"', '\u2028'), fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('any'), { maxLength: 4 }), fc.dictionary(fc.string(), tie('any'), { maxKeys: 4 })),
})).any;

describe('JSON in pieces', () => {
  it('spells a list as JSON.stringify does, at any depth', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 6 }), fc.nat(3), (items, depth) => {
        // The list as the member `a` of objects nested `depth` deep, spelt around the pieces.
        let nested: unknown = items;
        for (let d = 0; d < depth; d++) nested = { a: nested };
        const open = Array.from({ length: depth }, (_, d) => `{\n${'  '.repeat(d + 1)}"a": `).join('');
        const close = Array.from({ length: depth }, (_, d) => `\n${'  '.repeat(depth - 1 - d)}}`).join('');
        expect(`${open}${[...jsonArray(items, depth)].join('')}${close}`).toBe(JSON.stringify(nested, null, 2));
      }),
      { numRuns: 500 },
    );
  });

  it('spells an object with a list member as JSON.stringify does', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), value, { maxKeys: 5 }), fc.array(value, { maxLength: 6 }), (rest, items) => {
        const object = { version: 1, ...rest, findings: items, after: rest };
        expect([...jsonWithArray(object, 'findings', items)].join('')).toBe(`${JSON.stringify(object, null, 2)}\n`);
      }),
      { numRuns: 500 },
    );
  });

  it('writes pieces in blocks that join up to the text', () => {
    const pieces = Array.from({ length: 5000 }, (_, i) => `${i}`.repeat(100 + (i % 7) * 50));
    const written = [...blocks(pieces)];
    expect(written.join('')).toBe(pieces.join(''));
    expect(written.length).toBeGreaterThan(1);
    expect(written.slice(0, -1).every(block => block.length >= 1 << 20 && block.length < (1 << 20) + 2000)).toBe(true);
    expect([...blocks('one text')]).toEqual(['one text']);
  });
});

const finding = (i: number, file: string): Finding => ({
  ruleId: i % 2 ? 'path-no-trailing-slash' : 'property-snake-case',
  severity: (['error', 'warn', 'info', 'hint'] as const)[i % 4]!,
  message: `Message ${i} with "quotes", <tags> & a\nline break`,
  file,
  line: i + 1,
  column: 3,
  endLine: i + 2,
  endColumn: 9,
  path: ['paths', `/items/${i}`, 'get'],
});

const context = (files: string[], inputErrors: FormatContext['inputErrors'] = []): FormatContext => ({ cwd: '/work', files, inputErrors, color: false, failSeverity: 'warn' });

describe('reports in pieces', () => {
  const files = ['/work/a.yaml', '/work/b.yaml', '/work/clean.yaml'];
  const findings = Array.from({ length: 40 }, (_, i) => finding(i, files[i % 2]!));
  const inputErrors = [{ file: '/work/broken.yaml', line: 4, column: 2, message: 'invalid YAML' }] as unknown as FormatContext['inputErrors'];

  it('json: the report JSON.parse reads, every finding in order, and no piece holds two findings', () => {
    const pieces = [...(json(findings, context(files, inputErrors)) as Iterable<string>)];
    const report = JSON.parse(pieces.join('')) as { findings: { line: number }[]; inputErrors: unknown[]; summary: { files: number } };
    expect(report.findings.map(f => f.line)).toEqual(findings.map(f => f.line));
    expect(report.inputErrors).toHaveLength(1);
    expect(report.summary.files).toBe(3);
    expect(pieces.filter(piece => piece.includes('"ruleId"')).every(piece => piece.split('"ruleId"').length === 2)).toBe(true);
    expect(text(json([], context([])))).toContain('"findings": [],');
  });

  it('codeclimate: a JSON list of every input error and finding', () => {
    const issues = JSON.parse(text(codeclimate(findings, context(files, inputErrors)))) as { check_name: string }[];
    expect(issues.map(i => i.check_name)).toEqual(['input-error', ...findings.map(f => f.ruleId)]);
    expect(text(codeclimate([], context([])))).toBe('[]\n');
  });

  it('junit: totals first, a suite per file, a case per finding, as one text spelt them', () => {
    const xml = text(junit(findings, context(files, inputErrors)));
    expect(xml.split('\n').slice(0, 3)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="apilint" tests="42" failures="20" errors="1">',
      '  <testsuite name="a.yaml" tests="20" failures="10" errors="0">',
    ]);
    expect(xml).toContain('  <testsuite name="clean.yaml" tests="1" failures="0" errors="0">\n    <testcase name="apilint" classname="clean.yaml"/>\n  </testsuite>\n  <testsuite name="broken.yaml" tests="1" failures="0" errors="1">');
    expect(xml.endsWith('  </testsuite>\n</testsuites>\n')).toBe(true);
    expect(xml.match(/<testcase /g)).toHaveLength(42);
    expect(text(junit([], context([])))).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="apilint" tests="0" failures="0" errors="0">\n\n</testsuites>\n');
  });
});
