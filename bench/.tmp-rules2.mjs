// rules time on YAML data as proxies vs plain objects (experiment)
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
const plain = process.argv[3] === 'plain';
const doc = parseDocument(readFileSync(file, 'utf8'), file);
const document = new Document(doc.text, doc.parser, file);
if (plain) {
  const conv = v => { if (v === null || typeof v !== 'object') return v; if (Array.isArray(v)) return v.map(conv); const o = {}; for (const k of Object.keys(v)) o[k] = conv(v[k]); return o; };
  document.parserResult.data = conv(document.parserResult.data);
}
const t0 = performance.now();
const inv = new DocumentInventory(document, withLocalRefFastPath(new Resolver({ resolvers: {} })));
await inv.resolve();
const t1 = performance.now();
const root = inv.resolved;
let total = 0;
for (const rule of rules) {
  const givens = Array.isArray(rule.given) ? rule.given : [rule.given];
  const t = performance.now();
  for (const g of givens) {
    let input = g === '$' ? root : g === '$.paths' ? root.paths : g === '$.info' ? root.info : undefined;
    if (input === undefined) continue;
    const targets = rule.field === '@key' && input && typeof input === 'object' ? Object.keys(input) : rule.field ? [input?.[rule.field]] : [input];
    for (const target of targets) rule.fn(target, rule.options?.defaults ?? null, { document, documentInventory: inv, rule: { name: rule.id }, path: [] });
  }
  total += performance.now() - t;
}
console.log(plain ? 'plain' : 'proxy', 'resolve', (t1 - t0).toFixed(0), 'ms; rules', total.toFixed(0), 'ms');
