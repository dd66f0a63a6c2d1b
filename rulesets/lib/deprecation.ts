// What can be deprecated (operations, parameters, schemas) and how a deprecation is announced
// (`x-sunset`, the Deprecation and Sunset response headers), shared by the deprecation rules.
import type { JsonPath } from '@stoplight/types';
import { allParameters, isObject, operationName, operations, type Obj, type Operation } from './oas.js';
import { schemaIndex, schemaName, type SchemaNode } from './schemas.js';

export const SUNSET = 'x-sunset';
export const DEPRECATION_HEADERS = ['Deprecation', 'Sunset'] as const;

/** Something that can be deprecated, where it is. Its path, and so its label, is read only when a rule reports it. */
export class Deprecatable {
  constructor(
    readonly node: Obj,
    private readonly at: { readonly jsonPath: JsonPath },
    private readonly labelOf: () => string,
  ) {}

  /** `operation "GET /orders"`, `parameter "sort"`, `schema "Order"`, `property "status"`. */
  get label(): string {
    return this.labelOf();
  }

  get jsonPath(): JsonPath {
    return this.at.jsonPath;
  }
}

const operationLabel = (op: Operation): string => `operation "${operationName(op)}"`;
const parameterLabel = ({ parameter }: { parameter: Obj }): string => `parameter "${String(parameter.name)}"`;
function schemaLabel({ name, jsonPath }: SchemaNode): string {
  if (name !== undefined) return `property "${name}"`;
  const named = schemaName(jsonPath);
  return named !== undefined ? `schema "${named}"` : 'schema';
}

export const isDeprecated = (node: Obj): boolean => node.deprecated === true;

/** Every operation, parameter and schema once (a `$ref`'d one is one object, met once). */
export function deprecatables(root: unknown): Deprecatable[] {
  if (!isObject(root)) return [];
  const out: Deprecatable[] = [];
  const seen = new Set<Obj>();
  // A schema's path is built when read (rulesets/lib/schemas.ts), and most schemas are not deprecated.
  const add = (node: unknown, at: { readonly jsonPath: JsonPath }, label: () => string) => {
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    out.push(new Deprecatable(node, at, label));
  };
  for (const op of operations(root)) add(op.operation, op, () => operationLabel(op));
  for (const p of allParameters(root)) add(p.parameter, p, () => parameterLabel(p));
  // 2.0 parameters and headers are schema-like (`simple`) but not schemas: met above or not deprecatable.
  for (const node of schemaIndex(root).schemas) if (!node.simple) add(node.schema, node, () => schemaLabel(node));
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
