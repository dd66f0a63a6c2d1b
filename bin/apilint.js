#!/usr/bin/env node
// Launcher. `npm install` (prepare) or `npm run build` compiles the CLI to dist/src/ and bundles
// it into dist/bundle/cli.cjs (scripts/bundle.mjs). The bundle is loaded with a V8 code cache kept
// beside it, so that a run in a pre-commit hook does not spend its time loading and compiling
// modules. Without the bundle (APILINT_NO_BUNDLE=1, or a tsc-only build), dist/src/cli.js runs.
// The same script is the entry of the worker threads that lint many files in parallel
// (src/parallel.ts); when the command line names several inputs, they are started first, so that
// they load while this thread does.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { isMainThread, Worker, workerData } from 'node:worker_threads';

/** Options of `apilint lint` that take a value (the rest of the arguments are inputs). */
const VALUED = new Set(['-f', '--format', '-o', '--output', '--fail-severity', '-c', '--config', '--baseline', '--write-baseline', '--since', '--max-file-size']);

const worker = !isMainThread && workerData?.apilintWorker === true;
const args = process.argv.slice(2);
const workers = worker ? [] : startWorkers(args);
const bundle = fileURLToPath(new URL('../dist/bundle/cli.cjs', import.meta.url));
const cli = process.env.APILINT_NO_BUNDLE !== '1' && existsSync(bundle) ? loadBundle(bundle) : await import('../dist/src/cli.js');

if (worker) {
  await cli.runLintWorker();
} else {
  cli.enableWorkers(import.meta.url, workers);
  cli.main(args).then(
    code => {
      process.exitCode = code;
    },
    error => {
      process.stderr.write(`apilint: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
      if (args.includes('--debug')) process.stderr.write(`${error?.stack}\n`);
      process.exitCode = 2;
    },
  );
}

/**
 * Worker threads for a run over several files (the run decides whether to use them, and stops the
 * others): one per spare core, at most APILINT_JOBS.
 */
function startWorkers(argv) {
  if (argv[0] === 'rules' || argv.some(a => a === '-h' || a === '--help' || a === '-v' || a === '--version')) return [];
  const rest = argv[0] === 'lint' ? argv.slice(1) : argv;
  const inputs = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--') {
      inputs.push(...rest.slice(i + 1));
      break;
    }
    if (arg.startsWith('-') && arg !== '-') {
      if (VALUED.has(arg)) i++;
      continue;
    }
    inputs.push(arg);
  }
  const many = inputs.length >= 2 || (inputs.length === 1 && inputs[0] !== '-' && (/[*?[\]{}]/.test(inputs[0]) || isDirectory(inputs[0])));
  if (!many) return [];
  const count = workerCount();
  const started = [];
  for (let i = 0; i < count; i++) {
    try {
      const w = new Worker(new URL(import.meta.url), { workerData: { apilintWorker: true } });
      w.unref();
      started.push(w);
    } catch {
      break;
    }
  }
  return started;
}

/**
 * As src/parallel.ts maxWorkers: APILINT_JOBS when set (at most 7), else one per core that neither
 * this thread nor other work is using (tasks running now, from /proc/loadavg), at most 7.
 */
function workerCount() {
  if (/^\d+$/.test(process.env.APILINT_JOBS ?? '')) return Math.min(Number(process.env.APILINT_JOBS), 7);
  const cores = typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;
  let busy = Math.round(loadavg()[0]);
  try {
    const running = /\s(\d+)\/\d+\s/.exec(readFileSync('/proc/loadavg', 'utf8'));
    if (running) busy = Math.max(0, Number(running[1]) - 1);
  } catch {
    // Not Linux.
  }
  return Math.max(0, Math.min(cores - 1 - busy, 7));
}

function isDirectory(file) {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Runs the CommonJS bundle as Node would, but compiles it with V8's code cache. The cache is
 * written next to the bundle (in the package's own folder, so only whoever can change the code can
 * change the cache) after a run that had none or whose cache V8 rejected (another Node version).
 * Where that folder is read-only the bundle simply runs uncached.
 */
function loadBundle(file) {
  const cacheFile = `${file}.${process.version}-${process.arch}.v8cache`;
  const source = readFileSync(file, 'utf8');
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapper, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  module.loaded = true;
  if (isMainThread && (cachedData === undefined || script.cachedDataRejected)) {
    // After the run, so that the cache holds the functions the run compiled, not only the top level.
    process.once('exit', () => {
      try {
        const temp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temp, script.createCachedData());
        renameSync(temp, cacheFile);
      } catch {
        // A read-only install: run without a cache.
      }
    });
  }
  return module.exports;
}
