// The schema index (rulesets/lib/schemas.ts) gives each component schema the path where it is
// defined, however the walk of the `$ref`-resolved document reaches it: a chain of schemas that
// each refer to the next keeps its paths short, and the schema is still attributed to the use the
// walk met first.
import { describe, expect, it } from 'vitest';
import { schemaIndex } from '../rulesets/lib/schemas.js';
import { inFile, knowSources, markedFile, Sources, sourcesOf } from '../rulesets/lib/sources.js';

/** A resolved OpenAPI 3.0 document: one response refers to S0, and each Si to S(i+1), as the resolver shares them. */
function chain(n: number): Record<string, unknown> {
  const schemas: Record<string, Record<string, unknown>> = {};
  for (let i = n - 1; i >= 0; i--) {
    schemas[`S${i}`] = i + 1 < n ? { type: 'object', properties: { next: schemas[`S${i + 1}`], name: { type: 'string' } } } : { type: 'object' };
  }
  const response = { description: 'OK', content: { 'application/json': { schema: schemas.S0 } } };
  return { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/s': { get: { responses: { '200': response } } } }, components: { schemas } };
}

describe('schemaIndex', () => {
  it('gives a component schema its own path, and keeps the use that met it first', () => {
    const index = schemaIndex(chain(3));
    expect(index.schemas.map(s => [s.jsonPath, s.origin, s.name])).toEqual([
      [['components', 'schemas', 'S0'], 'response', undefined],
      [['components', 'schemas', 'S0', 'properties', 'name'], 'response', 'name'],
      [['components', 'schemas', 'S1'], 'response', 'next'],
      [['components', 'schemas', 'S1', 'properties', 'name'], 'response', 'name'],
      [['components', 'schemas', 'S2'], 'response', 'next'],
    ]);
    expect(index.properties.map(p => p.jsonPath)).toEqual([
      ['components', 'schemas', 'S0', 'properties', 'next'],
      ['components', 'schemas', 'S0', 'properties', 'name'],
      ['components', 'schemas', 'S1', 'properties', 'next'],
      ['components', 'schemas', 'S1', 'properties', 'name'],
    ]);
  });

  it('keeps the paths of a long chain as long as one schema\'s nesting', () => {
    const n = 5000;
    const index = schemaIndex(chain(n));
    expect(index.schemas).toHaveLength(2 * n - 1);
    expect(Math.max(...index.schemas.map(s => s.jsonPath.length), ...index.properties.map(p => p.jsonPath.length))).toBe(5);
  });

  it('keeps the path of an inline schema, which is defined where it is used', () => {
    const doc = chain(1);
    const inline = { type: 'object', properties: { id: { type: 'string' } } };
    (doc.paths as Record<string, { get: { responses: Record<string, unknown> } }>)['/s']!.get.responses['201'] = { description: 'Created', content: { 'application/json': { schema: inline } } };
    const found = schemaIndex(doc).schemas.find(s => s.schema === inline);
    expect(found?.jsonPath).toEqual(['paths', '/s', 'get', 'responses', '201', 'content', 'application/json', 'schema']);
  });
});

describe('schemaIndex paths, built when read', () => {
  it('spells each nested schema\'s and property\'s path from its parents', () => {
    const leaf = { type: 'string' };
    const inner = { type: 'object', properties: { id: leaf } };
    const listed = { type: 'array', items: { allOf: [inner] } };
    const doc = chain(1);
    (doc.paths as Record<string, { get: { responses: Record<string, unknown> } }>)['/s']!.get.responses['201'] = { description: 'Created', content: { 'application/json': { schema: { type: 'object', properties: { list: listed } } } } };
    const index = schemaIndex(doc);
    const use = ['paths', '/s', 'get', 'responses', '201', 'content', 'application/json', 'schema'];
    const pathOf = (schema: object) => index.schemas.find(s => s.schema === schema)?.jsonPath;
    expect(pathOf(listed)).toEqual([...use, 'properties', 'list']);
    expect(pathOf(inner)).toEqual([...use, 'properties', 'list', 'items', 'allOf', 0]);
    expect(pathOf(leaf)).toEqual([...use, 'properties', 'list', 'items', 'allOf', 0, 'properties', 'id']);
    expect(index.properties.find(p => p.schema === leaf)?.jsonPath).toEqual([...use, 'properties', 'list', 'items', 'allOf', 0, 'properties', 'id']);
    // Read twice, the same path.
    const node = index.schemas.find(s => s.schema === leaf)!;
    expect(node.jsonPath).toBe(node.jsonPath);
  });
});

describe('schemaIndex with the files behind the document known (rulesets/lib/sources.ts)', () => {
  // openapi.yaml's response uses parts.yaml#/A; A's properties refer back to the document (x), to
  // parts.yaml (c, whose items refer on), and to a file that was never read (gone).
  const unresolvedRoot = {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: { '/s': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: './parts.yaml#/A' } } } } } } } },
    'x-defs': { X: { type: 'object', properties: { b: { $ref: '#/x-defs/Y' } } }, Y: { type: 'string' } },
  };
  const parts = {
    A: { type: 'object', properties: { x: { $ref: 'openapi.yaml#/x-defs/X' }, c: { $ref: '#/C' }, n: { type: 'string' }, gone: { $ref: './gone.yaml#/Z' } } },
    C: { type: 'array', items: { $ref: '#/D' } },
    D: { type: 'integer' },
  };
  // The resolved document as the resolver leaves it: targets shared, the unreadable ref in place.
  const Y = { type: 'string' };
  const X = { type: 'object', properties: { b: Y } };
  const D = { type: 'integer' };
  const C = { type: 'array', items: D };
  const gone = { $ref: './gone.yaml#/Z' };
  const A = { type: 'object', properties: { x: X, c: C, n: { type: 'string' }, gone } };
  const resolved = {
    ...unresolvedRoot,
    paths: { '/s': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: A } } } } } } },
    'x-defs': { X, Y },
  };
  const use = ['paths', '/s', 'get', 'responses', '200', 'content', 'application/json', 'schema'];
  const PARTS = '/p/parts.yaml';

  it('gives a subschema behind a $ref the path of its target: in the document, or marked with the file it lies in', () => {
    const refMap = { '#/paths/~1s/get/responses/200/content/application~1json/schema': `${PARTS}#/A` };
    knowSources({ document: { source: '/p/openapi.yaml', data: unresolvedRoot }, resolved, referencedDocuments: { [PARTS]: { data: parts } }, graph: { getNodeData: () => ({ refMap }) } });
    const paths = new Map(schemaIndex(resolved).schemas.map(s => [s.schema, s.jsonPath]));
    // Where the walk starts, the path of the use is kept.
    expect(paths.get(A)).toEqual(use);
    expect(paths.get(X)).toEqual(['x-defs', 'X']);
    expect(paths.get(Y)).toEqual(['x-defs', 'Y']);
    expect(paths.get(C)).toEqual([inFile(PARTS), 'C']);
    expect(paths.get(D)).toEqual([inFile(PARTS), 'D']);
    expect(markedFile(paths.get(D)![0])).toBe(PARTS);
    // No $ref crossed: below the parent's path. A ref left in place: where it is written.
    expect(paths.get(A.properties.n)).toEqual([...use, 'properties', 'n']);
    expect(paths.get(gone)).toEqual([...use, 'properties', 'gone']);
  });

  it('is not needed where every $ref names a component: the component schemas have their own paths already', () => {
    const inventory = (refMap: Record<string, string>) => ({ document: { source: '/p/o.yaml', data: {} }, resolved: {}, referencedDocuments: {}, graph: { getNodeData: () => ({ refMap }) } });
    const components = inventory({ '#/paths/~1a/get/responses/200': '#/components/responses/Ok', '#/components/responses/Ok/content/application~1json/schema': '#/components/schemas/A', '#/definitions/B/items': '#/definitions/C' });
    knowSources(components);
    expect(sourcesOf(components.resolved)).toBeUndefined();
    for (const target of ['#/components/schemas/B/properties/c', '#/x-schemas/B', './b.yaml#/B']) {
      const other = inventory({ '#/components/schemas/A/properties/b': target });
      knowSources(other);
      expect(sourcesOf(other.resolved)).toBeInstanceOf(Sources);
    }
  });

  it('follows a chain of refs, and gives up on a cycle of refs that leads to no node', () => {
    const root = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, 'x-a': { $ref: '#/x-b' }, 'x-b': { $ref: '#/x-c' }, 'x-c': { type: 'string' }, 'x-loop': { $ref: '#/x-loop' } };
    const sources = new Sources({ document: { source: '/p/o.yaml', data: root }, resolved: {}, referencedDocuments: {}, graph: null });
    expect(sources.step(sources.start(), ['x-a'])).toEqual({ file: '/p/o.yaml', node: root['x-c'], path: ['x-c'] });
    expect(sources.step(sources.start(), ['x-c'])).toEqual({ file: '/p/o.yaml', node: root['x-c'] });
    expect(sources.step(sources.start(), ['x-loop'])).toBeUndefined();
    expect(sources.step(sources.start(), ['x-none'])).toBeUndefined();
  });
});
