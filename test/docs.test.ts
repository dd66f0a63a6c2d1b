import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { catalogue } from '../src/lint/catalogue.js';
import { renderRuleDoc } from '../src/lint/docs.js';
import { ROOT } from './helpers/lint.js';

const docs = path.join(ROOT, 'docs/rules');

it('every rule has an up-to-date docs page (npm run docs regenerates them)', () => {
  for (const rule of catalogue) {
    expect(readFileSync(path.join(docs, `${rule.id}.md`), 'utf8'), rule.id).toBe(renderRuleDoc(rule));
  }
  expect(readdirSync(docs).sort()).toEqual(catalogue.map(r => `${r.id}.md`).sort());
});

it('rulesets/x-rate-limit.schema.json is the schema the rules use (npm run docs writes it)', async () => {
  const { default: schema } = await import('../rulesets/x-rate-limit.schema.js');
  expect(JSON.parse(readFileSync(path.join(ROOT, 'rulesets/x-rate-limit.schema.json'), 'utf8'))).toEqual(schema);
});

it('the config snippet on every docs page with options is a valid config', async () => {
  const { loadConfig } = await import('../src/config/config.js');
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  for (const rule of catalogue.filter(r => r.options)) {
    const page = readFileSync(path.join(docs, `${rule.id}.md`), 'utf8');
    const snippet = /In `\.apilint\.yaml`, with the defaults:\n\n```yaml\n([\s\S]*?)```/.exec(page)?.[1];
    expect(snippet, rule.id).toBeDefined();
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-docs-'));
    writeFileSync(path.join(dir, '.apilint.yaml'), snippet!);
    const config = await loadConfig(dir);
    expect(config.rules.get(rule.id), rule.id).toEqual({ severity: rule.severity, options: rule.options!.defaults });
  }
});

it('every rule\'s options schema is a valid JSON Schema (draft-07): the config compiles them without checking that again', async () => {
  const { Ajv } = await import('ajv');
  const ajv = new Ajv({ strict: false });
  const withOptions = catalogue.filter(r => r.options);
  expect(withOptions.length).toBeGreaterThan(20);
  for (const rule of withOptions) {
    expect(ajv.validateSchema(rule.options!.schema), `${rule.id}: ${ajv.errorsText()}`).toBe(true);
  }
  // The check bites: a schema with a wrong keyword type fails it.
  expect(ajv.validateSchema({ type: 'object', properties: { max: { type: 'integer', minimum: 'one' } } })).toBe(false);
});
