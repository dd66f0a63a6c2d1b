#!/usr/bin/env node
// `npm run bench:growth`: does apilint's time follow a document's size whatever its shape? Each
// shape (many operations, one schema of many properties, one minified line, long lists of tags or
// parameters, ignores on every path, ...) is generated at n and at 4n, and each document is linted
// as a whole process (median of 5). Time above a one-path document's (start-up) should grow about
// 4×; a shape that grows much faster than its size has a cost that grows with the square of
// something. The `diff-` shapes are pairs of documents, compared by `apilint diff`, their time taken
// above the diff of a one-path document with itself. Writes bench/GROWTH.md. (bench/shapes.mjs
// measures `$ref` shapes at 1,000 to 100,000 refs, with a time cap.)
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
 * against a run's noise gave growths of 6 to 20 for both of two builds, and 40 ms of work, with
 * medians of 3 runs, a growth of 6.6 for a shape that grew 3.9 times in the same run for the build
 * before. Each shape's n is chosen to take more than this.
 */
const FLOOR_S = 0.06;
/** Whole-process runs per document and build; their median is taken. */
const RUNS = 5;

const info = { title: 'Shapes', version: '1.0.0', description: 'Generated.', contact: { name: 'A', url: 'https://a.example', email: 'a@a.example' } };
const ok = (schema = { type: 'object', properties: { id: { type: 'string' } } }) => ({ '200': { description: 'OK', content: { 'application/json': { schema } } } });
const oas3 = (extra = {}) => ({ openapi: '3.0.3', info, paths: {}, components: { schemas: {} }, ...extra });
const swagger = (extra = {}) => ({ swagger: '2.0', info, paths: {}, definitions: {}, ...extra });
const json = doc => ({ 'openapi.json': JSON.stringify(doc, null, 1) });
const range = n => Array.from({ length: n }, (_, i) => i);

/** A diff's two documents, written as base.json and revision.json. */
const pair = (base, revision) => ({ 'base.json': JSON.stringify(base, null, 1), 'revision.json': JSON.stringify(revision, null, 1) });
/** A document whose one operation takes and returns `schema`, with `schemas` as its components. */
const body = (schema, schemas = {}) => oas3({ paths: { '/bodies': { post: { requestBody: { content: { 'application/json': { schema } } }, responses: ok(schema) } } }, components: { schemas } });
/** A string property, an integer one in the revision where `changed`. */
const typed = changed => ({ type: changed ? 'integer' : 'string' });

/**
 * Each shape: a description, the base size n, the files of a document at size n (the first is
 * linted), and for a diff shape `'diff'` (the first two files are compared).
 */
