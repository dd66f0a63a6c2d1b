// The fast local-ref resolver (src/engine/resolve-local.ts) must give exactly what Spectral's resolver
// gives: the same values, the same key order at every node, the same sharing of objects between
// places, the same ref map and the same errors. Compared on tricky documents and on the corpus.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import parsers from '@stoplight/spectral-parsers';
import { pathToPointer as jsonPathToPointer } from '@stoplight/json';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathToPointer } from '../src/engine/ref-graph.js';
import { withLocalRefFastPath } from '../src/engine/resolve-local.js';
import { corpusEntries } from './helpers/corpus.js';
import { CORPUS } from './helpers/lint.js';
import { compareTrees } from './helpers/trees.js';

type Result = Awaited<ReturnType<Resolver['resolve']>>;

const newResolver = () => new Resolver({ resolvers: { file: { resolve: () => Promise.reject(new Error('no files in this test')) } } });

async function resolveBoth(text: string, file: string): Promise<{ original: Result; fast: Result; fastPath: boolean; took: [number, number] }> {
  const parser = file.endsWith('.json') ? parsers.Json : parsers.Yaml;
  // Each resolver gets its own parse: the original freezes what it resolves.
  const t0 = performance.now();
  const original = await newResolver().resolve(parser.parse(text).data, { baseUri: file });
  const t1 = performance.now();
  const wrapped = withLocalRefFastPath(newResolver());
  const fast = (await wrapped.resolve(parser.parse(text).data, { baseUri: file })) as Result;
  const t2 = performance.now();
  return { original, fast, fastPath: wrapped.fastPaths === 1, took: [t1 - t0, t2 - t1] };
}

function expectSame({ original, fast }: { original: Result; fast: Result }, file: string): void {
  expect(compareTrees(original.result, fast.result, { proxies: true, sharing: true })).toBeUndefined();
  expect(fast.graph.getNodeData(file).refMap).toEqual(original.graph.getNodeData(file).refMap);
  const errors = (r: Result) => r.errors.map(e => ({ code: e.code, message: e.message, path: e.path, uriStack: e.uriStack }));
  expect(errors(fast)).toEqual(errors(original));
}

const FILE = '/tmp/apilint-resolve-test/openapi.yaml';

