// The ported crawler and runner (src/engine/crawler.ts, runner.ts) must resolve documents with refs
// across files as json-ref-resolver as published does: the same resolved values, the same ref map
// at every graph node, the same errors. Each side runs in a process of its own (the ports patch the
// resolver's modules), on hand-made shapes and on random graphs of refs across files. One
// difference is by design: where a file is looked up again, the published resolver walks into the
// values it put in place of `$ref`s the first time and resolves the refs left in them once more
// (the port passes them by: crawler.ts, markPlaced). There the port must add no ref and no error
// that the published resolver does not give.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointerToPath } from '@stoplight/json';
import { UriStack } from '../src/engine/crawler.js';
import { anyNested } from '../src/engine/runner.js';
import { MAX_REF_FILE_CHAIN } from '../src/load/limits.js';
import { ROOT } from './helpers/lint.js';

type Files = Record<string, unknown>;

/**
 * Resolves `doc.json` of each folder, with the resolver as published or with apilint's ports.
 * A batch that does not finish within `timeout` ms gives undefined.
 */
function resolveAll(dirs: readonly string[], ported: boolean, timeout = 600_000): unknown[] | undefined {
  const script = `
    import { createRequire } from 'node:module';
    import { readFileSync } from 'node:fs';
    const require = createRequire(${JSON.stringify(path.join(ROOT, 'package.json'))});
    if (${ported}) {
      (await import(${JSON.stringify(path.join(ROOT, 'dist/src/engine/crawler.js'))})).installCrawlerPort();
      (await import(${JSON.stringify(path.join(ROOT, 'dist/src/engine/runner.js'))})).installRunnerPort();
    }
    const { Resolver } = require('@stoplight/json-ref-resolver');
    if (!${ported}) {
      // apilint follows a chain of files 1,000 deep where the published resolver stops at 100:
      // the published side gets the same bound, so that both follow the same chains.
      const crawler = require('@stoplight/json-ref-resolver/crawler.js');
      const Published = crawler.ResolveCrawler;
      crawler.ResolveCrawler = class extends Published {
        constructor(runner, ...rest) {
          runner.atMaxUriDepth = () => runner.uriStack.length >= ${MAX_REF_FILE_CHAIN};
          super(runner, ...rest);
        }
      };
    }
    // A resolved document shares nodes, can hold cycles, and can be a chain of files 1,000 deep:
    // it is written as a table of its nodes, numbered in breadth-first order, each naming its
    // children by number (so sharing is compared too).
    const table = root => {
      const ids = new Map();
      const queue = [];
      const name = value => {
        if (typeof value !== 'object' || value === null) return value;
        if (!ids.has(value)) {
          ids.set(value, queue.length);
          queue.push(value);
        }
        return '#' + ids.get(value);
      };
      const top = name(root);
      const nodes = [];
      for (let i = 0; i < queue.length; i++) {
        const node = queue[i];
        nodes.push(Array.isArray(node) ? node.map(name) : Object.fromEntries(Object.entries(node).map(([k, v]) => [k, name(v)])));
      }
      return { top, nodes };
    };
    const out = [];
    for (const dir of ${JSON.stringify(dirs)}) {
      const resolver = new Resolver({
        resolvers: { file: { resolve: uri => Promise.resolve(readFileSync(uri.path(), 'utf8')) } },
        parseResolveResult: async ({ result }) => ({ result: JSON.parse(result) }),
      });
      const file = dir + '/doc.json';
      let r;
      try {
        r = await resolver.resolve(JSON.parse(readFileSync(file, 'utf8')), { baseUri: file });
      } catch (error) {
        out.push({ crashed: String(error) });
        continue;
      }
      const graph = Object.fromEntries(r.graph.overallOrder().map(node => [node.replace(dir, '<dir>'), r.graph.getNodeData(node)?.refMap ?? null]));
      const errors = [...new Set(r.errors.map(e => JSON.stringify([e.code, e.message.replaceAll(dir, '<dir>'), e.path, e.uriStack.map(u => String(u).replace(dir, '<dir>'))])))].sort();
      try {
        out.push(JSON.parse(JSON.stringify({ result: table(r.result), refMap: r.refMap, graph, errors }).replaceAll(dir, '<dir>')));
      } catch (error) {
        out.push({ crashed: 'writing the result: ' + String(error) });
      }
    }
    console.log(JSON.stringify(out));`;
  try {
    return JSON.parse(execFileSync(process.execPath, ['--max-old-space-size=512', '--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 1 << 28, timeout, stdio: ['ignore', 'pipe', 'ignore'] })) as unknown[];
  } catch (error) {
    // Out of time, or out of memory (V8's fatal error ends the process with SIGABRT or code 134).
    const { signal, status } = error as { signal?: string; status?: number };
    if (signal === 'SIGTERM' || signal === 'SIGABRT' || status === 134) return undefined;
    throw error;
  }
}

function writeCase(files: Files): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-resolve-files-'));
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), JSON.stringify(data));
  }
  return dir;
}

