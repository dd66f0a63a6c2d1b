// The reference engine is honest: every corpus document, linted by Spectral as published
// (APILINT_REFERENCE_ENGINE=1, and APILINT_NO_BUNDLE=1 so that the published files run as they
// are, not the bundle's copies), gives exactly the findings of test/corpus-findings.json, which
// test/corpus-findings.test.ts checks for the adapted engine in the bundle as shipped. Each finding
// is compared whole: rule, severity, file, line, column, end, JSON pointer and message, in order.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusEntries, FIXTURE, lintCorpusDocument, type CorpusSnapshot } from './helpers/corpus.js';

const expected: Record<string, CorpusSnapshot> = existsSync(FIXTURE) ? (JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, CorpusSnapshot>) : {};
const REFERENCE = { APILINT_REFERENCE_ENGINE: '1', APILINT_NO_BUNDLE: '1' };

describe('the reference engine finds what the adapted engine finds', () => {
  for (const { name, kind } of corpusEntries()) {
    it(`${name} [${kind}]`, { timeout: 300_000 }, async () => {
      const reference = await lintCorpusDocument(name, REFERENCE);
      if (reference.snapshot.sha256 === expected[name]?.sha256) return;
      // Where they differ, the adapted engine's lines show which findings moved.
      const adapted = await lintCorpusDocument(name);
      expect(reference.lines).toEqual(adapted.lines);
      expect(reference.snapshot).toEqual(expected[name]);
    });
  }
});
