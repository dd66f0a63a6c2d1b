// `apilint diff` compares what two versions mean, not how they are written. Generated documents
// (schemas that extend, nest, refer to one another and to themselves, unions, maps, read-only and
// write-only properties, path templates, parameters, bodies, headers) are rewritten in ways that
// keep their meaning: keys and unordered lists shuffled, `$ref`s inlined, inline schemas moved into
// components, an `allOf` part's property moved into a part of its own while the first part still
// requires it, a property declared again in a part of its own less strictly, a `$ref` wrapped in
// an `allOf` of one, parameters, bodies and responses shared through components, defaults written
// out or left out, the path variable renamed, the schemas moved into a file of their own, the text
// written as YAML, the whole API written as Swagger 2.0 (and rewritten there: the body
// parameter's name, media types per operation, shared parameters) or as OpenAPI 3.1. Compared
// with the original, each must report nothing. Each rewrite followed by one real change (a
// property a request now requires, one a response no longer has, a required parameter added, a
// parameter, an operation, a success status or a request media type removed, an API key required)
// must report that change and nothing else, but what the change adds.
//
// Generated pairs found bugs that the fixtures had not: a property that another `allOf` part
// requires was read as optional; `oneOf` members whose `$ref`s were inlined and reordered were
// paired wrongly, and so were reordered members that no name tells apart (plainUnion); a nullable
// `$ref` depended on the order of its `allOf` parts; a 3.1 `null` member written `type: ['null']`
// was read as a member of its own; a property declared in two parts was read as its first
// declaration, so a looser one placed first hid an enum or a bound. APILINT_DIFF_SEEDS=<n>
// searches further (2,500 seeds, 15,000 cases: two minutes).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { diffFiles } from './helpers/diff.js';
import { random, reordered, shuffled, type Random } from './helpers/random.js';