const SHAPES = {
  paths: ['operations, one path each', 1000, n => json({ ...oas3(), paths: Object.fromEntries(range(n).map(i => [`/items${i}/{item_id}`, { get: { parameters: [{ name: 'item_id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok() } }])) })],
  minified: ['the same, as one line of JSON', 1000, n => ({ 'openapi.json': JSON.stringify({ ...oas3(), paths: Object.fromEntries(range(n).map(i => [`/items${i}`, { get: { responses: ok() } }])) }) })],
  'yaml-flow': ['the same, as one YAML flow mapping', 1000, n => ({ 'openapi.yaml': `openapi: 3.0.3\ninfo: ${JSON.stringify(info)}\npaths: {${range(n).map(i => `"/items${i}": {get: {responses: {"200": {description: OK, content: {application/json: {schema: {type: object}}}}}}}`).join(', ')}}\n` })],
  properties: ['one schema of n properties', 8000, n => json({ ...oas3(), paths: { '/bigs': { get: { responses: ok({ $ref: '#/components/schemas/Big' }) } } }, components: { schemas: { Big: { type: 'object', properties: Object.fromEntries(range(n).map(i => [`field_${i}`, { type: 'string', description: `Field ${i}.` }])) } } } })],
  enum: ['one Swagger 2.0 enum of n values', 64000, n => json({ ...swagger(), paths: { '/es': { get: { responses: { '200': { description: 'OK', schema: { type: 'object', properties: { kind: { type: 'string', enum: range(n).map(i => `VALUE_${i}`) } } } } } } } } })],
  parameters: ['one Swagger 2.0 operation with n parameters', 4000, n => json({ ...swagger(), paths: { '/ps': { get: { parameters: range(n).map(i => ({ name: `param_${i}`, in: 'query', type: 'string' })), responses: { '200': { description: 'OK' } } } } } })],
  tags: ['n tags', 32000, n => json({ ...oas3(), tags: range(n).map(i => ({ name: `tag_${i}`, description: 'A tag.' })) })],
  chain: ['schemas that each refer to the next', 1600, n => json({ ...oas3(), paths: { '/ss': { get: { responses: ok({ $ref: '#/components/schemas/S0' }) } } }, components: { schemas: Object.fromEntries(range(n).map(i => [`S${i}`, i + 1 < n ? { type: 'object', properties: { next: { $ref: `#/components/schemas/S${i + 1}` }, name: { type: 'string' } } } : { type: 'object' }])) } })],
  'file-chain': ['schemas in a referenced file, each nested in the one before through a $ref', 1600, n => ({
    'openapi.json': JSON.stringify({ ...oas3(), paths: { '/ss': { get: { responses: ok({ $ref: './schemas.json#/S0' }) } } } }, null, 1),
    'schemas.json': JSON.stringify(Object.fromEntries(range(n).map(i => [`S${i}`, i + 1 < n ? { type: 'object', properties: { next: { $ref: `#/S${i + 1}` }, name: { type: 'string' } } } : { type: 'object' }])), null, 1),
  })],
  'event-chain': ['an event type whose schema is a chain of n schemas through $refs, a finding on each', 1600, n => json({
    ...oas3(),
    'x-event-types': [{ name: 'shipping.shipment-changed', owning_application: 'shipment-service', category: 'general', compatibility_mode: 'forward', schema: { type: 'json_schema', version: '1.0.0', schema: { $ref: '#/components/schemas/S0' } } }],
    components: { schemas: Object.fromEntries(range(n).map(i => [`S${i}`, i + 1 < n ? { type: 'object', properties: { next: { $ref: `#/components/schemas/S${i + 1}` }, password: { type: 'string' } } } : { type: 'object' }])) },
  })],
  'event-shared': ['n data change event types that share one event schema of n properties', 1600, n => json({
    ...oas3(),
    'x-event-types': range(n).map(i => ({ name: `shipping.thing${i}-changed`, owning_application: 'svc', category: 'data', compatibility_mode: 'forward', partition_strategy: 'hash', partition_key_fields: ['data.p_1'], ordering_key_fields: ['data.p_2'], schema: { type: 'json_schema', version: '1.0.0', schema: { $ref: '#/components/schemas/E' } } })),
    components: { schemas: { E: { type: 'object', properties: { data: { type: 'object', properties: Object.fromEntries(range(n).map(i => [`p_${i}`, { type: 'string' }])) } } } } },
  })],
  'shared-body': ['n operations that return one schema of n properties', 1000, n => json({
    ...oas3(),
    paths: Object.fromEntries(range(n).map(i => [`/things${i}`, { get: { responses: ok({ $ref: '#/components/schemas/Big' }) } }])),
    components: { schemas: { Big: { type: 'object', properties: Object.fromEntries(range(n).map(i => [`p_${i}`, { type: 'string' }])) } } },
  })],
  'allof-base': ['n operations whose bodies each extend one base schema of n properties through allOf', 1000, n => json({
    ...oas3(),
    paths: Object.fromEntries(range(n).map(i => [`/things${i}`, { post: { requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/S${i}` } } } }, responses: { '201': { description: 'Created' } } } }])),
    components: {
      schemas: {
        Base: { type: 'object', properties: Object.fromEntries(range(n).map(i => [`p_${i}`, { type: 'string' }])) },
        ...Object.fromEntries(range(n).map(i => [`S${i}`, { allOf: [{ $ref: '#/components/schemas/Base' }], properties: { items: { type: 'array', items: { type: 'object' } } } }])),
      },
    },
  })],
  'allof-events': ['n event types whose schemas each extend one base schema of n properties through allOf', 1000, n => json({
    ...oas3(),
    'x-event-types': range(n).map(i => ({ name: `shipping.thing${i}-changed`, owning_application: 'svc', category: 'general', compatibility_mode: 'forward', schema: { type: 'json_schema', version: '1.0.0', schema: { $ref: `#/components/schemas/E${i}` } } })),
    components: {
      schemas: {
        Base: { type: 'object', properties: Object.fromEntries(range(n).map(i => [`p_${i}`, { type: 'string' }])) },
        ...Object.fromEntries(range(n).map(i => [`E${i}`, { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { [`own_${i}`]: { type: 'string' } } }] }])),
      },
    },
  })],
  'shared-response': ['n operations that share one response of n headers', 1000, n => json({
    ...oas3(),
    paths: Object.fromEntries(range(n).map(i => [`/things${i}`, { get: { responses: { '200': { $ref: '#/components/responses/Shared' } } } }])),
    components: { schemas: {}, responses: { Shared: { description: 'OK', headers: Object.fromEntries(range(n).map(i => [`X-Header-${i}`, { schema: { type: 'string' } }])), content: { 'application/json': { schema: { type: 'object' } } } } } },
  })],
  'shared-content': ['n operations that share one request body and one response of n media types each', 1000, n => {
    const content = Object.fromEntries(range(n).map(i => [`application/x-type${i}+json`, { schema: { type: 'object', properties: { id: { type: 'string' } } } }]));
    return json({
      ...oas3(),
      paths: Object.fromEntries(range(n).map(i => [`/things${i}`, { post: { requestBody: { $ref: '#/components/requestBodies/Shared' }, responses: { '200': { $ref: '#/components/responses/Shared' } } } }])),
      components: { schemas: {}, requestBodies: { Shared: { content } }, responses: { Shared: { description: 'OK', content } } },
    });
  }],
  produces: ['n Swagger 2.0 operations under a document-level produces list of n media types', 1000, n => json({
    ...swagger(),
    produces: range(n).map(i => `application/x-type${i}+json`),
    paths: Object.fromEntries(range(n).map(i => [`/things${i}`, { get: { responses: { '200': { description: 'OK', schema: { type: 'object', properties: { id: { type: 'string' } } } } } } }])),
  })],
  security: ['n operations under a document-level security list of n alternatives', 1000, n => json({
    ...oas3(),
    security: range(n).map(i => ({ [`bearer${i}`]: [] })),
    paths: Object.fromEntries(range(n).map(i => [`/things${i}`, { get: { responses: ok() } }])),
    components: { schemas: {}, securitySchemes: Object.fromEntries(range(n).map(i => [`bearer${i}`, { type: 'http', scheme: 'bearer' }])) },
  })],
  // Depth n: 4n schemas nested one in the next reach 800 of the 1,000 levels the load admits.
  nesting: ['200 schemas, each with schemas nested n deep', 100, n => {
    const nested = () => range(n).reduce(inner => ({ type: 'object', properties: { inner } }), { type: 'string' });
    return { 'openapi.json': JSON.stringify({ ...oas3(), paths: { '/ns': { get: { responses: ok({ $ref: '#/components/schemas/N0' }) } } }, components: { schemas: Object.fromEntries(range(200).map(i => [`N${i}`, nested()])) } }) };
  }],
  ring: ['schemas that refer to one another round in a circle, and to two others each', 1000, n => json({
    ...oas3(),
    paths: { '/rs': { get: { responses: ok({ $ref: '#/components/schemas/R0' }) } } },
    components: { schemas: Object.fromEntries(range(n).map(i => [`R${i}`, { type: 'object', properties: Object.fromEntries([i + 1, i * 7 + 3, i * 13 + 5].map((j, k) => [`link_${k}`, { $ref: `#/components/schemas/R${j % n}` }])) }])) },
  })],
  'fan-in': ['schemas that all refer to one', 2000, n => json({ ...oas3(), components: { schemas: { Shared: { type: 'object', properties: { a: { type: 'string' } } }, ...Object.fromEntries(range(n).map(i => [`U${i}`, { type: 'object', properties: { one: { $ref: '#/components/schemas/Shared' }, two: { $ref: '#/components/schemas/Shared' } } }])) } } })],
  files: ['operations whose schemas are files of their own', 400, n => ({
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
  'event-enum': ['a Swagger 2.0 event type whose schema has an enum of n values', 64000, n => json({
    ...swagger(),
    'x-event-types': [{ name: 'shipping.shipment-changed', owning_application: 'shipment-service', category: 'general', compatibility_mode: 'forward', schema: { type: 'json_schema', version: '1.0.0', schema: { type: 'object', properties: { status: { type: 'string', enum: range(n).map(i => `STATUS_${i}`) } } } } }],
  })],
  'bad-parameters': ['n Swagger 2.0 parameter definitions without a name', 8000, n => json({ ...swagger(), parameters: Object.fromEntries(range(n).map(i => [`p${i}`, { in: 'query', type: 'string' }])) })],
  'bad-keys': ['one Swagger 2.0 parameter with n keys it may not have', 16000, n => json({ ...swagger(), paths: { '/ks': { get: { parameters: [Object.fromEntries([['name', 'q'], ['in', 'query'], ['type', 'string'], ...range(n).map(i => [`k${i}`, 1])])], responses: { '200': { description: 'OK' } } } } } })],
  'bad-tiers': ['an x-rate-limit with n tiers written wrong', 8000, n => json({ ...oas3(), 'x-rate-limit': { limit: 1, window: 'PT1M', key: 'USER', algorithm: 'TOKEN_BUCKET', tiers: Object.fromEntries(range(n).map(i => [`T${i}`, { limit: 'ten', window: 'PT1M' }])) } })],
  aliases: ['YAML: one anchored response, n aliases', 1000, n => ({
    'openapi.yaml': `openapi: 3.0.3\ninfo: ${JSON.stringify(info)}\npaths:\n  /items0:\n    get:\n      responses:\n        '200': &ok\n          description: OK\n          content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}\n${range(n).slice(1).map(i => `  /items${i}:\n    get:\n      responses:\n        '200': *ok\n`).join('')}`,
  })],
  'diff-union': ['a oneOf of n members without names, every other one changed', 1000, n => {
    const union = revised => body({ oneOf: range(n).map(i => ({ type: 'object', properties: { [`f_${i}`]: typed(revised && i % 2 === 1), [`g_${i}`]: { type: 'string' } } })) });
    return pair(union(false), union(true));
  }, 'diff'],
  'diff-chain': ['a body that is a chain of n schemas through $refs, every other one changed', 1000, n => {
    const chain = revised => body({ $ref: '#/components/schemas/S0' }, Object.fromEntries(range(n).map(i => [`S${i}`, { type: 'object', properties: { name: typed(revised && i % 2 === 1), ...(i + 1 < n ? { next: { $ref: `#/components/schemas/S${i + 1}` } } : {}) } }])));
    return pair(chain(false), chain(true));
  }, 'diff'],
  'diff-ring': ['a body among n schemas that refer round in a circle and to another each, every other one changed', 1000, n => {
    const ring = revised => body({ $ref: '#/components/schemas/S0' }, Object.fromEntries(range(n).map(i => [`S${i}`, { type: 'object', properties: { name: typed(revised && i % 2 === 1), next: { $ref: `#/components/schemas/S${(i + 1) % n}` }, other: { $ref: `#/components/schemas/S${(i * 7 + 3) % n}` } } }])));
    return pair(ring(false), ring(true));
  }, 'diff'],
  'diff-allof': ['a body that is an allOf of n members, every other one changed', 1000, n => {
    const all = revised => body({ allOf: range(n).map(i => ({ type: 'object', properties: { [`p_${i}`]: typed(revised && i % 2 === 1) } })) });
    return pair(all(false), all(true));
  }, 'diff'],
  'diff-allof-redeclared': ['a body that is an allOf of n members that each declare one property and an array\'s items again, one of them changed', 1000, n => {
    const all = revised => body({ allOf: range(n).map(i => ({ type: 'object', properties: { id: { type: 'string', maxLength: n + i - (revised && i === n - 1 ? n : 0) }, list: { type: 'array', items: { type: 'string', maxLength: n + i } } } })) });
    return pair(all(false), all(true));
  }, 'diff'],
  'diff-allof-base': ['n operations whose bodies each extend one base schema of n properties, one of them changed', 1000, n => {
    const extended = revised => oas3({
      paths: Object.fromEntries(range(n).map(i => [`/things${i}`, { post: { requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/S${i}` } } } }, responses: { '201': { description: 'Created' } } } }])),
      components: {
        schemas: {
          Base: { type: 'object', properties: Object.fromEntries(range(n).map(i => [`p_${i}`, typed(revised && i === 0)])) },
          ...Object.fromEntries(range(n).map(i => [`S${i}`, { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { [`own_${i}`]: { type: 'string' } } }] }])),
        },
      },
    });
    return pair(extended(false), extended(true));
  }, 'diff'],
};

const chosen = ids(USAGE, values, 'shapes', Object.keys(SHAPES)) ?? Object.keys(SHAPES);
const WORK = mkdtempSync(path.join(os.tmpdir(), 'apilint-growth-'));

/** Writes a document's files into a folder of its own; returns them, the first to lint (or the first two to compare), and their size in bytes. */
function write(name, n, files) {
  const dir = path.join(WORK, `${name}-${n}`);
  let bytes = 0;
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
    bytes += Buffer.byteLength(text);
  }
  return { files: Object.keys(files).map(file => path.join(dir, file)), bytes };
}

/** The commit a build was made from (its checkout's HEAD), or its path. */
function revision(bin) {
  const head = spawnSync('git', ['-C', path.dirname(bin), 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  return head.status === 0 ? head.stdout.trim() : `\`${bin}\``;
}

/** A bound of src/load/limits.ts that stopped the resolution: such a run did less than the document asks. */
const STOPPED = /resolution stopped at|not followed further/;

/** A run still going after this long is killed: a shape whose cost grows with the square of its size can run for hours. */
const KILL_S = 300;

/** The arguments that lint a document, or (`diff`) compare its first two files. */
const command = (files, kind) => (kind === 'diff' ? ['diff', '--no-config', files[0], files[1]] : ['lint', '--no-config', files[0]]);

/**
 * Median wall time of RUNS whole-process runs of `args`, in seconds, and whether a bound stopped
 * the resolution; or why the run failed (an exit code of 2, or killed), which ends the runs.
 */
function measure(args, apilint = APILINT) {
  const times = [];
  let stopped = false;
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [apilint, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, timeout: KILL_S * 1000 });
    times.push(Number(process.hrtime.bigint() - started) / 1e9);
    if (result.signal !== null) return { seconds: NaN, stopped, failed: `killed after ${KILL_S} s` };
    if (result.status !== 0 && result.status !== 1) return { seconds: NaN, stopped, failed: `exit ${result.status}: ${result.stderr.trim().split('\n')[0]}` };
    stopped ||= STOPPED.test(result.stdout);
  }
  return { seconds: times.sort((a, b) => a - b)[RUNS >> 1], stopped };
}

try {
  // Start-up, taken off each time: a one-path document linted, and compared with itself.
  const tinyFile = write('tiny', 1, SHAPES.paths[2](1)).files[0];
  const kinds = [...new Set(chosen.map(name => SHAPES[name][3] ?? 'lint'))];
  const startUp = new Map(kinds.map(kind => [kind, measure(command([tinyFile, tinyFile], kind)).seconds]));
  const startUpBefore = new Map(BEFORE ? kinds.map(kind => [kind, measure(command([tinyFile, tinyFile], kind), BEFORE).seconds]) : []);
  for (const [kind, seconds] of startUp) console.log(`one path, ${kind}: ${seconds.toFixed(2)} s (start-up, taken off each time below)`);
  // NaN: too little work at n to tell (FLOOR_S).
  const shown = growth => (Number.isNaN(growth) ? `too little work at n (under ${FLOOR_S * 1000} ms above start-up)` : `×${growth.toFixed(1)}`);
  const growthOf = (small, large, start) => (small - start < FLOOR_S ? NaN : Math.max(large - start, 0) / (small - start));
  const rows = [];
  for (const name of chosen) {
    const [label, n, files, kind = 'lint'] = SHAPES[name];
    const [small, large] = [n, 4 * n].map(size => {
      const doc = write(name, size, files(size));
      const now = measure(command(doc.files, kind));
      const then = BEFORE && measure(command(doc.files, kind), BEFORE);
      return { size, bytes: doc.bytes, seconds: now.seconds, stopped: now.stopped, failed: now.failed, before: then && then.seconds, beforeStopped: then && then.stopped, beforeFailed: then && then.failed };
    });
    const growth = growthOf(small.seconds, large.seconds, startUp.get(kind));
    const stopped = small.stopped || large.stopped;
    const failed = small.failed ?? large.failed;
    const before = BEFORE && { seconds: large.before, growth: growthOf(small.before, large.before, startUpBefore.get(kind)), stopped: small.beforeStopped || large.beforeStopped, failed: small.beforeFailed ?? large.beforeFailed };
    rows.push({ name, label: kind === 'diff' ? `\`apilint diff\` of ${label}` : label, small, large, growth, stopped, failed, before });
    const was = before ? ` (before: ${before.failed ? `FAILED, ${before.failed}` : `n=${large.size} ${before.seconds.toFixed(2)} s, ${shown(before.growth)}`}${before.stopped ? ', STOPPED at a bound' : ''})` : '';
    const result = failed ? `FAILED, ${failed}` : `n=${small.size} ${small.seconds.toFixed(2)} s, n=${large.size} ${large.seconds.toFixed(2)} s: ${shown(growth)}${growth > SUPERLINEAR ? ' SUPERLINEAR' : ''}`;
    console.log(`${name.padEnd(12)} ${result}${stopped ? ' STOPPED at a bound' : ''}${was}`);
  }
  if (!values['no-report']) {
    const mb = bytes => (bytes / 1e6).toFixed(2);
    const lines = [
      '# Growth by shape',
      '',
      `Generated by \`npm run bench:growth\` (bench/growth.mjs) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus()[0]?.model.trim()} ×${os.cpus().length}, Node ${process.version}, load average ${os.loadavg().map(l => l.toFixed(2)).join(', ')} at the end.`,
      `Each shape at n and 4n, linted as a whole process (median of ${RUNS}, \`--no-config\`); the \`diff-\` shapes are two documents compared by \`apilint diff\`. Growth is the time above a one-path document's (${startUp.get('lint')?.toFixed(2) ?? '–'} s to lint it, ${startUp.get('diff')?.toFixed(2) ?? '–'} s to compare it with itself: start-up) at 4n over the same at n: about 4 where the cost follows the size; above ${SUPERLINEAR} the shape is marked. Each n takes more than ${FLOOR_S * 1000} ms above start-up; below that, noise decides the growth, and none is given. A run where a bound of src/load/limits.ts stopped the resolution (an \`invalid-ref\` finding says where) did less than the document asks, and is marked *stopped*: its time says nothing of the shape's cost. A run that exits 2, or still runs after ${KILL_S} s and is killed, is marked *failed*.`,
      '',
      ...(BEFORE ? [`Before: the build of ${revision(BEFORE)}, measured in the same run (its one-path times ${[...startUpBefore.values()].map(t => `${t.toFixed(2)} s`).join(' and ')}).`, ''] : []),
      `| shape | n | MB | time | 4n | MB | time | growth |${BEFORE ? ' before: 4n | before: growth |' : ''}`,
      `|---|---:|---:|---:|---:|---:|---:|---:|${BEFORE ? '---:|---:|' : ''}`,
      ...rows.map(r => {
        const mark = (g, stopped, failed) => (failed ? `failed: ${failed.replaceAll('|', '\\|')}` : `${Number.isNaN(g) ? 'too little work at n' : g.toFixed(1)}${g > SUPERLINEAR ? ' (superlinear)' : ''}`) + (stopped ? ' (*stopped*)' : '');
        const time = seconds => (Number.isNaN(seconds) ? '–' : `${seconds.toFixed(2)} s`);
        const before = r.before ? ` ${time(r.before.seconds)} | ${mark(r.before.growth, r.before.stopped, r.before.failed)} |` : '';
        return `| ${r.name}: ${r.label} | ${r.small.size} | ${mb(r.small.bytes)} | ${time(r.small.seconds)} | ${r.large.size} | ${mb(r.large.bytes)} | ${time(r.large.seconds)} | ${mark(r.growth, r.stopped, r.failed)} |${before}`;
      }),
      '',
    ];
    writeFileSync(OUT, lines.join('\n'));
    console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
  }
} finally {
  rmSync(WORK, { recursive: true, force: true });
}
