#!/usr/bin/env node
// Launcher. `npm install` (prepare) or `npm run build` compiles the CLI to dist/src/ and bundles
// it into dist/bundle/cli.cjs (scripts/bundle.mjs). The bundle is loaded with a V8 code cache kept
// beside it, so that a run in a pre-commit hook does not spend its time loading and compiling
// modules. Without the bundle (APILINT_NO_BUNDLE=1, or a tsc-only build), dist/src/cli.js runs.
// The same script is the entry of the worker threads that lint many files in parallel
// (src/lint/parallel.ts). It is CommonJS (bin/package.json): Node starts a CommonJS main script some
// 6 ms sooner than an ES module, on every run.
'use strict';
const { existsSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');
const v8 = require('node:v8');
const { isMainThread, workerData } = require('node:worker_threads');

// The main thread sets the optimisation budget for every thread (optimiseLater).
const tiering = isMainThread ? optimiseLater() : undefined;
const worker = !isMainThread && workerData?.apilintWorker === true;
const args = process.argv.slice(2);
const bundle = path.join(__dirname, '../dist/bundle/cli.cjs');
if (process.env.APILINT_NO_BUNDLE !== '1' && existsSync(bundle)) start(loadBundle(bundle));
else import('../dist/src/cli.js').then(start);

function start(cli) {
  if (worker) {
    cli.runLintWorker();
    return;
  }
  cli.enableWorkers(__filename);
  cli.main(args).then(exitWhenWritten, error => {
    process.stderr.write(`apilint: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (args.includes('--debug')) process.stderr.write(`${error?.stack}\n`);
    process.exitCode = 2;
  });
}

/**
 * Exits as soon as stdout and stderr have written everything. After a run over many files V8
 * has usually begun a full garbage collection, which it finishes in a task once the work is
 * done: left to end on its own, the process spent 10-25 ms on it before exiting.
 */
function exitWhenWritten(code) {
  process.exitCode = code;
  const pending = [process.stdout, process.stderr].filter(stream => stream.writableLength > 0);
  let left = pending.length;
  if (left === 0) process.exit(code);
  // A write's callback runs once everything before it has been written.
  for (const stream of pending) stream.write('', () => --left === 0 && process.exit(code));
}

/**
 * Runs the CommonJS bundle as Node would, but compiles it with V8's code cache. The cache is
 * written next to the bundle (in the package's own folder, so only whoever can change the code can
 * change the cache) after a run that had none or whose cache V8 rejected (another Node version),
 * and that parsed a document (a lint or a diff) or served an editor (the language server).
 * Where that folder is read-only the bundle simply runs uncached.
 */
function loadBundle(file) {
  const cacheFile = `${file}.${process.version}-${process.arch}${flagsSuffix()}.v8cache`;
  // The build makes the bundle pure ASCII, which reads fastest as Latin-1 (the same characters).
  const source = readFileSync(file, 'latin1');
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
  // For tests and for whoever wonders why a run starts slowly (each thread reads the cache).
  if (process.env.APILINT_CODE_CACHE_LOG === '1') {
    const state = cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted';
    process.stderr.write(`apilint: code cache ${state} on the ${isMainThread ? 'main' : 'worker'} thread\n`);
  }
  // The cache was checked against the flags as the script was compiled. The modules' one-off
  // top-level code then runs under V8's default budget: under the larger one, it took 3 ms longer.
  if (tiering) v8.setFlagsFromString(tiering.usual);
  const module = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  module.loaded = true;
  if (tiering) v8.setFlagsFromString(tiering.raised);
  if (isMainThread && (cachedData === undefined || script.cachedDataRejected)) {
    // After the run, so that the cache holds the functions the run compiled, not only the top level.
    // V8 drops the bytecode of functions that ran once, long ago, such as each module's top level:
    // the largest, Spectral's compiled OpenAPI validators (1 MB), was then parsed again on every
    // run, a fifth of a small spec's time. So the run keeps all bytecode, and the flag is set back
    // before the cache is written: V8 rejects a cache written under other flags than it is read
    // with.
    v8.setFlagsFromString('--no-flush-bytecode');
    process.once('exit', () => {
      // After `--version`, `--help` or `rules` the cache would hold next to nothing, and every
      // later lint would compile most of the CLI again (an npm install has no cache until its
      // first run, and GitHub's action asks for the version first): wait for a run that lints
      // or compares documents. The language server lints in a thread of its own; its main
      // thread's cache still serves that thread's start.
      if (!module.exports.hasParsedDocuments() && args[0] !== 'lsp') return;
      v8.setFlagsFromString('--flush-bytecode');
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

/**
 * V8 optimises a hot function in a background thread, and by default it starts early: in a run of
 * a second or less much of that work is never paid back. On Kubernetes' spec V8's other threads
 * (the compiler most) took 0.6 s of CPU beside the main thread's 0.6 s, and where the cores are
 * busy (a CI runner, apilint's own worker threads) they take that time from the lint. Four times
 * the default budget leaves the main thread's time about as it was and halves the other threads'
 * (bench/README.md, seventeenth round). Measured on Node 20's V8 (11.3), whose default is 67584:
 * other versions keep their defaults, as does a run given its own budget. Set before the bundle is
 * read, by the main thread for the worker threads too: a code cache is only accepted under the
 * flags it was written with, and every thread, and the build that writes the cache, reads it
 * under these.
 */
function optimiseLater() {
  // V8 reads `_` in a flag's name as `-`.
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ').replaceAll('_', '-');
  if (!process.versions.v8.startsWith('11.3.') || given.includes('--interrupt-budget')) return undefined;
  const tiering = { raised: '--interrupt-budget=270336', usual: '--interrupt-budget=67584' };
  v8.setFlagsFromString(tiering.raised);
  return tiering;
}

/**
 * V8 rejects a code cache written under other flags (a heap size in NODE_OPTIONS, say), and a
 * run that rejected it would write its own in its place: runs with and without the flags would
 * then replace each other's cache on every call. Each set of node flags has its own cache file;
 * the build writes the one for none.
 */
function flagsSuffix() {
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ').trim();
  if (flags === '') return '';
  let hash = 5381;
  for (let i = 0; i < flags.length; i++) hash = Math.imul(hash, 33) ^ flags.charCodeAt(i);
  return `-flags${(hash >>> 0).toString(36)}`;
}
