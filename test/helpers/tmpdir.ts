// Vitest global setup: every temporary folder a test makes (os.tmpdir() reads TMPDIR, and the
// CLI, npm, git and pre-commit processes the tests start inherit it) goes into one folder for the
// run, removed when the run ends, so that runs do not pile up folders in the system's /tmp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-tests-'));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
