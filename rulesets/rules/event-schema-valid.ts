import type { IFunctionResult } from '@stoplight/spectral-core';
import type { ErrorObject } from 'ajv';
import { defineRule } from '../rule.js';
import { validateWithSchema } from '../lib/require.js';
import { VALIDATION_SCHEMAS, validationSchema, type Dialect, type ValidationSchemaName } from '../lib/validation-schemas.js';
import { distinctEventSchemas, eventSchema, eventTypeNodes, innerPath, nestsDeeperThan, schemaFinding, validationUnits } from '../lib/events.js';
import { isOas2, isObject, type Obj } from '../lib/oas.js';
import { escapePointerSegment } from '../lib/pointer.js';
import { eventTypes, oas2, oas3 } from '../formats.js';

/** How deep an event schema is validated (real ones nest a dozen levels or so). */
const MAX_VALIDATED_DEPTH = 500;

/**
 * The Schema Object of the document's own OpenAPI version: Swagger 2.0's, OpenAPI 3.0's, and for
 * 3.1 JSON Schema 2020-12 (its schema dialect). Standalone event types use OpenAPI 3.0's.
 */
function metaSchemaFor(root: unknown): { schema: Obj; dialect: Dialect } {
  const name: ValidationSchemaName = isOas2(root) ? 'schema-object-2.0' : isObject(root) && /^3\.[1-9]/.test(String(root.openapi)) ? 'schema-object-3.1' : 'schema-object-3.0';
  return { schema: validationSchema(name), dialect: VALIDATION_SCHEMAS[name].dialect };
}

/** Drops if/then/else wrapper errors (the branch's own errors say it) and points unexpected keywords at their key. */
function prepareErrors(errors: ErrorObject[]): void {
  for (let i = errors.length - 1; i >= 0; i--) {
    const error = errors[i]!;
    if (error.keyword === 'if') errors.splice(i, 1);
    else if (error.keyword === 'additionalProperties') error.instancePath += `/${escapePointerSegment(String(error.params.additionalProperty))}`;
  }
}

export default defineRule({
  id: 'event-schema-valid',
  severity: 'error',
  ref: '6.3',
  zalando: [196],
  description: 'The event schema is a JSON schema (`schema.type: json_schema`) and a valid OpenAPI Schema Object.',
  rationale:
    'The event schema is available for review and conforms to an OpenAPI schema object (guideline 6, item 3; Zalando rule 196), so events and API resources are described alike and tools read both. The schema may be given as an object, a `$ref` to a component schema, or a JSON string as event bus registries store it; it is validated against the Schema Object of the document\'s OpenAPI version (Swagger 2.0, OpenAPI 3.0, or JSON Schema 2020-12 for 3.1) with the meta-schemas Spectral uses for whole documents, and standalone event type files against OpenAPI 3.0\'s. Each problem is one finding at the offending keyword; inside a schema string, at the string, naming the place. A schema nested more than 500 levels deep, with what its `$ref`s lead to, is one finding that says so: the validator cannot check it.',
  examples: {
    incorrect: 'schema:\n  type: json_schema\n  version: 1.0.0\n  schema: \'{"type": "object", "properties": {"id": {"type": "text"}}}\'',
    correct: 'schema:\n  type: json_schema\n  version: 1.0.0\n  schema: \'{"type": "object", "properties": {"id": {"type": "string"}}}\'',
  },
  formats: [eventTypes, oas2, oas3],
  given: '$',
  check(root, _options, context) {
    const nodes = eventTypeNodes(root);
    // The meta-schemas are read from JSON files: only for a document that has event types.
    if (nodes.length === 0) return [];
    const meta = metaSchemaFor(root);
    const results: IFunctionResult[] = [];
    for (const node of nodes) results.push(...eventSchema(node).problems);
    const shallow = distinctEventSchemas(nodes).filter(schema => {
      // The validator walks the schema by recursion, and past some 800 levels the call stack ran
      // out (reported as the finding "Maximum call stack size exceeded"): a bound well below that.
      if (!nestsDeeperThan(schema.root, MAX_VALIDATED_DEPTH)) return true;
      results.push(schemaFinding(schema, innerPath(schema, []), `Event schema nests more than ${MAX_VALIDATED_DEPTH} levels deep (with what its $refs lead to): too deep to check it against the Schema Object; flatten it.`));
      return false;
    });
    for (const unit of validationUnits(shallow)) {
      const invalid = validateWithSchema(unit.value, { schema: meta.schema, dialect: meta.dialect, allErrors: true, prepareResults: prepareErrors }, context, []);
      // One finding per place: a keyword failing several alternatives (`anyOf`) reports the first.
      const seen = new Set<string>();
      for (const { message, path = [] } of Array.isArray(invalid) ? invalid : []) {
        const key = JSON.stringify(path);
        if (seen.has(key)) continue;
        seen.add(key);
        results.push(schemaFinding(unit.schema, unit.inner(path), `Invalid event schema: ${/[.?!]$/.test(message) ? message : `${message}.`}`));
      }
    }
    return results;
  },
});
