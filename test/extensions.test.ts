// Extensions (`x-…`) may stand in every OpenAPI object that admits them, the Paths, Responses and
// Callback objects among them, where every other key is a path, a status code or an expression.
// An extension changes nothing the API does: one added to every such object must leave every
// finding and every `apilint diff` as they were. Its value looks like what rules and the diff
// read (an operation, a schema, responses, parameters), so that a walk that takes it for one of
// those is caught; its name breaks the path and naming conventions, for walks that read it as a path.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from '@stoplight/yaml';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../src/core/finding.js';
import { diffFiles } from './helpers/diff.js';
import { CORPUS, lintFile, REFERENCE_SPEC } from './helpers/lint.js';

type Obj = Record<string, unknown>;

const NAME = 'x-Probe_V1';
const probe = (): Obj => ({
  get: { parameters: [{ name: 'camelName', in: 'query', type: 'string' }], responses: { '200': { description: 'ok' }, '999': { description: 'odd' } } },
  parameters: [{ name: 'camelName', in: 'query', schema: { type: 'string' } }],
  responses: { default: { statusCode: '200' } },
  schema: { type: 'object', properties: { camelCase: { type: 'string' } } },
  content: { 'application/xml': { schema: { type: 'array', items: { type: 'string' } } } },
  headers: { X_Bad_Header: { type: 'string' } },
  properties: { camelCase: { type: 'string', format: 'date-time' } },
  enum: ['lower', 'Mixed'],
});

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The document with the probe added to every object that admits extensions, by the role its place gives it. */
function withExtensions(doc: Obj): Obj {
  const seen = new Set<object>();
  const add = (node: unknown): node is Obj => {
    if (!isObj(node) || typeof node.$ref === 'string' || seen.has(node)) return false;
    seen.add(node);
    node[NAME] = probe();
    return true;
  };
  const each = (map: unknown, visit: (v: unknown) => void, entriesOnly = false) => {
    if (isObj(map)) for (const [k, v] of Object.entries(map)) if (!(entriesOnly && k.startsWith('x-'))) visit(v);
  };
  const list = (l: unknown, visit: (v: unknown) => void) => Array.isArray(l) && l.forEach(visit);
  const schema = (s: unknown): void => {
    if (!add(s)) return;
    each(s.properties, schema);
    list(s.items, schema);
    if (isObj(s.items)) schema(s.items);
    if (isObj(s.additionalProperties)) schema(s.additionalProperties);
    for (const k of ['allOf', 'oneOf', 'anyOf']) list(s[k], schema);
    if (isObj(s.not)) schema(s.not);
    add(s.discriminator);
    add(s.xml);
  };
  const content = (c: unknown) => each(c, m => add(m) && (schema(m.schema), each(m.encoding, add)));
  const parameter = (p: unknown): void => {
    if (!add(p)) return;
    schema(p.schema);
    if (isObj(p.items)) add(p.items);
    content(p.content);
  };
  const response = (r: unknown) => add(r) && (schema(r.schema), content(r.content), each(r.headers, parameter), each(r.links, add));
  const responses = (r: unknown) => add(r) && each(r, response, true);
  const pathItem = (item: unknown): void => {
    if (!add(item)) return;
    list(item.parameters, parameter);
    for (const m of METHODS) operation(item[m]);
  };
  const operation = (op: unknown) => {
    if (!add(op)) return;
    list(op.parameters, parameter);
    if (add(op.requestBody)) content(op.requestBody.content);
    responses(op.responses);
    each(op.callbacks, cb => add(cb) && each(cb, pathItem, true));
    add(op.externalDocs);
  };
  const scheme = (s: unknown) => add(s) && add(s.flows) && each(s.flows, add);
  add(doc);
  if (add(doc.info)) (add(doc.info.contact), add(doc.info.license));
  list(doc.tags, add);
  list(doc.servers, s => add(s) && each(s.variables, add));
  if (add(doc.paths)) each(doc.paths, pathItem, true);
  each(doc.webhooks, pathItem);
  each(doc.definitions, schema);
  each(doc.parameters, parameter);
  each(doc.responses, response);
  each(doc.securityDefinitions, scheme);
  const c = doc.components;
  if (add(c)) {
    each(c.schemas, schema);
    each(c.parameters, parameter);
    each(c.headers, parameter);
    each(c.responses, response);
    each(c.requestBodies, b => add(b) && content(b.content));
    each(c.securitySchemes, scheme);
    each(c.pathItems, pathItem);
  }
  return doc;
}

/** The document as JSON, and with the probes added, side by side in a fresh folder. */
function pair(text: string): { plain: string; probed: string; probes: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'apilint-extensions-'));
  const plain = path.join(dir, 'plain.json');
  const probed = path.join(dir, 'probed.json');
  writeFileSync(plain, JSON.stringify(parse(text), null, 2));
  const withProbes = JSON.stringify(withExtensions(parse(text) as Obj), null, 2);
  writeFileSync(probed, withProbes);
  return { plain, probed, probes: withProbes.split(`"${NAME}"`).length - 1 };
}

const described = (findings: Finding[]) => findings.map(f => `${f.ruleId} ${f.severity} ${JSON.stringify(f.path)} ${f.message}`).sort();

const WEBHOOKS_AND_CALLBACKS = `openapi: 3.1.0
info: {title: Orders, version: 1.0.0, description: Orders., contact: {name: Team, url: 'https://example.com', email: team@example.com}}
paths:
  /orders:
    post:
      deprecated: true
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties: {note: {anyOf: [{type: string}, {type: 'null'}]}, a: {type: string}, b: {type: string}}
              anyOf: [{required: [a]}, {required: [b]}]
      responses:
        '201': {description: Created}
        default: {description: Problem}
      callbacks:
        shipped:
          '{$request.body#/callback}':
            post:
              requestBody: {content: {application/json: {schema: {type: object}}}}
              responses: {'204': {description: Received}}
webhooks:
  order-shipped:
    post:
      requestBody: {content: {application/json: {schema: {type: object}}}}
      responses: {'204': {description: Received}}
`;

describe('an extension in every object that admits one changes no finding and no diff', () => {
  const documents: [string, string][] = [
    ['the reference spec (3.0)', readFileSync(REFERENCE_SPEC, 'utf8')],
    ['a Swagger 2.0 spec of the corpus', readFileSync(path.join(CORPUS, 'zalando-stups-kio-api.yaml'), 'utf8')],
    ['a 3.1 spec with callbacks, webhooks and null members', WEBHOOKS_AND_CALLBACKS],
  ];
  for (const [name, text] of documents) {
    it(name, async () => {
      const { plain, probed, probes } = pair(text);
      expect(probes).toBeGreaterThan(10);
      expect(described(await lintFile(probed))).toEqual(described(await lintFile(plain)));
      expect(described(await diffFiles(plain, probed))).toEqual([]);
    });
  }
});
