// Findings must not change when the linter gets faster: every corpus document, large ones
// included, is linted by the CLI and compared with test/corpus-findings.json (a sha256 of the
// canonical finding lines plus counts per rule; see test/helpers/corpus.ts).
//   UPDATE_CORPUS_FINDINGS=1 npx vitest run test/corpus-findings.test.ts   rewrites the fixture
//   CORPUS_FINDINGS_DUMP=<dir> npx vitest run test/corpus-findings.test.ts writes the full lists
//                                                                           (one .txt per document) for a diff
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusEntries, FIXTURE, lintCorpusDocument, type CorpusSnapshot } from './helpers/corpus.js';
import { CORPUS } from './helpers/lint.js';

const update = process.env.UPDATE_CORPUS_FINDINGS === '1';
const dump = process.env.CORPUS_FINDINGS_DUMP;
const expected: Record<string, CorpusSnapshot> = existsSync(FIXTURE) ? (JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, CorpusSnapshot>) : {};
const actual: Record<string, CorpusSnapshot> = {};

describe('corpus findings are unchanged', () => {
  const entries = corpusEntries();

  it('has a snapshot of every corpus document', () => {
    if (update) return;
    expect(Object.keys(expected).sort()).toEqual(entries.map(e => e.name).sort());
  });

  for (const { name, kind } of entries) {
    it(`${name} [${kind}]`, { timeout: 180_000 }, async () => {
      const { snapshot, lines } = await lintCorpusDocument(name);
      actual[name] = snapshot;
      if (dump) {
        const file = path.join(dump, `${name.replace(/\//g, '__')}.txt`);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, lines.length > 0 ? `${lines.join('\n')}\n` : '');
      }
      // Reports must not depend on where the corpus lies (CI checks it out elsewhere).
      expect(lines.filter(line => line.includes(path.dirname(CORPUS)))).toEqual([]);
      if (update) return;
      // Counts first: a failure then says which rules moved before the hash says that something did.
      expect({ ...snapshot, sha256: undefined }).toEqual({ ...expected[name], sha256: undefined });
      expect(snapshot.sha256).toBe(expected[name]?.sha256);
    });
  }

  afterAll(() => {
    if (!update) return;
    const ordered = Object.fromEntries(entries.filter(e => actual[e.name]).map(e => [e.name, actual[e.name]]));
    writeFileSync(FIXTURE, `${JSON.stringify(ordered, null, 2)}\n`);
  });
});
