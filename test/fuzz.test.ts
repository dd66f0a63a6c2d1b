// Property-based fuzzing of the whole CLI on untrusted input. Real documents (fixtures/ and the
// small and medium specs of ../shared/corpus) get random structural mutations (delete, duplicate
// or retype a node, rename a key, odd `$ref`s, deep nesting, long `$ref` chains within the
// document or across files) and textual ones (truncate, insert bytes, break indentation, anchors
// and aliases, alias bombs, `__proto__` keys spelt with escapes). The mutant is linted as the
// document, as a file the document `$ref`s, as the config, or as the baseline (configs and
// baselines have seeds of their own). For every case apilint must exit 0, 1 or 2,
// print no stack trace, keep stdout valid JSON/SARIF when that was asked, give one short line per
// input error, never read or echo a file outside the project, never touch the network, and finish
// within a time bound.
//
// CI runs a fixed seed. `npm run fuzz` runs many more cases with a random seed and prints it;
// `npm run fuzz -- --seed <n> [--runs <n>]` replays one. A crash it finds becomes a regression
// test in test/robustness.test.ts. A case that hangs stops the run silently: run again with
// APILINT_FUZZ_TRACE=<file> to name it and keep its folder.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from './helpers/cli.js';
import { runInProcess, type InProcessResult } from './helpers/inprocess.js';
import { CORPUS, ROOT } from './helpers/lint.js';

const require = createRequire(import.meta.url);
const YAML = require('@stoplight/yaml') as { parse(text: string): unknown; safeStringify(value: unknown, options?: object): string };

const LONG = process.env.APILINT_FUZZ === 'long';
/** A run whose number of cases was set (`APILINT_FUZZ_RUNS`) has no test timeout and reports what it covered. */
const COUNTED = LONG || process.env.APILINT_FUZZ_RUNS !== undefined;
const SEED = Number(process.env.APILINT_FUZZ_SEED ?? 20_251_121);
/**
 * A file to append a line to as each case starts (its number, folder and case) and as it passes
 * (time, target, exit, mutations). A case that hangs synchronously stops the run without a report:
 * the last start line names it, and its folder is left as it was, to replay or minimise.
 */
const TRACE = process.env.APILINT_FUZZ_TRACE;
const RUNS = Number(process.env.APILINT_FUZZ_RUNS ?? (LONG ? 2000 : 400));
/** Largest seed document: small and medium specs in CI, larger ones in the long run. */
const MAX_SEED_BYTES = LONG ? 460_000 : 40_000;
/** Per case, in process. Typical cases take 10–300 ms. */
const TIME_BOUND_MS = 20_000;
const CANARY = 'canaryToken7f3a9';
const FORMATS = ['json', 'sarif', 'stylish'] as const;


interface Seed {
  name: string;
  text: string;
  data: unknown;
}

/** Configs and baselines to mutate, as a project would have them. */
const CONFIG_SEEDS = [
  'extends: apilint:all\nrules:\n  path-no-trailing-slash: warn\n  scope-naming: [warn, {pattern: "^[a-z]+\\\\.(read|write)$"}]\noverrides:\n  - files: ["**/*.yaml", "sub/*.json"]\n    rules: {flow-id-header: off}\nignore: ["vendor/**", "**/*.draft.yaml"]\n',
  'rules:\n  parameters-snake-case: [error, {pattern: "^[a-z][a-z0-9_]*$"}]\n  event-type-name: [error, {pattern: "^[a-z]+\\\\.[a-z-]+$"}]\n  api-meta-info: info\n',
  '{"extends": ["apilint:recommended"], "rules": {"operations-secured": "off"}, "ignore": ["generated/*"]}',
];
const BASELINE_SEED = JSON.stringify(
  {
    version: 1,
    tool: 'apilint 0.1.0',
    findings: [
      { ruleId: 'path-no-trailing-slash', file: 'openapi.yaml', pointer: '/paths/~1orders~1' },
      { ruleId: 'api-meta-info', file: 'openapi.yaml', pointer: '/info' },
      { ruleId: 'flow-id-header', file: 'companion.yaml', pointer: '/paths/~1orders~1/get' },
    ],
  },
  null,
  2,
);

function seedOf(name: string, text: string): Seed {
  let data: unknown;
  try {
    data = YAML.parse(text);
  } catch {
    data = undefined;
  }
  return { name, text, data };
}