const CASES: Record<string, string> = {
  'plain refs, shared targets': `
openapi: 3.0.3
paths:
  /a:
    get:
      responses:
        '404': {$ref: '#/components/responses/NotFound'}
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}
        default: {$ref: '#/components/responses/NotFound'}
components:
  responses:
    NotFound: {description: nf, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
  schemas:
    A: {type: object, properties: {b: {$ref: '#/components/schemas/B'}, list: {type: array, items: {$ref: '#/components/schemas/B'}}}}
    B: {type: string}
    Problem: {type: object}
`,
  'refs to refs, refs into refs and missing targets': `
openapi: 3.0.3
paths:
  /a:
    get:
      parameters:
        - $ref: '#/components/parameters/P'
        - $ref: '#/components/parameters/Missing'
        - $ref: '#/components/parameters/Missing'
      responses:
        '200': {$ref: '#/components/responses/Alias'}
components:
  parameters:
    P: {$ref: '#/components/parameters/Q'}
    Q: {name: q, in: query, schema: {$ref: '#/components/schemas/A/properties/x'}}
  responses:
    Alias: {$ref: '#/components/responses/Real'}
    Real: {description: real}
  schemas:
    A: {type: object, properties: {x: {type: integer}, y: {$ref: '#/components/schemas/Nope'}}}
`,
  'circular refs': `
openapi: 3.0.3
paths: {}
components:
  schemas:
    Self: {type: object, properties: {self: {$ref: '#/components/schemas/Self'}}}
    A: {type: object, properties: {b: {$ref: '#/components/schemas/B'}}}
    B: {type: object, properties: {a: {$ref: '#/components/schemas/A'}, c: {$ref: '#/components/schemas/C'}}}
    C: {type: array, items: {$ref: '#/components/schemas/A'}}
    D: {allOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/D'}]}
`,
  'chains of refs with fan-in, a missing end and circular links': `
openapi: 3.0.3
paths:
  /a: {get: {responses: {'200': {$ref: '#/components/responses/R0'}, '201': {$ref: '#/components/responses/R1'}}}}
components:
  responses:
    R0: {$ref: '#/components/responses/R1'}
    R1: {$ref: '#/components/responses/R2'}
    R2: {description: end, content: {application/json: {schema: {$ref: '#/components/schemas/S0'}}}}
  schemas:
    S0: {$ref: '#/components/schemas/S1'}
    S1: {$ref: '#/components/schemas/S2'}
    S2: {$ref: '#/components/schemas/S3'}
    S3: {type: object, properties: {next: {$ref: '#/components/schemas/S0'}, up: {$ref: '#/components/schemas/S2'}, self: {$ref: '#/components/schemas/S3'}}}
    F1: {$ref: '#/components/schemas/S1'}
    F2: {$ref: '#/components/schemas/S1'}
    M0: {$ref: '#/components/schemas/M1'}
    M1: {$ref: '#/components/schemas/M2'}
    M2: {$ref: '#/components/schemas/Gone'}
    N: {type: object, properties: {m: {$ref: '#/components/schemas/M0'}, list: {type: array, items: {$ref: '#/components/schemas/M1'}}}}
    Wrap: {type: object, properties: {a: {$ref: '#/components/schemas/S0'}, b: {allOf: [{$ref: '#/components/schemas/Wrap'}]}}}
`,
  'a cycle of refs, and a target inside a $ref place (the general path)': `
openapi: 3.0.3
paths: {}
components:
  schemas:
    C0: {$ref: '#/components/schemas/C1'}
    C1: {$ref: '#/components/schemas/C2'}
    C2: {$ref: '#/components/schemas/C0'}
    D0: {$ref: '#/components/schemas/D1'}
    D1: {$ref: '#/components/schemas/E/properties/x'}
    E: {$ref: '#/components/schemas/F'}
    F: {type: object, properties: {x: {type: string}}}
    G: {$ref: '#/components/schemas/E/properties'}
`,
  'numeric keys out of order, escaped and encoded pointers': `
openapi: 3.0.3
paths:
  /users/{id}:
    get:
      responses:
        default: {$ref: '#/components/responses/R'}
        '404': {$ref: '#/components/responses/R'}
        '200': {$ref: '#/paths/~1users~1%7Bid%7D/x-shared'}
    x-shared: {description: shared}
  /x:
    x-100%: {$ref: '#/components/responses/R'}
    x-a~b: {$ref: '#/components/responses/R'}
components:
  responses:
    R: {description: r, headers: {'2': {schema: {type: string}}, '1': {$ref: '#/components/headers/H'}}}
  headers:
    H: {schema: {type: integer}}
`,
  'a ref to an array element and refs inside arrays': `
openapi: 3.0.3
servers: [{url: 'https://a'}, {url: 'https://b'}]
paths:
  /a:
    servers: [{$ref: '#/servers/1'}]
    get:
      tags: [{$ref: '#/tags/0'}]
tags: [{name: t}]
`,
  // lodash.set stops at these keys: the refs below them stay as they are.
  'refs under keys named constructor and prototype': `
openapi: 3.0.3
components:
  schemas:
    A: {type: object, properties: {constructor: {$ref: '#/components/schemas/B'}, prototype: {type: object, properties: {x: {$ref: '#/components/schemas/B'}}}, ok: {$ref: '#/components/schemas/B'}}}
    B: {type: object, properties: {constructor: {type: string}}}
    C: {$ref: '#/components/schemas/B/properties/constructor'}
`,
  // A stem begins with the first of its place's segments that equals the target's at the same
  // depth: the ref at /a/x/c to /b/x/q has the stem #/x/a/c, a target here, whose ref inside /b/x/q
  // the original leaves as it is.
  'a stem that begins with a segment the place shares with its target': `
openapi: 3.0.3
a: {x: {c: {$ref: '#/b/x/q'}}}
b: {x: {q: {type: object, properties: {p: {$ref: '#/x/a/c'}}}}}
x: {a: {c: {type: integer}}}
z: {$ref: '#/x/a/c'}
`,
  // Whether a place is circular for its target is read from components of the stem graph, with
  // a shortcut where the place's own ref made the stem (src/engine/ref-graph.ts). In these three,
  // the target reaches a stem that is a prefix of the place through other refs, in another
  // component, and the place's own ref made no edge from that stem: the place stays a $ref.
  'a stem past a key the place shares with its target again': `
openapi: 3.0.3
components:
  schemas:
    A: {properties: {p: {type: object, properties: {q: {$ref: '#/components/schemas/C/items/z'}}}}}
    B: {properties: {p: {$ref: '#/components/schemas/A/properties/p'}}}
    C: {items: {z: {type: object, properties: {q: {$ref: '#/components/schemas/B/properties'}}}}}
`,
  'a stem in the part the place shares with its target': `
openapi: 3.0.3
components:
  schemas:
    B: {items: {k: {$ref: '#/components/schemas/E/f'}}, properties: {p: {$ref: '#/components/schemas/B/items'}}}
    E: {f: {type: object, properties: {q: {$ref: '#/components/schemas/B'}}}}
`,
  'a place under a key with a percent escape, which its pointer reads decoded': `
openapi: 3.0.3
components:
  schemas:
    P0: {type: object, properties: {q: {$ref: '#/components/schemas/aA'}}}
    aA: {type: string}
    a%41: {properties: {p: {$ref: '#/components/schemas/P0'}}}
`,
  // Stems are compared as @stoplight/json's startsWith compares paths: segments that parseInt
  // reads as one integer match, so the stem allOf/00 is a prefix of the place allOf/0.
  'a stem whose index is spelt otherwise than the place': `
openapi: 3.0.3
components:
  schemas:
    A: {type: object, properties: {'1': {$ref: '#/components/schemas/B/allOf/00'}}}
    B: {allOf: [{$ref: '#/components/schemas/A'}, {type: object}]}
`,
  'no refs at all': `
openapi: 3.0.3
paths: {/a: {get: {responses: {'200': {description: ok}}}}}
`,
};

