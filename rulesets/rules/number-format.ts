import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { isObject } from '../lib/oas.js';
import { schemaIndex, schemaName, schemaTypes, type SchemaNode } from '../lib/schemas.js';
import { quote } from '../lib/fields.js';

const FORMATS = { integer: ['int32', 'int64', 'bigint'], number: ['float', 'double', 'decimal'] } as const;
const ALL_FORMATS: readonly unknown[] = [...FORMATS.integer, ...FORMATS.number];
const list = (formats: readonly string[]) => formats.map(f => `"${f}"`).join(', ');

/** What the schema is, for messages: a property, a parameter or header (2.0 simple or 3.x `schema`), a named schema, or a schema. */
function describe(root: unknown, { schema, jsonPath, name, origin, simple }: SchemaNode): string {
  if (name !== undefined) return `Property ${quote(name)}`;
  const named = schemaName(jsonPath);
  if (named !== undefined) return `Schema ${quote(named)}`;
  const last = jsonPath[jsonPath.length - 1];
  const holderPath = simple ? jsonPath : last === 'schema' ? jsonPath.slice(0, -1) : undefined;
  if (holderPath !== undefined && last !== 'items') {
    const holder = simple ? schema : valueAt(root, holderPath);
    if (origin === 'parameter' && isObject(holder) && typeof holder.name === 'string') return `Parameter ${quote(holder.name)}`;
    if (origin === 'header') return `Header ${quote(String(holderPath[holderPath.length - 1]))}`;
  }
  return 'A schema';
}

const valueAt = (root: unknown, path: JsonPath): unknown => path.reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined), root);

export default defineRule({
  id: 'number-format',
  severity: 'error',
  ref: '2',
  zalando: [171],
  description: 'Every `number` and `integer` schema has a `format`: `int32`, `int64`, `bigint`, `float`, `double` or `decimal`.',
  rationale:
    'A format is defined for each number and integer (guideline 2, "Numbers and integers"): without one, clients guess the range and precision ' +
    'and may overflow or round. `integer` takes `int32`, `int64` or `bigint`; `number` takes `float`, `double` or `decimal`. ' +
    'Any of the six is accepted on either type; other values (`int8`, `uint64`) are not standard. Parameters and headers of Swagger 2.0 and array items are included.',
  examples: {
    incorrect: 'properties:\n  weight_kg:\n    type: number',
    correct: 'properties:\n  weight_kg:\n    type: number\n    format: decimal',
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root) {
    return schemaIndex(root).schemas.flatMap(node => {
      const { schema } = node;
      const type = schemaTypes(schema).find((t): t is keyof typeof FORMATS => t === 'integer' || t === 'number');
      if (type === undefined || ALL_FORMATS.includes(schema.format)) return [];
      const what = `${describe(root, node)} (${type})`;
      const { jsonPath } = node;
      if (schema.format === undefined) {
        return [{ message: `${what} declares no format: add format ${list(FORMATS[type])}.`, path: jsonPath }];
      }
      const format = typeof schema.format === 'string' ? quote(schema.format) : 'that is not a string';
      return [{ message: `${what} has format ${format}, not a standard one: use ${list(FORMATS[type])}.`, path: [...jsonPath, 'format'] }];
    });
  },
});
