// One version of an API read into the version-neutral model the diff rules compare
// (rulesets/diff-rule.ts). Swagger 2.0 and OpenAPI 3.x meet here, so a 2.0 → 3.0 migration is
// compared by meaning: `basePath` and the servers' path are part of every path, `in: body` is a
// request body, `formData` parameters and 3.x form bodies are both form fields, `produces` and
// `consumes` are media types, `collectionFormat` and `style`/`explode` are one serialization, and
// security schemes are known by what they are rather than by their names.
import type {
  Both,
  DocumentModel,
  HeaderModel,
  Keyword,
  Loc,
  MediaTypeModel,
  OperationModel,
  ParameterModel,
  PathModel,
  RequestBodyModel,
  ResponseModel,
  SchemaNode,
  SecurityAlternative,
  SecurityModel,
  ServerModel,
} from '../../rulesets/diff-rule.js';
import { withoutTrailingSlashes } from '../../rulesets/lib/naming.js';
import { HTTP_METHODS, isExtensionKey, isObject, type Obj } from '../../rulesets/lib/oas.js';
import { schemaView } from './schema.js';
import type { Side } from './side.js';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

const at = (loc: Loc, ...keys: (string | number)[]): Loc => ({ file: loc.file, path: [...loc.path, ...keys] });

