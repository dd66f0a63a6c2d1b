// Every rule id apilint can report, with its metadata: the ruleset's rules, the diff rules of
// `apilint diff`, and the rules the engine applies itself (`$ref`s, inline ignores). `apilint
// rules`, SARIF `rules[]`, the config and the docs read this.
import { rules as diffRules } from '../../rulesets/diff/index.js';
import { engineRules } from '../../rulesets/engine/index.js';
import { rules } from '../../rulesets/rules/index.js';
import { docsUrl } from '../../rulesets/rule.js';
import { compareCodeUnits } from '../core/finding.js';
import type { Severity } from '../core/severity.js';

/** `lint`: a rule of the ruleset; `diff`: compares two versions (`apilint diff`); `engine`: applied by the engine itself. */
export type RuleKind = 'lint' | 'diff' | 'engine';

export interface RuleInfo {
  id: string;
  kind: RuleKind;
  severity: Severity;
  ref: string;
  zalando: readonly number[];
  description: string;
  rationale: string;
  recommended: boolean;
  docsUrl: string;
  /** Lint rules: a failing and a passing fragment; diff rules: a base and a revision the rule reports. */
  examples?: { incorrect: string; correct: string } | { base: string; revision: string };
  options?: { schema: { properties: Record<string, { description: string }> }; defaults: Record<string, unknown> };
}

export const catalogue: readonly RuleInfo[] = [
  ...rules.map(r => ({ ...r, kind: 'lint' as const, recommended: r.recommended !== false, docsUrl: docsUrl(r.id) })),
  ...diffRules.map(({ visit: _visit, ...r }) => ({ ...r, kind: 'diff' as const, recommended: true, docsUrl: docsUrl(r.id) })),
  ...engineRules.map(({ messages: _, ...r }) => ({ ...r, kind: 'engine' as const, recommended: true, docsUrl: docsUrl(r.id) })),
].sort((a, b) => compareCodeUnits(a.id, b.id));

export const ruleInfo = (id: string): RuleInfo | undefined => catalogue.find(r => r.id === id);
