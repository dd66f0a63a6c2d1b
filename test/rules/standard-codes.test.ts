import { expect, it } from 'vitest';
import { expectFindings, lintFile, lintMutatedReference, REFERENCE_SPEC, testRule } from '../helpers/lint.js';

testRule('standard-codes', [
  {
    name: '3.0: code properties without a standard at the schema, a wrong format at the format, a shared schema once in its file',
    document: `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        currency:
          type: string
        billing_country:
          type: string
          format: iso-country
        language: {type: string, format: iso-639-1}
        country_name: {type: string}
        shipping_currency:
          $ref: 'schemas.yaml#/CurrencyCode'
        refund_currency:
          $ref: 'schemas.yaml#/CurrencyCode'
`,
    options: { files: { 'schemas.yaml': 'CurrencyCode:\n  type: string\n  description: A currency.\n' } },
    errors: [
      { line: 9, column: 9, severity: 'warn', message: 'Property "currency" holds a currency but names no standard: declare format "iso-4217" (ISO 4217) or a pattern.' },
      { line: 13, column: 19, severity: 'warn', message: 'Property "billing_country" has format "iso-country", not a standard country format: declare format "iso-3166-alpha-2"' },
      { line: 1, column: 1, severity: 'warn', file: 'schemas.yaml', message: 'Property "shipping_currency"' },
    ],
  },
  {
    name: '3.1: patterns, standard formats and enums of codes pass; lists are checked by their items; enums of other values are not codes; programming languages pass',
    document: `openapi: 3.1.0
info: {title: Orders, version: 1.0.0}
paths: {}
components:
  schemas:
    Order:
      type: object
      properties:
        country_code: {type: string, pattern: '^[A-Z]{2}$'}
        locale: {type: [string, 'null'], format: bcp47}
        currency_code: {type: string, enum: [EUR, USD]}
        languages:
          type: array
          items: {type: string, enum: [en, de]}
        countries:
          type: array
          items: {type: string}
        lang:
          type: string
          enum: [english, german]
        country:
          type: object
          properties:
            name: {type: string}
        currency_rate: {type: number, format: decimal}
        language_used: {type: string}
        repository_language: {type: string, description: The main programming language of the repository.}
`,
    errors: [
      { line: 17, column: 11, severity: 'warn', message: 'Property "countries" holds a country but names no standard' },
      { line: 20, column: 11, severity: 'warn', message: 'Property "lang" lists values that are not ISO 639-1 codes' },
    ],
  },
  {
    name: '3.0: programming languages (by description, values, example or a repository beside them) and non-string codes are no ISO codes; a plain language is',
    document: `openapi: 3.0.3
info: {title: Code, version: 1.0.0}
paths: {}
components:
  schemas:
    Query:
      type: object
      properties:
        language: {type: string, description: The language targeted by the CodeQL query.}
        languages: {type: array, items: {type: string, enum: [csharp, go, java-kotlin, python]}}
        snippet_language: {type: string, example: Ruby}
        language_id: {type: integer, format: int32}
        currency: {enum: [1, 2]}
    Repository:
      type: object
      properties:
        language: {type: string, nullable: true}
        default_branch: {type: string}
    Customer:
      type: object
      properties:
        language: {type: string, nullable: true}
`,
    errors: [{ line: 22, column: 9, severity: 'warn', message: 'Property "language" holds a language but names no standard' }],
  },
  {
    name: '2.0: definitions and body parameters',
    document: 'fixtures/rules/standard-codes/bad-2.0.yaml',
    errors: [{ line: 12, column: 15, severity: 'warn', message: '"countryCode" holds a country' }, { line: 21, column: 7, severity: 'warn', message: '"currency" holds a currency' }],
  },
]);

it('fires on the reference spec at a currency without a standard', async () => {
  const { findings, line } = await lintMutatedReference('standard-codes', {
    find: "        currency:\n          type: string\n          format: iso-4217\n          pattern: '^[A-Z]{3}$'\n",
    replace: '        currency:\n          type: string\n',
  });
  expectFindings('standard-codes', findings, [{ line, column: 9, severity: 'warn' }]);
});

it('passes the reference spec', async () => {
  expect(await lintFile(REFERENCE_SPEC, { rules: ['standard-codes'] })).toEqual([]);
});
