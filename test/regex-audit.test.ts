// Issue #20, "Bounded everywhere": apilint's own regular expressions run on text from documents (path
// keys, media types, server URLs, the text of a line), so one that backtracks is a way to hang a run
// with a small hostile spec: `\{[^}]*\}` took 49 s on a 100 KB path key, `[ \t]+$` 33 s on a 200 KB
// line. recheck (static analysis, then fuzzing with a fixed seed) judges every regular expression
// literal in src/ and rulesets/; one it finds super-linear fails here unless it is listed below with
// the reason its input stays small.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { ROOT } from './helpers/lint.js';

/** `file` and the literal as written → why its input cannot be long. */
const BOUNDED: Record<string, string> = {
  'src/core/text.ts /"((?:[^"\\\\]|\\\\.){81,}?)"(?=[\\s.,:;)\\]}!?]|$)/g': 'safeText cuts the message to 1,600 characters before it runs',
  'src/load/parse.ts /^(?:"((?:[^"\\\\]|\\\\.)*)"|\'((?:[^\']|\'\')*)\'|([^\\s"\'][^:]*?))\\s*:/': 'keyAt runs on the first 1,000 characters of a line',
  'src/lsp/guidelines.ts /\\s*\\/\\s*/g': 'runs on the guidelines apilint ships',
  'src/engine/unique-items.ts /(\\w+):\\s*for\\s*\\(;\\s*(\\w+)--;\\s*\\)\\s*(\\{?)\\s*for\\s*\\((\\w+) = \\2;\\s*\\4--;\\s*\\)\\s*(\\{?)\\s*if\\s*\\((\\w+)\\((\\w+)\\[\\2\\], \\7\\[\\4\\]\\)\\)\\s*\\{/g':
    "runs when the bundle is built, on files of the pinned spectral-rulesets and on Ajv's code for apilint's own schemas, never on a document",
  'src/engine/error-lists.ts /([\\w$]+) = (null === \\1|\\1 === null) \\? ([\\w$]+(?:\\.[\\w$]+)*)\\.errors : \\1\\.concat\\(\\3\\.errors\\)/g':
    "runs when the bundle is built, on files of the pinned spectral-rulesets and on Ajv's code for apilint's own schemas, never on a document",
  'src/lsp/guidelines.ts /\\(guideline[^)]*\\)/i': 'runs on the guidelines apilint ships',
};

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap(entry => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** Every regular expression literal, as written, with the files it is in. */
function literals(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of [...sources('src'), ...sources('rulesets')]) {
    const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        found.set(text, [...(found.get(text) ?? []), file]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

it('no regular expression of apilint takes more than linear time, unless its input is bounded', () => {
  const found = literals();
  expect(found.size).toBeGreaterThan(100);
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const [literal, files] of found) {
    const end = literal.lastIndexOf('/');
    const result = checkSync(literal.slice(1, end), literal.slice(end + 1), { randomSeed: 0, timeout: 30_000 });
    if (result.status === 'safe') continue;
    const keys = files.map(file => `${file} ${literal}`);
    if (keys.every(key => key in BOUNDED)) {
      keys.forEach(key => listed.add(key));
      continue;
    }
    const why = result.status === 'vulnerable' ? `${result.complexity.summary}, e.g. ${result.attack.pattern}` : `not judged: ${result.error.kind}`;
    problems.push(`${literal} in ${[...new Set(files)].join(', ')}: ${why}`);
  }
  expect(problems).toEqual([]);
  // An entry whose expression is gone or now safe goes too.
  expect(Object.keys(BOUNDED).filter(key => !listed.has(key))).toEqual([]);
}, 300_000);