const CASES: Record<string, Files> = {
  // The same `$ref` text leads to another file from another folder; a file's ref to itself by name.
  'one ref text in files of different folders, and refs to the file itself': {
    'doc.json': { a: { $ref: './x/s.json#/A' }, c: { $ref: './s.json#/A' }, d: { $ref: './y/t.json#/C' }, self: { $ref: './doc.json#/c' } },
    's.json': { A: { tag: 'root' } },
    'x/s.json': { A: { $ref: './s.json#/B' }, B: { tag: 'x' } },
    'y/t.json': { C: { $ref: './s.json#/A' }, D: { $ref: '../s.json#/A' } },
    'y/s.json': { A: { tag: 'y' } },
  },
  'fan-in to a shared file': {
    'doc.json': { components: { schemas: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`S${i}`, { $ref: './shared.json#/Thing' }])) } },
    'shared.json': { Thing: { type: 'object', properties: { self: { $ref: '#/Thing' }, other: { $ref: '#/Other' } } }, Other: { type: 'string' } },
  },
  'a chain of refs in a referenced file, with a missing end': {
    'doc.json': { a: { $ref: './s.json#/S0' }, b: { $ref: './s.json#/M0' }, c: { $ref: './s.json#/S7' } },
    's.json': {
      ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`S${i}`, { $ref: `#/S${i + 1}` }])),
      S20: { type: 'object', properties: { down: { $ref: '#/M1' } } },
      M0: { $ref: '#/M1' },
      M1: { $ref: '#/Gone' },
    },
  },
  'a chain of refs that closes a cycle through a property, looked up twice': {
    'doc.json': { a: { $ref: './s.json#/S0' }, c: { $ref: './s.json#/S7' } },
    's.json': {
      ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`S${i}`, { $ref: `#/S${i + 1}` }])),
      S20: { type: 'object', properties: { up: { $ref: '#/S3' } } },
    },
  },
  'targets that each refer twice to the next (2^n crawls in the original)': {
    'doc.json': { root: { $ref: './d.json#/T0' } },
    'd.json': {
      ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`T${i}`, { properties: { l: { $ref: `#/T${i + 1}` }, r: { $ref: `#/T${i + 1}` } } }])),
      T12: { type: 'string' },
    },
  },
  // Targets whose walk meets no `$ref`, looked up again from other places (the runner gives them
  // at once while the file's tree is unchanged), and again after a lookup of another target of the
  // same file has put a result in that tree.
  'targets without refs looked up again, before and after their file changes': {
    'doc.json': { a: { $ref: './m.json#/A' }, b: { $ref: './m.json#/B' }, c: { $ref: './leaf.json#/L' }, d: { $ref: './leaf.json' }, e: { $ref: './late.json#/E' } },
    'm.json': { A: { x: { $ref: './leaf.json#/L' }, y: { $ref: './leaf.json#/L' }, z: { $ref: './leaf.json#/R' } }, B: { $ref: './leaf.json#/L' }, C: { $ref: '#/A' } },
    'leaf.json': { L: { type: 'string', enum: ['a', 'b'] }, R: { items: { $ref: './far.json#/F' } } },
    'far.json': { F: { type: 'integer' } },
    'late.json': { E: { properties: { p: { $ref: './m.json#/B' }, q: { $ref: './leaf.json#/L' }, r: { $ref: './leaf.json#/R' } } } },
  },
  // A target without refs inside a `$ref` object's siblings: once a later lookup has resolved
  // that `$ref` (replacing the object and its siblings), the target is no longer what it was.
  'a target without refs beside a $ref that a later lookup resolves': {
    'doc.json': { a: { $ref: './m.json#/A/x' }, b: { $ref: './p.json#/P' }, c: { $ref: './r.json#/R' } },
    'm.json': { A: { $ref: './n.json#/B', x: { type: 'string' } } },
    'n.json': { B: { type: 'object', x: { type: 'integer' } } },
    'p.json': { P: { $ref: './m.json#/A' } },
    'r.json': { R: { $ref: './s.json#/S' } },
    's.json': { S: { $ref: './t.json#/T' } },
    't.json': { T: { $ref: './m.json#/A/x' } },
  },
  'a ref to the whole file, and a file that refers back': {
    'doc.json': { a: { $ref: './w.json' }, b: { $ref: './w.json#/x' }, c: { $ref: './w.json#/y' } },
    'w.json': { x: { $ref: '#' }, y: { $ref: './doc.json#/a' }, z: { $ref: './w.json#/x' } },
  },
  'a place inside another place, reached through a local target': {
    'doc.json': { a: { $ref: './p.json#/A' } },
    'p.json': { A: { $ref: '#/B/properties/x' }, B: { $ref: './q.json#/B', properties: { x: { $ref: './q.json#/X' } } } },
    'q.json': { B: { type: 'object', properties: { x: { type: 'integer' } } }, X: { type: 'string' } },
  },
  // Keys a JSON pointer spells with escapes (`/`, `~`, `%`, braces, spaces) on the way to refs,
  // local and to other files, in the document and in a referenced file.
  'refs under keys that pointers spell with escapes': {
    'doc.json': {
      paths: { '/pets/{id}': { get: { $ref: './ops.json#/Get' }, put: { $ref: '#/paths/~1pets~1%7Bid%7D/get' } }, '/a~b c%d': { x: { $ref: './ops.json#/a~1b' } } },
    },
    'ops.json': { Get: { responses: { '200': { $ref: '#/Resp' }, 'a/b': { $ref: '#/a~1b' } } }, 'a/b': { 'c~d': { $ref: '#/Resp' } }, Resp: { description: 'ok' } },
  },
  // The ref map's key for a ref at a document's root is the document's URI with no fragment.
  'documents whose root is a ref to another file': {
    'doc.json': { $ref: './r.json' },
    'r.json': { $ref: './t.json#/T' },
    't.json': { T: { type: 'object' } },
  },
  'the target of a lookup is itself a ref to another file; bad pointers': {
    'doc.json': { a: { $ref: './r.json#/A' }, b: { $ref: './r.json#/%zz' }, c: { $ref: './missing.json#/A' } },
    'r.json': { A: { $ref: './t.json#/T' }, B: { $ref: '#/%zz' } },
    't.json': { T: { type: 'object' } },
  },
};

