// Rules that are off are left out of the ruleset apilint runs (Spectral would run them and only
// then drop their results); Spectral's CLI export keeps them, so a ruleset extending it can turn
// them on.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildRuleset } from '../rulesets/index.js';
import spectralRuleset from '../rulesets/spectral.js';
import { Linter } from '../src/lint/linter.js';

const ruleIds = (ruleset: unknown) => Object.keys((ruleset as { rules: Record<string, unknown> }).rules);

it('omitOff leaves out the rules set to off and the rules off by default, and nothing else', () => {
  const settings = new Map([['no-version-in-url', { severity: 'off' as const }]]);
  const every = ruleIds(buildRuleset({ settings }));
  const run = ruleIds(buildRuleset({ settings, omitOff: true }));
  expect(every).toContain('no-version-in-url');
  expect(every).toContain('gzip-documented');
  expect(every.filter(id => !run.includes(id)).sort()).toEqual(['gzip-documented', 'no-version-in-url']);
  // Turned on in the config, a rule that is off by default runs.
  expect(ruleIds(buildRuleset({ settings: new Map([['gzip-documented', { severity: 'warn' as const }]]), omitOff: true }))).toContain('gzip-documented');
});

it("Spectral's CLI export keeps the rules that are off by default", () => {
  expect(ruleIds(spectralRuleset)).toContain('gzip-documented');
});

it('a rule set to off reports nothing, and the others still do', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-off-'));
  const file = path.join(dir, 'api.yaml');
  writeFileSync(file, "openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /v1/orders:\n    get:\n      responses:\n        '200': {description: The orders.}\n");
  const lint = async (settings: Map<string, { severity: 'off' }>) => {
    const linter = new Linter({ cwd: dir, ruleset: { settings } });
    const doc = linter.parse(readFileSync(file, 'utf8'), file)!;
    return new Set((await linter.lint(doc)).map(f => f.ruleId));
  };
  const on = await lint(new Map());
  const off = await lint(new Map([['no-version-in-url', { severity: 'off' }]]));
  expect(on.has('no-version-in-url')).toBe(true);
  expect(off.has('no-version-in-url')).toBe(false);
  expect([...on].filter(id => id !== 'no-version-in-url')).toEqual([...off]);
});
