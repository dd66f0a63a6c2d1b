#!/usr/bin/env node
// `node bench/shapes.mjs`: how apilint's cost grows with hostile shapes of input (issue #20).
// `$ref` shapes at 1,000 / 10,000 / 100,000 refs (time per ref should stay flat), and many files of
// 80 KB (peak memory should stay flat). apilint only, one run per case, each stopped at a time cap.
//
//   node bench/shapes.mjs --help    (the options, in USAGE below)
//
// Shapes, each in one document of n refs:
//   chain         S0 → S1 → … → Sn inside the document
//   fan-in        n refs to one schema in one shared file
//   self-allof    n schemas, each with `allOf: [{$ref: itself}]` (a cycle, n times)
//   referenced    the chain, in a file the document refers to (should cost what `chain` costs)
//   file-chain    a chain of files a0.yaml → a1.yaml → … (the resolver follows 1,000 files deep)
//   recursive     n refs to a schema that holds one referring to itself six times, in another
//                 file (each lookup of it resolved the last one's leftover refs again: 2^n or worse)
// and `files`: the reference service spec (80 KB, no findings) copied n times, in one call.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions, count, counts, ids } from './options.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `usage: node bench/shapes.mjs [--cases chain,fan-in,...] [--sizes 1000,10000] [--files 250,1000,2000]
                           [--cap 120] [--apilint bin/apilint.js]`;
const { values } = benchOptions(USAGE, { cases: { type: 'string' }, sizes: { type: 'string' }, files: { type: 'string' }, cap: { type: 'string' }, apilint: { type: 'string' } });
const SHAPES = ['chain', 'fan-in', 'self-allof', 'referenced', 'file-chain', 'recursive'];
const CASES = ids(USAGE, values, 'cases', [...SHAPES, 'files']) ?? [...SHAPES, 'files'];
const SIZES = counts(USAGE, values, 'sizes', '1000,10000,100000');
const FILES = counts(USAGE, values, 'files', '250,1000,2000');
const CAP_S = count(USAGE, values, 'cap', 120);
const APILINT = path.resolve(values.apilint ?? path.join(ROOT, 'bin/apilint.js'));

const HEAD = 'openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n';

/** Writes the case's files into `dir`; returns the document to lint. */
function build(shape, n, dir) {
  const write = (name, text) => writeFileSync(path.join(dir, name), text);
  const chain = pointer => Array.from({ length: n }, (_, i) => `    S${i}: {$ref: "${pointer}S${i + 1}"}\n`).join('') + `    S${n}: {type: object}\n`;
  switch (shape) {
    case 'chain':
      write('doc.yaml', HEAD + chain('#/components/schemas/'));
      break;
    case 'fan-in':
      write('shared.yaml', 'Thing: {type: object, properties: {name: {type: string}}}\n');
      write('doc.yaml', HEAD + Array.from({ length: n }, (_, i) => `    S${i}: {$ref: "./shared.yaml#/Thing"}\n`).join(''));
      break;
    case 'self-allof':
      write('doc.yaml', HEAD + Array.from({ length: n }, (_, i) => `    S${i}: {type: object, allOf: [{$ref: "#/components/schemas/S${i}"}]}\n`).join(''));
      break;
    case 'referenced':
      write('schemas.yaml', chain('#/').replace(/^ {4}/gm, ''));
      write('doc.yaml', `${HEAD}    Root: {$ref: "./schemas.yaml#/S0"}\n`);
      break;
    case 'file-chain':
      for (let i = 0; i < n; i++) write(`a${i}.yaml`, i + 1 < n ? `$ref: "./a${i + 1}.yaml"\n` : 'type: object\n');
      write('doc.yaml', `${HEAD}    Root: {$ref: "./a0.yaml"}\n`);
      break;
    case 'recursive': {
      const self = '{$ref: "#/Props"}';
      write('props.yaml', `Holder: {type: object, properties: {schema: ${self}}}\nProps: {type: object, properties: {items: ${self}, not: ${self}, all_of: {type: array, items: ${self}}, any_of: {type: array, items: ${self}}, properties: {type: object, additionalProperties: ${self}}, definitions: {type: object, additionalProperties: ${self}}}}\n`);
      write('doc.yaml', HEAD + Array.from({ length: n }, (_, i) => `    S${i}: {$ref: "./props.yaml#/Holder"}\n`).join(''));
      break;
    }
    case 'files':
      for (let i = 0; i < n; i++) cpSync(path.join(ROOT, 'fixtures/reference-service.yaml'), path.join(dir, `spec-${i}.yaml`));
      return '.';
  }
  return 'doc.yaml';
}

/** One run: wall time, peak RSS (GNU time), exit code, or undefined time when it hit the cap. */
function measure(dir, input) {
  const started = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, APILINT, 'lint', input, '--no-config', '-f', 'json'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: CAP_S * 1000,
    maxBuffer: 1024 * 1024 * 1024,
    env: { ...process.env, APILINT_JOBS: '0' },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.error || r.signal) return { seconds: undefined, rssMb: undefined, code: undefined };
  const rssKb = Number(r.stderr.trim().split('\n').at(-1));
  return { seconds, rssMb: rssKb / 1024, code: r.status };
}

const rows = [];
for (const shape of CASES) {
  let capped = false;
  for (const n of shape === 'files' ? FILES : SIZES) {
    // Past a size that hit the cap, a larger one would only hit it later.
    if (capped) {
      rows.push(`| ${shape} | ${n.toLocaleString('en-US')} | not run: a smaller size hit the cap | | | |`);
      continue;
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), `apilint-shape-${shape}-`));
    mkdirSync(dir, { recursive: true });
    const input = build(shape, n, dir);
    const m = measure(dir, input);
    rmSync(dir, { recursive: true, force: true });
    capped = m.seconds === undefined;
    const time = m.seconds === undefined ? `> ${CAP_S} s (stopped)` : `${m.seconds.toFixed(2)} s`;
    const per = m.seconds === undefined ? '' : shape === 'files' ? `${((m.seconds / n) * 1000).toFixed(1)} ms/file` : `${((m.seconds / n) * 1e6).toFixed(0)} µs/ref`;
    const row = `| ${shape} | ${n.toLocaleString('en-US')} | ${time} | ${per} | ${m.rssMb === undefined ? '' : `${m.rssMb.toFixed(0)} MB`} | ${m.code ?? ''} |`;
    rows.push(row);
    console.log(row);
  }
}
console.log(['', '| shape | n | time | per ref / file | peak RSS | exit |', '|---|---:|---:|---:|---:|---:|', ...rows].join('\n'));