function loadSeeds(): Seed[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(full);
      else if (/\.(ya?ml|json)$/.test(entry.name) && statSync(full).size <= MAX_SEED_BYTES) files.push(full);
    }
  };
  walk(path.join(ROOT, 'fixtures'));
  if (existsSync(CORPUS)) {
    for (const name of readdirSync(CORPUS)) {
      const full = path.join(CORPUS, name);
      if (/\.(ya?ml|json)$/.test(name) && statSync(full).size <= MAX_SEED_BYTES) files.push(full);
    }
  }
  return files.sort().map(file => seedOf(path.relative(ROOT, file), readFileSync(file, 'utf8')));
}

const configSeeds = CONFIG_SEEDS.map((text, i) => seedOf(`config-${i}`, text));
const baselineSeed = seedOf('baseline', BASELINE_SEED);

/** The seed a case mutates: a document (for the document or a referenced file), a config, or the baseline. */
function seedFor(c: Case): Seed {
  if (c.target === 'config') return configSeeds[c.seed % configSeeds.length]!;
  if (c.target === 'baseline') return baselineSeed;
  return seeds[c.seed % seeds.length]!;
}

// ---------------------------------------------------------------------------------------------
// Mutations

type Path = (string | number)[];

type Structural =
  | { kind: 'delete'; at: number }
  | { kind: 'duplicate'; from: number; to: number }
  | { kind: 'retype'; at: number; value: number }
  | { kind: 'renameKey'; at: number; key: number }
  | { kind: 'ref'; at: number; target: number }
  | { kind: 'deep'; at: number; depth: number; flavour: 'array' | 'object' | 'block' }
  | { kind: 'chain'; at: number; length: number; inFiles: boolean };

/** Where the mutant goes: the document linted, a file it `$ref`s, the config, the baseline. */
const TARGETS = ['document', 'referenced', 'config', 'baseline'] as const;
type Target = (typeof TARGETS)[number];

type Textual =
  | { kind: 'escapedKey'; line: number; form: number }
  | { kind: 'bomb'; levels: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'insertBytes'; at: number; bytes: number[] }
  | { kind: 'indent'; line: number; delta: number }
  | { kind: 'tab'; line: number }
  | { kind: 'dupLine'; line: number }
  | { kind: 'deleteLine'; line: number }
  | { kind: 'insertToken'; at: number; token: number }
  | { kind: 'crlf' }
  | { kind: 'bom' };

interface Case {
  target: Target;
  seed: number;
  structural: Structural[];
  textual: Textual[];
  asJson: boolean;
  /** Write the text to a file whose extension disagrees with it. */
  wrongExtension: boolean;
  format: (typeof FORMATS)[number];
  /** Also lint a second, untouched document in the same run. */
  withCompanion: boolean;
}

const RETYPES: unknown[] = [
  null, 0, -1, 1.5e308, '', 'text', true, false, [], {}, [null], { $ref: '#' }, 'x'.repeat(100_000),
  '\u0000\u0007\u001b[31m\n  1:1  error  forged line', '\ud800', '__proto__', JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
  { type: 'object', properties: { [`a${'b'.repeat(5000)}`]: { type: 'string' } } }, ['openapi', 3],
  { openapi: '3.0.3' }, '3.0.3', '2.0', 200, '200', { 'x-apilint-ignore': ['*', 42, null] }, { 'x-zally-ignore': [{}, 'a'] },
];
const KEYS = [
  '$ref', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', '/', '~1', '~', '#', 'paths',
  'components', 'definitions', 'schemas', 'properties', 'allOf', 'oneOf', 'items', 'required', 'type', 'enum',
  'responses', 'default', '200', '429', 'x-rate-limit', 'x-event-types', 'x-apilint-ignore', 'x-zally-ignore',
  'openapi', 'swagger', 'info', 'parameters', 'in', 'name', 'schema', 'content', 'application/json', '\n', 'ключ',
  'k'.repeat(3000), '/{id}/', '/a/{b}/{b}', 'x-'.repeat(200),
];
/** A `__proto__` key as YAML or JSON can spell it with escapes. */
const ESCAPED_PROTO_KEYS = ['"\\x5f_proto__"', '"\\u005f_proto__"', '"__\\x70roto__"', '"\\U0000005f_proto__"', '__proto__', '"__proto__"'];
const TOKENS = ['&a ', '*a', '<<: *a\n', '!!binary ', '!<tag:x> ', '? ', '- ', ': ', '{', '}', '[', ']', '"', "'", '#', '|', '>', '%YAML 1.2\n', '---\n', '...\n', '\\', '\t', '\u00a0', '\ufeff', '\u2028', '$ref: "#/"\n', '~1', '\u0000'];

