import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const self = new Map(); const incl = new Map();
function walk(n, stack) {
  const f = n.callFrame; const key = `${f.functionName || '(anon)'} ${(f.url || '').replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}:${f.lineNumber + 1}`;
  const s = n.selfSize; self.set(key, (self.get(key) ?? 0) + s);
  const st = new Set(stack); st.add(key);
  let total = s; for (const c of n.children) total += walk(c, st);
  return total;
}
// inclusive: recompute
function inclWalk(n, anc) {
  const f = n.callFrame; const key = `${f.functionName || '(anon)'} ${(f.url || '').replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}:${f.lineNumber + 1}`;
  const a = anc.includes(key) ? anc : [...anc, key];
  for (const k of a) if (!anc.includes(k) || k === key) {}
  for (const k of new Set(a)) incl.set(k, (incl.get(k) ?? 0) + n.selfSize);
  for (const c of n.children) inclWalk(c, a);
}
walk(p.head, []); inclWalk(p.head, []);
const mb = x => (x / 1048576).toFixed(1).padStart(7) + ' MB';
console.log('self (sampled allocations still live at end):');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(mb(v), k);
console.log('inclusive:');
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(mb(v), k);
