// Document kinds apilint lints. The loader uses the same detectors to tell an input it can lint
// from one it cannot, so "is this an event type?" has one answer everywhere.
import type { Format } from '@stoplight/spectral-core';
import { oas2, oas3 } from '@stoplight/spectral-formats';
import { isObject } from './lib/oas.js';

export const isOpenApi = (doc: unknown): boolean => oas2(doc, null) || oas3(doc, null);

/** One event type definition in the registration shape of an event bus. */
export const isEventType = (value: unknown): boolean =>
  isObject(value) &&
  typeof value.name === 'string' &&
  isObject(value.schema) &&
  ('owning_application' in value || 'category' in value || 'schema' in value.schema || 'type' in value.schema);

/** A standalone event type file: one definition or a non-empty list of them. */
export const eventTypes: Format = (doc: unknown) =>
  !isOpenApi(doc) && (isEventType(doc) || (Array.isArray(doc) && doc.length > 0 && doc.every(isEventType)));
eventTypes.displayName = 'Event type definitions';

export { oas2, oas3 };

/** Where payloads are described: OpenAPI documents, and standalone event type files (whose event schemas are payloads too). */
export const PAYLOAD_FORMATS: Format[] = [oas2, oas3, eventTypes];
