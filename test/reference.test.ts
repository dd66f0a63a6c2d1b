// The reference spec follows every guideline: zero findings with every rule on, including the
// rules that are off by default.
import path from 'node:path';
import { expect, it } from 'vitest';
import { readInput } from '../src/load/documents.js';
import { Linter } from '../src/lint/linter.js';
import { REFERENCE_SPEC } from './helpers/lint.js';

it('fixtures/reference-service.yaml lints with zero findings with all rules on', async () => {
  const linter = new Linter({ cwd: path.dirname(REFERENCE_SPEC), ruleset: { all: true } });
  const findings = await linter.lint(linter.parse(await readInput(REFERENCE_SPEC), REFERENCE_SPEC)!);
  expect(findings.map(f => `${f.line}: ${f.ruleId}: ${f.message}`)).toEqual([]);
});
