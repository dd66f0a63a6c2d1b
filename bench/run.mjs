#!/usr/bin/env node
// `npm run bench`: whole-process wall time and peak RSS of apilint against Redocly (recommended)
// and Spectral (spectral:oas), on a tiny spec, the medium @blockfrost/openapi spec, the corpus's
// large documents, 30 small documents in one call, and one API at three sizes (time per MB); and
// `apilint diff` of github-api.json against a copy with 20 scattered edits, its lint with a
// baseline of its own findings, and `lint --since` of seven specs one of which was edited, each
// beside its plain lint.
// The corpus part is every document of MANIFEST.tsv of 100 KB or more (a multi-file set counts all
// its files), so that no spec shape is left out of the figures; RESULTS.md gets a per-spec table
// (ratio to Redocly, time per MB, peak RSS) with the median and the worst.
// Each process is measured with GNU time (/usr/bin/time, for the peak RSS and the CPU time) and a wall clock; the
// tools take turns run by run (A B A B ...) because a shared machine is noisy, and one small
// document and 30 (the two sides of a target) take turns with each other too; medians are
// reported. Writes bench/RESULTS.md (and, with --json, the raw figures).
//
//   node bench/run.mjs --help    (the options, in USAGE below)
//
// --apilint benchmarks another build (for "before" figures); --before puts those figures (from an
// earlier --json) beside the current ones in the report. --compare-build measures another build
// of apilint (its bin/apilint.js) against this one, the two taking turns run by run as the tools
// do, and prints a before/after table (no other tool is run, and the report is not written); in
// the diff, baseline and since cases it compares those ways of running apilint.

import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions, count, ids } from './options.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = path.resolve(ROOT, '../shared/corpus');
const require = createRequire(import.meta.url);

// The corpus's documents in the figures: those of 100 KB or more.
const CORPUS_MIN_BYTES = 100_000;

const USAGE = `usage: node bench/run.mjs [--runs 5] [--large-runs 3] [--spectral-runs 1] [--cases tiny,medium,...]
                        [--apilint bin/apilint.js] [--json out.json] [--before before.json]
                        [--out bench/RESULTS.md] [--no-spectral] [--no-report] [--compare-build <bin>]
                        [--render earlier.json]`;
const string = { type: 'string' };
const flag = { type: 'boolean' };
const { values } = benchOptions(USAGE, {
  runs: string,
  'large-runs': string,
  'spectral-runs': string,
  cases: string,
  apilint: string,
  json: string,
  before: string,
  out: string,
  'no-spectral': flag,
  'no-report': flag,
  'compare-build': string,
  render: string,
});
const RUNS = count(USAGE, values, 'runs', 5);
const LARGE_RUNS = count(USAGE, values, 'large-runs', 3);
const SPECTRAL_RUNS = count(USAGE, values, 'spectral-runs', 1);
const WITH_SPECTRAL = !values['no-spectral'];
const APILINT = path.resolve(values.apilint ?? path.join(ROOT, 'bin/apilint.js'));
const OUT = path.resolve(values.out ?? path.join(ROOT, 'bench/RESULTS.md'));
const JSON_OUT = values.json;
// Figures of apilint before the speed work (committed), shown beside the current ones.
const BEFORE = values.before ?? (existsSync(path.join(ROOT, 'bench/before.json')) ? path.join(ROOT, 'bench/before.json') : undefined);
/** The sizes of the one API linted at three sizes (blockfrost, as JSON). */
const SIZES = [1, 4, 16];
const ONLY = ids(USAGE, values, 'cases', ['tiny', 'tiny-config', 'medium', 'reference', ...corpusCases().map(c => c.id), 'one-small', 'many-small', ...SIZES.map(k => `size-x${k}`), 'github-diff', 'github-baseline', 'since']);
const COMPARE = values['compare-build'] && path.resolve(values['compare-build']);
// --render <json>: writes the report from an earlier run's --json, measuring nothing.
const RENDER = values.render;

