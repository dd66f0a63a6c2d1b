// Writes docs/rules/<id>.md for every rule from the built catalogue (run `npm run build` first).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogue } from '../dist/src/catalogue.js';
import { renderRuleDoc } from '../dist/src/docs.js';

const dir = fileURLToPath(new URL('../docs/rules/', import.meta.url));
mkdirSync(dir, { recursive: true });
const ids = new Set(catalogue.map(r => r.id));
for (const file of readdirSync(dir)) if (!ids.has(file.replace(/\.md$/, ''))) rmSync(dir + file);
for (const rule of catalogue) writeFileSync(`${dir}${rule.id}.md`, renderRuleDoc(rule));
