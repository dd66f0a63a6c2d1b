import { it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { expectPlaces, lintProject } from '../helpers/engine-rules.js';
import { expect } from 'vitest';

const doc = (schema: string) => `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
${schema}`;

it('an x-apilint-ignore entry that silences nothing, at the entry', () =>
  expectPlaces('unused-ignore', { files: { 'openapi.yaml': doc('      x-apilint-ignore: [properties-snake-case]\n      properties:\n        order_id: {type: string}\n') } }, [
    { line: 8, column: 26, severity: 'hint', message: 'x-apilint-ignore entry "properties-snake-case" silences nothing here: remove it.' },
  ]));

it('an entry that names no apilint rule', () =>
  expectPlaces('unused-ignore', { files: { 'openapi.yaml': doc('      x-apilint-ignore:\n        - properties-snake-case\n        - no-such-rule\n      properties:\n        orderId: {type: string}\n') } }, [
    { line: 10, column: 11, severity: 'hint', message: 'x-apilint-ignore names "no-such-rule", which is not an apilint rule: remove it or fix the name.' },
  ]));

it('an x-zally-ignore number mapped to rules that do not fire here', () =>
  expectPlaces('unused-ignore', { files: { 'openapi.yaml': doc('      x-zally-ignore: [118]\n      properties:\n        order_id: {type: string}\n') } }, [
    { line: 8, column: 24, severity: 'hint', message: 'x-zally-ignore entry 118 silences nothing here: remove it.' },
  ]));

it('passes an ignore that silences a finding, and the finding is kept as suppressed', async () => {
  const { findings } = await lintProject({ files: { 'openapi.yaml': doc('      x-zally-ignore: [118]\n      properties:\n        orderId: {type: string}\n') } });
  expect(findings.filter(f => f.ruleId === 'unused-ignore')).toEqual([]);
  expect(findings.find(f => f.ruleId === 'properties-snake-case')?.suppression).toEqual({ kind: 'inSource', justification: 'x-zally-ignore at /components/schemas/Order' });
});

it('takes its severity from the config, and is off when the config says so', async () => {
  const files = { 'openapi.yaml': doc('      x-apilint-ignore: [properties-snake-case]\n      properties:\n        order_id: {type: string}\n') };
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const configFor = async (text: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apilint-config-'));
    writeFileSync(path.join(dir, '.apilint.yaml'), text);
    return loadConfig(dir);
  };
  await expectPlaces('unused-ignore', { files, config: await configFor('rules:\n  unused-ignore: warn\n') }, [{ line: 8, column: 26, severity: 'warn' }]);
  await expectPlaces('unused-ignore', { files, config: await configFor('rules:\n  unused-ignore: off\n') }, []);
});

it('fixtures/rules/unused-ignore: an entry used, one unused, a Zally number whose finding another entry took, one meant for Zally', () =>
  expectPlaces('unused-ignore', { fixture: 'fixtures/rules/unused-ignore/openapi.yaml' }, [
    { line: 12, column: 11, severity: 'hint', message: 'x-apilint-ignore entry "money-object" silences nothing here: remove it.' },
    { line: 13, column: 24, severity: 'hint', message: 'x-zally-ignore entry 118 silences nothing here: remove it.' },
  ]));