// --- comparison tools: dev dependencies, installed on demand -----------------------------------
const TOOLS = {
  redocly: { pkg: '@redocly/cli', bin: 'bin/cli.js' },
  spectral: { pkg: '@stoplight/spectral-cli', bin: 'dist/index.js' },
  blockfrost: { pkg: '@blockfrost/openapi', version: '0.1.93' },
};
function ensureTools() {
  const missing = Object.values(TOOLS).filter(t => !existsSync(path.join(ROOT, 'node_modules', t.pkg, 'package.json')));
  if (missing.length === 0) return;
  const specs = missing.map(t => (t.version ? `${t.pkg}@${t.version}` : t.pkg));
  console.log(`installing ${specs.join(' ')} as dev dependencies`);
  const r = spawnSync('npm', ['install', '--save-dev', '--no-audit', '--no-fund', '--ignore-scripts', ...specs], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm install failed');
}
const toolVersion = pkg => JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;

// --- inputs ------------------------------------------------------------------------------------
const WORK = mkdtempSync(path.join(os.tmpdir(), 'apilint-bench-'));
const GITHUB_BASELINE = path.join(WORK, 'github-baseline.json');
const TINY = `openapi: 3.0.3
info:
  title: Tiny
  version: 1.0.0
paths:
  /orders:
    get:
      summary: List orders
      responses:
        '200':
          description: The orders.
`;

/** One API at k times its size: paths, operation ids and component names suffixed per copy, refs rewritten. */
function replicate(doc, k) {
  const out = JSON.parse(JSON.stringify(doc));
  out.paths = {};
  const sections = Object.keys(doc.components ?? {});
  for (const s of sections) out.components[s] = {};
  const rewrite = (value, i) => {
    if (Array.isArray(value)) return value.map(v => rewrite(v, i));
    if (value === null || typeof value !== 'object') return value;
    const o = {};
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith('#/components/')) o[key] = `${v}_c${i}`;
      else if (key === 'operationId' && typeof v === 'string') o[key] = `${v}C${i}`;
      else o[key] = rewrite(v, i);
    }
    return o;
  };
  for (let i = 1; i <= k; i++) {
    for (const [p, item] of Object.entries(doc.paths)) out.paths[`/copy${i}${p}`] = rewrite(item, i);
    for (const s of sections) for (const [name, c] of Object.entries(doc.components[s])) out.components[s][`${name}_c${i}`] = rewrite(c, i);
  }
  return out;
}

/**
 * A copy of an API with `n` edits spread evenly over its operations and schemas, of the kinds a
 * pull request makes: an operation removed, a parameter added or made required, a summary
 * reworded, a schema property removed or added. Deterministic, so runs compare alike.
 */
function scatteredEdits(doc, n) {
  const out = JSON.parse(JSON.stringify(doc));
  const methods = ['get', 'put', 'post', 'delete', 'patch'];
  const operations = Object.entries(out.paths).flatMap(([p, item]) => methods.filter(m => item[m]).map(m => ({ item, m, op: item[m], p })));
  const schemas = Object.values(out.components?.schemas ?? {}).filter(s => s.properties && Object.keys(s.properties).length > 1);
  for (let i = 0; i < n; i++) {
    const { item, m, op } = operations[Math.floor(((i + 0.5) * operations.length) / n)];
    const schema = schemas[Math.floor(((i + 0.5) * schemas.length) / n)];
    switch (i % 5) {
      case 0: delete item[m]; break;
      case 1: (op.parameters ??= []).push({ name: `bench_${i}`, in: 'query', required: true, schema: { type: 'string' } }); break;
      case 2: op.summary = `${op.summary ?? ''} (reworded)`; break;
      case 3: delete schema.properties[Object.keys(schema.properties)[0]]; break;
      default: schema.properties[`bench_${i}`] = { type: 'string' };
    }
  }
  return out;
}

function prepareInputs() {
  const tiny = path.join(WORK, 'tiny.yaml');
  writeFileSync(tiny, TINY);
  // A team's config, as the README shows one: rules turned off or down, and options (a pattern among them).
  const config = path.join(WORK, 'options.apilint.yaml');
  writeFileSync(config, "rules:\n  gzip-documented: off\n  path-no-verbs: warn\n  scope-naming: [error, { pattern: '^[a-z]+\\.(read|write)$' }]\n  resource-types-limit: [warn, { max: 12 }]\n");
  const medium = path.join(ROOT, 'node_modules/@blockfrost/openapi/openapi.yaml');
  const many = path.join(WORK, 'many');
  mkdirSync(many);
  const small = readFileSync(path.join(CORPUS, 'oai-petstore-expanded.yaml'), 'utf8');
  const manyFiles = [];
  for (let i = 1; i <= 30; i++) {
    const file = path.join(many, `pets-${String(i).padStart(2, '0')}.yaml`);
    writeFileSync(file, small.replace('title: Swagger Petstore', `title: Swagger Petstore ${i}`));
    manyFiles.push(file);
  }
  const one = path.join(WORK, 'one');
  mkdirSync(one);
  copyFileSync(manyFiles[0], path.join(one, 'pets-01.yaml'));
  // Sizes: the medium API as JSON at 1x, 4x and 16x.
  const { Yaml } = require('@stoplight/spectral-parsers');
  const base = JSON.parse(JSON.stringify(Yaml.parse(readFileSync(medium, 'utf8')).data));
  const sizes = SIZES.map(k => {
    const file = path.join(WORK, `blockfrost-x${k}.json`);
    writeFileSync(file, JSON.stringify(replicate(base, k), null, 2));
    return { k, file };
  });
  const github = path.join(CORPUS, 'github-api.json');
  const githubEdited = path.join(WORK, 'github-api-edited.json');
  writeFileSync(githubEdited, `${JSON.stringify(scatteredEdits(JSON.parse(readFileSync(github, 'utf8')), 20), null, 2)}\n`);
  if (!ONLY || ONLY.includes('github-baseline')) {
    const written = spawnSync(process.execPath, [APILINT, 'lint', '--no-config', '--write-baseline', GITHUB_BASELINE, github], { stdio: 'ignore' });
    if (written.status !== 0) throw new Error(`apilint --write-baseline exited ${written.status}`);
  }
  return { tiny, config, medium, many, manyFiles, one: path.join(one, 'pets-01.yaml'), sizes, github, githubEdited, sinceSpecs: !ONLY || ONLY.includes('since') ? sinceRepository() : [] };
}