function keyword<T>(node: SchemaNode, key: string, test: (v: unknown) => v is T): Keyword<T> | undefined {
  const value = isObject(node.value) ? node.value[key] : undefined;
  return test(value) ? { value, loc: at(node.loc, key) } : undefined;
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isAny = (v: unknown): v is unknown => v !== undefined;

/** `/orders/{order_id}/items` → `/orders/{}/items`: a renamed path variable is no change. */
const pathKey = (template: string): string => template.replace(/\{[^{}]*\}/g, '{}');

/**
 * The paths of both versions in pairs, the revision's in its order, then the base's removed
 * ones: the same template, else the same but for the names of its variables, first with first.
 * A document may hold templates that differ in those names only (GitHub's
 * `/users/{username}/attestations/{subject_digest}` and `…/{attestation_id}`): keyed by the
 * template without them, one hid the other, and swapping their order read as a removal.
 */
export function pairPaths(base: ReadonlyMap<string, PathModel>, revision: ReadonlyMap<string, PathModel>): Both<PathModel | undefined>[] {
  // The base's paths that the revision does not name, by the template without variable names, last first (taken by pop).
  const renamed = new Map<string, PathModel[]>();
  for (const [name, path] of [...base].reverse()) {
    if (revision.has(name)) continue;
    const key = pathKey(name);
    const list = renamed.get(key);
    if (list) list.push(path);
    else renamed.set(key, [path]);
  }
  const paired = new Set<PathModel>();
  const pairs: Both<PathModel | undefined>[] = [];
  for (const [name, path] of revision) {
    const partner = base.get(name) ?? renamed.get(pathKey(name))?.pop();
    if (partner) paired.add(partner);
    pairs.push({ base: partner, revision: path });
  }
  for (const path of base.values()) if (!paired.has(path)) pairs.push({ base: path, revision: undefined });
  return pairs;
}

/** `application/JSON; charset=utf-8` → type/subtype in lower case, and the `version` parameter. */
export function parseMediaType(name: string): { essence: string; version?: string } {
  const [essence = '', ...params] = name.split(';');
  const version = params.map(versionParameter).find(v => v !== undefined);
  return { essence: essence.trim().toLowerCase(), ...(version !== undefined ? { version } : {}) };
}

/**
 * ` version = "2"` → `2`. Read by hand: the RegExp it replaces, `^\s*version\s*=\s*"?([^";]*)"?\s*$`,
 * tries each split of a run of blanks between its quantifiers (cubic: 8 s on a 4 KB media type).
 */
function versionParameter(parameter: string): string | undefined {
  const eq = parameter.indexOf('=');
  if (eq === -1 || parameter.slice(0, eq).trim().toLowerCase() !== 'version') return undefined;
  let value = parameter.slice(eq + 1).trimStart();
  if (value.startsWith('"')) value = value.slice(1);
  const quote = value.indexOf('"');
  if (quote === -1) return value;
  return value.slice(quote + 1).trim() === '' ? value.slice(0, quote) : undefined;
}

export function buildModel(side: Side): DocumentModel {
  const root: SchemaNode = { value: side.data, loc: { file: side.file, path: [] } };
  const data = side.data as Obj;
  const oas2 = data.swagger !== undefined;
  const version = String(data.openapi ?? data.swagger);
  const info = side.child(root, 'info');
  const servers = readServers(side, root, oas2);
  const prefix = servers.prefix;
  const reader = new Reader(side, root, oas2);
  const paths = new Map<string, PathModel>();
  const pathsNode = side.child(root, 'paths');
  if (pathsNode && isObject(pathsNode.value)) {
    for (const template of Object.keys(pathsNode.value)) {
      if (!template.startsWith('/')) continue;
      const name = joinPath(prefix, template);
      const item = side.child(pathsNode, template)!;
      paths.set(name, reader.pathItem(item, name, template, false));
    }
  }
  const webhooks = new Map<string, PathModel>();
  const hooks = side.child(root, 'webhooks');
  if (hooks && isObject(hooks.value)) {
    for (const name of Object.keys(hooks.value)) webhooks.set(name, reader.pathItem(side.child(hooks, name)!, `webhook "${name}"`, name, true));
  }
  return {
    loc: root.loc,
    version,
    ...(info && isObject(info.value) && (typeof info.value.version === 'string' || typeof info.value.version === 'number')
      ? { infoVersion: { value: String(info.value.version), loc: at(info.loc, 'version') } }
      : {}),
    servers: servers.list,
    paths,
    webhooks,
  };
}

function joinPath(prefix: string, template: string): string {
  const base = withoutTrailingSlashes(prefix);
  return base === '' ? template : `${base}${template}`;
}

/** Servers (3.x `servers`, 2.0 `schemes`/`host`/`basePath`) and the path every operation's path starts with. */
function readServers(side: Side, root: SchemaNode, oas2: boolean): { list: ServerModel[]; prefix: string } {
  const data = root.value as Obj;
  if (oas2) {
    const basePath = typeof data.basePath === 'string' ? data.basePath : '';
    if (typeof data.host !== 'string') return { list: [], prefix: basePath };
    const schemes = Array.isArray(data.schemes) && data.schemes.length > 0 ? data.schemes.map(String) : ['https'];
    const loc = at(root.loc, 'host');
    return { list: schemes.map(s => ({ url: `${s}://${data.host as string}${basePath}`, origin: `${s}://${String(data.host).toLowerCase()}`, loc })), prefix: basePath };
  }
  const list: ServerModel[] = [];
  const node = side.child(root, 'servers');
  if (node && Array.isArray(node.value)) {
    node.value.forEach((server, i) => {
      if (!isObject(server) || typeof server.url !== 'string') return;
      // Variables take their defaults: `{scheme}://api.example.com/{basePath}`.
      const variables = isObject(server.variables) ? server.variables : {};
      const url = server.url.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
        const variable = variables[name];
        return isObject(variable) && variable.default !== undefined ? String(variable.default) : whole;
      });
      const match = /^([a-z][a-z0-9+.-]*:\/\/[^/]*)(.*)$/is.exec(url);
      list.push({ url, origin: match ? match[1]!.toLowerCase() : '', loc: at(node.loc, i, 'url') });
    });
  }
  const first = list[0];
  const prefix = first ? (/^[a-z][a-z0-9+.-]*:\/\/[^/]*(.*)$/is.exec(first.url)?.[1] ?? first.url) : '';
  return { list, prefix: prefix.startsWith('/') ? prefix : '' };
}

/** Where a node is written, as a key: a `$ref`'d node is the same node, at the same place, from every operation. */
const placeKey = (node: SchemaNode): string => `${node.loc.file}\u0000${node.loc.path.join('\u0000')}`;

