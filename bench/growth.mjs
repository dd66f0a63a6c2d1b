#!/usr/bin/env node
// `npm run bench:growth`: does apilint's time follow a document's size whatever its shape? Each
// shape (many operations, one schema of many properties, one minified line, long lists of tags or
// parameters, ignores on every path, ...) is generated at n and at 4n, and each document is linted
// as a whole process (median of 3). Time above a one-path document's (start-up) should grow about
// 4×; a shape that grows much faster than its size has a cost that grows with the square of
// something. Writes bench/GROWTH.md. (bench/shapes.mjs measures `$ref` shapes at 1,000 to 100,000
// refs, with a time cap.)
//
//   node bench/growth.mjs --help    (the options, in USAGE below)
//
// --before measures another build too (its bin/apilint.js), shown beside this one.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchOptions, ids } from './options.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const USAGE = `usage: node bench/growth.mjs [--shapes paths,minified,...] [--apilint bin/apilint.js] [--before <bin/apilint.js>]
                           [--out bench/GROWTH.md] [--no-report]`;
const { values } = benchOptions(USAGE, {
  shapes: { type: 'string' },
  apilint: { type: 'string' },
  before: { type: 'string' },
  out: { type: 'string' },
  'no-report': { type: 'boolean' },
});
const APILINT = path.resolve(values.apilint ?? path.join(ROOT, 'bin/apilint.js'));
const OUT = values.out ?? path.join(ROOT, 'bench/GROWTH.md');
const BEFORE = values.before === undefined ? undefined : path.resolve(values.before);
/** Growth of the time above start-up, for 4× the size, past which a shape is called superlinear. */
const SUPERLINEAR = 6;
/**
 * Time above start-up at n below which a growth is not worked out: a few milliseconds of work
 * against a run's noise gave growths of 6 to 20 for both of two builds. Each shape's n is chosen
 * to take more than this.
 */
const FLOOR_S = 0.03;

const info = { title: 'Shapes', version: '1.0.0', description: 'Generated.', contact: { name: 'A', url: 'https://a.example', email: 'a@a.example' } };
const ok = (schema = { type: 'object', properties: { id: { type: 'string' } } }) => ({ '200': { description: 'OK', content: { 'application/json': { schema } } } });
const oas3 = (extra = {}) => ({ openapi: '3.0.3', info, paths: {}, components: { schemas: {} }, ...extra });
const swagger = (extra = {}) => ({ swagger: '2.0', info, paths: {}, definitions: {}, ...extra });
const json = doc => ({ 'openapi.json': JSON.stringify(doc, null, 1) });
const range = n => Array.from({ length: n }, (_, i) => i);

/** Each shape: a description, the base size n, and the files of a document at size n (the first is linted). */
const SHAPES = {
  paths: ['operations, one path each', 1000, n => json({ ...oas3(), paths: Object.fromEntries(range(n).map(i => [`/items${i}/{item_id}`, { get: { parameters: [{ name: 'item_id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok() } }])) })],
  minified: ['the same, as one line of JSON', 1000, n => ({ 'openapi.json': JSON.stringify({ ...oas3(), paths: Object.fromEntries(range(n).map(i => [`/items${i}`, { get: { responses: ok() } }])) }) })],
  'yaml-flow': ['the same, as one YAML flow mapping', 1000, n => ({ 'openapi.yaml': `openapi: 3.0.3\ninfo: ${JSON.stringify(info)}\npaths: {${range(n).map(i => `"/items${i}": {get: {responses: {"200": {description: OK, content: {application/json: {schema: {type: object}}}}}}}`).join(', ')}}\n` })],
  properties: ['one schema of n properties', 4000, n => json({ ...oas3(), paths: { '/bigs': { get: { responses: ok({ $ref: '#/components/schemas/Big' }) } } }, components: { schemas: { Big: { type: 'object', properties: Object.fromEntries(range(n).map(i => [`field_${i}`, { type: 'string', description: `Field ${i}.` }])) } } } })],
  enum: ['one Swagger 2.0 enum of n values', 32000, n => json({ ...swagger(), paths: { '/es': { get: { responses: { '200': { description: 'OK', schema: { type: 'object', properties: { kind: { type: 'string', enum: range(n).map(i => `VALUE_${i}`) } } } } } } } } })],
  parameters: ['one Swagger 2.0 operation with n parameters', 4000, n => json({ ...swagger(), paths: { '/ps': { get: { parameters: range(n).map(i => ({ name: `param_${i}`, in: 'query', type: 'string' })), responses: { '200': { description: 'OK' } } } } } })],
  tags: ['n tags', 16000, n => json({ ...oas3(), tags: range(n).map(i => ({ name: `tag_${i}`, description: 'A tag.' })) })],
  chain: ['schemas that each refer to the next', 800, n => json({ ...oas3(), paths: { '/ss': { get: { responses: ok({ $ref: '#/components/schemas/S0' }) } } }, components: { schemas: Object.fromEntries(range(n).map(i => [`S${i}`, i + 1 < n ? { type: 'object', properties: { next: { $ref: `#/components/schemas/S${i + 1}` }, name: { type: 'string' } } } : { type: 'object' }])) } })],
  ring: ['schemas that refer to one another round in a circle, and to two others each', 1000, n => json({
    ...oas3(),
    paths: { '/rs': { get: { responses: ok({ $ref: '#/components/schemas/R0' }) } } },
    components: { schemas: Object.fromEntries(range(n).map(i => [`R${i}`, { type: 'object', properties: Object.fromEntries([i + 1, i * 7 + 3, i * 13 + 5].map((j, k) => [`link_${k}`, { $ref: `#/components/schemas/R${j % n}` }])) }])) },
  })],
  'fan-in': ['schemas that all refer to one', 1000, n => json({ ...oas3(), components: { schemas: { Shared: { type: 'object', properties: { a: { type: 'string' } } }, ...Object.fromEntries(range(n).map(i => [`U${i}`, { type: 'object', properties: { one: { $ref: '#/components/schemas/Shared' }, two: { $ref: '#/components/schemas/Shared' } } }])) } } })],
  files: ['operations whose schemas are files of their own', 200, n => ({
    'openapi.json': JSON.stringify({ ...oas3(), paths: Object.fromEntries(range(n).map(i => [`/things${i}`, { get: { responses: ok({ $ref: `./schemas/s${i}.json` }) } }])) }, null, 1),
    ...Object.fromEntries(range(n).map(i => [`schemas/s${i}.json`, JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, shared: { $ref: './common.json' } } })])),
    'schemas/common.json': JSON.stringify({ type: 'object', properties: { id: { type: 'string' } } }),
  })],
  ignores: ['an x-zally-ignore on every path, a finding under each', 1000, n => json({ ...oas3(), paths: Object.fromEntries(range(n).map(i => [`/itemsCamel${i}`, { 'x-zally-ignore': [129, 136], get: { responses: ok() } }])) })],
  scopes: ['operations, each requiring its own OAuth scope', 1000, n => json({
    ...oas3(),
    paths: Object.fromEntries(range(n).map(i => [`/items${i}`, { get: { security: [{ oauth: [`scope.${i}`] }], responses: ok() } }])),
    components: { schemas: {}, securitySchemes: { oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://a.example/token', scopes: Object.fromEntries(range(n).map(i => [`scope.${i}`, 'A scope.'])) } } } } },
  })],
  aliases: ['YAML: one anchored response, n aliases', 1000, n => ({
    'openapi.yaml': `openapi: 3.0.3\ninfo: ${JSON.stringify(info)}\npaths:\n  /items0:\n    get:\n      responses:\n        '200': &ok\n          description: OK\n          content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}\n${range(n).slice(1).map(i => `  /items${i}:\n    get:\n      responses:\n        '200': *ok\n`).join('')}`,
  })],
};

const chosen = ids(USAGE, values, 'shapes', Object.keys(SHAPES)) ?? Object.keys(SHAPES);
const WORK = mkdtempSync(path.join(os.tmpdir(), 'apilint-growth-'));

/** Writes a document's files into a folder of its own; returns the file to lint and the size in bytes. */
function write(name, n, files) {
  const dir = path.join(WORK, `${name}-${n}`);
  let bytes = 0;
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
    bytes += Buffer.byteLength(text);
  }
  return { file: path.join(dir, Object.keys(files)[0]), bytes };
}

