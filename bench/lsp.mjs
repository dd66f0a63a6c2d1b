#!/usr/bin/env node
// `npm run bench:lsp`: how long an editor waits for `apilint lsp` to lint again after an edit,
// on the medium benchmark spec (@blockfrost/openapi, YAML) and on api.github.com (13 MB JSON).
// A client speaking the protocol over stdio (vscode-languageserver-protocol) opens the spec,
// then edits it: each edit adds or removes a path with a trailing slash, so every lint changes
// the diagnostics and is published. Measured from sending didChange to receiving
// publishDiagnostics, with the debounce set to 0; the lint thread's own time comes from the
// server's log. Also: the first diagnostics after didOpen, and how fast a hover is answered while
// the spec is being linted. Medians; writes bench/LSP-RESULTS.md.
//
//   node bench/lsp.mjs --help    (the options, in USAGE below)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchOptions, count, ids } from './options.mjs';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node bench/lsp.mjs [--runs 7] [--cases medium,github] [--out bench/LSP-RESULTS.md] [--no-report]';
const { values } = benchOptions(USAGE, { runs: { type: 'string' }, cases: { type: 'string' }, out: { type: 'string' }, 'no-report': { type: 'boolean' } });
const RUNS = count(USAGE, values, 'runs', 7);
const OUT = path.resolve(values.out ?? path.join(ROOT, 'bench/LSP-RESULTS.md'));
const ALL_CASES = [
  { id: 'medium', label: 'medium: @blockfrost/openapi 0.1.93 (YAML, 0.5 MB)', file: path.join(ROOT, 'node_modules/@blockfrost/openapi/openapi.yaml') },
  { id: 'github', label: 'api.github.com (JSON, 13 MB)', file: path.resolve(ROOT, '../shared/corpus/github-api.json') },
];
const chosen = ids(USAGE, values, 'cases', ALL_CASES.map(c => c.id));
const CASES = ALL_CASES.filter(c => !chosen || chosen.includes(c.id));

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The text with a path `/bench-<n>/` added (n odd) or without it (n even), and the change that gets there from `previous`. */
function edit(text, json, n) {
  const anchor = json ? text.indexOf('"paths": {') + '"paths": {'.length : text.indexOf('\npaths:\n') + '\npaths:\n'.length;
  const inserted = json ? `"/bench-${n}/": {},` : `  /bench-${n}/: {}\n`;
  return { anchor, inserted };
}

function position(text, offset) {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

async function measure(spec) {
  const server = spawn(process.execPath, [path.join(ROOT, 'bin/apilint.js'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  const uri = pathToFileURL(spec.file).href;
  let waiting;
  connection.onNotification(PublishDiagnosticsNotification.type, params => {
    if (params.uri === uri && waiting) waiting(params.diagnostics);
  });
  const lintTimes = [];
  connection.onNotification(LogMessageNotification.type, ({ message }) => {
    const match = / linted, \d+ findings in (\d+) ms$/.exec(message);
    if (match) lintTimes.push(Number(match[1]));
  });
  connection.listen();
  const published = () => new Promise(resolve => (waiting = d => ((waiting = undefined), resolve(d))));
  await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(path.dirname(spec.file)).href,
    workspaceFolders: null,
    capabilities: {},
    initializationOptions: { debounceMs: 0 },
  });
  await connection.sendNotification(InitializedNotification.type, {});

  const json = spec.file.endsWith('.json');
  const original = readFileSync(spec.file, 'utf8');
  let started = performance.now();
  let next = published();
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: json ? 'json' : 'yaml', version: 1, text: original } });
  const first = await next;
  const open = performance.now() - started;
  const findings = first.length;

  const latencies = [];
  const hovers = [];
  let text = original;
  let version = 1;
  const { anchor } = edit(original, json, 0);
  for (let n = 1; n <= RUNS * 2; n++) {
    // Odd n adds /bench-n/ at the anchor, even n takes it out again.
    const { inserted } = edit(original, json, n);
    const previous = edit(original, json, n - 1).inserted;
    const change = n % 2 === 1 ? { range: { start: position(text, anchor), end: position(text, anchor) }, text: inserted } : { range: { start: position(text, anchor), end: position(text, anchor + previous.length) }, text: '' };
    text = n % 2 === 1 ? text.slice(0, anchor) + inserted + text.slice(anchor) : text.slice(0, anchor) + text.slice(anchor + previous.length);
    version++;
    next = published();
    started = performance.now();
    await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [change] });
    // While it lints: a hover on the first line.
    const hoverStarted = performance.now();
    await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 0 } });
    hovers.push(performance.now() - hoverStarted);
    await next;
    latencies.push(performance.now() - started);
  }
  await connection.sendRequest(ShutdownRequest.type);
  await connection.sendNotification(ExitNotification.type);
  connection.dispose();
  // The first lint is the open's.
  return { findings, open, latency: median(latencies), min: Math.min(...latencies), max: Math.max(...latencies), lint: median(lintTimes.slice(1)), hover: median(hovers) };
}

const rows = [];
for (const spec of CASES) {
  const result = await measure(spec);
  rows.push({ spec, result });
  console.log(`${spec.label}: didChange -> publishDiagnostics median ${result.latency.toFixed(0)} ms (min ${result.min.toFixed(0)}, max ${result.max.toFixed(0)}; lint thread ${result.lint} ms), didOpen -> first diagnostics ${result.open.toFixed(0)} ms, hover while linting ${result.hover.toFixed(1)} ms, ${result.findings} diagnostics`);
}

const lines = [
  '# `apilint lsp` latency',
  '',
  `Written by \`node bench/lsp.mjs\` (${RUNS * 2} edits per spec, medians), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), a machine shared with other work.`,
  '',
  '| spec | didChange → publishDiagnostics | of which the lint thread | didOpen → first diagnostics | hover answered while linting | diagnostics |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map(({ spec, result }) => `| ${spec.label} | ${result.latency.toFixed(0)} ms (${result.min.toFixed(0)}–${result.max.toFixed(0)}) | ${result.lint} ms | ${result.open.toFixed(0)} ms | ${result.hover.toFixed(1)} ms | ${result.findings} |`),
  '',
  'Each edit adds or removes a path, so each lint changes the diagnostics. The debounce is 0 here (200 ms by default). The first diagnostics after didOpen include the lint thread\'s start and its first, cold lint.',
  '',
];
if (!values['no-report']) writeFileSync(OUT, lines.join('\n'));