/**
 * A model made once per node and place (and `extra`, what else it depends on): the operations that
 * share a `$ref`'d response, its content or the document's security share one model, which the
 * comparison then compares once (compare.ts). Made for each operation, n operations sharing a
 * response of n headers held n² models (1,000 of each: 1.65 GB).
 */
class NodeModels<T> {
  private readonly made = new WeakMap<object, Map<string, T>>();

  of(node: SchemaNode, extra: string, make: () => T): T {
    const value = node.value;
    if (value === null || typeof value !== 'object') return make();
    let byPlace = this.made.get(value);
    if (!byPlace) this.made.set(value, (byPlace = new Map()));
    const key = `${extra}\u0000${placeKey(node)}`;
    let model = byPlace.get(key);
    if (model === undefined) byPlace.set(key, (model = make()));
    return model;
  }
}

class Reader {
  private readonly schemes: Map<string, string>;
  private readonly responses = new NodeModels<ResponseModel>();
  private readonly contents = new NodeModels<Map<string, MediaTypeModel>>();
  /** The document's `security`, in effect for every operation without its own. */
  private documentSecurity: SecurityModel | undefined;

  constructor(
    private readonly side: Side,
    private readonly root: SchemaNode,
    private readonly oas2: boolean,
  ) {
    this.schemes = this.securitySchemes();
  }

  pathItem(item: SchemaNode, name: string, template: string, reversed: boolean): PathModel {
    const operations = new Map<string, OperationModel>();
    if (isObject(item.value)) {
      for (const method of HTTP_METHODS) {
        const op = this.side.child(item, method);
        if (op && isObject(op.value)) operations.set(method, this.operation(op, item, method, name, template, reversed));
      }
    }
    return { loc: item.loc, name, webhook: name.startsWith('webhook '), operations };
  }

  private operation(op: SchemaNode, item: SchemaNode, method: string, pathName: string, template: string, reversed: boolean): OperationModel {
    const value = op.value as Obj;
    const name = `${method.toUpperCase()} ${pathName}`;
    const parameters = new Map<string, ParameterModel>();
    let body: SchemaNode | undefined;
    let bodyParameter: Obj | undefined;
    const formFields: ParameterModel[] = [];
    // The path item's parameters, then the operation's, which override them by `in` and name.
    const raw = new Map<string, SchemaNode>();
    for (const holder of [item, op]) {
      const list = this.side.child(holder, 'parameters');
      if (!list || !Array.isArray(list.value)) continue;
      list.value.forEach((_, i) => {
        const p = this.side.child(list, i)!;
        if (!isObject(p.value) || p.unresolved) return;
        raw.set(`${String(p.value.in)}:${String(p.value.name).toLowerCase()}`, p);
      });
    }
    const placeholders = (template.match(/\{[^{}]*\}/g) ?? []).map(s => s.slice(1, -1));
    for (const p of raw.values()) {
      const v = p.value as Obj;
      if (this.oas2 && v.in === 'body') {
        body = this.side.schema(p, 'schema') ?? { value: {}, loc: at(p.loc, 'schema') };
        bodyParameter = v;
        continue;
      }
      const model = this.parameter(p, placeholders);
      if (model.formField) formFields.push(model);
      else parameters.set(model.in === 'path' ? `path:${placeholders.indexOf(model.name) >= 0 ? placeholders.indexOf(model.name) : model.name}` : `${model.in}:${model.in === 'header' ? model.name.toLowerCase() : model.name}`, model);
    }
    const requestBody = this.oas2 ? this.requestBody2(op, body, bodyParameter, formFields) : this.requestBody3(op, formFields);
    for (const field of formFields) parameters.set(`formData:${field.name}`, field);
    const responses = new Map<string, ResponseModel>();
    const responsesNode = this.side.child(op, 'responses');
    if (responsesNode && isObject(responsesNode.value)) {
      for (const code of Object.keys(responsesNode.value)) {
        if (isExtensionKey(code)) continue;
        const response = this.side.child(responsesNode, code)!;
        if (isObject(response.value)) responses.set(code.toUpperCase(), this.response(response, code, op));
      }
    }
    const callbacks = new Map<string, OperationModel>();
    const callbacksNode = this.side.child(op, 'callbacks');
    if (callbacksNode && isObject(callbacksNode.value)) {
      for (const callbackName of Object.keys(callbacksNode.value)) {
        const callback = this.side.child(callbacksNode, callbackName)!;
        if (!isObject(callback.value)) continue;
        for (const expression of Object.keys(callback.value)) {
          if (isExtensionKey(expression)) continue;
          const path = this.pathItem(this.side.child(callback, expression)!, `callback "${callbackName}" of ${name}`, expression, !reversed);
          for (const [m, operation] of path.operations) callbacks.set(`${callbackName} ${expression} ${m}`, operation);
        }
      }
    }
    return {
      loc: op.loc,
      name,
      method,
      reversed,
      deprecated: value.deprecated === true,
      ...sunset(op),
      ...optional('operationId', keyword(op, 'operationId', isString)),
      ...optional('summary', keyword(op, 'summary', isString)),
      ...optional('description', keyword(op, 'description', isString)),
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses,
      security: this.security(op),
      callbacks,
    };
  }

