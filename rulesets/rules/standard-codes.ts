import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { isObject, type Obj } from '../lib/oas.js';
import { schemaIndex, schemaTypes } from '../lib/schemas.js';
import { CODE_STANDARDS, codeKind, isScalarSchema, quote } from '../lib/fields.js';

/** The schema holding the code: the property's own, or its items for a list (`country_codes`). */
function codeSchema(schema: Obj, jsonPath: JsonPath): { schema: Obj; jsonPath: JsonPath } | undefined {
  if (schemaTypes(schema).includes('array')) return isObject(schema.items) ? { schema: schema.items, jsonPath: [...jsonPath, 'items'] } : undefined;
  return { schema, jsonPath };
}

export default defineRule({
  id: 'standard-codes',
  severity: 'warn',
  ref: '2',
  zalando: [170],
  description:
    'Country, language, locale and currency properties declare their standard (ISO 3166-1 alpha-2, ISO 639-1 / BCP 47, ISO 4217) by `format` or `pattern`.',
  rationale:
    'Country, language and currency values use standard formats (guideline 2, "Country, language, currency"): ISO 3166-1 alpha-2 country codes, ' +
    'ISO 639-1 language codes or BCP 47 language tags, and ISO 4217 currency codes. A property is recognized by its name: the word `country`, ' +
    '`language` (`lang`), `locale` or `currency` last (`billing_country`, `languages`) or before a final `code` (`country_code`); names such as ' +
    '`country_name` hold something else. Its string schema (or its items, for a list) declares the standard with `format` ' +
    '(`iso-3166-alpha-2`, `iso-639-1`, `bcp47`, `iso-4217`) or constrains the values with a `pattern`; an `enum` of codes spelled as the ' +
    'standard spells them (`DE`, `en`, `EUR`) is accepted too.',
  examples: {
    incorrect: 'properties:\n  currency:\n    type: string',
    correct: 'properties:\n  currency:\n    type: string\n    format: iso-4217\n    pattern: "^[A-Z]{3}$"',
  },
  given: '$',
  check(root) {
    const seen = new Set<object>();
    return schemaIndex(root).properties.flatMap(prop => {
      const kind = codeKind(prop.name);
      const found = kind && isObject(prop.schema) ? codeSchema(prop.schema, prop.jsonPath) : undefined;
      if (!kind || !found || seen.has(found.schema)) return [];
      const { schema, jsonPath } = found;
      seen.add(schema);
      const types = schemaTypes(schema).filter(t => t !== 'null');
      if (!isScalarSchema(schema) || (types.length > 0 && !types.includes('string'))) return [];
      // `language` also names programming languages (a repository's), which have no ISO code.
      if (kind === 'language' && /programming/i.test(String(schema.description ?? ''))) return [];
      const standard = CODE_STANDARDS[kind];
      if (schema.pattern !== undefined || (typeof schema.format === 'string' && standard.formats.test(schema.format))) return [];
      const values = Array.isArray(schema.enum) ? schema.enum.filter(v => v !== null) : undefined;
      if (values && values.length > 0 && values.every(v => typeof v === 'string' && standard.code.test(v))) return [];
      const fix = `declare format "${standard.format}" (${standard.standard}) or a pattern`;
      const name = quote(prop.name);
      if (values) return [{ message: `Property ${name} lists values that are not ${standard.standard} codes: use the standard codes and ${fix}.`, path: [...jsonPath, 'enum'] }];
      if (typeof schema.format === 'string') {
        return [{ message: `Property ${name} has format ${quote(schema.format)}, not a standard ${kind} format: ${fix}.`, path: [...jsonPath, 'format'] }];
      }
      return [{ message: `Property ${name} holds a ${kind} but names no standard: ${fix}.`, path: jsonPath }];
    });
  },
});