/** JSONSchemaProps' shape in Kubernetes: a schema that refers to itself from several places below it. */
const recursiveProps = (ref: string) => ({
  type: 'object',
  properties: {
    items: { $ref: ref },
    allOf: { type: 'array', items: { $ref: ref } },
    anyOf: { type: 'array', items: { $ref: ref } },
    not: { $ref: ref },
    properties: { type: 'object', additionalProperties: { $ref: ref } },
    definitions: { type: 'object', additionalProperties: { $ref: ref } },
  },
});

CASES['a schema that refers to itself, in a file of its own, looked up from many places and through other schemas'] = {
  'doc.json': {
    ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`direct${i}`, { $ref: './s.json#/Props' }])),
    ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`wrapped${i}`, { $ref: `./s.json#/W${i}` }])),
  },
  's.json': {
    Props: recursiveProps('#/Props'),
    ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`W${i}`, { type: 'object', properties: { schema: { $ref: '#/Props' }, next: { $ref: `#/W${(i + 1) % 8}` } } }])),
  },
};

const CYCLE_WALKED_TWICE = 'a chain of refs that closes a cycle through a property, looked up twice';
const RECURSIVE_LOOKED_UP_AGAIN = 'a schema that refers to itself, in a file of its own, looked up from many places and through other schemas';
const FAILING_IN_PUBLISHED = [CYCLE_WALKED_TWICE, RECURSIVE_LOOKED_UP_AGAIN];

type Outcome = { result: { nodes: unknown[] }; graph: Record<string, Record<string, string> | null>; errors: string[] };

/**
 * Whether the published resolver walked into what it had put in place of a `$ref`: a ref map of a
 * file holds a place where the file, as written, has no `$ref`.
 */