  private parameter(p: SchemaNode, placeholders: string[]): ParameterModel {
    const v = p.value as Obj;
    const location = String(v.in);
    const name = String(v.name);
    let schema: SchemaNode | undefined;
    if (this.oas2) schema = p;
    else if (v.schema !== undefined) schema = this.side.schema(p, 'schema');
    else if (isObject(v.content)) {
      const media = Object.keys(v.content)[0];
      if (media !== undefined) schema = this.side.schema(p, 'content', media, 'schema');
    }
    return {
      loc: p.loc,
      name,
      in: location === 'formData' ? 'formData' : location,
      // Path parameters are always required; 2.0 and 3.x agree.
      required: v.required === true || (location === 'path' && placeholders.includes(name)),
      deprecated: v.deprecated === true,
      ...sunset(p),
      serialization: this.serialization(p),
      ...(schema ? { schema } : {}),
      ...optional('description', keyword(p, 'description', isString)),
      formField: location === 'formData',
      valueKind: schema ? this.valueKind(schema) : 'unknown',
    };
  }

  private valueKind(schema: SchemaNode): ParameterModel['valueKind'] {
    const view = schemaView(this.side, schema);
    const types = view.types ? [...view.types].filter(t => t !== 'null') : [];
    if (types.includes('array') || view.items) return 'array';
    if (types.includes('object') || view.properties.size > 0) return 'object';
    return types.length > 0 ? 'scalar' : 'unknown';
  }

  /** The wire form of an array or object value: 2.0 `collectionFormat` and 3.x `style`/`explode` on one scale. */
  private serialization(p: SchemaNode): Keyword<string> {
    const v = p.value as Obj;
    if (this.oas2) {
      const written = keyword(p, 'collectionFormat', isString);
      return written ?? { value: 'csv', loc: p.loc };
    }
    if (isObject(v.content)) return { value: `content ${Object.keys(v.content)[0] ?? ''}`, loc: at(p.loc, 'content') };
    const location = String(v.in);
    const style = typeof v.style === 'string' ? v.style : location === 'query' || location === 'cookie' ? 'form' : 'simple';
    const explode = typeof v.explode === 'boolean' ? v.explode : style === 'form';
    const loc = v.style !== undefined ? at(p.loc, 'style') : v.explode !== undefined ? at(p.loc, 'explode') : p.loc;
    const forms: Record<string, string> = { form: 'csv', simple: 'csv', spaceDelimited: 'ssv', pipeDelimited: 'pipes' };
    if (style in forms) return { value: explode && style !== 'simple' ? 'multi' : forms[style]!, loc };
    return { value: explode ? `${style} exploded` : style, loc };
  }

