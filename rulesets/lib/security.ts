// Security requirements and schemes, read the same way for 2.0 (`securityDefinitions`) and 3.x
// (`components.securitySchemes`), shared by the authentication and rate-limit rules.
import { isObject, isOas2, type Obj, type Operation } from './oas.js';
import { rememberByNode } from './remember.js';
import type { JsonPath } from '@stoplight/types';

export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** A `security` list read once per list: the document's applies to every operation without one. */
const requirementList = rememberByNode(
  (value): readonly SecurityRequirement[] =>
    Array.isArray(value)
      ? value.map(req =>
          isObject(req)
            ? Object.fromEntries(Object.entries(req).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : []]))
            : {},
        )
      : [],
  [],
);

/** JSON path of the `security` list in effect for the operation, or undefined when there is none. */
export function effectiveSecurityPath(root: unknown, op: Operation): JsonPath | undefined {
  if (Array.isArray(op.operation.security)) return [...op.jsonPath, 'security'];
  return isObject(root) && Array.isArray(root.security) ? ['security'] : undefined;
}

/** The operation's own `security` if present (even empty), else the document's; empty = unsecured. */
export function effectiveSecurity(root: unknown, op: Operation): readonly SecurityRequirement[] {
  if (Array.isArray(op.operation.security)) return requirementList(op.operation.security);
  return isObject(root) ? requirementList(root.security) : [];
}

/** The document's security schemes by name (3.x components.securitySchemes, 2.0 securityDefinitions). */
export function securitySchemes(root: unknown): Obj {
  if (!isObject(root)) return {};
  const schemes = isOas2(root) ? root.securityDefinitions : isObject(root.components) ? root.components.securitySchemes : undefined;
  return isObject(schemes) ? schemes : {};
}

/** JSON path of the scheme map (for findings about a scheme). */
export const securitySchemesPath = (root: unknown): JsonPath =>
  isOas2(root) ? ['securityDefinitions'] : ['components', 'securitySchemes'];

/**
 * Secured: at least one requirement, and every alternative names at least one scheme, all of
 * them defined. An empty requirement `{}` makes authentication optional, so it is not secured.
 */
export function isSecured(root: unknown, op: Operation): boolean {
  const requirements = effectiveSecurity(root, op);
  let secured = securedLists.get(requirements);
  if (secured === undefined) {
    const schemes = securitySchemes(root);
    secured =
      requirements.length > 0 &&
      requirements.every(req => {
        const names = Object.keys(req);
        return names.length > 0 && names.every(name => isObject(schemes[name]));
      });
    securedLists.set(requirements, secured);
  }
  return secured;
}

/** Each requirement list's answer (requirementList makes one list per `security` of a document). */
const securedLists = new WeakMap<readonly SecurityRequirement[], boolean>();

export const isOAuth2 = (scheme: unknown): boolean => isObject(scheme) && scheme.type === 'oauth2';

export interface ScopeDefinition {
  scope: string;
  /** JSON path of the scope's entry in its `scopes` map. */
  jsonPath: JsonPath;
}

/** Scopes an OAuth2 scheme defines: every 3.x flow's `scopes`, or the 2.0 scheme's `scopes`. */
export function definedScopes(scheme: unknown, schemePath: JsonPath): ScopeDefinition[] {
  if (!isObject(scheme)) return [];
  const maps: Array<[unknown, JsonPath]> = [];
  if (isObject(scheme.flows)) {
    for (const [flow, value] of Object.entries(scheme.flows)) {
      if (isObject(value)) maps.push([value.scopes, [...schemePath, 'flows', flow, 'scopes']]);
    }
  } else {
    maps.push([scheme.scopes, [...schemePath, 'scopes']]);
  }
  return maps.flatMap(([scopes, path]) =>
    isObject(scopes) ? Object.keys(scopes).map(scope => ({ scope, jsonPath: [...path, scope] })) : [],
  );
}

export interface SecurityList {
  requirements: readonly SecurityRequirement[];
  /** JSON path of the `security` list. */
  jsonPath: JsonPath;
}

/** Every `security` list written in the document: the document's own, then each operation's. */
export function securityLists(root: unknown, ops: Operation[]): SecurityList[] {
  const out: SecurityList[] = [];
  if (isObject(root) && Array.isArray(root.security)) out.push({ requirements: requirementList(root.security), jsonPath: ['security'] });
  for (const op of ops) {
    if (Array.isArray(op.operation.security)) {
      out.push({ requirements: requirementList(op.operation.security), jsonPath: [...op.jsonPath, 'security'] });
    }
  }
  return out;
}

/** Where the document declares its schemes, for messages. */
export const schemesLocation = (root: unknown): string => (isOas2(root) ? 'securityDefinitions' : 'components.securitySchemes');
