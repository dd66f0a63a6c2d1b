// The apilint ruleset: every rule of rulesets/rules/ as a Spectral ruleset definition. apilint
// builds it with the user's settings; rulesets/spectral.ts exports the defaults for Spectral's CLI.
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { docsUrl, type ApilintRule, type Severity } from './rule.js';
import { rules } from './rules/index.js';
import { eventTypes, oas2, oas3 } from './formats.js';

export { rules };
export type { ApilintRule, Severity };

export interface RuleSetting {
  severity?: Severity | 'off';
  options?: Record<string, unknown>;
}

export interface BuildOptions {
  /** Per-rule severity and options, by rule id. */
  settings?: ReadonlyMap<string, RuleSetting>;
  /** Turn on the rules that are off by default (`extends: apilint:all`). */
  all?: boolean;
  /** Lint only these rules (tests, `--rule`). */
  only?: ReadonlySet<string>;
  /**
   * Leave out the rules that are off (apilint's own runs): Spectral runs a rule whose severity is
   * off and only then drops its results. Spectral's CLI keeps them, so that a ruleset extending
   * apilint's can turn them on.
   */
  omitOff?: boolean;
}

export function buildRuleset({ settings, all = false, only, omitOff = false }: BuildOptions = {}): RulesetDefinition {
  const spectralRules: Record<string, unknown> = {};
  for (const rule of rules) {
    if (only && !only.has(rule.id)) continue;
    const setting = settings?.get(rule.id);
    const enabled = all || only !== undefined || rule.recommended !== false;
    const severity = setting?.severity ?? (enabled ? rule.severity : 'off');
    if (omitOff && severity === 'off') continue;
    spectralRules[rule.id] = {
      description: rule.description,
      message: '{{error}}',
      documentationUrl: docsUrl(rule.id),
      severity,
      // Spectral treats recommended: false as off unless a ruleset extends with 'all'.
      recommended: true,
      formats: rule.formats,
      given: rule.given,
      resolved: rule.resolved ?? true,
      then: {
        ...(rule.field ? { field: rule.field } : {}),
        function: rule.fn,
        ...(rule.options ? { functionOptions: { ...rule.options.defaults, ...setting?.options } } : {}),
      },
    };
  }
  return {
    formats: [oas2, oas3, eventTypes],
    // YAML allows numeric keys (`200:`); Spectral's parser calls them errors unless told otherwise.
    parserOptions: { incompatibleValues: 'off', duplicateKeys: 'error' },
    rules: spectralRules,
  } as RulesetDefinition;
}
