// The `x-rate-limit` extension (rulesets/x-rate-limit.schema.json, docs/x-rate-limit.md), read one
// way by every rate-limit rule: where it is declared, which declaration governs an operation, and
// the headers that carry the limit.
import type { IFunctionResult } from '@stoplight/spectral-core';
import type { JsonPath } from '@stoplight/types';
import { isObject, operationName, operations, responseHeaders, responses, type Obj, type Operation } from './oas.js';
import { apiOperations } from './operations.js';

export const RATE_LIMIT = 'x-rate-limit';

export interface RateLimitDeclaration {
  /** The extension's value as written (an object when valid). */
  value: unknown;
  /** JSON path of the `x-rate-limit` value. */
  jsonPath: JsonPath;
}

/** Every `x-rate-limit` of the document, its path items and operations, in document order. */
export function rateLimitDeclarations(root: unknown): RateLimitDeclaration[] {
  if (!isObject(root)) return [];
  const out: RateLimitDeclaration[] = [];
  const add = (holder: Obj, jsonPath: JsonPath) => {
    if (holder[RATE_LIMIT] !== undefined) out.push({ value: holder[RATE_LIMIT], jsonPath: [...jsonPath, RATE_LIMIT] });
  };
  add(root, []);
  const seenItems = new Set<Obj>();
  for (const op of operations(root)) {
    if (!seenItems.has(op.pathItem)) {
      seenItems.add(op.pathItem);
      add(op.pathItem, op.jsonPath.slice(0, -1));
    }
    add(op.operation, op.jsonPath);
  }
  return out;
}

/** The declaration in effect for an operation: its own, else its path item's, else the document's. */
export function effectiveRateLimit(root: unknown, op: Operation): RateLimitDeclaration | undefined {
  if (op.operation[RATE_LIMIT] !== undefined) return { value: op.operation[RATE_LIMIT], jsonPath: [...op.jsonPath, RATE_LIMIT] };
  if (op.pathItem[RATE_LIMIT] !== undefined) return { value: op.pathItem[RATE_LIMIT], jsonPath: [...op.jsonPath.slice(0, -1), RATE_LIMIT] };
  if (isObject(root) && root[RATE_LIMIT] !== undefined) return { value: root[RATE_LIMIT], jsonPath: [RATE_LIMIT] };
  return undefined;
}

export const isExemptDeclaration = (value: unknown): value is Obj => isObject(value) && value.exempt === true;

/** Exempt: `exempt: true` in effect. Every other operation is limited (guideline 8.1), declared or not. */
export function isExempt(root: unknown, op: Operation): boolean {
  return isExemptDeclaration(effectiveRateLimit(root, op)?.value);
}

/** The operation documents a 429 response (a `4XX` range does not count: a 429 carries its own headers). */
export const documents429 = (op: Operation): boolean => isObject(op.operation.responses) && '429' in op.operation.responses;

export interface Governed extends RateLimitDeclaration {
  /** The served operations it is in effect for. */
  operations: Operation[];
}

/** Each declaration that is in effect for some served operation, with those operations. */
export function governedOperations(root: unknown): Governed[] {
  const groups = new Map<string, Governed>();
  for (const op of apiOperations(root)) {
    const declaration = effectiveRateLimit(root, op);
    if (!declaration) continue;
    const key = JSON.stringify(declaration.jsonPath);
    const group = groups.get(key) ?? { ...declaration, operations: [] };
    group.operations.push(op);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** `"GET /a", "POST /b" and 2 more`: names a few operations without flooding the message. */
export function listOperations(ops: readonly Operation[], max = 3): string {
  const names = ops.slice(0, max).map(op => `"${operationName(op)}"`);
  return ops.length > max ? `${names.join(', ')} and ${ops.length - max} more` : names.join(', ');
}

/** A header a response must declare: one name, or alternatives of which any one will do. */
export type HeaderRequirement = string | readonly string[];

export const headerRequirementsSchema = {
  type: 'array',
  items: {
    anyOf: [
      { type: 'string', minLength: 1 },
      { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
    ],
  },
} as const;

/** The requirements a response misses, each named by its alternatives (`"X-Ratelimit-Retry-After" or "Retry-After"`). */
export function missingHeaders(response: Obj, required: readonly HeaderRequirement[]): string[] {
  const present = responseHeaders(response);
  return required.flatMap(requirement => {
    const names = typeof requirement === 'string' ? [requirement] : requirement;
    return names.some(name => present.has(name.toLowerCase())) ? [] : [names.map(name => `"${name}"`).join(' or ')];
  });
}

/**
 * A finding at each response of `ops` (picked by status code) that misses some of `required`.
 * A shared `$ref`'d response maps to one place, reached through several operations and codes:
 * the message names neither, so Spectral reports it once.
 */
export function missingHeaderFindings(
  ops: readonly Operation[],
  pick: (code: string) => boolean,
  required: readonly HeaderRequirement[],
  message: (missing: string) => string,
): IFunctionResult[] {
  return ops.flatMap(op =>
    responses(op).flatMap(({ code, response, jsonPath }) => {
      const missing = pick(code) ? missingHeaders(response, required) : [];
      return missing.length > 0 ? [{ message: message(missing.join(', ')), path: jsonPath }] : [];
    }),
  );
}

/**
 * Seconds in an ISO 8601 duration (`PT1M`, `P1D`, `P1Y2M`), or undefined when it is not one.
 * Years count 365 days and months 30 days: exact enough to compare limits over different windows.
 */
export function durationSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^P(?=\d|T\d)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value);
  if (!match) return undefined;
  const [y, mo, w, d, h, mi, s] = match.slice(1).map(part => Number(part ?? 0)) as [number, number, number, number, number, number, number];
  const seconds = (((y * 365 + mo * 30 + w * 7 + d) * 24 + h) * 60 + mi) * 60 + s;
  return seconds > 0 ? seconds : undefined;
}
