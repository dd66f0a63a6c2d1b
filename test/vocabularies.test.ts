// No two rules demand contradictory spellings. Every vocabulary that apilint's rules fix
// (rulesets/lib/vocabularies.ts, read by the rules that require the values) is enumerated: an
// event type that uses a required value passes every rule, and an API that describes the field
// (an event bus registering event types, as Nakadi's API does) may list every value of the
// standard in its enums without any rule asking to respell them. Header names that rules
// require pass every rule too.
import { describe, expect, it } from 'vitest';
import { rules } from '../rulesets/rules/index.js';
import { DEPRECATION_HEADERS } from '../rulesets/lib/deprecation.js';
import { FLOW_ID_HEADER } from '../rulesets/lib/operations.js';
import { schemaIndex } from '../rulesets/lib/schemas.js';
import { enumProperties, VOCABULARIES, type Vocabulary } from '../rulesets/lib/vocabularies.js';
import { DATA_EVENT, GENERAL_EVENT } from './helpers/events.js';
import { lintText } from './helpers/lint.js';

const ALL_RULES = rules.map(r => r.id);
const lintAll = (text: string) => lintText(text, { rules: ALL_RULES });
const describeFinding = (f: { line: number; ruleId: string; message: string }) => `${f.line}: ${f.ruleId}: ${f.message}`;

/**
 * A property per field of the vocabulary listing all its values (once in `enum`, once in
 * `x-extensible-enum`) beside the properties that mark the standard's object; for a vocabulary
 * known by its values, also a property named otherwise. Both schemas are response bodies: a set
 * the standard closes is not asked to become extensible either.
 */
function describingApi(vocabulary: Vocabulary): string {
  const values = JSON.stringify([...vocabulary.required, ...vocabulary.known]);
  const fields = [...vocabulary.fields, ...(vocabulary.byValues ? ['value'] : [])];
  const siblings = (vocabulary.siblings ?? []).map(name => `        ${name}: {type: string}`);
  const schema = (key: string) => [...fields.map(field => `        ${field}: {type: string, ${key}: ${values}}`), ...siblings].join('\n');
  return `openapi: 3.0.3
info: {title: Registry, version: 1.0.0}
paths:
  /registrations:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  closed: {$ref: '#/components/schemas/Registration'}
                  open: {$ref: '#/components/schemas/OpenRegistration'}
components:
  schemas:
    Registration:
      type: object
      properties:
${schema('enum')}
    OpenRegistration:
      type: object
      properties:
${schema('x-extensible-enum')}
`;
}

describe.each(VOCABULARIES.map(v => [v.name, v] as const))('%s', (_name, vocabulary) => {
  it('an API that lists the values in its enums (of a response) is not asked to respell them or to make them extensible', async () => {
    const findings = await lintAll(describingApi(vocabulary));
    const values: readonly string[] = [...vocabulary.required, ...vocabulary.known];
    const isEnumKey = (key: unknown) => key === 'enum' || key === 'x-extensible-enum';
    const atValues = findings.filter(f => {
      const [key, index] = f.path.slice(-2);
      return isEnumKey(index) || (isEnumKey(key) && /^\d+$/.test(String(index)));
    });
    expect(atValues.map(describeFinding)).toEqual([]);
    expect(values.length).toBeGreaterThan(0);
  });

  const field = vocabulary.eventField;
  if (field === undefined) return;
  it.each(vocabulary.required.map(v => [v]))('an event type with %s passes every rule', async value => {
    // Data change events carry the data-only fields (partitioning): start from one where it matters.
    const base = value === 'general' ? GENERAL_EVENT : DATA_EVENT;
    const key = field[field.length - 1]!;
    const indent = '  '.repeat(field.length);
    const line = new RegExp(`^${indent}${key}: .*$`, 'm');
    const event = line.test(base) ? base.replace(line, `${indent}${key}: ${value}`) : `${base}  ${key}: ${value}\n`;
    expect((await lintAll(event)).map(describeFinding)).toEqual([]);
  });
});

describe('header names that rules require', () => {
  const required = new Set<string>([FLOW_ID_HEADER, 'Location', ...DEPRECATION_HEADERS]);
  for (const rule of rules) {
    const headers = (rule.options?.defaults as { headers?: (string | string[])[] } | undefined)?.headers;
    for (const header of headers?.flat() ?? []) required.add(header);
  }

  it.each([...required].map(h => [h]))('%s passes every rule as a request and a response header', async header => {
    // Deprecation headers belong to a deprecated operation (deprecation-consistent).
    const deprecated = (DEPRECATION_HEADERS as readonly string[]).includes(header)
      ? "\n      deprecated: true\n      description: Replaced by GET /purchases.\n      x-sunset: '2030-01-01'"
      : '';
    const findings = await lintAll(`openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders:
    get:${deprecated}
      parameters:
        - {name: ${header}, in: header, schema: {type: string}}
      responses:
        '200':
          description: OK
          headers:
            ${header}: {schema: {type: string}}
`);
    expect(findings.filter(f => f.message.includes(`"${header}"`)).map(describeFinding)).toEqual([]);
  });
});

describe('the properties an enum sits beside', () => {
  it('are one set per schema, whatever its number of properties', () => {
    // A list per property cost the square of a schema's properties: 11 s for 8,000 of them.
    const properties = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`kind_${i}`, { type: 'string', enum: ['A', 'B'] }]));
    const root = { openapi: '3.0.3', components: { schemas: { Kinds: { type: 'object', properties }, Other: { type: 'object', properties: { kind: { type: 'string' } } } } } };
    const byProperty = enumProperties(schemaIndex(root));
    const [first, second, third] = Object.values(properties).map(schema => byProperty.get(schema)!);
    expect([...first!.siblings]).toEqual(['kind_0', 'kind_1', 'kind_2']);
    expect(second!.siblings).toBe(first!.siblings);
    expect(third!.siblings).toBe(first!.siblings);
    expect([...byProperty.get(root.components.schemas.Other.properties.kind)!.siblings]).toEqual(['kind']);
  });
});
