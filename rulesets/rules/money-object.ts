import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { atKey, isObject, type Obj } from '../lib/oas.js';
import { schemaIndex, schemaTypes, unwrappedSchema, type PropertyNode } from '../lib/schemas.js';
import { stringList } from '../lib/options.js';

interface Options {
  names: string[];
  suffixes: string[];
}

const isNumeric = (schema: Obj) => schemaTypes(schema).some(t => t === 'number' || t === 'integer');

const hasProperty = (schema: Obj, test: (name: string) => boolean) => isObject(schema.properties) && Object.keys(schema.properties).some(test);

/** An object shaped like money: `amount` beside `currency`. */
const isMoneyShaped = (schema: Obj) => hasProperty(schema, n => n === 'amount') && hasProperty(schema, n => n === 'currency');

/** An amount beside a unit (`{amount: 25, unit: gib}`) is a quantity, not money. */
const isQuantity = (prop: PropertyNode) =>
  /(^|_)amount$/.test(prop.name) && hasProperty(prop.parent.schema, n => /(^|_)units?$/.test(n));

/** What is wrong with the `amount` of a money object, if anything. */
function amountProblem(amount: Obj): string | undefined {
  const { format } = amount;
  // A number without format is number-format's finding.
  if (schemaTypes(amount).includes('number')) return format === undefined || format === 'decimal' ? undefined : `has format "${String(format)}"`;
  const types = schemaTypes(amount).filter(t => t !== 'null');
  return types.length > 0 ? `is of type ${types.join(' or ')}` : undefined;
}

export default defineRule<Options>({
  id: 'money-object',
  severity: 'warn',
  ref: '2',
  zalando: [173],
  description:
    'Money values are objects with `amount` (number, format `decimal`) and `currency` (ISO 4217), never a bare number named like a price.',
  rationale:
    'Common structures use the common money object (guideline 2): an amount is meaningless without its currency, and binary ' +
    'floating point cannot hold decimal amounts exactly, so `amount` is a `number` with `format: decimal` that clients read as a ' +
    'decimal. A bare number named like a price (`price`, `amount`, `cost`, `fee`, `*_price`, `*_amount`, ...) hides both. ' +
    'A missing number format is reported by `number-format` and the currency code format by `standard-codes`.',
  examples: {
    incorrect: 'properties:\n  unit_price:\n    type: number\n    format: double',
    correct:
      'properties:\n  unit_price:\n    $ref: "#/components/schemas/Money"\n# Money:\n#   type: object\n#   properties:\n#     amount: {type: number, format: decimal}\n#     currency: {type: string, format: iso-4217}',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        names: stringList('Property names that hold money.'),
        suffixes: stringList('Property name endings that hold money.'),
      },
      additionalProperties: false,
    },
    // Not `total`: it is mostly a count (`total: integer` in page objects).
    defaults: { names: ['price', 'amount', 'cost', 'fee'], suffixes: ['_price', '_amount', '_cost', '_fee'] },
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root, { names, suffixes }) {
    const isMoneyName = (name: string) => names.includes(name) || suffixes.some(s => name.endsWith(s));
    const check = (prop: PropertyNode) => {
      const schema = unwrappedSchema(prop.schema);
      if (!isObject(schema)) return [];
      if (prop.name === 'amount' && isMoneyShaped(prop.parent.schema)) {
        const problem = amountProblem(schema);
        return problem
          ? [{ message: `Money amount "amount" ${problem}: use type number with format decimal.`, path: atKey(prop.jsonPath) }]
          : [];
      }
      if (isMoneyName(prop.name) && isNumeric(schema) && !isQuantity(prop)) {
        return [{ message: `Property "${prop.name}" is a bare number: use a money object with "amount" and "currency".`, path: atKey(prop.jsonPath) }];
      }
      return [];
    };
    return schemaIndex(root).properties.flatMap(check);
  },
});