const require = createRequire(import.meta.url);
const YAML = require('@stoplight/yaml') as { safeStringify(value: unknown, options?: object): string };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const pick = <T>(rnd: Random, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const chance = (rnd: Random, p: number) => rnd() < p;
const clone = <T extends Json>(value: T): T => structuredClone(value);
const isObj = (value: Json | undefined): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

const WORDS = ['id', 'name', 'kind', 'count', 'note', 'owner', 'size', 'state'];
const ref = (i: number): Obj => ({ $ref: `#/components/schemas/S${i}` });

/** What a generated document may use: Swagger 2.0 has no `nullable`, `writeOnly`, `oneOf` or `anyOf`. */
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
 * It refers to schemas before it, and sometimes to itself (a list of children).
 */
function schema(rnd: Random, i: number, features: Features): Obj {
  const names = WORDS.filter(() => chance(rnd, 0.4)).map(word => `${word}_${i}`);
  if (names.length === 0) names.push(`id_${i}`);
  const property = (): Obj => {
    if (i > 0 && chance(rnd, 0.2)) return ref(Math.floor(rnd() * i));
    if (features.oas3Only && chance(rnd, 0.08)) return plainUnion(rnd);
    if (features.oas3Only && i > 0 && chance(rnd, 0.05)) return chance(rnd, 0.5) ? { nullable: true, allOf: [ref(Math.floor(rnd() * i))] } : { allOf: [ref(Math.floor(rnd() * i)), { nullable: true }] };
    if (chance(rnd, 0.15)) return { type: 'array', items: i > 0 && chance(rnd, 0.5) ? ref(Math.floor(rnd() * i)) : primitive(rnd, features) };
    if (chance(rnd, 0.1)) return { type: 'object', properties: { [`inner_${i}`]: primitive(rnd, features), [`other_${i}`]: primitive(rnd, features) }, required: [`inner_${i}`] };
    if (chance(rnd, 0.07)) return { type: 'object', additionalProperties: primitive(rnd, features) };
    const value = primitive(rnd, features);
    if (chance(rnd, 0.1)) value.readOnly = true;
    else if (features.oas3Only && chance(rnd, 0.05)) value.writeOnly = true;
    return value;
  };
  const own: Obj = { type: 'object', properties: Object.fromEntries(names.map(name => [name, property()])) };
  if (chance(rnd, 0.1)) (own.properties as Obj)[`children_${i}`] = { type: 'array', items: ref(i) };
  const required = names.filter(() => chance(rnd, 0.4));
  if (required.length > 0) own.required = required;
  if (features.oas3Only && i > 1 && chance(rnd, 0.2)) {
    const first = Math.floor(rnd() * i);
    const second = (first + 1 + Math.floor(rnd() * (i - 1))) % i;
    return { ...own, properties: { ...(own.properties as Obj), [`choice_${i}`]: { [pick(rnd, ['oneOf', 'anyOf'])]: [ref(first), ref(second)] } } };
  }
  return i > 0 && chance(rnd, 0.35) ? { allOf: [ref(Math.floor(rnd() * i)), own] } : own;
}

/**
 * A union whose members a name does not tell apart: values of one type (a free string and an enum,
 * arrays of different items) or objects with the same property names of different types.
 */
function plainUnion(rnd: Random): Obj {
  const members = pick(rnd, [
    [{ type: 'string' }, { type: 'string', enum: ['AUTO', 'NONE'] }],
    [{ type: 'array', items: { type: 'string' } }, { type: 'array', items: { type: 'integer' } }, { type: 'array', items: { type: 'array', items: { type: 'integer' } } }],
    [{ type: 'object', properties: { value: { type: 'string' } } }, { type: 'object', properties: { value: { type: 'array', items: { type: 'string' } } } }],
  ] as Obj[][]);
  return { [pick(rnd, ['oneOf', 'anyOf'])]: members.map(clone) };
}

function generate(rnd: Random, features: Features = { oas3Only: true }): Obj {
  const count = 3 + Math.floor(rnd() * 5);
  const schemas = Object.fromEntries(Array.from({ length: count }, (_, i) => [`S${i}`, schema(rnd, i, features)]));
  const any = () => ref(Math.floor(rnd() * count));
  const paths: Obj = {};
  for (let p = 0; p < 2 + Math.floor(rnd() * 3); p++) {
    const parameters = Array.from({ length: Math.floor(rnd() * 4) }, (_, m): Obj => ({ name: `q${p}_${m}`, in: pick(rnd, ['query', 'header']), required: chance(rnd, 0.3), schema: primitive(rnd, features) }));
    const headers: Obj = chance(rnd, 0.4) ? { headers: { 'X-Total': { schema: { type: 'integer' } } } } : {};
    // The first path has no template: the changes below find it by name.
    const item = p > 0 && chance(rnd, 0.5);
    const own = (): Json[] => (item ? [{ name: 'thing_id', in: 'path', required: true, schema: { type: 'string' } }] : []);
    paths[item ? `/things${p}/{thing_id}` : `/things${p}`] = {
      get: { parameters: [...own(), ...parameters], responses: { '200': { description: 'OK', ...headers, content: { 'application/json': { schema: any() } } } } },
      post: { ...(item ? { parameters: own() } : {}), requestBody: { required: chance(rnd, 0.6), content: { 'application/json': { schema: any() } } }, responses: { '201': { description: 'Created', content: { 'application/json': { schema: any() } } } } },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Generated', version: '1.0.0' }, paths, components: { schemas } };
}

// --- Rewrites that keep the meaning -------------------------------------------------------------

/** Lists whose order means nothing: `required`, `enum`, parameters, `allOf` parts and `oneOf`/`anyOf` members. */
const UNORDERED = new Set(['required', 'enum', 'parameters', 'allOf', 'oneOf', 'anyOf']);

/** Every node of a document with its parent and key, parents first. */
function* nodes(value: Json, parent?: Obj | Json[], key?: string | number): Generator<{ value: Json; parent: Obj | Json[] | undefined; key: string | number | undefined }> {
  yield { value, parent, key };
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* nodes(value[i]!, value, i);
  else if (isObj(value)) for (const k of Object.keys(value)) yield* nodes(value[k]!, value, k);
}

const set = (parent: Obj | Json[], key: string | number, value: Json) => ((parent as Record<string | number, Json>)[key] = value);

const SCHEMAS = '#/components/schemas/';
const isSchemaRef = (value: Json): value is { $ref: string } => isObj(value) && typeof value.$ref === 'string' && value.$ref.startsWith(SCHEMAS);

/** Some schema `$ref`s replaced by a copy of what they point to. */
function inline(rnd: Random, doc: Obj): Obj {
  const out = clone(doc);
  const schemas = (out.components as Obj).schemas as Obj;
  for (const { value, parent, key } of [...nodes(out)]) {
    if (parent === undefined || key === undefined || !isSchemaRef(value) || !chance(rnd, 0.4)) continue;
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
 * In some schemas, a property declared again in an `allOf` part of its own, less strictly (its
 * type, with a longer list of values, a larger maxLength or a smaller minimum, or as it is): a
 * value must match every declaration, so the stricter one holds, whichever part comes first.
 */
function redeclare(rnd: Random, doc: Obj): Obj {
  const out = clone(doc);
  const schemas = (out.components as Obj).schemas as Obj;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObj(schema) || !chance(rnd, 0.5)) continue;
    const properties = ownPart(schema).properties;
    if (!isObj(properties)) continue;
    const scalars = Object.entries(properties).filter((entry): entry is [string, Obj] => isObj(entry[1]) && typeof entry[1].type === 'string' && entry[1].type !== 'array' && entry[1].type !== 'object');
    if (scalars.length === 0) continue;
    const [property, declared] = pick(rnd, scalars);
    const looser: Obj = chance(rnd, 0.2) ? clone(declared) : { type: declared.type! };
    if (declared.nullable !== undefined) looser.nullable = declared.nullable;
    if (Array.isArray(declared.enum) && chance(rnd, 0.7)) looser.enum = [...declared.enum, 'EXTRA'];
    if (typeof declared.maxLength === 'number' && chance(rnd, 0.7)) looser.maxLength = declared.maxLength + 10;
    if (typeof declared.minimum === 'number' && chance(rnd, 0.7)) looser.minimum = declared.minimum - 1;
    const part: Obj = { properties: { [property]: looser } };
    if (Array.isArray(schema.allOf)) schema.allOf.splice(Math.floor(rnd() * (schema.allOf.length + 1)), 0, part);
    else schemas[name] = { allOf: chance(rnd, 0.5) ? [part, schema] : [schema, part] };
  }
  return out;
}

/** Some parameters, request bodies and responses moved into components, `$ref`s in their place. */
function share(rnd: Random, doc: Obj): Obj {
  const out = clone(doc);
  const components = out.components as Obj;
  const put = (section: string, name: string, value: Json): Obj => {
    ((components[section] ??= {}) as Obj)[name] = value;
    return { $ref: `#/components/${section}/${name}` };
  };
  for (const [template, item] of Object.entries(out.paths as Obj)) {
    for (const [method, operation] of Object.entries(item as Obj)) {
      const op = operation as Obj;
      const id = `${method}${template.replace(/[^A-Za-z0-9]+/g, '_')}`;
      if (Array.isArray(op.parameters)) op.parameters = op.parameters.map((parameter, i) => (chance(rnd, 0.5) ? put('parameters', `${id}_${i}`, parameter) : parameter));
      if (op.requestBody !== undefined && chance(rnd, 0.5)) op.requestBody = put('requestBodies', id, op.requestBody);
      const responses = op.responses as Obj;
      for (const code of Object.keys(responses)) if (chance(rnd, 0.5)) responses[code] = put('responses', `${id}_${code}`, responses[code]!);
    }
  }
  return out;
}

/** `required: false` on parameters and request bodies written out where it was left to its default, and left out where it was written. */
function defaults(rnd: Random, doc: Obj): Obj {
  const out = clone(doc);
  for (const { value, key } of [...nodes(out)]) {
    const optional = isObj(value) && ((typeof value.in === 'string' && value.in !== 'path') || (key === 'requestBody' && isObj(value.content)));
    if (!optional || !chance(rnd, 0.6)) continue;
    if (value.required === false) delete value.required;
    else if (value.required === undefined) value.required = false;
  }
  return out;
}

/** Some schema `$ref`s wrapped in an `allOf` of that one member. */
function wrap(rnd: Random, doc: Obj): Obj {
  const out = clone(doc);
  for (const { value, parent, key } of [...nodes(out)]) {
    if (parent !== undefined && key !== undefined && isSchemaRef(value) && chance(rnd, 0.3)) set(parent, key, { allOf: [value] });
  }
  return out;
}

/** The path templates' variable renamed, in the template and in its parameters. */
function rename(_rnd: Random, doc: Obj): Obj {
  const out = clone(doc);
  for (const { value } of [...nodes(out)]) if (isObj(value) && value.in === 'path' && value.name === 'thing_id') value.name = 'id';
  out.paths = Object.fromEntries(Object.entries(out.paths as Obj).map(([template, item]) => [template.replace('{thing_id}', '{id}'), item]));
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

/** Swagger 2.0 ways of writing the same thing: the body parameter's name (which means nothing), media types per operation, shared parameters and responses. */
const SWAGGER_REWRITES: Record<string, (rnd: Random, doc: Obj) => Obj> = {
  bodyName: (_rnd, doc) => {
    const out = clone(doc);
    for (const { value } of [...nodes(out)]) if (isObj(value) && value.in === 'body') value.name = 'payload';
    return out;
  },
  mediaPerOperation: (_rnd, doc) => {
    const { consumes, produces, ...out } = clone(doc);
    for (const item of Object.values(out.paths as Obj)) for (const operation of Object.values(item as Obj)) Object.assign(operation as Obj, { consumes: consumes!, produces: produces! });
    return out;
  },
  shared: (rnd, doc) => {
    const out = clone(doc);
    const put = (section: string, name: string, value: Json): Obj => {
      ((out[section] ??= {}) as Obj)[name] = value;
      return { $ref: `#/${section}/${name}` };
    };
    for (const [template, item] of Object.entries(out.paths as Obj)) {
      for (const [method, operation] of Object.entries(item as Obj)) {
        const op = operation as Obj;
        const id = `${method}${template.replace(/[^A-Za-z0-9]+/g, '_')}`;
        if (Array.isArray(op.parameters)) op.parameters = op.parameters.map((parameter, i) => (chance(rnd, 0.5) ? put('parameters', `${id}_${i}`, parameter) : parameter));
        const responses = op.responses as Obj;
        for (const code of Object.keys(responses)) if (chance(rnd, 0.5)) responses[code] = put('responses', `${id}_${code}`, responses[code]!);
      }
    }
    return out;
  },
};

/**
 * The same API written as OpenAPI 3.1: `nullable` becomes a `null` type, and a nullable `$ref`
 * (`nullable: true, allOf: [{$ref}]`) a union with a `null` member, its type written as a list.
 */
function toOas31(doc: Obj): Obj {
  const out = clone(doc);
  out.openapi = '3.1.0';
  for (const { value } of [...nodes(out)]) {
    if (!isObj(value) || value.nullable === undefined) continue;
    if (value.nullable === true && typeof value.type === 'string') value.type = [value.type, 'null'];
    if (value.nullable === true && value.type === undefined && Array.isArray(value.allOf) && value.allOf.length === 1) {
      value.anyOf = [value.allOf[0]!, { type: ['null'] }];
      delete value.allOf;
    }
    delete value.nullable;
  }
  return out;
}

const REWRITES: Record<string, (rnd: Random, doc: Obj) => Obj> = { reorder: (rnd, doc) => reordered(rnd, doc, UNORDERED), inline, extract, split, redeclare, share, defaults, wrap, rename };

// --- Real changes, and what must report them ----------------------------------------------------

/** What a local `$ref` chain leads to, inside the document. */
function resolve(doc: Obj, node: Json): Obj {
  let current = node;
  while (isObj(current) && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<Json>((at, key) => (isObj(at) ? at[key]! : null), doc);
  }
  return current as Obj;
}

/** A schema as a copy of its own: `$ref`s and `allOf`s of one member followed. */
function ownCopy(doc: Obj, schema: Json): Obj {
  let node = resolve(doc, schema);
  while (Array.isArray(node.allOf) && node.allOf.length === 1 && Object.keys(node).length === 1) node = resolve(doc, node.allOf[0]!);
  return clone(node);
}

/** The part of a schema that declares its own properties: the schema itself, or the last inline part of its `allOf` that declares some. */
function ownPart(schema: Obj): Obj {
  if (!Array.isArray(schema.allOf)) return schema;
  return [...schema.allOf].reverse().find((part): part is Obj => isObj(part) && part.$ref === undefined && isObj(part.properties)) ?? schema;
}

/** A schema and its inline `allOf` parts, those of them that declare properties. */
const declaringParts = (schema: Obj): (Obj & { properties: Obj })[] =>
  [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])].filter((part): part is Obj & { properties: Obj } => isObj(part) && isObj(part.properties));

interface Change {
  rule: string;
  /** What else the change reports (what it adds, as compatible changes). */
  alongside?: string[];
  /** Whether the change can be made to this document (default: always). */
  applies?(doc: Obj): boolean;
  apply(doc: Obj): void;
}

/** A property that the first POST's body now requires: a new schema, so that nothing else sees it. */
const requiredInRequest: Change = {
  rule: 'request-property-added-required',
  apply(doc) {
    const post = ((doc.paths as Obj)['/things0'] as Obj).post as Obj;
    const media = (resolve(doc, post.requestBody!).content as Obj)['application/json'] as Obj;
    media.schema = { allOf: [media.schema!, { type: 'object', properties: { added_field: { type: 'string' } }, required: ['added_field'] }] };
  },
};

/** The first GET's response schema, made a copy of its own, and a property of it that responses carry (not write-only). */
function responseProperty(doc: Obj): { media: Obj; copy: Obj; part: Obj; name: string } | undefined {
  const get = ((doc.paths as Obj)['/things0'] as Obj).get as Obj;
  const media = (resolve(doc, (get.responses as Obj)['200']!).content as Obj)['application/json'] as Obj;
  const copy = ownCopy(doc, media.schema!);
  const part = ownPart(copy);
  // Write-only where any part that declares it says so (redeclare).
  const declarations = (name: string) => declaringParts(copy).flatMap(p => (p.properties[name] !== undefined ? [p.properties[name]!] : []));
  const name = Object.keys(part.properties as Obj).find(name => declarations(name).every(schema => resolve(doc, schema).writeOnly !== true));
  return name === undefined ? undefined : { media, copy, part, name };
}

/** A property the first GET's response had and no longer has. */
const removedFromResponse: Change = {
  rule: 'response-property-removed',
  applies: doc => responseProperty(doc) !== undefined,
  apply(doc) {
    const { media, copy, part, name } = responseProperty(doc)!;
    media.schema = copy;
    // From every part that declares it (redeclare).
    for (const declaring of declaringParts(copy)) delete declaring.properties[name];
    // Only its own entry: the part may require what another part declares.
    if (Array.isArray(part.required)) part.required = part.required.filter(required => required !== name);
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

/** A parameter of the first GET is gone (its path parameters aside: the first path has none). */
const removedParameter: Change = {
  rule: 'parameter-removed',
  applies: doc => Array.isArray((((doc.paths as Obj)['/things0'] as Obj).get as Obj).parameters) && ((((doc.paths as Obj)['/things0'] as Obj).get as Obj).parameters as Json[]).length > 0,
  apply(doc) {
    const get = ((doc.paths as Obj)['/things0'] as Obj).get as Obj;
    (get.parameters as Json[]).pop();
  },
};

/** The first GET's 200 response is gone, a 204 in its place. */
const removedStatus: Change = {
  rule: 'response-status-removed',
  alongside: ['api-added'],
  apply(doc) {
    const get = ((doc.paths as Obj)['/things0'] as Obj).get as Obj;
    get.responses = { '204': { description: 'No content' } };
  },
};

/** The first POST takes XML where it took JSON. */
const removedMediaType: Change = {
  rule: 'media-type-removed',
  alongside: ['api-added'],
  apply(doc) {
    const post = ((doc.paths as Obj)['/things0'] as Obj).post as Obj;
    const body = clone(resolve(doc, post.requestBody!));
    const content = body.content as Obj;
    body.content = { 'application/xml': content['application/json']! };
    post.requestBody = body;
  },
};

/** The first POST needs an API key, declared where it was not. */
const addedSecurity: Change = {
  rule: 'security-requirement-added',
  apply(doc) {
    (((doc.paths as Obj)['/things0'] as Obj).post as Obj).security = [{ apiKey: [] }];
    ((doc.components as Obj).securitySchemes ??= {}) as Obj;
    ((doc.components as Obj).securitySchemes as Obj).apiKey = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };
  },
};

const CHANGES = [requiredInRequest, removedFromResponse, requiredParameter, removedOperation, removedParameter, removedStatus, removedMediaType, addedSecurity];

// --- The runs -----------------------------------------------------------------------------------

const DIR = mkdtempSync(path.join(tmpdir(), 'apilint-diff-meaning-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** How a revision is written: as YAML, and with its schemas in a file of their own. */
interface Layout {
  yaml: boolean;
  external: boolean;
}

async function compare(name: string, base: Obj, revision: Obj, { yaml, external }: Layout) {
  const dir = path.join(DIR, name);
  mkdirSync(dir, { recursive: true });
  const extension = yaml ? 'yaml' : 'json';
  const write = (file: string, value: Json) => writeFileSync(path.join(dir, file), yaml ? YAML.safeStringify(value, { indent: 2 }) : JSON.stringify(value, null, 1));
  const files = { base: path.join(dir, 'base.json'), revision: path.join(dir, `revision.${extension}`) };
  writeFileSync(files.base, JSON.stringify(base, null, 1));
  if (external) {
    const { schemas, ...components } = revision.components as Obj;
    const moved = (value: Json, to: string) => JSON.parse(JSON.stringify(value).replaceAll(`"${SCHEMAS}`, `"${to}`)) as Json;
    write(`schemas.${extension}`, moved(schemas!, '#/'));
    write(`revision.${extension}`, moved({ ...revision, components }, `schemas.${extension}#/`));
  } else write(`revision.${extension}`, revision);
  const findings = await diffFiles(files.base, files.revision);
  return { findings, listing: `${findings.map(f => `${f.ruleId} ${f.severity} ${path.basename(f.file)}:${f.line} ${f.message}`).join('\n')}\n(documents kept in ${dir} if the run fails)` };
}

/** CI's seeds; APILINT_DIFF_SEEDS=<n> runs n of them. */
const SEEDS = Array.from({ length: Number(process.env.APILINT_DIFF_SEEDS ?? 100) }, (_, i) => 1000 + i);

/** A seed's document and a rewrite of it: one or more of REWRITES, in a random order, and a layout. */
function rewritten(seed: number): { base: Obj; revision: Obj; steps: string[]; layout: Layout; rnd: Random } {
  const rnd = random(seed);
  const base = generate(rnd);
  const steps = shuffled(rnd, Object.keys(REWRITES)).filter(() => chance(rnd, 0.5));
  if (steps.length === 0) steps.push(pick(rnd, Object.keys(REWRITES)));
  const revision = steps.reduce((doc, step) => REWRITES[step]!(rnd, doc), base);
  return { base, revision, steps, layout: { yaml: chance(rnd, 0.3), external: chance(rnd, 0.3) }, rnd };
}

const described = (steps: string[], { yaml, external }: Layout) => [...steps, ...(yaml ? ['yaml'] : []), ...(external ? ['schemas in a file of their own'] : [])].join(' + ');

describe('apilint diff of generated documents', () => {
  it.each(SEEDS)('seed %i: the same API as Swagger 2.0 and as OpenAPI 3.0, either way round, reports nothing', async seed => {
    const rnd = random(seed);
    const oas3 = generate(rnd, { oas3Only: false });
    const swagger = toSwagger2(oas3);
    for (const [base, revision, name] of [[oas3, swagger, 'to-2'], [swagger, oas3, 'to-3']] as const) {
      const { findings, listing } = await compare(`${name}-${seed}`, base, REWRITES.reorder!(rnd, revision), { yaml: false, external: false });
      expect(findings, `${name}:\n${listing}`).toEqual([]);
    }
  });

  it.each(SEEDS)('seed %i: a Swagger 2.0 API migrated to OpenAPI 3.0 with one real change reports that change only (and what it adds)', async seed => {
    const rnd = random(seed);
    const oas3 = generate(rnd, { oas3Only: false });
    const revision = reordered(rnd, oas3, UNORDERED);
    const change = pick(rnd, CHANGES.filter(c => c.applies?.(revision) ?? true));
    change.apply(revision);
    (revision.info as Obj).version = '2.0.0';
    const { findings, listing } = await compare(`migrated-${seed}`, toSwagger2(oas3), revision, { yaml: false, external: false });
    expect(findings.map(f => f.ruleId).sort(), `${change.rule}:\n${listing}`).toEqual([change.rule, ...(change.alongside ?? [])].sort());
  });

  it.each(SEEDS)('seed %i: a Swagger 2.0 rewrite that keeps the meaning reports nothing', async seed => {
    const rnd = random(seed);
    const oas3 = generate(rnd, { oas3Only: false });
    const portable = ['reorder', 'inline', 'extract', 'split', 'wrap', 'rename', 'defaults'];
    const steps = shuffled(rnd, portable).filter(() => chance(rnd, 0.5));
    const swaggerSteps = Object.keys(SWAGGER_REWRITES).filter(() => chance(rnd, 0.6));
    const revision = swaggerSteps.reduce((doc, step) => SWAGGER_REWRITES[step]!(rnd, doc), toSwagger2(steps.reduce((doc, step) => REWRITES[step]!(rnd, doc), oas3)));
    const layout = { yaml: chance(rnd, 0.3), external: false };
    const { findings, listing } = await compare(`swagger-${seed}`, toSwagger2(oas3), revision, layout);
    expect(findings, `${described([...steps, ...swaggerSteps], layout)}:\n${listing}`).toEqual([]);
  });

  it.each(SEEDS)('seed %i: the same API as OpenAPI 3.0 and as 3.1, either way round, reports nothing', async seed => {
    const rnd = random(seed);
    const oas30 = generate(rnd);
    const oas31 = toOas31(oas30);
    for (const [base, revision, name] of [[oas30, oas31, 'to-3.1'], [oas31, oas30, 'to-3.0']] as const) {
      const { findings, listing } = await compare(`${name}-${seed}`, base, REWRITES.reorder!(rnd, revision), { yaml: false, external: false });
      expect(findings, `${name}:\n${listing}`).toEqual([]);
    }
  });

  it.each(SEEDS)('seed %i: a rewrite that keeps the meaning reports nothing', async seed => {
    const { base, revision, steps, layout } = rewritten(seed);
    const { findings, listing } = await compare(`same-${seed}`, base, revision, layout);
    expect(findings, `${described(steps, layout)}:\n${listing}`).toEqual([]);
  });

  it.each(SEEDS)('seed %i: a rewrite plus one real change reports that change only (and what it adds)', async seed => {
    const { base, revision, steps, layout, rnd } = rewritten(seed);
    const change = pick(rnd, CHANGES.filter(c => c.applies?.(revision) ?? true));
    change.apply(revision);
    // Each change breaks clients: a MAJOR version, or info-version-bump reports it too.
    (revision.info as Obj).version = '2.0.0';
    const { findings, listing } = await compare(`changed-${seed}`, base, revision, layout);
    expect(findings.map(f => f.ruleId).sort(), `${described([...steps, change.rule], layout)}:\n${listing}`).toEqual([change.rule, ...(change.alongside ?? [])].sort());
  });
});