function walkedIntoPlaced(published: Outcome, files: Files): boolean {
  return Object.entries(published.graph).some(([node, refMap]) => {
    const file = node.startsWith('<dir>/') && !node.includes('#') ? files[node.slice('<dir>/'.length)] : undefined;
    return file !== undefined && Object.keys(refMap ?? {}).some(place => {
      let value: unknown = file;
      for (const key of pointerToPath(place)) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      return typeof (value as { $ref?: unknown } | undefined)?.$ref !== 'string';
    });
  });
}

/** The port against the published resolver: the same, or (where that walked into placed values) nothing more. */
function expectAsPublished(ported: Outcome, published: Outcome, files: Files, name: string): 'same' | 'within' {
  if (!walkedIntoPlaced(published, files)) {
    expect(ported, name).toEqual(published);
    return 'same';
  }
  for (const [node, refMap] of Object.entries(ported.graph)) {
    expect(Object.keys(published.graph), name).toContain(node);
    for (const [place, target] of Object.entries(refMap ?? {})) expect(published.graph[node]?.[place], `${name}: ${node} ${place}`).toBe(target);
  }
  for (const error of ported.errors) expect(published.errors, name).toContain(error);
  expect(ported.result.nodes.length, name).toBeLessThanOrEqual(published.result.nodes.length);
  return 'within';
}

describe('ported crawler and runner', () => {
  it('resolve hand-made shapes across files as the published resolver does', { timeout: 300_000 }, () => {
    const names = Object.keys(CASES);
    const dirs = Object.values(CASES).map(writeCase);
    const ported = resolveAll(dirs, true)!;
    const failing: string[] = [];
    const within: string[] = [];
    names.forEach((name, i) => {
      expect(ported[i], name).not.toHaveProperty('crashed');
      const published = resolveAll([dirs[i]!], false, 20_000)?.[0];
      if (published === undefined || 'crashed' in (published as object)) failing.push(name);
      else if (expectAsPublished(ported[i] as Outcome, published as Outcome, CASES[name]!, name) === 'within') within.push(name);
    });
    // Shapes the published resolver does not get through: a cycle resolved into a file and walked
    // again overflows its stack; a recursive schema looked up again and again grows by its refs to
    // itself each time (not within 20 s). The port resolves both.
    expect(failing).toEqual(FAILING_IN_PUBLISHED);
    expect(within).toEqual(['a chain of refs in a referenced file, with a missing end']);
    // Each lookup of the recursive schema gives what the first gave: its nodes, once.
    const recursive = ported[names.indexOf(RECURSIVE_LOOKED_UP_AGAIN)] as Outcome;
    expect(recursive.errors).toEqual([]);
    expect(recursive.result.nodes.length).toBeLessThan(200);
  });

  it('resolve random graphs of refs across files as the published resolver does', { timeout: 600_000 }, () => {
    const files = ['doc.json', 'f1.json', 'f2.json'];
    // With `plain`, targets without refs too: looked up again once resolved, the runner gives them at once.
    const filesOf = (plain: boolean) => {
      const targets = ['', '#/S0', '#/S1', '#/S2', '#/S1/properties/p', ...(plain ? ['#/S1/properties/q'] : []), '#/Gone'];
      // (In a oneof of one, as the sample the seed gives was first drawn.)
      const ref = fc.oneof(fc.record({ file: fc.constantFrom('', ...files.map(f => `./${f}`)), at: fc.constantFrom(...targets) }).map(({ file, at }) => file + at || '#'));
      const schema = fc.oneof(
        ...(plain ? [fc.constant({ type: 'integer' })] : []),
        ref.map($ref => ({ $ref })),
        fc.record({ type: fc.constant('object'), properties: fc.record({ p: ref.map($ref => ({ $ref })), q: fc.constant({ type: 'string' }) }) }),
        ref.map($ref => ({ allOf: [{ $ref }] })),
      );
      const file = fc.record({ S0: schema, S1: schema, S2: schema });
      return fc.tuple(file, file, file);
    };
    const cases = [...fc.sample(filesOf(false), { numRuns: 120, seed: 20_261_126 }), ...fc.sample(filesOf(true), { numRuns: 120, seed: 20_261_126 })];
    const dirs = cases.map(([a, b, c]) => writeCase({ 'doc.json': a, 'f1.json': b, 'f2.json': c }));
    // apilint says where it stops following a chain of files (bounded.test.ts); the published does not.
    const withoutChainErrors = (r: unknown) =>
      r && typeof r === 'object' && 'errors' in r ? { ...r, errors: (r.errors as string[]).filter(e => !e.includes('files: not followed further')) } : r;
    const ported = resolveAll(dirs, true)!.map(withoutChainErrors);
    // Where the published resolver overflows the stack, runs out of memory or time, nothing is
    // compared (the port may fail there too: a cycle it resolved into a file, walked again).
    let compared = 0;
    let within = 0;
    cases.forEach((c, i) => {
      const published = resolveAll([dirs[i]!], false, 10_000)?.[0];
      if (published === undefined || 'crashed' in (published as object)) return;
      const [a, b, d] = c;
      if (expectAsPublished(ported[i] as Outcome, published as Outcome, { 'doc.json': a, 'f1.json': b, 'f2.json': d }, JSON.stringify(c)) === 'within') within++;
      compared++;
    });
    expect(compared).toBeGreaterThan(200);
    console.log(`random graphs across files: ${compared} of ${cases.length} compared, ${within} of them walked into placed values by the published resolver${compared < cases.length ? '; the published resolver failed on the rest' : ''}`);
  });
});