/**
 * A pull request's view for --since: seven corpus specs (DigitalOcean's 2,907 files among them)
 * committed in a git repository, and one of them edited since (a summary reworded). The specs.
 */
function sinceRepository() {
  const repo = path.join(WORK, 'since');
  const specs = ['asana-api.yaml', 'slack-web-api.json', 'twilio-api-v2010.yaml', 'azure-arm-cdn.json', 'zalando-nakadi-event-bus-api.yaml', 'openai-api.yaml', 'digitalocean/DigitalOcean-public.v2.yaml'];
  cpSync(path.join(CORPUS, 'digitalocean'), path.join(repo, 'digitalocean'), { recursive: true });
  for (const spec of specs.slice(0, -1)) copyFileSync(path.join(CORPUS, spec), path.join(repo, spec));
  const git = (...args) => {
    const r = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], { cwd: repo, stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`git ${args[0]} exited ${r.status}`);
  };
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'specs');
  const edited = path.join(repo, specs[0]);
  writeFileSync(edited, readFileSync(edited, 'utf8').replace(/summary: /, 'summary: Reworded '));
  return specs.map(spec => path.join(repo, spec));
}

/**
 * bin/apilint.js runs the bundle it finds: one older than the sources (a merge without a build)
 * would be measured in their place.
 */
function refuseStaleBundle(bin) {
  const root = path.resolve(path.dirname(bin), '..');
  const bundle = path.join(root, 'dist/bundle/cli.cjs');
  if (!existsSync(bundle)) return;
  const newest = ['src', 'rulesets']
    .flatMap(dir => (existsSync(path.join(root, dir)) ? readdirSync(path.join(root, dir), { recursive: true }).map(f => path.join(root, dir, String(f))) : []))
    .filter(f => f.endsWith('.ts'))
    .reduce((latest, f) => Math.max(latest, statSync(f).mtimeMs), 0);
  if (statSync(bundle).mtimeMs < newest) {
    console.error(`bench: ${path.relative(process.cwd(), bundle)} is older than its sources: run \`npm run build\` in ${root} first`);
    process.exit(2);
  }
}

// --- measuring ---------------------------------------------------------------------------------
const SPECTRAL_RULESET = path.join(WORK, '.spectral.yaml');
const ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1', FORCE_COLOR: '0' };

/** The ways of running one build of apilint (its bin/apilint.js). */
const apilintCommands = bin => ({
  // A case may give its own config (`--config` among the files); the others run without one.
  apilint: files => [process.execPath, bin, 'lint', ...(files.includes('--config') ? [] : ['--no-config']), ...files],
  // The two files are the base and the revision.
  'apilint-diff': files => [process.execPath, bin, 'diff', '--no-config', ...files],
  // Every finding is in the baseline (prepareInputs writes it): the cost of matching them.
  'apilint-baseline': files => [process.execPath, bin, 'lint', '--no-config', '--baseline', GITHUB_BASELINE, ...files],
  // The files are in the repository sinceRepository makes: what the working tree adds to its commit.
  'apilint-since': files => [process.execPath, bin, 'lint', '--no-config', '--since', 'HEAD', ...files],
});

const commands = {
  ...apilintCommands(APILINT),
  // --compare-build: the same ways of running the other build, each named `<way>-before`.
  ...(COMPARE ? Object.fromEntries(Object.entries(apilintCommands(COMPARE)).map(([tool, command]) => [`${tool}-before`, command])) : {}),
  redocly: files => [process.execPath, path.join(ROOT, 'node_modules', TOOLS.redocly.pkg, TOOLS.redocly.bin), 'lint', '--extends=recommended', ...files],
  spectral: files => [process.execPath, path.join(ROOT, 'node_modules', TOOLS.spectral.pkg, TOOLS.spectral.bin), 'lint', '-r', SPECTRAL_RULESET, ...files],
};

