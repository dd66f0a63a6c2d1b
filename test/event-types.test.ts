// Event type documents outside the rules: the loader tells standalone event type files from other
// YAML/JSON, and eventTypeNodes finds the definitions in all three places they live.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/core/errors.js';
import { installEngine } from '../src/engine/index.js';
import { parseDocument } from '../src/load/documents.js';
import { eventTypeNodes } from '../rulesets/lib/events.js';
import { DATA_EVENT, GENERAL_EVENT, openapi, single } from './helpers/events.js';
import { lintFile, ROOT } from './helpers/lint.js';

const { readers } = installEngine();

const parsed = (text: string, name: string): unknown => {
  const doc = parseDocument(text, name, true, readers);
  return doc?.parser.parse(doc.text).data;
};

describe('parseDocument and event type files', () => {
  it.each([
    ['a single event type (YAML)', single(DATA_EVENT), 'event.yaml'],
    ['a list of event types (YAML)', DATA_EVENT + GENERAL_EVENT, 'events.yaml'],
    ['a single event type (JSON)', readFileSync(path.join(ROOT, 'fixtures/events/parcel-scanned.json'), 'utf8'), 'event.json'],
  ])('recognises %s', (_name, text, file) => {
    expect(parseDocument(text, file, true, readers)?.kind).toBe('event-types');
  });

  it('reads an OpenAPI document with x-event-types as OpenAPI', () => {
    expect(parseDocument(openapi('3.0.3', DATA_EVENT), 'openapi.yaml', true, readers)?.kind).toBe('openapi');
  });

  it.each([
    ['a plain mapping', 'title: Shipments\nitems: [1, 2]\n'],
    ['an empty list', '[]\n'],
    ['a list with one non-event entry', `${DATA_EVENT}- just a string\n`],
    ['a mapping with a name but no schema', 'name: shipping.shipment-changed\ncategory: data\n'],
  ])('refuses %s with an InputError', (_name, text) => {
    expect(() => parseDocument(text, 'other.yaml', true, readers)).toThrow(InputError);
    expect(() => parseDocument(text, 'other.yaml', true, readers)).toThrow(/nor an event type definition/);
  });

  it('skips such a file quietly when it was not named explicitly', () => {
    expect(parseDocument('title: Shipments\n', 'other.yaml', false, readers)).toBeUndefined();
  });
});

describe('eventTypeNodes', () => {
  it('finds a single definition at the root', () => {
    expect(eventTypeNodes(parsed(single(GENERAL_EVENT), 'event.yaml')).map(n => [n.jsonPath, n.label])).toEqual([
      [[], 'Event type "shipping.shipment-delivered"'],
    ]);
  });

  it('finds the entries of a list file', () => {
    expect(eventTypeNodes(parsed(DATA_EVENT + GENERAL_EVENT, 'events.yaml')).map(n => n.jsonPath)).toEqual([[0], [1]]);
  });

  it('finds x-event-types in OpenAPI documents, naming unnamed ones by position', () => {
    const doc = parsed(openapi('2.0', `${DATA_EVENT}- owning_application: x\n  schema: {type: json_schema}\n`), 'openapi.yaml');
    expect(eventTypeNodes(doc).map(n => [n.jsonPath, n.label])).toEqual([
      [['x-event-types', 0], 'Event type "shipping.shipment-changed"'],
      [['x-event-types', 1], 'Event type #2'],
    ]);
  });

  it('finds nothing in an OpenAPI document without event types', () => {
    expect(eventTypeNodes(parsed('openapi: 3.1.0\ninfo: {title: T, version: 1.0.0}\npaths: {}\n', 'openapi.yaml'))).toEqual([]);
  });
});

it('the standalone Shipment Service event types lint clean with every rule', async () => {
  for (const file of ['fixtures/events/shipment-events.yaml', 'fixtures/events/parcel-scanned.json']) {
    expect(await lintFile(path.join(ROOT, file))).toEqual([]);
  }
});
