#!/usr/bin/env node
// What each rule adds to a whole run of one document, in wall-clock time: every rule of the default
// set alone against all of them off, in alternated pairs (the median of the differences), beside
// the number of findings it reports. A profile attributes a shared walk (the schema index, the
// operations list) to whichever rule fills it first and leaves out the time the findings cost on
// their way to the report; this measures a rule as a user pays for it, shared work included, so
// the column does not add up to a full run.
//   node bench/rule-costs.mjs <document> [--pairs 5] [--rules id,id] [--top 30]
// Needs `npm run build`. Runs `node bin/apilint.js` as a hook would, so the figures are only
// comparable within one run of this script: two runs per pair per rule, some 5 minutes for a 4 MB
// spec with 5 pairs, and 5 pairs leave ±20 ms of noise there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchOptions, count, ids, refuse } from './options.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const usage = 'usage: node bench/rule-costs.mjs <document> [--pairs 5] [--rules id,id] [--top 30]';
const parsed = benchOptions(usage, { pairs: { type: 'string' }, rules: { type: 'string' }, top: { type: 'string' } }, { positionals: true });
const [document] = parsed.positionals;
if (!document) refuse(usage, 'no document named');
const pairs = count(usage, parsed.values, 'pairs', 5);
const top = parsed.values.top === undefined ? Infinity : count(usage, parsed.values, 'top', 1);

const { catalogue } = await import(pathToFileURL(path.join(ROOT, 'dist/src/lint/catalogue.js')).href);
const defaults = catalogue.filter(r => r.kind === 'lint' && r.recommended).map(r => r.id);
const chosen = ids(usage, parsed.values, 'rules', defaults) ?? defaults;

// One config per run: all rules off, or all off but one. The document's folder is the root its
// `$ref`s may read, as it would be beside its own config.
const dir = mkdtempSync(path.join(os.tmpdir(), 'apilint-rule-costs-'));
const config = only => {
  const file = path.join(dir, `${only ?? 'none'}.json`);
  writeFileSync(file, JSON.stringify({ rules: Object.fromEntries(defaults.filter(id => id !== only).map(id => [id, 'off'])) }));
  return file;
};
const bin = path.join(ROOT, 'bin/apilint.js');
const root = path.dirname(path.resolve(document));
const run = argv => {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, 'lint', '--root', root, ...argv, document], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`apilint exited ${r.status}: ${r.stderr}`);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, stdout: r.stdout };
};
const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const none = config(undefined);
  const counts = new Map();
  for (const f of JSON.parse(run(['--no-config', '-f', 'json']).stdout).findings) counts.set(f.ruleId, (counts.get(f.ruleId) ?? 0) + 1);
  const rows = [];
  for (const id of chosen) {
    const only = config(id);
    const differences = [];
    // Alternated, so that a drift of the machine's load falls on both sides.
    for (let i = 0; i < pairs; i++) {
      let off, alone;
      if (i % 2 === 0) {
        off = run(['-c', none]);
        alone = run(['-c', only]);
      } else {
        alone = run(['-c', only]);
        off = run(['-c', none]);
      }
      differences.push(alone.ms - off.ms);
    }
    rows.push({ id, ms: median(differences), findings: counts.get(id) ?? 0 });
  }
  const floor = median(Array.from({ length: pairs }, () => run(['-c', none]).ms));
  const full = median(Array.from({ length: pairs }, () => run(['--no-config']).ms));
  console.log(`${path.basename(document)}: all rules off ${floor.toFixed(0)} ms, default rules ${full.toFixed(0)} ms (medians of ${pairs})`);
  console.log('added ms  findings  rule');
  for (const r of rows.sort((a, b) => b.ms - a.ms).slice(0, top)) console.log(`${r.ms.toFixed(1).padStart(8)}  ${String(r.findings).padStart(8)}  ${r.id}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
