// `apilint diff` compares what two versions mean, not how they are written. Generated documents
// (schemas that extend, nest and refer to one another, parameters, bodies, headers) are rewritten
// in ways that keep their meaning: keys and unordered lists shuffled, `$ref`s inlined, inline
// schemas moved into components, an `allOf` part's property moved into a part of its own while the
// first part still requires it, the text written as YAML, the whole API written as Swagger 2.0.
// Compared with the original, each must report nothing. Each rewrite followed by one real change
// (a property a request now requires, one a response no longer has, a required parameter added,
// an operation removed) must report that change and nothing else. Generated pairs found two bugs
// that the fixtures had not: a property that another `allOf` part requires was read as optional,
// and `oneOf` members whose `$ref`s were inlined and reordered were paired wrongly (4 of these 300
// cases fail without that fix). APILINT_DIFF_SEEDS=<n> searches further.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { diffFiles } from './helpers/diff.js';

const require = createRequire(import.meta.url);
const YAML = require('@stoplight/yaml') as { safeStringify(value: unknown, options?: object): string };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
type Random = () => number;

/** mulberry32: the same documents for a seed on every machine. */
function random(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(rnd: Random, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const chance = (rnd: Random, p: number) => rnd() < p;
const clone = <T extends Json>(value: T): T => structuredClone(value);
const isObj = (value: Json | undefined): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

const WORDS = ['id', 'name', 'kind', 'count', 'note', 'owner', 'size', 'state'];
const ref = (i: number): Obj => ({ $ref: `#/components/schemas/S${i}` });

/** What a generated document may use: Swagger 2.0 has neither `nullable` nor `oneOf`. */
interface Features {
  oas3Only: boolean;
}

function primitive(rnd: Random, features: Features): Obj {
  const type = pick(rnd, ['string', 'string', 'integer', 'number', 'boolean']);
  const schema: Obj = { type };
  if (type === 'string' && chance(rnd, 0.3)) schema.enum = ['RED', 'GREEN', 'BLUE'].filter(() => chance(rnd, 0.7)).concat('GREY');
  else if (type === 'string' && chance(rnd, 0.3)) schema.maxLength = 10 + Math.floor(rnd() * 50);
  if (type === 'integer' && chance(rnd, 0.3)) schema.minimum = Math.floor(rnd() * 5);
  if (features.oas3Only && chance(rnd, 0.15)) schema.nullable = true;
  return schema;
}

/**
 * Schema `i`: an object whose property names carry its number, so that the parts of an `allOf`
 * never declare one name twice (where they do, the merged view depends on the order of the parts).
 * It refers only to schemas before it: every `$ref` can be inlined.
 */
function schema(rnd: Random, i: number, features: Features): Obj {
  const names = WORDS.filter(() => chance(rnd, 0.4)).map(word => `${word}_${i}`);
  if (names.length === 0) names.push(`id_${i}`);
  const property = (): Obj => {
    if (i > 0 && chance(rnd, 0.2)) return ref(Math.floor(rnd() * i));
    if (chance(rnd, 0.15)) return { type: 'array', items: i > 0 && chance(rnd, 0.5) ? ref(Math.floor(rnd() * i)) : primitive(rnd, features) };
    if (chance(rnd, 0.1)) return { type: 'object', properties: { [`inner_${i}`]: primitive(rnd, features), [`other_${i}`]: primitive(rnd, features) }, required: [`inner_${i}`] };
    return primitive(rnd, features);
  };
  const own: Obj = { type: 'object', properties: Object.fromEntries(names.map(name => [name, property()])) };
  const required = names.filter(() => chance(rnd, 0.4));
  if (required.length > 0) own.required = required;
  if (features.oas3Only && i > 1 && chance(rnd, 0.2)) {
    const first = Math.floor(rnd() * i);
    const second = (first + 1 + Math.floor(rnd() * (i - 1))) % i;
    return { ...own, properties: { ...(own.properties as Obj), [`choice_${i}`]: { oneOf: [ref(first), ref(second)] } } };
  }
  return i > 0 && chance(rnd, 0.35) ? { allOf: [ref(Math.floor(rnd() * i)), own] } : own;
}

function generate(rnd: Random, features: Features = { oas3Only: true }): Obj {
  const count = 3 + Math.floor(rnd() * 5);
  const schemas = Object.fromEntries(Array.from({ length: count }, (_, i) => [`S${i}`, schema(rnd, i, features)]));
  const any = () => ref(Math.floor(rnd() * count));
  const paths: Obj = {};
  for (let p = 0; p < 2 + Math.floor(rnd() * 3); p++) {
    const parameters = Array.from({ length: Math.floor(rnd() * 4) }, (_, m): Obj => ({ name: `q${p}_${m}`, in: pick(rnd, ['query', 'header']), required: chance(rnd, 0.3), schema: primitive(rnd, features) }));
    const headers: Obj = chance(rnd, 0.4) ? { headers: { 'X-Total': { schema: { type: 'integer' } } } } : {};
    paths[`/things${p}`] = {
      get: { parameters, responses: { '200': { description: 'OK', ...headers, content: { 'application/json': { schema: any() } } } } },
      post: { requestBody: { required: chance(rnd, 0.6), content: { 'application/json': { schema: any() } } }, responses: { '201': { description: 'Created', content: { 'application/json': { schema: any() } } } } },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Generated', version: '1.0.0' }, paths, components: { schemas } };
}

// --- Rewrites that keep the meaning -------------------------------------------------------------

/** Lists whose order means nothing: `required`, `enum`, parameters, `allOf` parts and `oneOf` members. */
const UNORDERED = new Set(['required', 'enum', 'parameters', 'allOf', 'oneOf']);

function shuffled<T>(rnd: Random, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function reorder(rnd: Random, value: Json, key = ''): Json {
  if (Array.isArray(value)) {
    const items = value.map(item => reorder(rnd, item));
    return UNORDERED.has(key) ? shuffled(rnd, items) : items;
  }
  if (!isObj(value)) return value;
  return Object.fromEntries(shuffled(rnd, Object.keys(value)).map(k => [k, reorder(rnd, value[k]!, k)]));
}

/** Every node of a document with its parent and key, parents first. */
function* nodes(value: Json, parent?: Obj | Json[], key?: string | number): Generator<{ value: Json; parent: Obj | Json[] | undefined; key: string | number | undefined }> {
  yield { value, parent, key };
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* nodes(value[i]!, value, i);
  else if (isObj(value)) for (const k of Object.keys(value)) yield* nodes(value[k]!, value, k);
}

const set = (parent: Obj | Json[], key: string | number, value: Json) => ((parent as Record<string | number, Json>)[key] = value);

/** Some `$ref`s replaced by a copy of what they point to. */
function inline(rnd: Random, doc: Obj): Obj {
  const out = clone(doc);
  const schemas = (out.components as Obj).schemas as Obj;
  for (const { value, parent, key } of [...nodes(out)]) {
    if (parent === undefined || key === undefined || !isObj(value) || typeof value.$ref !== 'string' || !chance(rnd, 0.4)) continue;
    set(parent, key, clone(schemas[value.$ref.split('/').pop()!]!));
  }
  return out;
}

/** Some inline object schemas of properties and array items moved into components, a `$ref` in their place. */
function extract(rnd: Random, doc: Obj): Obj {
  const out = clone(doc);
  const schemas = (out.components as Obj).schemas as Obj;
  const inlineObject = (value: Json | undefined): value is Obj => isObj(value) && value.type === 'object' && isObj(value.properties);
  let n = 0;
  const move = (holder: Obj, key: string) => {
    if (!inlineObject(holder[key]) || !chance(rnd, 0.5)) return;
    const name = `Extracted${n++}`;
    schemas[name] = holder[key]!;
    holder[key] = { $ref: `#/components/schemas/${name}` };
  };
  for (const { value } of [...nodes(out)]) {
    if (!isObj(value)) continue;
    if (isObj(value.properties)) for (const name of Object.keys(value.properties)) move(value.properties, name);
    if (value.type === 'array') move(value, 'items');
  }
  return out;
}

/**
 * In some `allOf`s, a property of the schema's own part moved into a part of its own, its entry in
 * `required` left where it was: one part may require what another declares.
 */
function split(rnd: Random, doc: Obj): Obj {
  const out = clone(doc);
  for (const { value } of [...nodes(out)]) {
    if (!isObj(value) || !Array.isArray(value.allOf) || !chance(rnd, 0.7)) continue;
    const own = value.allOf.find(part => isObj(part) && isObj(part.properties)) as Obj | undefined;
    const properties = own?.properties as Obj | undefined;
    const names = properties ? Object.keys(properties) : [];
    if (!own || !properties || names.length < 2) continue;
    const name = pick(rnd, names);
    const moved = properties[name]!;
    delete properties[name];
    value.allOf.push({ type: 'object', properties: { [name]: moved } });
  }
  return out;
}

/**
 * The same API written as Swagger 2.0 (a document generated without `nullable` and `oneOf`):
 * definitions, body parameters, parameters and headers typed inline, one media type for all.
 */
function toSwagger2(doc: Obj): Obj {
  const text = JSON.stringify(doc).replaceAll('"#/components/schemas/', '"#/definitions/');
  const oas3 = JSON.parse(text) as Obj;
  const paths: Obj = {};
  for (const [name, item] of Object.entries(oas3.paths as Obj)) {
    const operations: Obj = {};
    for (const [method, operation] of Object.entries(item as Obj)) {
      const { parameters = [], requestBody, responses } = operation as { parameters?: Obj[]; requestBody?: Obj; responses: Obj };
      const params: Json[] = parameters.map(({ schema, ...parameter }) => ({ ...parameter, ...(schema as Obj) }));
      if (requestBody) params.push({ name: 'body', in: 'body', required: requestBody.required ?? false, schema: ((requestBody.content as Obj)['application/json'] as Obj).schema! });
      const swaggerResponses = Object.fromEntries(
        Object.entries(responses).map(([code, response]) => {
          const { content, headers, ...rest } = response as Obj;
          const schema = isObj(content) ? (content['application/json'] as Obj).schema : undefined;
          const typedHeaders = isObj(headers) ? Object.fromEntries(Object.entries(headers).map(([header, value]) => [header, (value as Obj).schema!])) : undefined;
          return [code, { ...rest, ...(schema ? { schema } : {}), ...(typedHeaders ? { headers: typedHeaders } : {}) }];
        }),
      );
      operations[method] = { ...(params.length > 0 ? { parameters: params } : {}), responses: swaggerResponses };
    }
    paths[name] = operations;
  }
  return { swagger: '2.0', info: oas3.info!, consumes: ['application/json'], produces: ['application/json'], paths, definitions: (oas3.components as Obj).schemas! };
}

const REWRITES: Record<string, (rnd: Random, doc: Obj) => Obj> = { reorder: (rnd, doc) => reorder(rnd, doc) as Obj, inline, extract, split };

// --- Real changes, and what must report them ----------------------------------------------------

/** The schema a `$ref` chain ends at, inside the document. */
function target(doc: Obj, schema: Json): Obj {
  let node = schema;
  while (isObj(node) && typeof node.$ref === 'string') node = ((doc.components as Obj).schemas as Obj)[node.$ref.split('/').pop()!]!;
  return node as Obj;
}

/** The part of a schema that declares its own properties: the schema itself, or the last inline part of its `allOf` that declares some. */
function ownPart(schema: Obj): Obj {
  if (!Array.isArray(schema.allOf)) return schema;
  return [...schema.allOf].reverse().find((part): part is Obj => isObj(part) && part.$ref === undefined && isObj(part.properties)) ?? schema;
}

interface Change {
  rule: string;
  apply(doc: Obj): void;
}

/** A property that the first POST's body now requires: a new schema, so that nothing else sees it. */
const requiredInRequest: Change = {
  rule: 'request-property-added-required',
  apply(doc) {
    const post = ((doc.paths as Obj)['/things0'] as Obj).post as Obj;
    const media = (((post.requestBody as Obj).content as Obj)['application/json'] as Obj);
    media.schema = { allOf: [media.schema!, { type: 'object', properties: { added_field: { type: 'string' } }, required: ['added_field'] }] };
  },
};

/** A property the first GET's response had and no longer has. */
const removedFromResponse: Change = {
  rule: 'response-property-removed',
  apply(doc) {
    const get = ((doc.paths as Obj)['/things0'] as Obj).get as Obj;
    const media = ((((get.responses as Obj)['200'] as Obj).content as Obj)['application/json'] as Obj);
    const copy = clone(target(doc, media.schema!));
    media.schema = copy;
    const part = ownPart(copy);
    const properties = part.properties as Obj;
    const removed = Object.keys(properties)[0]!;
    delete properties[removed];
    // Only its own entry: the part may require what another part declares.
    if (Array.isArray(part.required)) part.required = part.required.filter(name => name !== removed);
  },
};

/** A query parameter the first GET now requires. */
const requiredParameter: Change = {
  rule: 'request-parameter-added-required',
  apply(doc) {
    const get = ((doc.paths as Obj)['/things0'] as Obj).get as Obj;
    get.parameters = [...((get.parameters as Json[] | undefined) ?? []), { name: 'added_filter', in: 'query', required: true, schema: { type: 'string' } }];
  },
};

/** The first POST is gone. */
const removedOperation: Change = {
  rule: 'operation-removed',
  apply(doc) {
    delete ((doc.paths as Obj)['/things0'] as Obj).post;
  },
};

const CHANGES = [requiredInRequest, removedFromResponse, requiredParameter, removedOperation];

// --- The runs -----------------------------------------------------------------------------------

const DIR = mkdtempSync(path.join(tmpdir(), 'apilint-diff-meaning-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

async function compare(name: string, base: Obj, revision: Obj, yaml: boolean) {
  const dir = path.join(DIR, name);
  mkdirSync(dir, { recursive: true });
  const baseFile = path.join(dir, 'base.json');
  const revisionFile = path.join(dir, yaml ? 'revision.yaml' : 'revision.json');
  writeFileSync(baseFile, JSON.stringify(base, null, 1));
  writeFileSync(revisionFile, yaml ? YAML.safeStringify(revision, { indent: 2 }) : JSON.stringify(revision, null, 1));
  const findings = await diffFiles(baseFile, revisionFile);
  return { findings, listing: `${findings.map(f => `${f.ruleId} ${f.severity} ${path.basename(f.file)}:${f.line} ${f.message}`).join('\n')}\n(documents kept in ${dir} if the run fails)` };
}

/** CI's seeds; APILINT_DIFF_SEEDS=<n> runs n of them. */
const SEEDS = Array.from({ length: Number(process.env.APILINT_DIFF_SEEDS ?? 100) }, (_, i) => 1000 + i);

/** A seed's document and a rewrite of it: one or more of REWRITES, in a random order. */
function rewritten(seed: number): { base: Obj; revision: Obj; steps: string[]; yaml: boolean; rnd: Random } {
  const rnd = random(seed);
  const base = generate(rnd);
  const steps = shuffled(rnd, Object.keys(REWRITES)).filter(() => chance(rnd, 0.6));
  if (steps.length === 0) steps.push(pick(rnd, Object.keys(REWRITES)));
  const revision = steps.reduce((doc, step) => REWRITES[step]!(rnd, doc), base);
  return { base, revision, steps, yaml: chance(rnd, 0.3), rnd };
}

describe('apilint diff of generated documents', () => {
  it.each(SEEDS)('seed %i: the same API as Swagger 2.0 and as OpenAPI 3.0, either way round, reports nothing', async seed => {
    const rnd = random(seed);
    const oas3 = generate(rnd, { oas3Only: false });
    const swagger = toSwagger2(oas3);
    for (const [base, revision, name] of [[oas3, swagger, 'to-2'], [swagger, oas3, 'to-3']] as const) {
      const { findings, listing } = await compare(`${name}-${seed}`, base, REWRITES.reorder!(rnd, revision), false);
      expect(findings, `${name}:\n${listing}`).toEqual([]);
    }
  });

  it.each(SEEDS)('seed %i: a rewrite that keeps the meaning reports nothing', async seed => {
    const { base, revision, steps, yaml } = rewritten(seed);
    const { findings, listing } = await compare(`same-${seed}`, base, revision, yaml);
    expect(findings, `${steps.join(' + ')}${yaml ? ' + yaml' : ''}:\n${listing}`).toEqual([]);
  });

  it.each(SEEDS)('seed %i: a rewrite plus one real change reports that change only', async seed => {
    const { base, revision, steps, yaml, rnd } = rewritten(seed);
    const change = pick(rnd, CHANGES);
    change.apply(revision);
    // Each change breaks clients: a MAJOR version, or info-version-bump reports it too.
    (revision.info as Obj).version = '2.0.0';
    const { findings, listing } = await compare(`changed-${seed}`, base, revision, yaml);
    expect(findings.map(f => f.ruleId), `${steps.join(' + ')} + ${change.rule}${yaml ? ' + yaml' : ''}:\n${listing}`).toEqual([change.rule]);
  });
});
