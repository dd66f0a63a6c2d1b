// What can be deprecated (operations, parameters, schemas) and how a deprecation is announced
// (`x-sunset`, the Deprecation and Sunset response headers), shared by the deprecation rules.
import type { JsonPath } from '@stoplight/types';
import { allParameters, isObject, operationName, operations, type Obj } from './oas.js';
import { schemaIndex, schemaName } from './schemas.js';

export const SUNSET = 'x-sunset';
export const DEPRECATION_HEADERS = ['Deprecation', 'Sunset'] as const;

export interface Deprecatable {
  /** `operation "GET /orders"`, `parameter "sort"`, `schema "Order"`, `property "status"`. */
  label: string;
  node: Obj;
  jsonPath: JsonPath;
}

export const isDeprecated = (node: Obj): boolean => node.deprecated === true;

/** Every operation, parameter and schema once (a `$ref`'d one is one object, met once). */
export function deprecatables(root: unknown): Deprecatable[] {
  if (!isObject(root)) return [];
  const out: Deprecatable[] = [];
  const seen = new Set<Obj>();
  const add = (node: unknown, label: string, jsonPath: JsonPath) => {
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    out.push({ label, node, jsonPath });
  };
  for (const op of operations(root)) add(op.operation, `operation "${operationName(op)}"`, op.jsonPath);
  for (const { parameter, jsonPath } of allParameters(root)) add(parameter, `parameter "${String(parameter.name)}"`, jsonPath);
  // 2.0 parameters and headers are schema-like (`simple`) but not schemas: met above or not deprecatable.
  for (const { schema, jsonPath, name, simple } of schemaIndex(root).schemas) {
    if (simple) continue;
    const named = schemaName(jsonPath);
    add(schema, name !== undefined ? `property "${name}"` : named !== undefined ? `schema "${named}"` : 'schema', jsonPath);
  }
  return out;
}

/** An RFC 3339 full-date (`2027-06-30`) or date-time that names a real day. */
export function isSunsetDate(value: unknown): boolean {
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2}))?$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map(part => (part === undefined ? undefined : Number(part)));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day! && hour! < 24 && minute! < 60 && second! < 61;
}
