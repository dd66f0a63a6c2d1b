// Lints every document of ../shared/corpus (see its MANIFEST.tsv) and prints findings per rule,
// split into zalando-style documents and the rest. Run `npm run build` first.
//   node scripts/corpus-report.mjs [--rules id,id] [--show zalando|all] [--skip-large]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInput } from '../dist/src/load/documents.js';
import { Linter } from '../dist/src/lint/linter.js';

const args = process.argv.slice(2);
const opt = name => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const only = opt('--rules')?.split(',');
const show = opt('--show');
const corpus = path.resolve(fileURLToPath(import.meta.url), '../../../shared/corpus');
const manifest = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map(l => l.split('\t'));
const counts = new Map();
for (const [name, , , , , , , kind] of manifest) {
  if (args.includes('--skip-large') && kind === 'large') continue;
  const file = path.join(corpus, name);
  const started = Date.now();
  let findings;
  try {
    const linter = new Linter({ cwd: path.dirname(file), ruleset: only ? { only: new Set(only) } : {} });
    findings = await linter.lint(linter.parse(await readInput(file), file));
  } catch (error) {
    console.log(`${name} [${kind}]: ${error.constructor.name}: ${error.message}`);
    continue;
  }
  console.log(`${name} [${kind}]: ${findings.length} findings in ${Date.now() - started} ms`);
  const bucket = kind === 'zalando-style' ? 'zalando' : 'other';
  for (const f of findings) {
    const c = counts.get(f.ruleId) ?? { zalando: 0, other: 0 };
    c[bucket]++;
    counts.set(f.ruleId, c);
    if (show === 'all' || (show === 'zalando' && bucket === 'zalando')) {
      console.log(`  ${path.relative(corpus, f.file)}:${f.line}:${f.column} ${f.severity} ${f.ruleId}: ${f.message}`);
    }
  }
}
console.log('\n| rule | zalando-style | other |\n|---|---|---|');
for (const [id, c] of [...counts].sort()) console.log(`| ${id} | ${c.zalando} | ${c.other} |`);
