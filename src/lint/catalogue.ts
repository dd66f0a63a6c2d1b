// Every rule id apilint can report, with its metadata: the ruleset's rules plus the rules the
// engine applies itself (`$ref`s, inline ignores). `apilint rules`, SARIF `rules[]` and the docs read this.
import { engineRules } from '../../rulesets/engine/index.js';
import { rules } from '../../rulesets/rules/index.js';
import { docsUrl } from '../../rulesets/rule.js';
import { compareCodeUnits } from '../core/finding.js';
import type { Severity } from '../core/severity.js';

export interface RuleInfo {
  id: string;
  severity: Severity;
  ref: string;
  zalando: readonly number[];
  description: string;
  rationale: string;
  recommended: boolean;
  docsUrl: string;
  examples?: { incorrect: string; correct: string };
  options?: { schema: { properties: Record<string, { description: string }> }; defaults: Record<string, unknown> };
}

export const catalogue: readonly RuleInfo[] = [
  ...rules.map(r => ({ ...r, recommended: r.recommended !== false, docsUrl: docsUrl(r.id) })),
  ...engineRules.map(({ messages: _, ...r }) => ({ ...r, recommended: true, docsUrl: docsUrl(r.id) })),
].sort((a, b) => compareCodeUnits(a.id, b.id));

export const ruleInfo = (id: string): RuleInfo | undefined => catalogue.find(r => r.id === id);
