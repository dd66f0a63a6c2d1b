// Prints "N passed, N failed" from vitest's JSON report, so CI can tell a run that executed no
// test from a green one. Exits 1 when the report is missing or counts no test at all.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.vitest-results.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  console.log('0 passed, 0 failed');
  console.error(`test-summary: no vitest report at ${file}`);
  process.exit(1);
}
const { numPassedTests: passed = 0, numFailedTests: failed = 0, numPendingTests: skipped = 0 } = report;
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(passed + failed === 0 ? 1 : 0);
