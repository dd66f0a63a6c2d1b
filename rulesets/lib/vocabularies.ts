// Values whose spelling another standard fixes: the event bus registration format (Nakadi's, which
// guideline part 6 follows), the audience classes of the guideline family, HTTP methods. The event
// rules require some of them as written here, and an API that describes such a field (an event
// bus that registers event types) lists them in an enum as the standard spells them, so
// enum-upper-snake-case must not ask for UPPER_SNAKE_CASE there. One list per field, read by
// every rule that requires or accepts its values: no rule can then flag what another requires
// (test/vocabularies.test.ts enumerates them).
import { HTTP_METHODS as METHODS, isObject, type Obj } from './oas.js';
import { declaredProperties, unwrappedSchema, type SchemaIndex } from './schemas.js';

export interface Vocabulary {
  /** What the values are. */
  name: string;
  /** Property names that hold such a value. */
  fields: readonly string[];
  /** Properties beside the field that mark the standard's object (the event type's owner, say). */
  siblings?: readonly string[];
  /** Also recognised by its values alone: an enum of two or more values, all in the vocabulary. */
  byValues?: boolean;
  /** The spellings apilint's rules require (`rules` read them from here). */
  required: readonly string[];
  /** Further spellings of the standard, which an API describing the field may list (its rules may flag them as outdated). */
  known: readonly string[];
  /** Rules that require these values, where any does. */
  rules: readonly string[];
  /** Where the field sits in an event type definition, for the vocabularies of event types. */
  eventField?: readonly string[];
}

export const EVENT_CATEGORIES = {
  name: 'event categories',
  fields: ['category'],
  required: ['general', 'data'],
  // Nakadi's old names: `business` is the general category, `undefined` none.
  known: ['business', 'undefined'],
  siblings: ['owning_application'],
  rules: ['event-category'],
  eventField: ['category'],
} as const satisfies Vocabulary;

export const COMPATIBILITY_MODES = {
  name: 'event compatibility modes',
  fields: ['compatibility_mode'],
  required: ['compatible', 'forward', 'none'],
  known: [],
  siblings: ['owning_application'],
  rules: ['event-compatibility-mode'],
  eventField: ['compatibility_mode'],
} as const satisfies Vocabulary;

export const PARTITION_STRATEGIES = {
  name: 'event partition strategies',
  fields: ['partition_strategy'],
  required: ['hash'],
  known: ['random', 'user_defined'],
  siblings: ['owning_application'],
  rules: ['event-hash-partition'],
  eventField: ['partition_strategy'],
} as const satisfies Vocabulary;

export const EVENT_SCHEMA_TYPES = {
  name: 'event schema types',
  fields: ['type'],
  required: ['json_schema'],
  known: ['avro_schema'],
  // The schema holder `{type, schema, version}`: another API's `type: json_schema` is its own name.
  siblings: ['schema', 'version'],
  rules: ['event-schema-valid'],
  eventField: ['schema', 'type'],
} as const satisfies Vocabulary;

/** The audience classes of the guideline family (Zalando rule 219, `x-audience`). */
export const AUDIENCES = {
  name: 'API audiences',
  fields: ['audience', 'x-audience'],
  required: [],
  known: ['component-internal', 'business-unit-internal', 'company-internal', 'external-partner', 'external-public'],
  rules: [],
} as const satisfies Vocabulary;

/** OpenAPI spells methods in lower case (path item keys); HTTP in upper case. */
export const HTTP_METHODS = {
  name: 'HTTP methods',
  fields: ['method', 'http_method'],
  byValues: true,
  required: METHODS,
  known: [],
  rules: ['openapi-valid'],
} as const satisfies Vocabulary;

export const VOCABULARIES: readonly Vocabulary[] = [EVENT_CATEGORIES, COMPATIBILITY_MODES, PARTITION_STRATEGIES, EVENT_SCHEMA_TYPES, AUDIENCES, HTTP_METHODS];

const spellings = (vocabulary: Vocabulary): readonly string[] => [...vocabulary.required, ...vocabulary.known];

/** The property an enum sits on: its name and the names of the properties beside it. */
export interface EnumProperty {
  name: string;
  siblings: ReadonlySet<string>;
}

/**
 * The spellings an enum's values may take from a vocabulary, if it belongs to one: its property
 * is named as the vocabulary's field (beside the marking properties), or, for a vocabulary known
 * by its values, it lists two or more values that all belong. Values outside the vocabulary are
 * still the API's own and are judged as such.
 */
export function vocabularyOf(property: EnumProperty | undefined, values: readonly unknown[]): readonly string[] | undefined {
  const strings = values.filter((v): v is string => typeof v === 'string');
  for (const vocabulary of VOCABULARIES) {
    const all = spellings(vocabulary);
    const named = property !== undefined && vocabulary.fields.includes(property.name) && (vocabulary.siblings ?? []).every(s => property.siblings.has(s));
    if (named || (vocabulary.byValues === true && strings.length >= 2 && strings.every(v => all.includes(v)))) return all;
  }
  return undefined;
}

/** The property each schema (and each array's items) sits on, by schema: where enums are recognized as a vocabulary's. */
export function enumProperties(index: SchemaIndex): Map<object, EnumProperty> {
  const properties = new Map<object, EnumProperty>();
  for (const prop of index.properties) {
    if (!isObject(prop.schema)) continue;
    const property = { name: prop.name, siblings: declaredProperties(prop.parent.schema) };
    setOn(properties, prop.schema, property);
    // Through a wrapper too (unwrappedSchema): the enum sits in the schema it wraps.
    const inner = unwrappedSchema(prop.schema);
    if (inner !== prop.schema && isObject(inner)) setOn(properties, inner, property);
  }
  return properties;
}

/** `property` for a schema and its items (and what wrapped items stand for). */
function setOn(properties: Map<object, EnumProperty>, schema: Obj, property: EnumProperty): void {
  properties.set(schema, property);
  if (!isObject(schema.items)) return;
  properties.set(schema.items, property);
  const items = unwrappedSchema(schema.items);
  if (items !== schema.items && isObject(items)) properties.set(items, property);
}

/** Whether every value of an enum is a spelling of the vocabulary it belongs to: a set the standard closes. */
export function isVocabularyEnum(property: EnumProperty | undefined, values: readonly unknown[]): boolean {
  const vocabulary = vocabularyOf(property, values);
  return vocabulary !== undefined && values.every(v => typeof v === 'string' && vocabulary.includes(v));
}