  private requestBody2(op: SchemaNode, body: SchemaNode | undefined, parameter: Obj | undefined, fields: ParameterModel[]): RequestBodyModel | undefined {
    if (body && parameter) {
      const bodyLoc = { file: body.loc.file, path: body.loc.path.slice(0, -1) };
      const content = new Map<string, MediaTypeModel>();
      for (const { type, loc } of this.mediaTypes2(op, 'consumes')) content.set(type, { ...media(type, loc), schema: body });
      return { loc: bodyLoc, required: parameter.required === true, content, ...optional('description', keyword({ value: parameter, loc: bodyLoc }, 'description', isString)) };
    }
    if (fields.length === 0) return undefined;
    const content = new Map<string, MediaTypeModel>();
    const types = this.mediaTypes2(op, 'consumes').filter(t => FORM_TYPES.has(parseMediaType(t.type).essence));
    for (const { type, loc } of types.length > 0 ? types : [{ type: 'application/x-www-form-urlencoded', loc: at(op.loc, 'parameters') }]) content.set(type, media(type, loc));
    return { loc: at(op.loc, 'parameters'), required: fields.some(f => f.required), content };
  }

  /** 2.0 media types: the operation's `consumes`/`produces`, else the document's, else JSON; each where it is written. */
  private mediaTypes2(op: SchemaNode, key: 'consumes' | 'produces'): { type: string; loc: Loc }[] {
    for (const holder of [op, this.root]) {
      const list = (holder.value as Obj)[key];
      if (Array.isArray(list) && list.length > 0) return list.map((type, i) => ({ type: String(type), loc: at(holder.loc, key, i) }));
    }
    return [{ type: 'application/json', loc: op.loc }];
  }

  private requestBody3(op: SchemaNode, fields: ParameterModel[]): RequestBodyModel | undefined {
    const node = this.side.child(op, 'requestBody');
    if (!node || !isObject(node.value) || node.unresolved) return undefined;
    const content = this.content(node);
    // A form body's properties are form fields, as 2.0 `formData` parameters are.
    for (const [type, entry] of content) {
      if (!FORM_TYPES.has(entry.essence) || !entry.schema) continue;
      const view = schemaView(this.side, entry.schema);
      if (view.unresolved || view.properties.size === 0) continue;
      for (const property of view.properties.values()) {
        fields.push({
          loc: property.loc,
          name: property.name,
          in: 'formData',
          required: property.required,
          deprecated: property.deprecated,
          ...(property.sunset ? { sunset: property.sunset } : {}),
          serialization: { value: 'csv', loc: property.loc },
          schema: property.schema,
          formField: true,
          valueKind: this.valueKind(property.schema),
        });
      }
      content.set(type, { ...entry, schema: undefined } as MediaTypeModel);
      break;
    }
    return { loc: node.loc, required: node.value.required === true, content, ...optional('description', keyword(node, 'description', isString)) };
  }

  private content(holder: SchemaNode): Map<string, MediaTypeModel> {
    return this.contents.of(holder, '', () => this.readContent(holder));
  }

  private readContent(holder: SchemaNode): Map<string, MediaTypeModel> {
    const out = new Map<string, MediaTypeModel>();
    const content = this.side.child(holder, 'content');
    if (!content || !isObject(content.value)) return out;
    for (const type of Object.keys(content.value)) {
      const entry = this.side.child(content, type)!;
      const schema = isObject(entry.value) && entry.value.schema !== undefined ? this.side.schema(entry, 'schema') : undefined;
      out.set(type, { ...media(type, entry.loc), ...(schema ? { schema } : {}) });
    }
    return out;
  }

  private response(response: SchemaNode, code: string, op: SchemaNode): ResponseModel {
    // A 2.0 response's media types are its operation's.
    return this.oas2 ? this.readResponse(response, code, op) : this.responses.of(response, code, () => this.readResponse(response, code, op));
  }

