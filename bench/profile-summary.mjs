#!/usr/bin/env node
// Summarises V8 .cpuprofiles (node --cpu-prof): self time per package or file, and per function.
//   node bench/profile-summary.mjs <file.cpuprofile>... [--top 30] [--by package|file|function]
//                                  [--inclusive] [--under NAME] [--lines NAME]
// Self time of a node is its sample count times the mean sample interval; "(garbage collector)",
// "(program)" and "(idle)" are V8's own buckets. Several profiles (runs of the same command) are
// averaged: one run's figures for a 10 ms function swing by half on a shared machine.
// --inclusive: total (self + callees) time per function, each sample counted once per function.
// --under NAME: the inclusive time of each function called (at any depth) below a function NAME,
// which says what a shared cache costs the rule that happens to fill it.
// --lines NAME: the self time of the function NAME by source line (of the profiled file).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const valued = new Set(['--top', '--by', '--under', '--lines']);
const files = args.filter((a, i) => !a.startsWith('--') && !valued.has(args[i - 1]));
if (files.length === 0) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile>... [--top N] [--by package|file|function] [--inclusive] [--under NAME] [--lines NAME]');
  process.exit(2);
}
const top = Number(opt('--top', 25));
const views = args.includes('--by') ? [opt('--by')] : ['package', 'function'];
const inclusive = args.includes('--inclusive');
const under = opt('--under');
const lines = opt('--lines');

const packageOf = url => {
  if (!url) return '(native/builtin)';
  if (url.startsWith('node:')) return 'node:internal';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const own = /\/(dist\/(?:src|rulesets)(?:\/(?:lib|rules))?)\//.exec(url);
  return own ? own[1] : url.replace(/^file:\/\//, '');
};
const shortUrl = url => (url || '').replace(/^file:\/\/.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/');
const key = {
  package: n => packageOf(n.callFrame.url),
  file: n => shortUrl(n.callFrame.url) || '(native)',
  function: n => `${n.callFrame.functionName || '(anonymous)'}  ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`,
};

/** Milliseconds per key, averaged over the profiles; `add(node, stack, ms, sum)` counts one sample. */
function averaged(add) {
  const sums = new Map();
  const sum = (k, ms) => sums.set(k, (sums.get(k) ?? 0) + ms / files.length);
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8'));
    const byId = new Map(profile.nodes.map(n => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const ms = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
    const counts = new Map();
    for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
    // The stack of a sample, its root first.
    const stack = id => {
      const out = [];
      for (let n = id; n !== undefined; n = parent.get(n)) out.push(byId.get(n));
      return out.reverse();
    };
    for (const [id, count] of counts) add(byId.get(id), () => stack(id), count * ms, sum);
    if (lines !== undefined) {
      for (const n of profile.nodes) {
        if (n.callFrame.functionName !== lines) continue;
        for (const t of n.positionTicks ?? []) sum(`${shortUrl(n.callFrame.url)}:${t.line}`, t.ticks * ms);
      }
    }
  }
  return sums;
}

/** The `top` largest, or with `byLine` every line of the function in order. */
function print(title, sums, { byLine = false } = {}) {
  const profiles = `${files.length} profile${files.length === 1 ? '' : 's'}`;
  // Self times add up to the profile's; inclusive ones overlap.
  const total = inclusive || under !== undefined ? '' : `, ${[...sums.values()].reduce((a, b) => a + b, 0).toFixed(0)} ms in all`;
  console.log(`\n${title} (${profiles}${total}):`);
  const rows = byLine ? [...sums].sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true })) : [...sums].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [k, ms] of rows) console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
}

if (lines !== undefined) {
  // Every sample's own lines come from positionTicks, read above; no sample is counted here.
  print(`self time of ${lines} by line`, averaged(() => undefined), { byLine: true });
} else if (under !== undefined) {
  print(
    `inclusive time of the functions below ${under}`,
    averaged((_, stack, ms, sum) => {
      const frames = stack();
      const i = frames.findIndex(n => n.callFrame.functionName === under);
      if (i < 0) return;
      sum(`(all of ${under})`, ms);
      const seen = new Set();
      for (const n of frames.slice(i + 1)) {
        const k = key.function(n);
        if (!seen.has(k)) sum(k, ms);
        seen.add(k);
      }
    }),
  );
} else if (inclusive) {
  print(
    'inclusive time by function',
    averaged((_, stack, ms, sum) => {
      const seen = new Set();
      for (const n of stack()) {
        const k = key.function(n);
        if (!seen.has(k)) sum(k, ms);
        seen.add(k);
      }
    }),
  );
} else {
  for (const view of views) print(`self time by ${view}`, averaged((node, _, ms, sum) => sum(key[view](node), ms)));
}
