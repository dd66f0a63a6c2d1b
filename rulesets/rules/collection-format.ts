import { defineRule } from '../rule.js';
import { allParameters, isOas2 } from '../lib/oas.js';
import { isArraySchema } from '../lib/operations.js';

// "a JSON array", "JSON-encoded", "as JSON": the value is one JSON text, not a delimited list.
const JSON_VALUE = /\bjson[- ](?:array|encoded|object|list|text|string|value)\b|\b(?:as|in) json\b/i;

export default defineRule({
  id: 'collection-format',
  severity: 'error',
  ref: '4.query.3',
  zalando: [154],
  description: 'Array query and header parameters declare their collection format: `style` and `explode` (3.x) or `collectionFormat` (2.0).',
  rationale:
    'The collection format of header and query parameters is defined (guideline 4, query parameters, item 3): an array can travel as `?id=a,b` or `?id=a&id=b`, and the defaults differ between OpenAPI versions (`csv` in 2.0; `form` with `explode: true`, the repeated form, in 3.x), so a client that guesses sends what the server does not parse. Declaring both `style` and `explode` (or `collectionFormat`) states the format rather than leaving it to a default few readers know.',
  examples: {
    incorrect: 'parameters:\n  - name: status\n    in: query\n    schema:\n      type: array\n      items: {type: string}',
    correct: 'parameters:\n  - name: status\n    in: query\n    style: form\n    explode: false\n    schema:\n      type: array\n      items: {type: string}',
  },
  given: '$',
  check(root) {
    const oas2 = isOas2(root);
    return allParameters(root).flatMap(({ parameter, jsonPath }) => {
      const location = parameter.in;
      if (location !== 'query' && location !== 'header') return [];
      const name = `${location === 'query' ? 'Query' : 'Header'} parameter "${String(parameter.name)}"`;
      // A value the description says is JSON is no delimited list: no collection format fits it.
      const json = typeof parameter.description === 'string' && JSON_VALUE.test(parameter.description);
      if (oas2) {
        if (parameter.type !== 'array' || parameter.collectionFormat !== undefined) return [];
        // `multi` (repeated parameters) exists only for query and form parameters.
        const formats = location === 'query' ? '"csv" or "multi"' : '"csv"';
        const fix = json
          ? `its description says the value is JSON, which no collectionFormat describes: declare it "type: string" holding the JSON text (and say so), or pass the items as a list (${formats})`
          : `declare it (e.g. ${formats})`;
        return [{ message: `${name} is an array without "collectionFormat": ${fix}.`, path: jsonPath }];
      }
      // A `content` parameter is serialized by its media type, not by style.
      if (!isArraySchema(parameter.schema)) return [];
      const missing = ['style', 'explode'].filter(key => parameter[key] === undefined);
      if (missing.length === 0) return [];
      const example = json
        ? 'its description says the value is JSON: declare "content: {application/json: {schema: ...}}" instead of "schema"'
        : `declare its format (${location === 'query' ? 'style: form with explode: false for "a,b" or explode: true for repeated parameters' : 'style: simple, explode: false'})`;
      return [{ message: `${name} is an array without ${missing.map(k => `"${k}"`).join(' and ')}: ${example}.`, path: jsonPath }];
    });
  },
});