describe('fast local-ref resolver', () => {
  for (const [name, text] of Object.entries(CASES)) {
    it(`matches Spectral's resolver: ${name}`, async () => {
      const both = await resolveBoth(text, FILE);
      expect(both.fastPath).toBe(true);
      expectSame(both, FILE);
    });
  }

  // Random graphs of refs: chains, fan-in, missing targets, cycles of refs and of schemas that
  // refer to one another, refs into nested nodes, into arrays (segments compared as integers:
  // `01` is `1`) and into refs, refs inside refs' targets, schemas named by numbers. Each document
  // must resolve exactly as the original does.
  it("matches Spectral's resolver on random graphs of refs", async () => {
    const target = (n: number) =>
      fc.oneof(
        fc.nat(n - 1).map(i => `#/components/schemas/S${i}`),
        fc.nat(n - 1).map(i => `#/components/schemas/S${i}/properties/p`),
        fc.nat(n - 1).map(i => `#/components/schemas/S${i}/properties/q`),
        fc.nat(n - 1).map(i => `#/components/schemas/S${i}/properties`),
        fc.nat(n - 1).map(i => `#/components/schemas/S${i}/allOf/0`),
        fc.nat(n - 1).map(i => `#/components/schemas/S${i}/allOf/01`),
        fc.nat(2).map(i => `#/components/schemas/${i}`),
        fc.constantFrom('#/components/schemas/Missing', '#/components/schemas', '#/components'),
      );
    const ref = (n: number) => target(n).map(r => ({ $ref: r }));
    const schema = (n: number) =>
      fc.oneof(
        ref(n),
        fc.record({ type: fc.constant('object'), properties: fc.record({ p: fc.oneof(ref(n), fc.constant({ type: 'string' })), q: fc.oneof(ref(n), fc.constant({ type: 'integer' })) }) }),
        fc.record({ allOf: fc.array(fc.oneof(ref(n), fc.constant({ type: 'object' })), { minLength: 1, maxLength: 3 }) }),
      );
    const documents = fc.integer({ min: 1, max: 20 }).chain(n => fc.tuple(fc.array(schema(n), { minLength: n, maxLength: n }), fc.array(schema(n), { maxLength: 3 })));
    await fc.assert(
      fc.asyncProperty(documents, async ([schemas, numbered]) => {
        const doc = { openapi: '3.0.3', paths: {}, components: { schemas: { ...Object.fromEntries(schemas.map((s, i) => [`S${i}`, s])), ...Object.fromEntries(numbered.map((s, i) => [`${i}`, s])) } } };
        const both = await resolveBoth(JSON.stringify(doc), FILE.replace(/yaml$/, 'json'));
        expectSame(both, FILE.replace(/yaml$/, 'json'));
      }),
      { numRuns: 500, seed: 20_261_126 },
    );
  });

  it('leaves documents with file or remote refs to the original resolver', async () => {
    const text = `openapi: 3.0.3\npaths: {/a: {$ref: 'paths.yaml#/a'}}\n`;
    const wrapped = withLocalRefFastPath(newResolver());
    const fast = await wrapped.resolve(parsers.Yaml.parse(text).data, { baseUri: FILE });
    expect(wrapped.fastPaths).toBe(0);
    expect(fast.errors.map(e => e.code)).toEqual(['RESOLVE_URI']);
  });

  // The corpus's single-file documents (the multi-file ones take the original path anyway).
  const entries = corpusEntries().filter(e => e.kind !== 'broken' && e.kind !== 'multifile');
  for (const { name } of entries) {
    it(`matches Spectral's resolver on ${name}`, { timeout: 120_000 }, async () => {
      const file = path.join(CORPUS, name);
      const text = readFileSync(file, 'utf8');
      const both = await resolveBoth(text, file);
      // Documents with remote refs (the Problem schema) go to the original resolver; a property
      // named `$ref` (an object, in kubernetes) is not a reference.
      expect(both.fastPath).toBe(!/"?\$ref"?\s*:\s*(?=\S)(?!['"]?#|\{)/.test(text));
      expectSame(both, file);
      if (process.env.RESOLVE_TIMES) console.log(`${name}: original ${both.took[0].toFixed(0)} ms, fast ${both.took[1].toFixed(0)} ms`);
    });
  }
});

describe("the engine's pathToPointer (ref-graph.ts)", () => {
  it("spells every path as @stoplight/json's pathToPointer does", () => {
    // Plain segments, the characters a pointer escapes or percent-encodes, and any other text.
    const segment = fc.oneof(
      fc.constantFrom('paths', '/v2/apps/{id}', 'a~b', '~1', '100%', 'a b', 'ü', '200', '', '#', '?x=1', 'application/json'),
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.nat(20),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), path => {
        expect(pathToPointer(path)).toBe(jsonPathToPointer(path));
      }),
      { numRuns: 3000, seed: 2_711 },
    );
  });
});