/** One whole process: wall seconds (hrtime around spawn), peak RSS in MiB and CPU seconds (user + system, GNU time). */
function measure(tool, files) {
  const [cmd, ...rest] = commands[tool](files);
  const timeFile = path.join(WORK, 'time.txt');
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('/usr/bin/time', ['-f', '%M %x %U %S', '-o', timeFile, cmd, ...rest], { cwd: WORK, env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', d => {
      if (stderr.length < 4000) stderr += d;
    });
    child.on('error', reject);
    child.on('close', () => {
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      const [kb, exit, user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
      // Findings exit 1; 2 is an input error for apilint, and anything else is a crash.
      if (exit > 1 || (tool.startsWith('apilint') && exit === 2)) reject(new Error(`${tool} exited ${exit} on ${files.join(' ')}:\n${stderr}`));
      else resolve({ wall, rss: kb / 1024, cpu: user + sys });
    });
  });
}

const median = xs => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Runs the entries (a tool on some files) in turn, round by round, and returns medians per entry
 * id. Entries measured together alternate, so that the machine's drift touches them alike.
 */
async function compare(label, entries, runs) {
  const samples = new Map(entries.map(e => [e.id, []]));
  const rounds = Math.max(...entries.map(e => runs[e.tool] ?? 0));
  for (let i = 0; i < rounds; i++) {
    for (const entry of entries) {
      if (i >= (runs[entry.tool] ?? 0)) continue;
      samples.get(entry.id).push(await measure(entry.tool, entry.files));
    }
  }
  const result = {};
  for (const [id, list] of samples) {
    if (list.length === 0) continue;
    result[id] = {
      wall: median(list.map(s => s.wall)),
      rss: median(list.map(s => s.rss)),
      cpu: median(list.map(s => s.cpu)),
      runs: list.length,
      walls: list.map(s => +s.wall.toFixed(3)),
      cpus: list.map(s => +s.cpu.toFixed(3)),
    };
  }
  const line = entries.map(e => (result[e.id] ? `${e.id} ${result[e.id].wall.toFixed(2)} s ${result[e.id].rss.toFixed(0)} MiB` : '')).join('  ');
  console.log(`${label.padEnd(24)} ${line}`);
  return result;
}

// --- cases -------------------------------------------------------------------------------------
const MB = file => statSync(file).size / 1e6;

/**
 * Every corpus document of 100 KB or more (MANIFEST.tsv's bytes: a multi-file set counts all its
 * files), broken ones aside. Their time per MB uses the same bytes.
 */
function corpusCases() {
  const [header, ...rows] = readFileSync(path.join(CORPUS, 'MANIFEST.tsv'), 'utf8').trim().split('\n').map(line => line.split('\t'));
  const col = name => header.indexOf(name);
  const keep = rows.filter(r => r[col('kind')] !== 'broken' && Number(r[col('bytes')]) >= CORPUS_MIN_BYTES);
  // Short ids for --cases (and for the figures in before.json): the name's first word where that is unique.
  const firstWord = name => name.split(/[-/.]/)[0];
  const counts = new Map();
  for (const r of keep) counts.set(firstWord(r[col('name')]), (counts.get(firstWord(r[col('name')])) ?? 0) + 1);
  return keep
    .sort((a, b) => Number(b[col('bytes')]) - Number(a[col('bytes')]))
    .map(r => {
      const name = r[col('name')];
      const id = counts.get(firstWord(name)) === 1 ? firstWord(name) : name.split('/')[0].replace(/\.(json|ya?ml)$/, '');
      const kind = r[col('kind')];
      return {
        id,
        label: kind === 'multifile' ? `${name} (${kind}, ${r[col('oas_version')]})` : `${name} (${r[col('oas_version')]})`,
        files: [path.join(CORPUS, name)],
        bytes: Number(r[col('bytes')]),
        large: true,
        spec: true,
        ...(id === 'github' ? { target: { redocly: 0.5, spectral: 0.05, rss: 400 } } : {}),
      };
    });
}

// The load average when the run began (the machine may be shared): reported beside the figures.
const LOAD = os.loadavg().map(x => x.toFixed(2)).join(', ');

