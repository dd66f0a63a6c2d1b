// Times each rule's check on one document (resolved by Spectral's inventory), 3 rounds.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
const require = createRequire(import.meta.url);
const { Document } = require('@stoplight/spectral-core');
const { rules } = await import('../dist/rulesets/index.js');
const { parseDocument } = await import('../dist/src/load.js');
const { withLocalRefFastPath } = await import('../dist/src/resolve-local.js');
const { Resolver } = require('@stoplight/spectral-ref-resolver');
const core = path.dirname(require.resolve('@stoplight/spectral-core'));
const { DocumentInventory } = require(path.join(core, 'documentInventory.js'));
const file = path.resolve(process.argv[2]);
const doc = parseDocument(readFileSync(file, 'utf8'), file);
const document = new Document(doc.text, doc.parser, file);
const inv = new DocumentInventory(document, withLocalRefFastPath(new Resolver({ resolvers: {} })));
await inv.resolve();
const root = inv.resolved;
const only = process.argv[3]?.split(',');
const times = new Map();
for (let round = 0; round < 3; round++) {
  for (const rule of rules) {
    if (only && !only.includes(rule.id)) continue;
    const givens = Array.isArray(rule.given) ? rule.given : [rule.given];
    const t = performance.now();
    let n = 0;
    for (const g of givens) {
      let input = g === '$' ? root : g === '$.paths' ? root.paths : g === '$.info' ? root.info : undefined;
      if (input === undefined) continue;
      const targets = rule.field === '@key' && input && typeof input === 'object' ? Object.keys(input) : rule.field ? [input?.[rule.field]] : [input];
      for (const target of targets) {
        const r = rule.fn(target, rule.options?.defaults ?? null, { document, documentInventory: inv, rule: { name: rule.id }, path: [] });
        n += r?.length ?? 0;
      }
    }
    const dt = performance.now() - t;
    times.set(rule.id, [...(times.get(rule.id) ?? []), dt, n]);
  }
}
const rows = [...times].map(([id, v]) => [id, Math.min(v[0], v[2], v[4]), v[0], v[1]]).sort((a, b) => b[1] - a[1]);
let total = 0;
for (const [id, best, first, n] of rows) { total += best; if (best > 2 || first > 20) console.log(`${best.toFixed(1).padStart(8)} ms best ${first.toFixed(1).padStart(8)} ms first  ${String(n).padStart(6)} results  ${id}`); }
console.log(`total best ${total.toFixed(0)} ms, total first ${rows.reduce((s, r) => s + r[2], 0).toFixed(0)} ms`);
