import type { IFunctionResult } from '@stoplight/spectral-core';
import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { isObject, operations, responseBodies, responses } from '../lib/oas.js';
import { isExtensible31, reachableSchemas, schemaIndex, schemaTypes, type SchemaNode } from '../lib/schemas.js';
import { quote } from '../lib/fields.js';
import { enumProperties, isVocabularyEnum } from '../lib/vocabularies.js';
import { firstSight } from '../lib/remember.js';

// Sets that are complete by nature: they cannot grow. `data_op` of data change events included.
const CLOSED_SETS = [
  ['asc', 'desc'],
  ['ascending', 'descending'],
  ['true', 'false'],
  ['yes', 'no'],
  ['on', 'off'],
  ['enabled', 'disabled'],
  ['c', 'u', 'd', 's'],
];

function isClosedSet(values: unknown[]): boolean {
  const set = new Set(values.map(v => String(v).toLowerCase()));
  return CLOSED_SETS.some(closed => closed.length === set.size && closed.every(v => set.has(v)));
}

function checkExtension(node: SchemaNode): IFunctionResult[] {
  const { schema, jsonPath } = node;
  const path = [...jsonPath, 'x-extensible-enum'];
  if (!Array.isArray(schema['x-extensible-enum'])) {
    return [{ message: '"x-extensible-enum" is not a list: list the known values.', path }];
  }
  if (schema.enum !== undefined) {
    return [{ message: 'Schema has both "enum" and "x-extensible-enum": keep only "x-extensible-enum" (open-ended) or only "enum" (closed).', path: [...jsonPath, 'enum'] }];
  }
  const types = schemaTypes(schema).filter(t => t !== 'null');
  if (types.length !== 1 || types[0] !== 'string') {
    const actual = types.length > 0 ? `type ${quote(types.join(', '))}` : 'no type';
    return [{ message: `"x-extensible-enum" sits on a schema with ${actual}: extensible enums are strings; declare "type: string".`, path }];
  }
  return [];
}

export default defineRule({
  id: 'extensible-enum',
  severity: 'warn',
  ref: '2, 9.3',
  zalando: [112],
  description:
    'Open-ended enumerations use `x-extensible-enum` (on a string schema, not mixed with `enum`); enums in responses that may grow are extensible.',
  rationale:
    'Open-ended enumerations are declared with the extensible-enum extension (guideline 2, "Enumerations"), and clients must accept compatible extensions (guideline 9.3). ' +
    'An `enum` in a response is a promise that no other value is ever returned: adding one later breaks clients that switch over the list. ' +
    'This rule therefore flags an `enum` of two or more strings in a schema that a response or an inline event payload can carry, unless the set is complete by nature ' +
    '(`asc`/`desc`, `yes`/`no`, `true`/`false`, `on`/`off`, `enabled`/`disabled`, and the `C`/`U`/`D`/`S` of `data_op`) or fixed by a standard that apilint\'s rules enforce ' +
    '(an event type\'s `category`, `compatibility_mode`, `partition_strategy` and schema `type`, the audience classes, HTTP methods), whatever order the operations come in: ' +
    'a schema that requests use too is still read by clients of the responses. Schemas only requests use are left alone, as input may be closed. ' +
    '`x-extensible-enum` lists the values known today; it sits on a `type: string` schema and never beside `enum`. ' +
    'In OpenAPI 3.1 an extensible enum may also be written as `examples` with a description starting "[Extensible enum]".',
  examples: {
    incorrect: 'status:   # in a response\n  type: string\n  enum: [CREATED, IN_TRANSIT, DELIVERED]',
    correct: 'status:\n  type: string\n  x-extensible-enum: [CREATED, IN_TRANSIT, DELIVERED]',
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root) {
    const is31 = isObject(root) && typeof root.openapi === 'string' && root.openapi.startsWith('3.1');
    const alternative = is31 ? ' (or, in 3.1, "examples" with a description starting "[Extensible enum]")' : '';
    // Every schema a response can carry, also one that a request used first.
    const first = firstSight();
    const inResponses = reachableSchemas(
      operations(root).flatMap(op => responses(op).flatMap(r => {
        const bodies = responseBodies(root, op, r.response, r.jsonPath);
        return first(bodies) ? bodies.map(body => body.schema) : [];
      })),
      isObject(root) ? root : undefined,
    );
    const index = schemaIndex(root);
    const properties = enumProperties(index);
    return index.schemas.flatMap(node => {
      const { schema, origin, name } = node;
      if (schema['x-extensible-enum'] !== undefined) return checkExtension(node);
      const values = schema.enum;
      if (origin !== 'response' && origin !== 'event' && !inResponses.has(schema)) return [];
      // A vocabulary that apilint's rules fix (event categories, HTTP methods, ...) is closed: its
      // rules reject other values.
      if (!Array.isArray(values) || isExtensible31(schema) || isClosedSet(values) || isVocabularyEnum(properties.get(schema), values)) return [];
      if (new Set(values.filter(v => typeof v === 'string')).size < 2) return [];
      const what = name === undefined ? 'An enum' : `Enum ${quote(name)}`;
      return [{
        message: `${what} in ${origin === 'event' ? 'an event' : 'a response'} cannot grow without breaking clients: if new values may come, use "x-extensible-enum"${alternative}.`,
        path: [...node.jsonPath, 'enum'],
      }];
    });
  },
});