describe('UriStack: the stack of files a cached runner grows, as the copies the original concat() made', () => {
  it('keeps every view as it was when made, whichever view is appended to later', () => {
    const root = UriStack.of(['/a']);
    const b = root.concat('/b');
    const c = b.concat('/c');
    // An older view appended to: a copy, as concat made; the newer views do not see it.
    const d = b.concat('/d');
    const again = c.concat('/b');
    expect([root, b, c, d, again].map(s => [s.toArray(), s.length])).toEqual([
      [['/a'], 1],
      [['/a', '/b'], 2],
      [['/a', '/b', '/c'], 3],
      [['/a', '/b', '/d'], 3],
      [['/a', '/b', '/c', '/b'], 4],
    ]);
    expect([b.includes('/c'), c.includes('/c'), d.includes('/c'), d.includes('/d'), c.includes('/d'), root.includes('/b')]).toEqual([false, true, false, true, false, false]);
  });

  it('matches arrays grown with concat under random appends to random views', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.constantFrom('/a', '/b', '/c', '/d')), { maxLength: 60 }), steps => {
        const views = [UriStack.of([])];
        const arrays: string[][] = [[]];
        for (const [pick, uri] of steps) {
          const i = pick % views.length;
          views.push(views[i]!.concat(uri));
          arrays.push(arrays[i]!.concat(uri));
        }
        views.forEach((view, i) => {
          expect(view.toArray()).toEqual(arrays[i]);
          for (const uri of ['/a', '/b', '/c', '/d', '/e']) expect(view.includes(uri)).toBe(arrays[i]!.includes(uri));
        });
      }),
      { numRuns: 300, seed: 2_611 },
    );
  });
});

describe('anyNested: whether a place is the root or inside another place', () => {
  // What the runner computed before: every proper prefix of every path, spelt and looked up.
  const bySpelling = (paths: string[][]) => {
    const keys = new Set(paths.map(p => JSON.stringify(p)));
    return paths.some(p => p.length === 0 || p.slice(0, -1).some((_, i) => keys.has(JSON.stringify(p.slice(0, i + 1)))));
  };

  it('answers as spelling every prefix does, on random lists of paths', () => {
    // A few segments, so that prefixes meet; among them the empty key and keys JSON escapes.
    const path = fc.array(fc.constantFrom('a', 'b', '', 'a/b', '"', '0', '~1'), { maxLength: 5 });
    fc.assert(
      fc.property(fc.array(path, { maxLength: 8 }), paths => {
        expect(anyNested(paths)).toBe(bySpelling(paths));
      }),
      { numRuns: 3000, seed: 2_711 },
    );
  });

  it('tells a path inside another from a repeated path and from a sibling', () => {
    expect(anyNested([['a', 'b'], ['a']])).toBe(true);
    expect(anyNested([['a'], ['a', 'b', 'c']])).toBe(true);
    expect(anyNested([['a', 'b'], ['a', 'b']])).toBe(false);
    expect(anyNested([['a', 'b'], ['a', 'c']])).toBe(false);
    expect(anyNested([['a/b'], ['a', 'b', 'c']])).toBe(false);
    expect(anyNested([['x'], []])).toBe(true);
  });
});

