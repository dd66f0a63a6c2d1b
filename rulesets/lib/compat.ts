// Compatibility knowledge shared by the diff rules (rulesets/diff/): what values a schema admits
// and how two versions of it differ, direction-free. Each rule then decides what the difference
// means for its direction: a client may send less than before and may receive more only where
// the guideline lets it (9.3).
import { documentPattern } from './pattern.js';
import { patternAdmits } from './patterns.js';
import { rememberByPair } from './remember.js';
import { isObject } from './oas.js';
import { schemaName, schemaTypes } from './schemas.js';
import type { Constraint, DiffContext, DiffListeners, DiffResult, Deprecation, Keyword, Loc, SchemaContext, SchemaNode, SchemaView, SecurityAlternative, SecurityModel, Severity } from '../diff-rule.js';

/** A value from a document, short and on one line. */
export function show(value: unknown, max = 40): string {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Up to four values, then how many more. */
export function showList(values: readonly unknown[]): string {
  const shown = values.slice(0, 4).map(v => show(v)).join(', ');
  return values.length > 4 ? `${shown} and ${values.length - 4} more` : shown;
}

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** How a message names a `oneOf`/`anyOf` member: its schema name, its title, or what it is. */
export function memberName(node: SchemaNode): string {
  const named = schemaName(node.loc.path);
  if (named !== undefined) return `schema "${named}"`;
  const value = node.value as { title?: unknown; type?: unknown; allOf?: unknown; properties?: Record<string, { enum?: unknown }> } | null;
  if (typeof value?.title === 'string') return `"${value.title}"`;
  // An allOf of named schemas: `schema "rule-a" with "ruleset-info"`.
  const refs = Array.isArray(value?.allOf) ? value.allOf.flatMap(m => (typeof m?.$ref === 'string' ? [m.$ref.split('/').pop()!] : [])) : [];
  if (refs.length > 0) return `schema ${refs.map(r => `"${r}"`).join(' with ')}`;
  // A discriminating property with one value: `a member with type "workflows"`.
  for (const [name, property] of Object.entries(value?.properties ?? {})) {
    if (Array.isArray(property?.enum) && property.enum.length === 1) return `a member with ${name} ${show(property.enum[0])}`;
  }
  const types = isObject(value) ? schemaTypes(value) : [];
  return types.length > 0 ? `a member of type ${types.join(' or ')}` : 'a new member';
}

/** 2xx: what a client that succeeded reads. */
export const isSuccessStatus = (code: string): boolean => /^2/.test(code);

/**
 * The JSON types a schema admits, `null` included when nullable. A schema without `type` but with
 * properties is an object, with `items` an array; undefined: anything.
 */
export function admittedTypes(view: SchemaView): Set<string> | undefined {
  if (view.types && view.types.size > 0) return view.types;
  const inferred = view.properties.size > 0 || view.additionalProperties !== undefined ? 'object' : view.items ? 'array' : undefined;
  if (!inferred) return undefined;
  return new Set(view.nullable ? [inferred, 'null'] : [inferred]);
}

const accepts = (types: Set<string>, type: string): boolean => types.has(type) || (type === 'integer' && types.has('number'));

/** `integer (int64)`, `string or null`, `any`. */
export function typeText(view: SchemaView): string {
  const types = admittedTypes(view);
  if (!types) return 'any type';
  const named = [...types].filter(t => t !== 'null').join(' or ') || 'null';
  const format = view.format ? ` (${view.format.value})` : '';
  return `${named}${format}${types.has('null') && named !== 'null' ? ' or null' : ''}`;
}

/**
 * Non-null types one side admits that the other does not: `gained` are admitted by the revision
 * only (a widening), `lost` by the base only (a narrowing). `any` on one side counts only when the
 * other side has a type.
 */
export function typeChange(base: SchemaView, revision: SchemaView): { gained: string[]; lost: string[] } {
  const b = admittedTypes(base);
  const r = admittedTypes(revision);
  if (!b && !r) return { gained: [], lost: [] };
  if (!b) return { gained: [], lost: ['any type'] };
  if (!r) return { gained: ['any type'], lost: [] };
  const gained = [...r].filter(t => t !== 'null' && !accepts(b, t));
  const lost = [...b].filter(t => t !== 'null' && !accepts(r, t));
  return { gained, lost };
}

/** Whether null is admitted by one side only. Untyped schemas are left alone (null or not, unsaid), and so are union members. */
export function nullChange(base: SchemaView, revision: SchemaView, context: SchemaContext): 'gained' | 'lost' | undefined {
  if (context.inUnion || !admittedTypes(base) || !admittedTypes(revision)) return undefined;
  if (!base.nullable && revision.nullable) return 'gained';
  if (base.nullable && !revision.nullable) return 'lost';
  return undefined;
}

// Formats that admit every value of another: int64 holds every int32, double every float.
const WIDER: Record<string, readonly string[]> = { int64: ['int32'], double: ['float'] };

/**
 * The format a schema's values have: as written, else what JSON numbers are in practice (an
 * integer without format is an int64, a number a double), else none.
 */
export function effectiveFormat(view: SchemaView): string | undefined {
  if (view.format) return view.format.value;
  const types = admittedTypes(view);
  if (types?.has('integer') && !types.has('number')) return 'int64';
  if (types?.has('number')) return 'double';
  return undefined;
}

/**
 * How the format changed: `wider` admits more values (a format removed, int32 → int64),
 * `narrower` fewer (a format added, int64 → int32), `other` neither (date-time → date).
 * Adding int64 to an integer, or double to a number, changes nothing.
 */
export function formatChange(base: SchemaView, revision: SchemaView): { change: 'wider' | 'narrower' | 'other'; from?: string; to?: string } | undefined {
  // Where the type changed too (integer → number), the type rules speak; formats as written only.
  const kinds = (view: SchemaView) => [...(admittedTypes(view) ?? [])].filter(t => t !== 'null').sort().join();
  const same = kinds(base) === kinds(revision);
  const from = same ? effectiveFormat(base) : base.format?.value;
  const to = same ? effectiveFormat(revision) : revision.format?.value;
  if (from === to) return undefined;
  const formats = { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
  if (from === undefined) return { change: 'narrower', ...formats };
  if (to === undefined) return { change: 'wider', ...formats };
  if (WIDER[to]?.includes(from)) return { change: 'wider', ...formats };
  if (WIDER[from]?.includes(to)) return { change: 'narrower', ...formats };
  return { change: 'other', ...formats };
}

/** A JSON value as a string that equal values share (a YAML timestamp is its ISO text). */
export const valueKey = (value: unknown): string => (value instanceof Date ? value.toISOString() : JSON.stringify(value) ?? 'undefined');

/** The values of a list that are not in another. */
export function missingFrom(values: readonly unknown[], from: readonly unknown[]): unknown[] {
  const known = new Set(from.map(valueKey));
  return values.filter(v => !known.has(valueKey(v)));
}

interface Bound {
  value: number;
  exclusive: boolean;
  loc: Loc;
}

function bound(view: SchemaView, inclusive: Constraint, exclusive: Constraint, upper: boolean): Bound | undefined {
  const candidates: Bound[] = [];
  const plain = view.constraints[inclusive];
  const strict = view.constraints[exclusive];
  if (typeof plain?.value === 'number') candidates.push({ value: plain.value, exclusive: false, loc: plain.loc });
  if (typeof strict?.value === 'number') candidates.push({ value: strict.value, exclusive: true, loc: strict.loc });
  if (candidates.length === 0) return undefined;
  // The tighter of the two.
  return candidates.reduce((a, b) => (upper ? (b.value < a.value || (b.value === a.value && b.exclusive) ? b : a) : b.value > a.value || (b.value === a.value && b.exclusive) ? b : a));
}

const showBound = (b: Bound | undefined, upper: boolean): string => (b ? `${upper ? (b.exclusive ? '<' : '≤') : b.exclusive ? '>' : '≥'} ${b.value}` : 'none');

/** Whether bound `a` admits fewer values than `b` (undefined: unbounded). */
function tighter(a: Bound | undefined, b: Bound | undefined, upper: boolean): boolean {
  if (!a) return false;
  if (!b) return true;
  if (a.value !== b.value) return upper ? a.value < b.value : a.value > b.value;
  return a.exclusive && !b.exclusive;
}

export interface ConstraintChange {
  /** The keyword, as the message names it. */
  name: string;
  /** The revision admits fewer values (true) or more (false). */
  tighter: boolean;
  /** The revision's keyword, or the schema when the revision dropped it. */
  loc: Loc;
  /** `maxLength 100 → 50`. */
  text: string;
}

const LENGTHS: [Constraint, boolean][] = [
  ['maxLength', true], ['minLength', false], ['maxItems', true], ['minItems', false], ['maxProperties', true], ['minProperties', false],
];

/** A string schema's length bounds, as numbers. */
function lengthBounds(view: SchemaView): { minLength?: number; maxLength?: number } {
  const min = view.constraints.minLength?.value;
  const max = view.constraints.maxLength?.value;
  return { ...(typeof min === 'number' ? { minLength: min } : {}), ...(typeof max === 'number' ? { maxLength: max } : {}) };
}

/** Every constraint that admits fewer or more values in the revision than in the base. */
export function constraintChanges(base: SchemaView, revision: SchemaView): ConstraintChange[] {
  const out: ConstraintChange[] = [];
  const where = (k: Keyword<unknown> | undefined) => k?.loc ?? revision.loc;
  for (const [name, upper] of LENGTHS) {
    const b = base.constraints[name]?.value;
    const r = revision.constraints[name]?.value;
    const bn = typeof b === 'number' ? b : upper ? Infinity : 0;
    const rn = typeof r === 'number' ? r : upper ? Infinity : 0;
    if (bn === rn) continue;
    const narrower = upper ? rn < bn : rn > bn;
    out.push({ name, tighter: narrower, loc: where(revision.constraints[name]), text: `${name} ${typeof b === 'number' ? b : 'none'} → ${typeof r === 'number' ? r : 'none'}` });
  }
  for (const [inclusive, exclusive, upper] of [['maximum', 'exclusiveMaximum', true], ['minimum', 'exclusiveMinimum', false]] as const) {
    const b = bound(base, inclusive, exclusive, upper);
    const r = bound(revision, inclusive, exclusive, upper);
    if (tighter(r, b, upper)) out.push({ name: inclusive, tighter: true, loc: r!.loc, text: `${inclusive} ${showBound(b, upper)} → ${showBound(r, upper)}` });
    else if (tighter(b, r, upper)) out.push({ name: inclusive, tighter: false, loc: r?.loc ?? revision.loc, text: `${inclusive} ${showBound(b, upper)} → ${showBound(r, upper)}` });
  }
  const bPattern = base.constraints.pattern?.value;
  const rPattern = revision.constraints.pattern?.value;
  if (bPattern !== rPattern) {
    // A new pattern may refuse values; a changed one does unless it admits every value the old one
    // took (rulesets/lib/patterns.ts), within the old length bounds.
    const changed = rPattern === undefined ? 'pattern removed' : bPattern === undefined ? `pattern ${show(rPattern)} added` : `pattern ${show(bPattern)} → ${show(rPattern)}`;
    // Patterns run on RE2: one it does not run is not compared, and the change counts as a narrowing.
    const notRun = typeof bPattern === 'string' && typeof rPattern === 'string' ? ([['old', bPattern], ['new', rPattern]] as const).flatMap(([side, p]) => {
      const pattern = documentPattern(p);
      return 'problem' in pattern ? [`the ${side} pattern ${pattern.problem}`] : [];
    }) : [];
    const text = notRun.length === 0 ? changed : `${changed}; not compared: ${notRun.join('; ')}`;
    const admits = (from: SchemaView, a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && patternAdmits(a, b, lengthBounds(from)) === true;
    const admitsOld = admits(base, bPattern, rPattern);
    // Written another way (`[0-9]` → `\d`): no change.
    if (!(admitsOld && admits(revision, rPattern, bPattern))) out.push({ name: 'pattern', tighter: rPattern !== undefined && !admitsOld, loc: where(revision.constraints.pattern), text });
  }
  const bStep = base.constraints.multipleOf?.value;
  const rStep = revision.constraints.multipleOf?.value;
  if (bStep !== rStep && (typeof bStep === 'number' || typeof rStep === 'number')) {
    // A multiple of the new step is a multiple of the old one when the new step is: fewer values.
    const narrower = typeof rStep === 'number' && (typeof bStep !== 'number' || !Number.isInteger(bStep / rStep));
    out.push({ name: 'multipleOf', tighter: narrower, loc: where(revision.constraints.multipleOf), text: `multipleOf ${bStep ?? 'none'} → ${rStep ?? 'none'}` });
  }
  const bUnique = base.constraints.uniqueItems?.value === true;
  const rUnique = revision.constraints.uniqueItems?.value === true;
  if (bUnique !== rUnique) out.push({ name: 'uniqueItems', tighter: rUnique, loc: where(revision.constraints.uniqueItems), text: `uniqueItems ${bUnique} → ${rUnique}` });
  const bClosed = base.additionalProperties === false;
  const rClosed = revision.additionalProperties === false;
  if (bClosed !== rClosed && (admittedTypes(base)?.has('object') ?? true)) {
    out.push({ name: 'additionalProperties', tighter: rClosed, loc: revision.loc, text: rClosed ? 'additionalProperties: false added' : 'additionalProperties: false removed' });
  }
  return out;
}

/** `2027-06-30` from a date, a date-time or a YAML timestamp. */
export function sunsetDay(node: Deprecation): string | undefined {
  const value = node.sunset?.value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
}

/**
 * How a removal stands against guideline 9.5: allowed (info) once the base deprecated the node
 * with an `x-sunset` that has passed; otherwise an error whose advice says what is missing.
 */
export function removal(node: Deprecation, context: DiffContext): { severity?: Severity; advice: string } {
  const day = sunsetDay(node);
  if (context.sunsetPassed(node)) return { severity: 'info', advice: `It was deprecated with x-sunset ${day}, which has passed: the removal is allowed.` };
  if (node.deprecated && day) return { advice: `It is deprecated, but its x-sunset ${day} has not passed (today is ${context.today}): keep it until then.` };
  if (node.deprecated) return { advice: 'It is deprecated but has no x-sunset: give it a sunset date, and remove it once that has passed.' };
  return { advice: 'Keep it, or deprecate it (deprecated: true with an x-sunset date) and remove it after the sunset.' };
}

/** Whether a client that satisfies `held` satisfies `needed`: every scheme of it, with every scope (or, with `scopes`, ignoring scopes). */
/**
 * `fn` of a base and a revision security model, answered from memory: the operations without a
 * `security` of their own share the document's models, and each is compared (a list of n
 * alternatives over n operations, compared alternative by alternative, cost n³).
 */
export const perSecurityPair = <T>(fn: (base: SecurityModel, revision: SecurityModel) => T): ((base: SecurityModel, revision: SecurityModel) => T) => rememberByPair(fn);

export function satisfies(held: SecurityAlternative, needed: SecurityAlternative, scopes = true): boolean {
  for (const [key, { scopes: wanted }] of needed.schemes) {
    const have = held.schemes.get(key);
    if (!have) return false;
    if (scopes) for (const scope of wanted) if (!have.scopes.has(scope)) return false;
  }
  return true;
}

type Deprecated = Deprecation & { loc: Loc };

/**
 * Listeners for everything this change deprecates (an operation, parameter, response header or
 * schema the base did not deprecate): `report` gets the revision's node and how to name it.
 */
export function onNewDeprecation(report: (node: Deprecated, what: string) => DiffResult | undefined): DiffListeners {
  const check = (base: Deprecation | undefined, revision: Deprecated | undefined, what: () => string) =>
    revision?.deprecated && !base?.deprecated ? report(revision, what()) : undefined;
  return {
    operation: ({ base, revision }) => check(base, revision, () => `Operation "${revision!.name}"`),
    parameter: ({ base, revision }) => check(base, revision, () => `Parameter "${revision!.name}"`),
    header: ({ base, revision }) => check(base, revision, () => `Response header "${revision!.name}"`),
    schema: ({ base, revision }, context) => check(base, revision, () => capitalize(context.label)),
  };
}
