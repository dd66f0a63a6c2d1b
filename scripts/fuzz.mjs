// `npm run fuzz`: the fuzz test (test/fuzz.test.ts) with many more cases, larger seed documents
// and a random seed, which it prints first. Replay a run with `npm run fuzz -- --seed <n>`;
// `--runs <n>` sets the number of cases (default 2000).
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { seed: { type: 'string' }, runs: { type: 'string' } } });
const seed = values.seed ?? String(randomInt(2 ** 31 - 1));
const runs = values.runs ?? '2000';
console.log(`apilint fuzz: seed ${seed}, ${runs} runs (replay: npm run fuzz -- --seed ${seed} --runs ${runs})`);
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const result = spawnSync(process.execPath, [vitest, 'run', 'test/fuzz.test.ts', '--testTimeout=0'], {
  stdio: 'inherit',
  env: { ...process.env, APILINT_FUZZ: 'long', APILINT_FUZZ_SEED: seed, APILINT_FUZZ_RUNS: runs },
});
console.log(`apilint fuzz: seed ${seed} ${result.status === 0 ? 'passed' : 'FAILED'}`);
process.exit(result.status ?? 1);
