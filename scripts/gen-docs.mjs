// Writes docs/rules/<id>.md for every rule from the built catalogue (run `npm run build` first).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogue } from '../dist/src/lint/catalogue.js';
import { renderRuleDoc } from '../dist/src/lint/docs.js';

const dir = fileURLToPath(new URL('../docs/rules/', import.meta.url));
mkdirSync(dir, { recursive: true });
const ids = new Set(catalogue.map(r => r.id));
for (const file of readdirSync(dir)) if (!ids.has(file.replace(/\.md$/, ''))) rmSync(dir + file);
for (const rule of catalogue) writeFileSync(`${dir}${rule.id}.md`, renderRuleDoc(rule));

// The x-rate-limit JSON schema, for editors and other tools, from its module.
const { default: rateLimitSchema } = await import('../dist/rulesets/x-rate-limit.schema.js');
writeFileSync(fileURLToPath(new URL('../rulesets/x-rate-limit.schema.json', import.meta.url)), `${JSON.stringify(rateLimitSchema, null, 2)}\n`);
