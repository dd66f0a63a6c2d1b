import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { isObject, operations, parameters, type Obj } from '../lib/oas.js';
import { schemaTypes } from '../lib/schemas.js';
import { codeKindOfFormat } from '../lib/fields.js';

// String formats whose values are URL-friendly by construction; standard codes (ISO 3166, BCP 47, ...) too.
const URL_FRIENDLY_FORMATS = new Set(['date', 'date-time', 'int32', 'int64']);
const isUrlFriendlyFormat = (format: unknown) =>
  (typeof format === 'string' && URL_FRIENDLY_FORMATS.has(format)) || codeKindOfFormat(format) !== undefined;

/** What keeps a path parameter from being a plain URL-friendly identifier, if anything. */
function problem(schema: Obj, depth = 0): string | undefined {
  if (depth < 3) {
    // allOf: one schema in parts; oneOf/anyOf (`integer` or `string`): every alternative must be URL-friendly.
    const { allOf, ...rest } = schema;
    if (Array.isArray(allOf)) return problem(Object.assign({}, ...allOf.filter(isObject), rest), depth + 1);
    const alternatives = [schema.oneOf, schema.anyOf].flatMap(list => (Array.isArray(list) ? list.filter(isObject) : []));
    if (schema.type === undefined && alternatives.length > 0) return alternatives.map(a => problem(a, depth + 1)).find(p => p !== undefined);
  }
  const types = schemaTypes(schema).filter(t => t !== 'null');
  const { format, pattern } = schema;
  if (format === 'uuid') return 'is a UUID: use UUIDs only where necessary, and prefer a shorter URL-friendly key';
  if (types.some(t => t !== 'string' && t !== 'integer')) return `is of type ${types.join(' or ')}: identifiers are strings or integers`;
  if (types.includes('integer')) return undefined;
  if (typeof pattern === 'string' || Array.isArray(schema.enum)) return undefined;
  if (isUrlFriendlyFormat(format)) return undefined;
  const what = types.length === 0 ? 'has no type' : 'is a string without pattern';
  return `${what}: declare a string with a pattern (or an integer) so the identifier stays URL-friendly`;
}

export default defineRule({
  id: 'url-friendly-ids',
  severity: 'info',
  ref: '2',
  zalando: [228],
  description:
    'Path parameters are strings or integers with a `pattern` or known `format`; UUIDs (`format: uuid`) only where necessary.',
  rationale:
    'Resource identifiers are URL-friendly, compound keys may be used, and UUIDs only where necessary (guideline 2). A `pattern` ' +
    '(such as `^[0-9A-Z]{12}$`) documents that an identifier needs no escaping in a URL; long random UUIDs are hard to read, ' +
    'to type and to log, and are only needed where keys must be generated without coordination.',
  examples: {
    incorrect: 'parameters:\n  - name: order_id\n    in: path\n    required: true\n    schema:\n      type: string\n      format: uuid',
    correct: "parameters:\n  - name: order_id\n    in: path\n    required: true\n    schema:\n      type: string\n      pattern: '^[0-9A-Z]{12}$'",
  },
  given: '$',
  check(root) {
    if (!isObject(root)) return;
    // Path parameters of every operation, plus shared ones nobody uses yet; each object once.
    const found = new Map<Obj, JsonPath>();
    const add = (parameter: unknown, jsonPath: JsonPath) => {
      if (isObject(parameter) && parameter.in === 'path' && !found.has(parameter)) found.set(parameter, jsonPath);
    };
    for (const op of operations(root)) for (const p of parameters(op)) add(p.parameter, p.jsonPath);
    const components = isObject(root.components) ? root.components : {};
    for (const [base, map] of [[['components', 'parameters'], components.parameters], [['parameters'], root.parameters]] as const) {
      if (isObject(map)) for (const [key, parameter] of Object.entries(map)) add(parameter, [...base, key]);
    }
    return [...found].flatMap(([parameter, jsonPath]) => {
      // 3.x declares a schema; 2.0 path parameters carry type, format and pattern themselves.
      const schema = parameter.schema === undefined ? (parameter.content === undefined ? parameter : undefined) : parameter.schema;
      const issue = isObject(schema) ? problem(schema) : undefined;
      return issue ? [{ message: `Path parameter "${String(parameter.name)}" ${issue}.`, path: jsonPath }] : [];
    });
  },
});