function refTargets(port: number): string[] {
  return [
    '#', '#/', '#/nonexistent/pointer', '#/paths', '#/components/schemas/Missing', '#/info/title', '#/~', '#/%ZZ',
    `#/${'a/'.repeat(300)}`, '../../../../../../../../etc/passwd', '/etc/passwd', 'file:///etc/passwd', '/proc/self/environ',
    '../outside-canary.yaml#/Secret', '../outside-canary.yaml', 'sub/link-out.yaml#/Secret', 'sub/link-out.yaml',
    `http://127.0.0.1:${port}/remote.yaml#/Thing`, `https://127.0.0.1:${port}/x.json`, `//127.0.0.1:${port}/x.yaml`,
    './', '.', 'sub', 'sub/', './openapi.yaml', './openapi.yaml#/paths', './openapi.json#/', 'sub/common.yaml#/Common',
    'sub/common.yaml#/Common/properties/next', 'sub/common.yaml#/Loop', 'sub/missing.yaml', '%00', 'a\u0000b.yaml',
    `${'x'.repeat(5000)}.yaml`, '\\\\server\\share\\x.yaml', 'C:\\Windows\\win.ini', 'data:text/plain,abc', 'javascript:alert(1)',
    'ftp://127.0.0.1/x', 'mailto:x@y', '?query', 'sub/common.yaml?x=1#/Common', 'sub/%2e%2e/%2e%2e/etc/passwd',
  ];
}

const structuralArb: fc.Arbitrary<Structural> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('retype' as const), at: fc.nat(), value: fc.nat() }),
  fc.record({ kind: fc.constant('renameKey' as const), at: fc.nat(), key: fc.nat() }),
  fc.record({ kind: fc.constant('ref' as const), at: fc.nat(), target: fc.nat() }),
  fc.record({
    kind: fc.constant('deep' as const),
    at: fc.nat(),
    depth: fc.oneof(fc.integer({ min: 50, max: 600 }), fc.constantFrom(1500, 3000, 10_000)),
    flavour: fc.constantFrom('array' as const, 'object' as const, 'block' as const),
  }),
  fc.record({
    kind: fc.constant('chain' as const),
    at: fc.nat(),
    // Past the 100 files where Spectral's resolver stopped without a word, and past the 1,000 files
    // apilint follows; within a document, chains of 10,000 refs (resolution is linear in them).
    length: fc.oneof(fc.integer({ min: 2, max: 130 }), fc.constantFrom(1000, 1100, 10_000)),
    inFiles: fc.boolean(),
  }),
);

