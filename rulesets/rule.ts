// The rule factory: every rule is one `defineRule({...})` call holding its metadata (read by
// `apilint rules`, SARIF `rules[]` and the docs generator) beside its logic (a Spectral rule).
import { createRulesetFunction } from '@stoplight/spectral-core';
import type { IFunctionResult, RulesetFunctionContext } from '@stoplight/spectral-core';
import type { Format } from '@stoplight/spectral-core';
import { oas2, oas3 } from '@stoplight/spectral-formats';

import type { Severity } from '../src/core/severity.js';

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

// Spectral rebuilds results and keeps only their message and path, so lowered severities travel
// beside them, keyed by rule and message (messages name their subject, so they are specific).
const lowered = new Map<string, Severity>();

/** The severity a rule gave one of its findings, when lower than the rule's own. */
export const loweredSeverity = (ruleId: string, message: string): Severity | undefined => lowered.get(`${ruleId}\u0000${message.trim()}`);

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
    const results = check(input, (opts ?? options?.defaults ?? {}) as O, context);
    return results?.map(({ severity, ...result }) => {
      if (severity) lowered.set(`${rule.id}\u0000${result.message.trim()}`, severity);
      return result;
    });
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
