// The rule factory: every rule is one `defineRule({...})` call holding its metadata (read by
// `apilint rules`, SARIF `rules[]` and the docs generator) beside its logic (a Spectral rule).
import { createRulesetFunction } from '@stoplight/spectral-core';
import type { IFunctionResult, RulesetFunctionContext } from '@stoplight/spectral-core';
import type { JsonPath } from '@stoplight/types';
import type { Format } from '@stoplight/spectral-core';
import { oas2, oas3 } from '@stoplight/spectral-formats';

import type { Severity } from '../src/core/severity.js';
import { knowSources, type InventoryLike } from './lib/sources.js';

export type { Severity };

export const REPOSITORY_URL = 'https://github.com/apilint/apilint';
export const docsUrl = (id: string): string => `${REPOSITORY_URL}/blob/main/docs/rules/${id}.md`;

/** A JSON schema (draft 7) for a rule's options object. */
export type OptionsSchema = {
  type: 'object';
  properties: Record<string, Record<string, unknown> & { description: string }>;
  additionalProperties: false;
  required?: string[];
};

/**
 * A finding. `severity` makes it less severe than its rule: the "should" part of a rule whose
 * main statement is a "must" (RULES.md gives both in one rule, e.g. event-ordering).
 */
export type RuleResult = IFunctionResult & { severity?: Severity };

export type Check<O> = (
  input: unknown,
  options: O,
  context: RulesetFunctionContext,
) => RuleResult[] | void;

/** What one call of a rule's check returned, with what is needed to place its results. */
export interface Reported {
  ruleId: string;
  /** The rule's severity in the ruleset (Spectral's number: 0 error … 3 hint). */
  severity: number;
  /** Whether the rule ran on the `$ref`-resolved document. */
  resolved: boolean;
  /** The path of the node handed to check: where a result without a path lies. */
  targetPath: JsonPath;
  documentInventory: RulesetFunctionContext['documentInventory'];
  results: RuleResult[];
}

/**
 * Where the results of rules run on a document go: apilint places them itself (src/lint/results.ts),
 * with their data (a lowered severity, a mapping key as the place), instead of handing Spectral
 * results it would rebuild from a message and a path. Keyed by the Spectral Document of one run.
 */
const collectors = new WeakMap<object, (reported: Reported) => void>();

/** Sends the results of rules run on `document` to `collect` (undefined: to Spectral again). */
export function collectResults(document: object, collect: ((reported: Reported) => void) | undefined): void {
  if (collect) collectors.set(document, collect);
  else collectors.delete(document);
}

/** What every rule of the catalogue says about itself; lint rules and diff rules alike. */
export type RuleIdentity = Pick<RuleMetaBase, 'id' | 'severity' | 'ref' | 'zalando' | 'description' | 'rationale'>;

interface RuleMetaBase {
  /** Public id: config keys, inline ignores, SARIF ruleId, docs file name. */
  id: string;
  severity: Severity;
  /** Guideline reference, part.topic.item of guidelines.md. */
  ref: string;
  /** Matching Zalando RESTful API Guidelines rule numbers (x-zally-ignore). */
  zalando: readonly number[];
  /** One line: what the rule checks. */
  description: string;
  /** Why: the guideline statement and its reason, for the docs page and SARIF fullDescription. */
  rationale: string;
  /** false: off unless the config extends `apilint:all`. */
  recommended?: boolean;
  /** Documents the rule applies to; OpenAPI 2.0 and 3.x by default. */
  formats?: Format[];
  /** YAML snippets for the docs page: a failing and a passing document fragment. */
  examples: { incorrect: string; correct: string };
  /** JSONPath(s) of the nodes handed to `check`; keep them precise (no `$..` scans). */
  given: string | string[];
  /** Run on the `$ref`-resolved document (default true). */
  resolved?: boolean;
  /** Spectral `then.field`: run `check` on a field (or `@key`) of each given node. */
  field?: string;
}

/** What `apilint rules`, SARIF and the docs show of any rule. */
export type RuleDoc = Pick<RuleMetaBase, 'id' | 'severity' | 'ref' | 'zalando' | 'description' | 'rationale' | 'examples' | 'recommended'>;

type Messages = Record<string, (...args: string[]) => string>;

/**
 * A rule the engine applies itself (`$ref`s, inline ignores: rulesets/engine/): its metadata and
 * the messages of its findings, which the code that finds them uses.
 */
export interface EngineRule<M extends Messages = Messages> extends RuleDoc {
  messages: M;
}

export const defineEngineRule = <M extends Messages>(rule: EngineRule<M>): EngineRule<M> => rule;

export type RuleDefinition<O extends object = Record<never, never>> = RuleMetaBase &
  (keyof O extends never
    ? { options?: undefined; check: Check<O> }
    : { options: { schema: OptionsSchema; defaults: O }; check: Check<O> });

export interface ApilintRule extends RuleMetaBase {
  options?: { schema: OptionsSchema; defaults: Record<string, unknown> };
  /** Spectral function with option validation, named after the rule. */
  fn: ReturnType<typeof createRulesetFunction>;
}

const OPENAPI_FORMATS: Format[] = [oas2, oas3];

export function defineRule<O extends object = Record<never, never>>(rule: RuleDefinition<O>): ApilintRule {
  const { check, options, ...meta } = rule;
  const run = (input: unknown, opts: O | null, context: RulesetFunctionContext) => {
    const collect = collectors.get(context.document);
    // Paths into other files are for apilint's placing only (rulesets/lib/sources.ts).
    if (collect) knowSources(context.documentInventory as unknown as InventoryLike);
    const results = check(input, (opts ?? options?.defaults ?? {}) as O, context);
    if (!results || results.length === 0) return undefined;
    if (!collect) return results.map(({ severity: _, ...result }) => result);
    // apilint's linter leaves rules that are off out of the ruleset (buildRuleset's omitOff).
    const { severity, resolved } = context.rule as unknown as { severity: number; resolved: boolean };
    collect({ ruleId: rule.id, severity, resolved, targetPath: context.path, documentInventory: context.documentInventory, results });
    return undefined;
  };
  // Spectral's createRulesetFunction compiles the options schema with ajv when it is called, for
  // every rule at every start, and checks the options on every call. apilint's options are
  // checked once, when the config is read (src/config/config.ts), so the compiled validator is only
  // built when Spectral asks for it: when its CLI loads rulesets/spectral.ts and validates it.
  let spectralFunction: { validator(o: unknown): void } | undefined;
  const compiled = () =>
    (spectralFunction ??= createRulesetFunction<unknown, O>({ input: null, options: (options?.schema ?? null) as never }, run as never));
  const fn = ((input: unknown, opts: O | null, context: RulesetFunctionContext) => run(input, opts, context)) as unknown as ReturnType<typeof createRulesetFunction>;
  Object.defineProperty(fn, 'validator', { value: (o: unknown) => compiled().validator(o) });
  Object.defineProperty(fn, 'schemas', { get: () => ({ input: null, options: options?.schema ?? null }) });
  // Spectral names the function in its own errors; the rule id is the useful name.
  Object.defineProperty(fn, 'name', { value: rule.id });
  return {
    ...meta,
    formats: rule.formats ?? OPENAPI_FORMATS,
    ...(options ? { options: options as ApilintRule['options'] } : {}),
    fn,
  } as ApilintRule;
}