const textualArb: fc.Arbitrary<Textual> = fc.oneof(
  fc.record({ kind: fc.constant('escapedKey' as const), line: fc.nat(), form: fc.nat() }),
  fc.record({ kind: fc.constant('bomb' as const), levels: fc.integer({ min: 2, max: 12 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insertBytes' as const), at: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('indent' as const), line: fc.nat(), delta: fc.integer({ min: -4, max: 4 }) }),
  fc.record({ kind: fc.constant('tab' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('dupLine' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('deleteLine' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('insertToken' as const), at: fc.nat(), token: fc.nat() }),
  fc.constant({ kind: 'crlf' as const }),
  fc.constant({ kind: 'bom' as const }),
);

const caseArb: fc.Arbitrary<Case> = fc.record({
  target: fc.oneof({ weight: 5, arbitrary: fc.constant('document' as const) }, { weight: 3, arbitrary: fc.constant('referenced' as const) }, { weight: 1, arbitrary: fc.constant('config' as const) }, { weight: 1, arbitrary: fc.constant('baseline' as const) }),
  seed: fc.nat(),
  structural: fc.array(structuralArb, { maxLength: 4 }),
  textual: fc.oneof({ weight: 3, arbitrary: fc.constant([] as Textual[]) }, { weight: 2, arbitrary: fc.array(textualArb, { minLength: 1, maxLength: 3 }) }),
  asJson: fc.boolean(),
  wrongExtension: fc.integer({ min: 0, max: 5 }).map(n => n === 0),
  format: fc.constantFrom(...FORMATS),
  withCompanion: fc.boolean(),
});

/** Every node path, breadth first, capped: mutations pick one by index. */
function nodePaths(data: unknown, cap = 3000): Path[] {
  const out: Path[] = [[]];
  const queue: [unknown, Path][] = [[data, []]];
  while (queue.length > 0 && out.length < cap) {
    const [node, at] = queue.shift()!;
    if (node === null || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) {
      const child: Path = [...at, Array.isArray(node) ? Number(key) : key];
      out.push(child);
      queue.push([(node as Record<string, unknown>)[key], child]);
    }
  }
  return out;
}

function getAt(data: unknown, at: Path): unknown {
  let node = data;
  for (const key of at) node = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined;
  return node;
}

/** Replaces (or with `remove`, deletes) the node at `at`; the root is replaced by returning. */
function setAt(data: unknown, at: Path, value: unknown, remove = false): unknown {
  if (at.length === 0) return remove ? {} : value;
  const parent = getAt(data, at.slice(0, -1));
  if (parent === null || typeof parent !== 'object') return data;
  const key = at[at.length - 1]!;
  if (remove) {
    if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
    else delete (parent as Record<string, unknown>)[key];
  } else {
    Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return data;
}

const DEEP = '__APILINT_DEEP_PLACEHOLDER__';

function deepText(depth: number, flavour: 'array' | 'object' | 'block', json: boolean, indent: string): string {
  if (flavour === 'array' || (flavour === 'block' && json)) return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  if (flavour === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  // Compact nested block sequences on one line below the key: "- - - - 1".
  return `\n${indent}  ${'- '.repeat(depth)}1`;
}

/** A mutant: its text, whether it is JSON, and the other files it needs (a `$ref` chain across files). */
interface Mutant {
  text: string;
  json: boolean;
  files: Record<string, string>;
}

function mutate(seed: Seed, c: Case, port: number): Mutant {
  const targets = refTargets(port);
  const files: Record<string, string> = {};
  let data: unknown = seed.data === undefined ? undefined : structuredClone(seed.data);
  const deep: { depth: number; flavour: 'array' | 'object' | 'block' }[] = [];
  if (data !== undefined && c.structural.length > 0) {
    for (const m of c.structural) {
      const paths = nodePaths(data);
      const pick = (n: number) => paths[n % paths.length]!;
      switch (m.kind) {
        case 'delete':
          data = setAt(data, pick(m.at), undefined, true);
          break;
        case 'duplicate': {
          const value = getAt(data, pick(m.from));
          const to = pick(m.to);
          data = setAt(data, to, value === undefined ? null : structuredClone(value));
          break;
        }
        case 'retype':
          // A copy: a later mutation inside it must not change the table for the next cases.
          data = setAt(data, pick(m.at), structuredClone(RETYPES[m.value % RETYPES.length]));
          break;
        case 'renameKey': {
          const at = pick(m.at);
          if (at.length === 0) break;
          const value = getAt(data, at);
          data = setAt(data, at, undefined, true);
          data = setAt(data, [...at.slice(0, -1), KEYS[m.key % KEYS.length]!], value);
          break;
        }
        case 'ref':
          data = setAt(data, pick(m.at), { $ref: targets[m.target % targets.length] });
          break;
        case 'deep':
          deep.push({ depth: m.depth, flavour: m.flavour });
          data = setAt(data, pick(m.at), `${DEEP}${deep.length - 1}`);
          break;
        case 'chain':
          if (m.inFiles && m.length <= 1100) {
            // chain/c0.yaml → chain/c1.yaml → …, the last one with a property to find.
            for (let i = 0; i < m.length; i++) files[`chain/c${i}.yaml`] = i + 1 < m.length ? `$ref: "./c${i + 1}.yaml"\n` : 'type: object\nproperties:\n  chainEnd: {type: string}\n';
            data = setAt(data, pick(m.at), { $ref: './chain/c0.yaml' });
          } else if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
            const chain: Record<string, unknown> = {};
            const { length } = m;
            for (let i = 0; i < length; i++) chain[`c${i}`] = { $ref: `#/x-chain/c${i + 1}` };
            chain[`c${length}`] = { type: 'object', properties: { chainEnd: { type: 'string' } } };
            (data as Record<string, unknown>)['x-chain'] = chain;
            data = setAt(data, pick(m.at), { $ref: '#/x-chain/c0' });
          }
          break;
      }
    }
  }
  const json = c.asJson || data === undefined ? c.asJson : false;
  let text: string;
  if (data === undefined) text = seed.text;
  else if (c.structural.length === 0 && !json) text = seed.text;
  else {
    try {
      text = json ? JSON.stringify(data, null, 2) ?? 'null' : YAML.safeStringify(data, { indent: 2, lineWidth: 200 });
    } catch {
      text = seed.text;
    }
  }
  text = text.replace(new RegExp(`^( *)(.*?)["']?${DEEP}(\\d+)["']?`, 'gm'), (_, indent: string, before: string, i: string) => {
    const d = deep[Number(i)]!;
    return indent + before + deepText(d.depth, d.flavour, json, indent);
  });
  for (const t of c.textual) {
    const lines = text.split('\n');
    const line = (n: number) => n % Math.max(lines.length, 1);
    switch (t.kind) {
      case 'escapedKey': {
        // A key, indented as the line it goes before, or as a JSON member after a brace.
        const key = ESCAPED_PROTO_KEYS[t.form % ESCAPED_PROTO_KEYS.length]!;
        if (json) {
          const brace = text.indexOf('{', t.line % (text.length + 1));
          const at = brace === -1 ? text.indexOf('{') : brace;
          if (at !== -1) text = `${text.slice(0, at + 1)}${key.startsWith('"') ? key : `"${key}"`}: {"title": "forged"},${text.slice(at + 1)}`;
        } else {
          const i = line(t.line);
          const indent = /^ */.exec(lines[i]!)![0];
          lines.splice(i, 0, `${indent}${key}: {title: forged, version: 9.9.9}`);
          text = lines.join('\n');
        }
        break;
      }
      case 'bomb': {
        // Each anchor repeats the one before nine times: 9^levels nodes.
        const names = 'abcdefghijklm';
        const bomb = [`x-bomb-a: &bomba [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
        for (let i = 1; i < t.levels; i++) bomb.push(`x-bomb-${names[i]}: &bomb${names[i]} [${Array(9).fill(`*bomb${names[i - 1]}`).join(', ')}]`);
        text = `${text.replace(/\s*$/, '')}\n${bomb.join('\n')}\n`;
        break;
      }
      case 'truncate':
        text = text.slice(0, t.at % (text.length + 1));
        break;
      case 'insertBytes': {
        const at = t.at % (text.length + 1);
        text = text.slice(0, at) + Buffer.from(t.bytes).toString('latin1') + text.slice(at);
        break;
      }
      case 'indent': {
        const i = line(t.line);
        lines[i] = t.delta >= 0 ? ' '.repeat(t.delta) + lines[i] : lines[i]!.slice(-t.delta);
        text = lines.join('\n');
        break;
      }
      case 'tab': {
        const i = line(t.line);
        lines[i] = `\t${lines[i]}`;
        text = lines.join('\n');
        break;
      }
      case 'dupLine': {
        const i = line(t.line);
        lines.splice(i, 0, lines[i]!);
        text = lines.join('\n');
        break;
      }
      case 'deleteLine':
        lines.splice(line(t.line), 1);
        text = lines.join('\n');
        break;
      case 'insertToken': {
        const at = t.at % (text.length + 1);
        text = text.slice(0, at) + TOKENS[t.token % TOKENS.length] + text.slice(at);
        break;
      }
      case 'crlf':
        text = text.replace(/\n/g, '\r\n');
        break;
      case 'bom':
        text = `\ufeff${text}`;
        break;
    }
  }
  return { text, json: c.wrongExtension ? !json : json, files };
}

// ---------------------------------------------------------------------------------------------
// The harness

let seeds: Seed[];
let server: Server;
let port: number;
let requests = 0;
let workspace: string;
let caseCount = 0;

beforeAll(async () => {
  seeds = loadSeeds();
  workspace = mkdtempSync(path.join(tmpdir(), 'apilint-fuzz-'));
  server = createServer((_req, res) => {
    requests++;
    res.end('Thing:\n  type: object\n');
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  if (LONG) console.log(`fuzz: seed ${SEED}, ${RUNS} runs, ${seeds.length} seed documents (replay: npm run fuzz -- --seed ${SEED} --runs ${RUNS})`);
});

afterAll(() => {
  server?.close();
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

const GOOD_DOCUMENT = 'openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /orders/:\n    get:\n      responses: {}\n';

/**
 * A fresh project: the mutant where the case puts it, a companion file to reference, a symlink out,
 * and a canary outside. Returns the document to lint and the options the target needs.
 */
function project(c: Case, mutant: Mutant): { dir: string; file: string; options: string[] } {
  const { text, json } = mutant;
  const root = path.join(workspace, `case-${++caseCount}`);
  const dir = path.join(root, 'project');
  mkdirSync(path.join(dir, 'sub'), { recursive: true });
  writeFileSync(path.join(root, 'outside-canary.yaml'), `Secret:\n  type: object\n  description: ${CANARY}\n  properties:\n    ${CANARY}: {type: string}\n`);
  writeFileSync(
    path.join(dir, 'sub/common.yaml'),
    'Common:\n  type: object\n  properties:\n    next: {$ref: "#/Common"}\n    parent: {$ref: "../openapi.yaml#/components"}\nLoop: {$ref: "#/Loop"}\n',
  );
  symlinkSync(path.join(root, 'outside-canary.yaml'), path.join(dir, 'sub/link-out.yaml'));
  for (const [name, content] of Object.entries(mutant.files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  const file = path.join(dir, json && c.target === 'document' ? 'openapi.json' : 'openapi.yaml');
  switch (c.target) {
    case 'document':
      writeFileSync(file, text);
      return { dir, file, options: ['--no-config'] };
    case 'referenced': {
      // The mutant as a file the document refers to: whole, and at a few of its nodes.
      const name = `sub/mutant.${json ? 'json' : 'yaml'}`;
      writeFileSync(path.join(dir, name), text);
      const refs = ['', '#/paths', '#/components/schemas', '#/info', '#/definitions'].map((pointer, i) => `    R${i}: {$ref: "./${name}${pointer}"}\n`).join('');
      writeFileSync(file, `${GOOD_DOCUMENT}components:\n  schemas:\n${refs}`);
      return { dir, file, options: ['--no-config'] };
    }
    case 'config':
      writeFileSync(file, GOOD_DOCUMENT);
      writeFileSync(path.join(dir, json ? '.apilint.json' : '.apilint.yaml'), text);
      return { dir, file, options: [] };
    case 'baseline':
      writeFileSync(file, GOOD_DOCUMENT);
      writeFileSync(path.join(dir, 'baseline.json'), text);
      return { dir, file, options: ['--no-config', '--baseline', 'baseline.json'] };
  }
}

/** What the long run counts, for its report: cases by target, exit code and mutation. */
const counts = new Map<string, number>();
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

function checkResult(result: InProcessResult, c: Case, inputs: number, dir: string): void {
  // A config or baseline that cannot be read ends the run before any report is written.
  const setupFailed = (c.target === 'config' || c.target === 'baseline') && result.code === 2 && result.stdout === '';
  const context = `case in ${dir}\nstderr: ${result.stderr.slice(0, 2000)}\nstdout: ${result.stdout.slice(0, 500)}`;
  expect([0, 1, 2], context).toContain(result.code);
  expect(hasStackTrace(result.stdout) || hasStackTrace(result.stderr), context).toBe(false);
  // Every crash the fuzzer found is fixed and has a regression test in test/robustness.test.ts.
  expect(result.stderr, `internal error\n${context}`).not.toMatch(/internal error/);
  expect(result.ms, context).toBeLessThan(TIME_BOUND_MS);
  // Nothing from outside the project reaches the output.
  expect(result.stdout + result.stderr).not.toContain(CANARY);
  // Input errors: one short line each, at most one per input.
  const lines = result.stderr.split('\n').filter(Boolean);
  expect(lines.length, context).toBeLessThanOrEqual(inputs);
  for (const line of lines) {
    expect(line, context).toMatch(/^apilint: /);
    expect(line.length, context).toBeLessThan(1000);
  }
  if (result.code === 2) expect(lines.length, context).toBeGreaterThan(0);
  if ((c.format === 'json' || c.format === 'sarif') && !setupFailed) {
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    if (c.format === 'sarif') {
      expect(report.version).toBe('2.1.0');
      expect(Array.isArray((report.runs as { results: unknown[] }[])[0]!.results)).toBe(true);
    } else {
      expect(Array.isArray(report.findings)).toBe(true);
      for (const f of report.findings as { message: string; line: number }[]) {
        expect(f.message.length).toBeLessThanOrEqual(400);
        expect(f.message).not.toMatch(/[\n\r]/);
        expect(Number.isInteger(f.line) && f.line >= 1).toBe(true);
      }
    }
  }
}

async function runCase(c: Case): Promise<void> {
  const mutant = mutate(seedFor(c), c, port);
  const { dir, file, options } = project(c, mutant);
  const inputs = [path.basename(file)];
  if (c.withCompanion) {
    writeFileSync(path.join(dir, 'companion.yaml'), 'openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /orders/:\n    get:\n      responses: {}\n');
    inputs.push('companion.yaml');
  }
  const args = ['lint', ...inputs, '-f', c.format, ...options];
  const before = requests;
  const n = caseCount;
  if (TRACE) appendFileSync(TRACE, `case ${n} start in ${dir}: apilint ${args.join(' ')}\n  ${JSON.stringify(c)}\n`);
  const result = await runInProcess(args, dir, TIME_BOUND_MS + 10_000);
  expect(requests, 'no network request without --allow-remote').toBe(before);
  const mutations = [...c.structural, ...c.textual].map(m => m.kind);
  count(`target ${c.target}`);
  count(`target ${c.target}, exit ${result.code}`);
  for (const kind of mutations) count(`mutation ${kind}`);
  // A config or baseline that cannot be read stops the run before any document: one line, exit 2.
  checkResult(result, c, c.target === 'config' || c.target === 'baseline' ? Math.max(inputs.length, 1) : inputs.length, dir);
  if (c.target === 'config' || c.target === 'baseline') {
    if (result.code === 2) expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
  }
  if (c.withCompanion && c.format === 'json' && (c.target === 'document' || c.target === 'referenced')) {
    // The good document is always reported, whatever happened to the other one.
    const report = JSON.parse(result.stdout) as { files: string[]; findings: { file: string; ruleId: string }[] };
    expect(report.files).toContain('companion.yaml');
    expect(report.findings.some(f => f.file === 'companion.yaml' && f.ruleId === 'path-no-trailing-slash')).toBe(true);
  }
  if (TRACE) appendFileSync(TRACE, `case ${n} passed ${Math.round(result.ms)} ms: target ${c.target}, exit ${result.code}, mutations [${mutations.join(', ')}]\n`);
  // A passed case's folder goes now: left to the end, a long run's thousands of `$ref` chain files
  // took longer to remove than a hook may take. A failed case's folder stays until then.
  rmSync(path.dirname(dir), { recursive: true, force: true });
}

describe('fuzzing the CLI with mutated real documents', () => {
  it(`${RUNS} mutated documents (seed ${SEED}): exit 0/1/2, no stack trace, valid output, bounded time, nothing read outside the project`, { timeout: COUNTED ? 24 * 3600_000 : 110_000 }, async () => {
    expect(seeds.length).toBeGreaterThan(30);
    const started = Date.now();
    try {
      await fc.assert(
        fc.asyncProperty(caseArb, async c => {
          await runCase(c);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: !LONG, verbose: LONG ? 1 : 0 },
      );
    } finally {
      // Also when a case failed: the counts then cover the cases up to it (and any shrinking).
      if (COUNTED) {
        const ran = TARGETS.reduce((sum, target) => sum + (counts.get(`target ${target}`) ?? 0), 0);
        console.log(`fuzz: ${ran} of ${RUNS} cases in ${((Date.now() - started) / 1000).toFixed(1)} s, ${requests} network requests`);
        for (const [key, n] of [...counts].sort(([a], [b]) => a.localeCompare(b))) console.log(`fuzz:   ${key}: ${n}`);
      }
    }
    expect(requests).toBe(0);
    expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
  });

  it('the real CLI, spawned, on a handful of mutated documents', async () => {
    const sample = fc.sample(caseArb, { seed: SEED + 1, numRuns: 6 });
    for (const c of sample) {
      const { dir, file, options } = project(c, mutate(seedFor(c), c, port));
      const started = Date.now();
      const result = await runCli(['lint', path.basename(file), '-f', c.format, ...options], { cwd: dir, nodeArgs: ['--max-old-space-size=400'] });
      checkResult({ ...result, ms: Date.now() - started }, c, 1, dir);
    }
    expect(requests).toBe(0);
  });
});
