// HTTP status codes: the IANA "HTTP Status Code Registry" (RFC 9110 and the RFCs it lists) and
// OpenAPI's response-code keys (`default`, 3.x `NXX` ranges). Node's http.STATUS_CODES is not used:
// it carries unregistered codes such as 509.
import { operations, responseBodies, responses, sharedList, type Body, type Operation, type Response } from './oas.js';
import { firstSight } from './remember.js';

/**
 * Permanently registered codes. Left out: 306 and 418 (registered as "(Unused)") and 104
 * (a temporary registration for a draft that expires).
 */
export const IANA_STATUS_CODES: ReadonlySet<number> = new Set([
  100, 101, 102, 103,
  200, 201, 202, 203, 204, 205, 206, 207, 208, 226,
  300, 301, 302, 303, 304, 305, 307, 308,
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417,
  421, 422, 423, 424, 425, 426, 428, 429, 431, 451,
  500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511,
]);

/** The catalogue's common set (guideline 7.1: codes stay among the most common). */
export const COMMON_STATUS_CODES: readonly number[] = [
  200, 201, 202, 204, 207, 301, 303, 304, 400, 401, 403, 404, 405, 406, 409, 410, 412, 415, 423, 428, 429, 500, 501, 503,
];

/** `1XX` … `5XX`: OpenAPI 3.x range keys (uppercase X, as the specification defines them). */
export const isStatusRange = (code: string): boolean => /^[1-5]XX$/.test(code);

/** A numeric code (`200`), also when YAML gave an unquoted key. */
export const statusNumber = (code: string): number | undefined => (/^\d{3}$/.test(code) ? Number(code) : undefined);

/** A valid response key: `default`, an IANA-registered code, or (3.x only) an `NXX` range. */
export function isOfficialResponseCode(code: string, oas2: boolean): boolean {
  if (code === 'default' || (!oas2 && isStatusRange(code))) return true;
  const n = statusNumber(code);
  return n !== undefined && IANA_STATUS_CODES.has(n);
}

/** The class of a response key: 2 for `200` or `2XX`; undefined for `default` and malformed keys. */
export function statusClass(code: string): number | undefined {
  return /^[1-5](?:\d\d|XX)$/.test(code) ? code.charCodeAt(0) - 48 : undefined;
}

/** 4xx, 5xx and `default`: the responses that describe errors. */
export const isErrorResponseCode = (code: string): boolean => {
  const cls = statusClass(code);
  return code === 'default' || cls === 4 || cls === 5;
};

/** Every response of every operation, with its key as a string. */
export const operationResponses = (root: unknown): Response[] => operations(root).flatMap(responses);

export interface ErrorBody extends Body {
  op: Operation;
  response: Response;
}

const errorBodyCache = new WeakMap<object, readonly ErrorBody[]>();

/** The bodies of every 4xx, 5xx and `default` response of every operation (listed once per document). */
export function errorResponseBodies(root: unknown): ErrorBody[] {
  if (root === null || typeof root !== 'object') return [];
  // A shared 3.x response's bodies are one list: listed with the first operation that uses it.
  const first = firstSight();
  return sharedList(errorBodyCache, root, () =>
    operations(root).flatMap(op =>
      responses(op)
        .filter(response => isErrorResponseCode(response.code))
        .flatMap(response => {
          const bodies = responseBodies(root, op, response.response, response.jsonPath);
          return first(bodies) ? bodies.map(body => ({ ...body, op, response })) : [];
        }),
    ),
  );
}
