import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { isObject, type Obj } from '../lib/oas.js';
import { declaredProperties, schemaIndex, schemaTypes } from '../lib/schemas.js';
import { CODE_STANDARDS, codeKind, isScalarSchema, quote } from '../lib/fields.js';

/** The schema holding the code: the property's own, or its items for a list (`country_codes`). */
function codeSchema(schema: Obj, jsonPath: JsonPath): { schema: Obj; jsonPath: JsonPath } | undefined {
  if (schemaTypes(schema).includes('array')) return isObject(schema.items) ? { schema: schema.items, jsonPath: [...jsonPath, 'items'] } : undefined;
  return { schema, jsonPath };
}

// Programming languages, which a `language` property of a repository, a file or a query names.
const PROGRAMMING_LANGUAGES = new Set([
  'c', 'cpp', 'csharp', 'clojure', 'cobol', 'dart', 'elixir', 'erlang', 'fortran', 'go', 'golang', 'groovy', 'haskell', 'java', 'javascript',
  'julia', 'kotlin', 'lua', 'matlab', 'objc', 'ocaml', 'perl', 'php', 'powershell', 'python', 'r', 'ruby', 'rust', 'scala', 'shell', 'swift',
  'typescript', 'vb', 'zig',
]);
const CODE_CONTEXT = /\b(?:programming|source code|code ?ql|syntax|compiler|interpreter)\b/i;
// Properties that sit beside a programming language: those of a repository, a file in one, a commit.
const CODE_SIBLINGS = new Set(['filename', 'raw_url', 'sha', 'commit_oid', 'clone_url', 'git_url', 'ssh_url', 'default_branch', 'forks_count', 'stargazers_count', 'repository']);

/**
 * A `language` that is a programming language: the description says so, a value or example is
 * one (`java`, `javascript-typescript`), or the property sits in a repository, a file or a commit.
 */
function isProgrammingLanguage(schema: Obj, siblings: ReadonlySet<string>): boolean {
  if (CODE_CONTEXT.test(`${String(schema.title ?? '')} ${String(schema.description ?? '')}`)) return true;
  const samples = [...(Array.isArray(schema.enum) ? schema.enum : []), schema.example];
  if (samples.some(v => typeof v === 'string' && v.toLowerCase().split(/[-+/]/).some(w => PROGRAMMING_LANGUAGES.has(w)))) return true;
  return [...CODE_SIBLINGS].some(s => siblings.has(s));
}

/** The values a schema without a `type` shows (enum, example, default) are not all strings. */
const showsNonStrings = (schema: Obj): boolean =>
  [...(Array.isArray(schema.enum) ? schema.enum : []), schema.example, schema.default].some(v => v !== undefined && v !== null && typeof v !== 'string');

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
    'standard spells them (`DE`, `en`, `EUR`) is accepted too. Values that are not strings are no codes, and a `language` that is a ' +
    'programming language (so described, with programming languages as values or example, or beside the fields of a repository, a file ' +
    'or a commit) has no ISO code.',
  examples: {
    incorrect: 'properties:\n  currency:\n    type: string',
    correct: 'properties:\n  currency:\n    type: string\n    format: iso-4217\n    pattern: "^[A-Z]{3}$"',
  },
  formats: PAYLOAD_FORMATS,
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
      // Codes are strings: an id, a count or an object named like one is something else.
      if (!isScalarSchema(schema) || (types.length > 0 ? !types.includes('string') : showsNonStrings(schema))) return [];
      if (kind === 'language' && isProgrammingLanguage(schema, declaredProperties(prop.parent.schema))) return [];
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
