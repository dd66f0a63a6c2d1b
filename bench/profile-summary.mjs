#!/usr/bin/env node
// Summarises a V8 .cpuprofile (node --cpu-prof): self time per package or file, and per function.
//   node bench/profile-summary.mjs <file.cpuprofile> [--top 30] [--by package|file|function]
// Self time of a node is its sample count times the mean sample interval; "(garbage collector)",
// "(program)" and "(idle)" are V8's own buckets.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.find(a => !a.startsWith('--'));
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [--top N] [--by package|file|function]');
  process.exit(2);
}
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const top = Number(opt('--top', 25));
const views = args.includes('--by') ? [opt('--by')] : ['package', 'function'];
// --inclusive: total (self + callees) time per function, each sample counted once per function.
const inclusive = args.includes('--inclusive');

const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
const total = profile.samples.length;
const ms = (profile.endTime - profile.startTime) / 1000 / Math.max(1, total);

const packageOf = url => {
  if (!url) return '(native/builtin)';
  if (url.startsWith('node:')) return 'node:internal';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const own = /\/(dist\/(?:src|rulesets)(?:\/(?:lib|rules))?)\//.exec(url);
  return own ? own[1] : url.replace(/^file:\/\//, '');
};
const key = {
  package: n => packageOf(n.callFrame.url),
  file: n => (n.callFrame.url || '(native)').replace(/^file:\/\/.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/'),
  function: n => `${n.callFrame.functionName || '(anonymous)'}  ${(n.callFrame.url || '').replace(/^file:\/\/.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${n.callFrame.lineNumber + 1}`,
};

if (inclusive) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sums = new Map();
  for (const [id, count] of counts) {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const k = key.function(byId.get(n));
      if (seen.has(k)) continue;
      seen.add(k);
      sums.set(k, (sums.get(k) ?? 0) + count);
    }
  }
  console.log(`\ninclusive time by function:`);
  for (const [k, count] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(count * ms).toFixed(0).padStart(7)} ms ${((100 * count) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
  process.exit(0);
}
console.log(`${file}: ${total} samples, ${((profile.endTime - profile.startTime) / 1e6).toFixed(2)} s`);
for (const view of views) {
  const sums = new Map();
  for (const [id, count] of counts) {
    const k = key[view](byId.get(id));
    sums.set(k, (sums.get(k) ?? 0) + count);
  }
  console.log(`\nself time by ${view}:`);
  for (const [k, count] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(count * ms).toFixed(0).padStart(7)} ms ${((100 * count) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
}
