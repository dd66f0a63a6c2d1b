import pluralize from 'pluralize';
import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { isObject, type Obj } from '../lib/oas.js';
import { schemaIndex, schemaTypes, type SchemaNode } from '../lib/schemas.js';
import { nameWords } from '../lib/fields.js';
import { isPluralWord } from '../lib/naming.js';

// Keywords that give an object a shape other than `properties`: such an object is not a bare map.
const SHAPING = ['allOf', 'anyOf', 'oneOf', 'not', 'patternProperties', 'unevaluatedProperties', 'discriminator'] as const;
// "A map of ...", "key/value pairs", "keyed by ...": not a bare "mapping", which is often a domain noun.
const MAP_WORDS = /\b(?:(?:maps?|mappings?) (?:of|from)|dictionary|key[-/ ]value|keyed by)\b/i;

/** An object schema with neither `properties` nor `additionalProperties`: a map or a free-form object. */
function isUndeclaredObject({ schema, origin, simple }: SchemaNode): boolean {
  // Event schemas should avoid additionalProperties (guideline 6, item 3).
  if (simple || origin === 'event' || !schemaTypes(schema).includes('object')) return false;
  if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) return false;
  return schema.additionalProperties === undefined && !SHAPING.some(k => schema[k] !== undefined);
}

/** A plural name (`labels`, `opening_hours`) names a collection: as an object, a map. "data" is a mass noun here. */
function isPluralName(name: string): boolean {
  const last = nameWords(name).at(-1);
  return last !== undefined && !last.endsWith('data') && isPluralWord(last) && !pluralize.isSingular(last);
}

// Plural names that usually hold a free-form document (any JSON the client sends), not a map
// of like values.
const FREE_FORM_NAMES = new Set(['attributes', 'properties', 'parameters', 'params', 'options', 'details', 'extras', 'extensions', 'arguments', 'args']);
// "A free-form object", "arbitrary JSON", "a JSON Schema": a document, whatever its name.
const DOCUMENT_WORDS = /\b(?:free[- ]?form|arbitrary|any (?:json|object|data)|json schema|opaque|unstructured)\b/i;

const describedAsDocument = (schema: Obj): boolean => typeof schema.description === 'string' && DOCUMENT_WORDS.test(schema.description);

/** Signs that an undeclared object holds keyed entries rather than an opaque document. */
const describedAsMap = (schema: Obj): boolean =>
  schema.propertyNames !== undefined || (typeof schema.description === 'string' && MAP_WORDS.test(schema.description));

export default defineRule({
  id: 'maps-additional-properties',
  severity: 'warn',
  ref: '2',
  zalando: [216],
  description: 'An object used as a map (no `properties`) declares `additionalProperties` with the schema of its values.',
  rationale:
    'Maps are defined with `additionalProperties` (guideline 2): it says what the values of a map from string keys are, so that ' +
    'readers and code generators can use them. An object schema without `properties` counts as a map when it is a property with a ' +
    'plural name (`labels`, `opening_hours`), is described as a map or dictionary, or declares `propertyNames`; other free-form ' +
    'objects (an embedded document, an opaque payload) are left alone, and so are plural names that usually hold one (`attributes`, ' +
    '`parameters`, `options`, `details`, ...) and objects described as free-form, arbitrary JSON or a JSON Schema. `additionalProperties: true` (or `{}`) declares a map of ' +
    'arbitrary values on purpose and is accepted. Event type schemas are left out: there `additionalProperties` should be avoided ' +
    '(guideline 6, item 3).',
  examples: {
    incorrect: 'opening_hours:\n  type: object\n  description: Opening hours by day of the week.',
    correct: 'opening_hours:\n  type: object\n  description: Opening hours by day of the week.\n  additionalProperties:\n    type: string',
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root) {
    const index = schemaIndex(root);
    // The names each schema is a property under; a name's plurality is judged only for the schemas
    // that need it (pluralize is slow), and once per name.
    const namesOf = new Map<unknown, string[]>();
    for (const p of index.properties) {
      if (!isObject(p.schema)) continue;
      const names = namesOf.get(p.schema);
      if (names) names.push(p.name);
      else namesOf.set(p.schema, [p.name]);
    }
    const plural = new Map<string, boolean>();
    const isPlural = (name: string) => {
      let answer = plural.get(name);
      if (answer === undefined) plural.set(name, (answer = isPluralName(name)));
      return answer;
    };
    const pluralNamed = (schema: Obj) => namesOf.get(schema)?.some(name => !FREE_FORM_NAMES.has(name.toLowerCase()) && isPlural(name)) ?? false;
    return index.schemas
      .filter(node => isUndeclaredObject(node) && (describedAsMap(node.schema) || (pluralNamed(node.schema) && !describedAsDocument(node.schema))))
      .map(node => ({
        message: 'Object schema is used as a map but declares no additionalProperties: add additionalProperties with the schema of the values.',
        path: node.jsonPath,
      }));
  },
});
