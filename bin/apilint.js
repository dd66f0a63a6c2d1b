#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm install` (prepare) or `npm run build`.
import { main } from '../dist/src/cli.js';

main(process.argv.slice(2)).then(
  code => {
    process.exitCode = code;
  },
  error => {
    process.stderr.write(`apilint: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.argv.includes('--debug')) process.stderr.write(`${error?.stack}\n`);
    process.exitCode = 2;
  },
);
