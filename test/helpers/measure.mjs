// Runs the built CLI like bin/apilint.js and, at exit, writes the time main() took and the peak
// resident memory of the process to $APILINT_MEASURE as JSON: the resource-bound tests read it.
import { writeFileSync } from 'node:fs';
import { main } from '../../dist/src/cli.js';

const started = performance.now();
let ms;
process.on('exit', () => {
  const maxRssMB = process.resourceUsage().maxRSS / 1024;
  if (process.env.APILINT_MEASURE) writeFileSync(process.env.APILINT_MEASURE, JSON.stringify({ ms, maxRssMB }));
});
main(process.argv.slice(2)).then(
  code => {
    ms = performance.now() - started;
    process.exitCode = code;
  },
  error => {
    ms = performance.now() - started;
    process.stderr.write(`apilint: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