/** The commit a build was made from (its checkout's HEAD), or its path. */
function revision(bin) {
  const head = spawnSync('git', ['-C', path.dirname(bin), 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  return head.status === 0 ? head.stdout.trim() : `\`${bin}\``;
}

/** A bound of src/load/limits.ts that stopped the resolution: such a run did less than the document asks. */
const STOPPED = /resolution stopped at|not followed further/;

/** Median wall time of 3 whole-process lints, in seconds, and whether a bound stopped the resolution. */
function lint(file, apilint = APILINT) {
  const times = [];
  let stopped = false;
  for (let run = 0; run < 3; run++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [apilint, 'lint', '--no-config', file], { encoding: 'utf8', maxBuffer: 1 << 30 });
    times.push(Number(process.hrtime.bigint() - started) / 1e9);
    if (result.status !== 0 && result.status !== 1) throw new Error(`apilint exited ${result.status} on ${file}:\n${result.stderr}`);
    stopped ||= STOPPED.test(result.stdout);
  }
  return { seconds: times.sort((a, b) => a - b)[1], stopped };
}

try {
  const tinyFile = write('tiny', 1, SHAPES.paths[2](1)).file;
  const tiny = lint(tinyFile).seconds;
  const tinyBefore = BEFORE && lint(tinyFile, BEFORE).seconds;
  console.log(`one path: ${tiny.toFixed(2)} s (start-up, taken off each time below)`);
  // NaN: too little work at n to tell (FLOOR_S).
  const shown = growth => (Number.isNaN(growth) ? `too little work at n (under ${FLOOR_S * 1000} ms above start-up)` : `×${growth.toFixed(1)}`);
  const growthOf = (small, large, start) => (small - start < FLOOR_S ? NaN : Math.max(large - start, 0) / (small - start));
  const rows = [];
  for (const name of chosen) {
    const [label, n, files] = SHAPES[name];
    const [small, large] = [n, 4 * n].map(size => {
      const doc = write(name, size, files(size));
      const now = lint(doc.file);
      const then = BEFORE && lint(doc.file, BEFORE);
      return { size, bytes: doc.bytes, seconds: now.seconds, stopped: now.stopped, before: then && then.seconds, beforeStopped: then && then.stopped };
    });
    const growth = growthOf(small.seconds, large.seconds, tiny);
    const stopped = small.stopped || large.stopped;
    const before = BEFORE && { seconds: large.before, growth: growthOf(small.before, large.before, tinyBefore), stopped: small.beforeStopped || large.beforeStopped };
    rows.push({ name, label, small, large, growth, stopped, before });
    const was = before ? ` (before: n=${large.size} ${before.seconds.toFixed(2)} s, ${shown(before.growth)}${before.stopped ? ', STOPPED at a bound' : ''})` : '';
    console.log(`${name.padEnd(12)} n=${small.size} ${small.seconds.toFixed(2)} s, n=${large.size} ${large.seconds.toFixed(2)} s: ${shown(growth)}${growth > SUPERLINEAR ? ' SUPERLINEAR' : ''}${stopped ? ' STOPPED at a bound' : ''}${was}`);
  }
  if (!values['no-report']) {
    const mb = bytes => (bytes / 1e6).toFixed(2);
    const lines = [
      '# Growth by shape',
      '',
      `Generated by \`npm run bench:growth\` (bench/growth.mjs) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus()[0]?.model.trim()} ×${os.cpus().length}, Node ${process.version}, load average ${os.loadavg().map(l => l.toFixed(2)).join(', ')} at the end.`,
      `Each shape at n and 4n, linted as a whole process (median of 3, \`--no-config\`). Growth is the time above a one-path document's (${tiny.toFixed(2)} s, start-up) at 4n over the same at n: about 4 where the cost follows the size; above ${SUPERLINEAR} the shape is marked. Each n takes more than ${FLOOR_S * 1000} ms above start-up; below that, noise decides the growth, and none is given. A run where a bound of src/load/limits.ts stopped the resolution (an \`invalid-ref\` finding says where) did less than the document asks, and is marked *stopped*: its time says nothing of the shape's cost.`,
      '',
      ...(BEFORE ? [`Before: the build of ${revision(BEFORE)}, measured in the same run (its one-path time ${tinyBefore.toFixed(2)} s).`, ''] : []),
      `| shape | n | MB | time | 4n | MB | time | growth |${BEFORE ? ' before: 4n | before: growth |' : ''}`,
      `|---|---:|---:|---:|---:|---:|---:|---:|${BEFORE ? '---:|---:|' : ''}`,
      ...rows.map(r => {
        const mark = (g, stopped) => `${Number.isNaN(g) ? 'too little work at n' : g.toFixed(1)}${g > SUPERLINEAR ? ' (superlinear)' : ''}${stopped ? ' (*stopped*)' : ''}`;
        const before = r.before ? ` ${r.before.seconds.toFixed(2)} s | ${mark(r.before.growth, r.before.stopped)} |` : '';
        return `| ${r.name}: ${r.label} | ${r.small.size} | ${mb(r.small.bytes)} | ${r.small.seconds.toFixed(2)} s | ${r.large.size} | ${mb(r.large.bytes)} | ${r.large.seconds.toFixed(2)} s | ${mark(r.growth, r.stopped)} |${before}`;
      }),
      '',
    ];
    writeFileSync(OUT, lines.join('\n'));
    console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
  }
} finally {
  rmSync(WORK, { recursive: true, force: true });
}
