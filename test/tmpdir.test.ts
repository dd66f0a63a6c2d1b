import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

it('tests make their temporary folders inside the run folder that the global setup removes', () => {
  expect(path.basename(tmpdir())).toMatch(/^apilint-tests-/);
  expect(process.env.TMPDIR).toBe(tmpdir());
});