async function main() {
  if (RENDER) {
    const { env, results } = JSON.parse(readFileSync(path.resolve(RENDER), 'utf8'));
    const before = BEFORE && existsSync(BEFORE) ? JSON.parse(readFileSync(BEFORE, 'utf8')) : undefined;
    writeFileSync(OUT, report(env, results, before));
    console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
    rmSync(WORK, { recursive: true, force: true });
    return;
  }
  for (const bin of [APILINT, COMPARE].filter(Boolean)) refuseStaleBundle(bin);
  ensureTools();
  console.log(`load average: ${LOAD}`);
  writeFileSync(SPECTRAL_RULESET, 'extends: [["spectral:oas", "recommended"]]\n');
  const inputs = prepareInputs();
  const cases = [
    { id: 'tiny', label: 'tiny spec (1 path)', files: [inputs.tiny], target: { redocly: 0.8 } },
    { id: 'tiny-config', label: 'tiny spec, a config that sets rule options', files: [inputs.tiny], apilintFiles: ['--config', inputs.config, inputs.tiny] },
    { id: 'medium', label: 'medium: @blockfrost/openapi 0.1.93 (YAML)', files: [inputs.medium], spec: true },
    // apilint's own reference spec: every guideline in use, event types and x-rate-limit among them.
    { id: 'reference', label: 'fixtures/reference-service.yaml (events, rate limits)', files: [path.join(ROOT, 'fixtures/reference-service.yaml')] },
    ...corpusCases(),
    { id: 'one-small', label: '1 small document', files: [inputs.one] },
    { id: 'many-small', label: '30 small documents, one call', files: inputs.manyFiles, apilintFiles: [inputs.many] },
    ...inputs.sizes.map(({ k, file }) => ({ id: `size-x${k}`, label: `blockfrost x${k} (JSON)`, files: [file], scaling: true })),
    // apilint diff, and the lint with a baseline, against the plain lint of the same document,
    // alternating (targets: diff < 2× lint, baseline ≤ 1.25× lint).
    { id: 'github-diff', label: 'diff github-api.json vs 20 scattered edits', files: [inputs.github], diffFiles: [inputs.github, inputs.githubEdited], large: true, beside: 'apilint-diff' },
    { id: 'github-baseline', label: 'github-api.json with a baseline of its findings', files: [inputs.github], large: true, beside: 'apilint-baseline' },
    // --since in a pull request that edits one of seven specs, against the plain lint of the seven (target ≤ 1.5×).
    { id: 'since', label: 'seven specs, one edited since HEAD, with --since', files: inputs.sinceSpecs, large: true, beside: 'apilint-since' },
  ].filter(c => !ONLY || ONLY.includes(c.id));

  // One small document and 30 in one call are the two sides of a target: they are measured
  // together, alternating, each tool's two runs side by side.
  const groups = [];
  for (const c of cases) {
    const partner = c.id === 'many-small' ? groups.find(g => g[0].id === 'one-small') : undefined;
    if (partner) partner.push(c);
    else groups.push([c]);
  }
  const results = {};
  for (const group of groups) {
    const entries = [];
    const first = group[0];
    // With --compare-build, a way of running apilint beside its plain lint (diff, baseline,
    // --since) compares that way across the two builds.
    const tools = COMPARE ? (first.beside ? [`${first.beside}-before`, first.beside] : ['apilint-before', 'apilint']) : first.beside ? ['apilint', first.beside] : ['apilint', 'redocly', ...(WITH_SPECTRAL && !first.scaling ? ['spectral'] : [])];
    for (const tool of tools) {
      for (const c of group) {
        // apilint takes the directory where the others take the file list (both are one call);
        // apilint diff takes the base and the revision.
        const files = tool.startsWith('apilint-diff') ? c.diffFiles : (tool === 'apilint' || tool === 'apilint-before') && c.apilintFiles;
        entries.push({ id: `${c.id}:${tool}`, tool, files: files || c.files });
      }
    }
    const n = first.large || first.scaling ? LARGE_RUNS : RUNS;
    const runs = Object.fromEntries(tools.map(tool => [tool, tool === 'spectral' ? (first.large ? SPECTRAL_RUNS : Math.max(SPECTRAL_RUNS, Math.min(3, n))) : n]));
    const measured = await compare(group.map(c => c.id).join(' + '), entries, runs);
    for (const c of group) {
      results[c.id] = { label: c.label, mb: c.bytes !== undefined ? c.bytes / 1e6 : c.files.reduce((sum, f) => sum + MB(f), 0), target: c.target, spec: c.spec };
      for (const tool of tools) if (measured[`${c.id}:${tool}`]) results[c.id][tool] = measured[`${c.id}:${tool}`];
    }
  }
  const env = {
    date: new Date().toISOString().slice(0, 10),
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}`,
    node: process.version,
    redocly: toolVersion(TOOLS.redocly.pkg),
    spectral: toolVersion(TOOLS.spectral.pkg),
    runs: { runs: RUNS, largeRuns: LARGE_RUNS, spectralRuns: SPECTRAL_RUNS },
    apilint: path.relative(ROOT, APILINT) || APILINT,
    spectralRun: WITH_SPECTRAL,
    load: LOAD,
  };
  if (JSON_OUT) writeFileSync(path.resolve(JSON_OUT), `${JSON.stringify({ env, results }, null, 2)}\n`);
  if (COMPARE) console.log(`\n${compareTable(results)}`);
  const before = BEFORE && existsSync(BEFORE) ? JSON.parse(readFileSync(BEFORE, 'utf8')) : undefined;
  rmSync(WORK, { recursive: true, force: true });
  // A comparison of two builds measures no other tool: it prints its table and leaves the report alone.
  if (!COMPARE && !values['no-report']) {
    writeFileSync(OUT, report(env, results, before));
    console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
  }
}

// --- report ------------------------------------------------------------------------------------

/** --compare-build: the two builds' medians side by side, with each run's times (the spread shows the noise). */
function compareTable(results) {
  const rows = [
    '| case | before | after | after / before | CPU before | CPU after | CPU after / before | RSS before | RSS after | before runs | after runs | before CPU runs | after CPU runs |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|---|',
  ];
  for (const r of Object.values(results)) {
    const after = Object.keys(r).find(tool => commands[`${tool}-before`] !== undefined && r[`${tool}-before`]);
    if (!after) continue;
    const [b, a] = [r[`${after}-before`], r[after]];
    rows.push(
      `| ${r.label}${after === 'apilint' ? '' : ` (${after})`} | ${s(b.wall)} | ${s(a.wall)} | ${(a.wall / b.wall).toFixed(2)} | ${s(b.cpu)} | ${s(a.cpu)} | ${(a.cpu / b.cpu).toFixed(2)} | ${mib(b.rss)} | ${mib(a.rss)} | ${b.walls.join(', ')} | ${a.walls.join(', ')} | ${b.cpus.join(', ')} | ${a.cpus.join(', ')} |`,
    );
  }
  return rows.join('\n');
}
const s = x => (x === undefined ? '–' : `${x.toFixed(2)} s`);
const mib = x => (x === undefined ? '–' : `${x.toFixed(0)} MiB`);
const ratio = (a, b) => (a === undefined || b === undefined ? '–' : `${(a / b).toFixed(2)}×`);

function targetCell(r) {
  const t = r.target;
  if (!t) return '';
  const parts = [];
  if (t.redocly !== undefined && r.redocly) parts.push(`≤ ${t.redocly}× Redocly: ${r.apilint.wall / r.redocly.wall <= t.redocly ? 'met' : 'NOT met'}`);
  if (t.spectral !== undefined && r.spectral) parts.push(`≤ ${t.spectral}× Spectral: ${r.apilint.wall / r.spectral.wall <= t.spectral ? 'met' : 'NOT met'}`);
  if (t.rss !== undefined) parts.push(`RSS ≤ ${t.rss} MiB: ${r.apilint.rss <= t.rss ? 'met' : 'NOT met'}`);
  return parts.join('; ');
}

/** A way of running apilint measured beside its plain lint (diff, baseline, --since): no row of its own, see extraFigures. */
const isBeside = r => Object.keys(r).some(tool => tool.startsWith('apilint-') && !tool.endsWith('-before'));

function table(results, withTargets) {
  const rows = [
    '| case | MB | apilint | apilint RSS | Redocly | Redocly RSS | Spectral | Spectral RSS | apilint / Redocly | apilint / Spectral |' + (withTargets ? ' target |' : ''),
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|' + (withTargets ? '---|' : ''),
  ];
  for (const r of Object.values(results)) {
    if (isBeside(r)) continue;
    rows.push(
      `| ${r.label} | ${r.mb.toFixed(2)} | ${s(r.apilint?.wall)} | ${mib(r.apilint?.rss)} | ${s(r.redocly?.wall)} | ${mib(r.redocly?.rss)} | ${s(r.spectral?.wall)} | ${mib(r.spectral?.rss)} | ${ratio(r.apilint?.wall, r.redocly?.wall)} | ${ratio(r.apilint?.wall, r.spectral?.wall)} |` +
        (withTargets ? ` ${targetCell(r)} |` : ''),
    );
  }
  return rows.join('\n');
}

function extraFigures(results) {
  const lines = [];
  const diff = results['github-diff'];
  if (diff?.apilint && diff['apilint-diff']) {
    const r = diff['apilint-diff'].wall / diff.apilint.wall;
    lines.push(`- \`apilint diff\` of github-api.json against a copy with 20 scattered edits: ${s(diff['apilint-diff'].wall)}, ${mib(diff['apilint-diff'].rss)}, against ${s(diff.apilint.wall)} to lint it (${r.toFixed(2)}×; target < 2×: ${r < 2 ? 'met' : 'NOT met'}).`);
  }
  const baseline = results['github-baseline'];
  if (baseline?.apilint && baseline['apilint-baseline']) {
    const r = baseline['apilint-baseline'].wall / baseline.apilint.wall;
    lines.push(`- github-api.json linted with \`--baseline\` holding all its findings: ${s(baseline['apilint-baseline'].wall)}, ${mib(baseline['apilint-baseline'].rss)}, against ${s(baseline.apilint.wall)} without (${r.toFixed(2)}×; target ≤ 1.25×: ${r <= 1.25 ? 'met' : 'NOT met'}).`);
  }
  const since = results.since;
  if (since?.apilint && since['apilint-since']) {
    const r = since['apilint-since'].wall / since.apilint.wall;
    lines.push(`- Seven corpus specs in a git repository, one edited, linted with \`--since HEAD\`: ${s(since['apilint-since'].wall)}, ${mib(since['apilint-since'].rss)}, against ${s(since.apilint.wall)} for their plain lint (${r.toFixed(2)}×; target ≤ 1.5×: ${r <= 1.5 ? 'met' : 'NOT met'}). The six unchanged specs are matched by their files' git object ids, not linted again.`);
  }
  const one = results['one-small'];
  const many = results['many-small'];
  if (one?.apilint && many?.apilint) {
    lines.push(`- 30 small documents in one call: ${s(many.apilint.wall)} against ${s(one.apilint.wall)} for one (${ratio(many.apilint.wall, one.apilint.wall)}; target ≤ 2×: ${many.apilint.wall <= 2 * one.apilint.wall ? 'met' : 'NOT met'}). Redocly: ${ratio(many.redocly?.wall, one.redocly?.wall)}, Spectral: ${ratio(many.spectral?.wall, one.spectral?.wall)}.`);
  }
  const tiny = results.tiny?.apilint?.wall;
  const perMb = Object.entries(results).filter(([id, r]) => (id.startsWith('size-') || (r.mb > 0.4 && !r.spec)) && r.apilint && !isBeside(r));
  if (perMb.length > 0) {
    lines.push('', 'Time per MB: wall time less the tiny spec\'s (start-up), divided by the size.', '', '| document | MB | apilint s/MB | Redocly s/MB |', '|---|---:|---:|---:|');
    const tinyR = results.tiny?.redocly?.wall;
    for (const [, r] of perMb) {
      const a = tiny === undefined ? undefined : (r.apilint.wall - tiny) / r.mb;
      const b = tinyR === undefined || !r.redocly ? undefined : (r.redocly.wall - tinyR) / r.mb;
      lines.push(`| ${r.label} | ${r.mb.toFixed(2)} | ${a === undefined ? '–' : a.toFixed(3)} | ${b === undefined ? '–' : b.toFixed(3)} |`);
    }
  }
  return lines.join('\n');
}

