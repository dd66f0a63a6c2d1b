// A baseline survives a rewrite that changes no meaning. Each single-file corpus spec of 1.5 MB or
// less is linted into a baseline, then written again with its mapping keys and its unordered lists
// (enum values, `required` names, tags, security requirements, parameters) shuffled, and linted
// against that baseline: no finding may be new and none fixed. Findings that sit at a place in a
// list, or at the first of several paths that share a segment, would move and fail this.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './helpers/inprocess.js';
import { CORPUS } from './helpers/lint.js';
import { random, reordered } from './helpers/random.js';

const require = createRequire(import.meta.url);
const YAML = require('@stoplight/yaml') as { parse(text: string): unknown; safeStringify(value: unknown, options?: object): string };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const UNORDERED = new Set(['enum', 'required', 'tags', 'security', 'parameters']);

const specs = readFileSync(path.join(CORPUS, 'MANIFEST.tsv'), 'utf8')
  .split('\n')
  .map(line => line.split('\t')[0]!)
  // Single files: a spec spread over files would be copied without what its $refs read.
  .filter(file => /\.(ya?ml|json)$/.test(file) && !file.includes('/') && !file.startsWith('broken') && existsSync(path.join(CORPUS, file)) && statSync(path.join(CORPUS, file)).isFile() && statSync(path.join(CORPUS, file)).size <= 1_500_000);

describe('a baseline of a corpus spec matches the spec with its keys and unordered lists shuffled', () => {
  it('finds the specs', () => expect(specs.length).toBeGreaterThan(15));

  it.each(specs)('%s', async file => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-reorder-'));
    const text = readFileSync(path.join(CORPUS, file), 'utf8');
    const json = file.endsWith('.json');
    const name = path.basename(file);
    writeFileSync(path.join(dir, name), text);
    expect((await runInProcess(['lint', name, '--no-config', '--write-baseline', 'baseline.json'], dir)).code).toBe(0);
    const rnd = random([...file].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0), 7));
    const data = reordered(rnd, (json ? JSON.parse(text) : YAML.parse(text)) as Json, UNORDERED);
    writeFileSync(path.join(dir, name), json ? JSON.stringify(data, null, 2) : YAML.safeStringify(data, { indent: 2 }));
    const result = await runInProcess(['lint', name, '--no-config', '--baseline', 'baseline.json', '-f', 'json'], dir);
    const report = JSON.parse(result.stdout) as { findings: { ruleId: string; pointer: string }[]; summary: { fixed: number } };
    expect(report.findings.map(f => `${f.ruleId} ${f.pointer}`)).toEqual([]);
    expect(report.summary.fixed).toBe(0);
  }, 60_000);
});
