// The schema index (rulesets/lib/schemas.ts) gives each component schema the path where it is
// defined, however the walk of the `$ref`-resolved document reaches it: a chain of schemas that
// each refer to the next keeps its paths short, and the schema is still attributed to the use the
// walk met first.
import { describe, expect, it } from 'vitest';
import { schemaIndex } from '../rulesets/lib/schemas.js';

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