/** Seconds per MB less the start-up (the tiny spec's time). */
const perMbOf = (results, r, tool) => {
  const tiny = results.tiny?.[tool]?.wall;
  return tiny === undefined || !r[tool] ? undefined : (r[tool].wall - tiny) / r.mb;
};
const fixed = (x, digits) => (x === undefined ? '–' : x.toFixed(digits));
const met = ok => (ok ? 'met' : 'NOT met');

/**
 * The specs of the targets (the corpus's documents of 100 KB or more and the medium spec), one row
 * each, then the median and the worst: the figures that say whether speed holds on every shape.
 */
function specTable(results) {
  const specs = Object.values(results).filter(r => r.spec && r.apilint && r.redocly);
  if (specs.length === 0) return '';
  const rows = [
    '| spec | MB | apilint | Redocly | apilint / Redocly | apilint s/MB | Redocly s/MB | apilint RSS | Redocly RSS | apilint CPU | Redocly CPU | CPU ratio |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of specs) {
    rows.push(
      `| ${r.label} | ${r.mb.toFixed(2)} | ${s(r.apilint.wall)} | ${s(r.redocly.wall)} | ${ratio(r.apilint.wall, r.redocly.wall)} | ${fixed(perMbOf(results, r, 'apilint'), 3)} | ${fixed(perMbOf(results, r, 'redocly'), 3)} | ${mib(r.apilint.rss)} | ${mib(r.redocly.rss)} | ${s(r.apilint.cpu)} | ${s(r.redocly.cpu)} | ${ratio(r.apilint.cpu, r.redocly.cpu)} |`,
    );
  }
  const by = f => [...specs].sort((a, b) => f(a) - f(b));
  const ratios = by(r => r.apilint.wall / r.redocly.wall);
  const worst = ratios.at(-1);
  const r = x => x.apilint.wall / x.redocly.wall;
  const medianRatio = median(ratios.map(r));
  const lines = [
    rows.join('\n'),
    '',
    `- apilint / Redocly over these ${specs.length} specs: median **${medianRatio.toFixed(2)}×** (target ≤ 0.5×: ${met(medianRatio <= 0.5)}), worst **${r(worst).toFixed(2)}×**, ${worst.label} (target ≤ 0.7×: ${met(r(worst) <= 0.7)}); best ${r(ratios[0]).toFixed(2)}×, ${ratios[0].label}.`,
  ];
  const perMb = by(x => perMbOf(results, x, 'apilint') ?? 0).filter(x => perMbOf(results, x, 'apilint') !== undefined);
  if (perMb.length > 0) {
    const [lo, hi] = [perMb[0], perMb.at(-1)];
    const spread = perMbOf(results, hi, 'apilint') / perMbOf(results, lo, 'apilint');
    lines.push(
      `- apilint time per MB: from ${perMbOf(results, lo, 'apilint').toFixed(3)} s (${lo.label}) to ${perMbOf(results, hi, 'apilint').toFixed(3)} s (${hi.label}), a factor of **${spread.toFixed(2)}** (target ≤ 1.5: ${met(spread <= 1.5)}).`,
    );
  }
  const cpuRatios = specs.filter(x => x.apilint.cpu !== undefined && x.redocly.cpu !== undefined).map(x => x.apilint.cpu / x.redocly.cpu);
  if (cpuRatios.length > 0) {
    lines.push(`- CPU time (user + system) against Redocly's, steadier than the wall clock when the machine is shared: median ${median(cpuRatios).toFixed(2)}×, worst ${Math.max(...cpuRatios).toFixed(2)}×.`);
  }
  const heaviest = by(x => x.apilint.rss).at(-1);
  lines.push(`- apilint peak RSS: at most **${mib(heaviest.apilint.rss)}**, ${heaviest.label} (target ≤ 400 MiB each: ${met(heaviest.apilint.rss <= 400)}).`);
  return lines.join('\n');
}