  private readResponse(response: SchemaNode, code: string, op: SchemaNode): ResponseModel {
    const headers = new Map<string, HeaderModel>();
    const headersNode = this.side.child(response, 'headers');
    if (headersNode && isObject(headersNode.value)) {
      for (const name of Object.keys(headersNode.value)) {
        const header = this.side.child(headersNode, name)!;
        if (!isObject(header.value)) continue;
        const schema = this.oas2 ? header : header.value.schema !== undefined ? this.side.schema(header, 'schema') : undefined;
        headers.set(name.toLowerCase(), {
          loc: header.loc,
          name,
          required: header.value.required === true,
          deprecated: header.value.deprecated === true,
          ...sunset(header),
          ...(schema ? { schema } : {}),
          ...optional('description', keyword(header, 'description', isString)),
        });
      }
    }
    let content: Map<string, MediaTypeModel>;
    if (this.oas2) {
      content = new Map();
      const schema = this.side.schema(response, 'schema');
      if (schema) for (const { type, loc } of this.mediaTypes2(op, 'produces')) content.set(type, { ...media(type, loc), schema });
    } else {
      content = this.content(response);
    }
    return { loc: response.loc, code: code.toUpperCase(), headers, content, ...optional('description', keyword(response, 'description', isString)) };
  }

  /** The operation's own requirements, else the document's. */
  private security(op: SchemaNode): SecurityModel {
    const own = isObject(op.value) && Array.isArray(op.value.security);
    if (own) return this.readSecurity(op, this.side.child(op, 'security')!);
    const node = this.side.child(this.root, 'security');
    // Where the document has none, the model is placed at the operation.
    if (!node) return this.readSecurity(op, node);
    return (this.documentSecurity ??= this.readSecurity(op, node));
  }

  private readSecurity(op: SchemaNode, node: SchemaNode | undefined): SecurityModel {
    const alternatives: SecurityAlternative[] = [];
    if (node && Array.isArray(node.value)) {
      for (const requirement of node.value) {
        if (!isObject(requirement)) continue;
        const schemes = new Map<string, { name: string; scopes: Set<string> }>();
        for (const [name, scopes] of Object.entries(requirement)) {
          schemes.set(this.schemes.get(name) ?? `undefined ${name}`, { name, scopes: new Set(Array.isArray(scopes) ? scopes.map(String) : []) });
        }
        alternatives.push({ schemes });
      }
    }
    return { loc: node?.loc ?? op.loc, alternatives };
  }

  /** Scheme name → what the scheme is, so renaming a scheme is no change (names kept apart where two are alike). */
  private securitySchemes(): Map<string, string> {
    const holder = this.oas2 ? this.side.child(this.root, 'securityDefinitions') : (() => {
      const components = this.side.child(this.root, 'components');
      return components ? this.side.child(components, 'securitySchemes') : undefined;
    })();
    const out = new Map<string, string>();
    if (!holder || !isObject(holder.value)) return out;
    const kinds = new Map<string, string[]>();
    for (const name of Object.keys(holder.value)) {
      const scheme = this.side.child(holder, name)!.value;
      const kind = isObject(scheme) ? schemeKind(scheme) : `unknown ${name}`;
      kinds.set(kind, [...(kinds.get(kind) ?? []), name]);
    }
    for (const [kind, names] of kinds) for (const name of names) out.set(name, names.length > 1 ? `${kind} ${name}` : kind);
    return out;
  }
}

function schemeKind(scheme: Obj): string {
  switch (scheme.type) {
    case 'apiKey':
      return `apiKey ${String(scheme.in)} ${String(scheme.name).toLowerCase()}`;
    case 'basic':
      return 'http basic';
    case 'http':
      return `http ${String(scheme.scheme).toLowerCase()}`;
    case 'openIdConnect':
      return `openIdConnect ${String(scheme.openIdConnectUrl)}`;
    default:
      return String(scheme.type);
  }
}

function media(name: string, loc: Loc): MediaTypeModel {
  return { name, ...parseMediaType(name), loc };
}

function sunset(node: SchemaNode): { sunset?: Keyword<unknown> } {
  const value = keyword(node, 'x-sunset', isAny);
  return value ? { sunset: value } : {};
}

const optional = <K extends string, T>(key: K, value: T | undefined): { [P in K]?: T } => (value === undefined ? {} : ({ [key]: value } as { [P in K]: T }));

