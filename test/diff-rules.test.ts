// The diff rules keep the catalogue's convention: a rule's id names its rule file
// (rulesets/diff/<id>.ts), its table test (test/diff/<id>.test.ts), its fixture folder
// (fixtures/diff/<id>/, one base/revision pair per case) and its docs page.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { rules } from '../rulesets/diff/index.js';
import { InputError } from '../src/core/errors.js';
import { catalogue } from '../src/lint/catalogue.js';
import { corpusEntries } from './helpers/corpus.js';
import { DIFF_FIXTURES, diffFiles } from './helpers/diff.js';
import { CORPUS, ROOT } from './helpers/lint.js';

it('every diff rule has its rule file, test, fixture pairs and docs page, and is in the catalogue', () => {
  for (const { id } of rules) {
    expect(existsSync(path.join(ROOT, 'rulesets/diff', `${id}.ts`)), id).toBe(true);
    expect(existsSync(path.join(ROOT, 'test/diff', `${id}.test.ts`)), id).toBe(true);
    expect(existsSync(path.join(ROOT, 'docs/rules', `${id}.md`)), id).toBe(true);
    const cases = readdirSync(path.join(ROOT, 'fixtures/diff', id));
    expect(cases.length, id).toBeGreaterThan(0);
    for (const c of cases) {
      const files = readdirSync(path.join(ROOT, 'fixtures/diff', id, c));
      expect(files.some(f => /^base\.(ya?ml|json)$/.test(f)) && files.some(f => /^revision\.(ya?ml|json)$/.test(f)), `${id}/${c}`).toBe(true);
    }
    expect(catalogue.find(r => r.id === id)?.kind, id).toBe('diff');
  }
  // No fixture folder or test without its rule.
  const ids = new Set(rules.map(r => r.id));
  expect(readdirSync(path.join(ROOT, 'fixtures/diff')).filter(d => !ids.has(d))).toEqual([]);
  expect(readdirSync(path.join(ROOT, 'test/diff')).map(f => f.replace(/\.test\.ts$/, '')).filter(d => !ids.has(d))).toEqual([]);
});

it('no diff rule id is also a lint rule id', () => {
  const ids = catalogue.map(r => r.id);
  expect(new Set(ids).size).toBe(ids.length);
});

it('a version compared with itself has no change a diff rule reports: every corpus document and diff fixture', { timeout: 300_000 }, async () => {
  // lint --since relies on it: an input whose files are all as they were is not compared.
  const fixtures = readdirSync(DIFF_FIXTURES).flatMap(id =>
    readdirSync(path.join(DIFF_FIXTURES, id)).flatMap(c => readdirSync(path.join(DIFF_FIXTURES, id, c)).filter(f => /^(base|revision)\./.test(f)).map(f => path.join(DIFF_FIXTURES, id, c, f))),
  );
  const files = [...corpusEntries().filter(e => e.kind !== 'broken').map(e => path.join(CORPUS, e.name)), ...fixtures];
  const ids = new Set(rules.map(r => r.id));
  let compared = 0;
  for (const file of files) {
    let changes;
    try {
      changes = await diffFiles(file, file);
    } catch (error) {
      // Event type documents: apilint diff compares OpenAPI documents only.
      if (error instanceof InputError) continue;
      throw error;
    }
    compared++;
    expect(changes.filter(f => ids.has(f.ruleId)).map(f => `${f.ruleId} ${f.line}: ${f.message}`), file).toEqual([]);
  }
  expect(compared).toBeGreaterThan(fixtures.length);
});