function report(env, results, before) {
  const parts = [
    '# Benchmark results',
    '',
    `Generated by \`npm run bench\` (bench/run.mjs) on ${env.date}: ${env.cpu}, Node ${env.node}, Redocly CLI ${env.redocly} (\`lint --extends=recommended\`, telemetry off)${env.spectralRun ? `, Spectral CLI ${env.spectral} (\`spectral:oas\` recommended)` : ' (Spectral not run: `--no-spectral`)'}. Load average before the run: ${env.load}.`,
    `Whole-process medians: wall clock, CPU time (user + system) and peak RSS (GNU time), ${env.runs.runs} runs per tool (${env.runs.largeRuns} for large documents${env.spectralRun ? `, Spectral ${env.runs.spectralRuns} on large ones` : ''}), the tools alternating run by run (one small document and 30 alternate with each other too). apilint runs with \`--no-config\` and every default rule on (but for the case with a config); default output formats, discarded.`,
    '',
    '## Every spec of 100 KB or more',
    '',
    'The corpus\'s documents of 100 KB or more (a multi-file set counts all its files) and the medium spec. Time per MB: wall time less the tiny spec\'s (start-up), divided by the size.',
    '',
    specTable(results),
    '',
    '## All cases',
    '',
    table(results, true),
    '',
    extraFigures(results),
  ];
  if (before) {
    parts.push('', '## Before the speed work', '', `apilint as it was (${before.env.date}, same machine and method):`, '', table(before.results, false), '', extraFigures(before.results));
    parts.push('', '## Before → after (apilint medians)', '', '| case | before | after | speed-up | RSS before | RSS after |', '|---|---:|---:|---:|---:|---:|');
    for (const [id, r] of Object.entries(results)) {
      const b = before.results[id]?.apilint;
      if (!b || !r.apilint) continue;
      parts.push(`| ${r.label} | ${s(b.wall)} | ${s(r.apilint.wall)} | ${(b.wall / r.apilint.wall).toFixed(1)}× | ${mib(b.rss)} | ${mib(r.apilint.rss)} |`);
    }
  }
  return `${parts.join('\n')}\n`;
}

main().catch(error => {
  console.error(error);
  rmSync(WORK, { recursive: true, force: true });
  process.exit(1);
});
