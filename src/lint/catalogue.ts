// Every rule id apilint can report, with its metadata: the ruleset's rules, the diff rules of
// `apilint diff` and the findings the engine itself produces about `$ref`s. `apilint rules`, SARIF
// `rules[]`, the config and the docs read this.
import { rules as diffRules } from '../../rulesets/diff/index.js';
import { rules } from '../../rulesets/rules/index.js';
import { docsUrl } from '../../rulesets/rule.js';
import { compareCodeUnits } from '../core/finding.js';
import type { Severity } from '../core/severity.js';

/** `lint`: a rule of the ruleset; `diff`: compares two versions (`apilint diff`); `engine`: about the input itself. */
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

const ENGINE_RULES: Omit<RuleInfo, 'docsUrl' | 'recommended' | 'kind'>[] = [
  {
    id: 'invalid-ref',
    severity: 'error',
    ref: '1.3',
    zalando: [],
    description: 'Every `$ref` resolves: the file exists and parses, and the JSON pointer names a node.',
    rationale:
      'The specification is the interface (guideline 1, item 3). A `$ref` that does not resolve leaves part of it undefined, and whatever it points at cannot be checked.',
  },
  {
    id: 'remote-ref',
    severity: 'info',
    ref: '1.3',
    zalando: [],
    description: 'A remote (http/https) `$ref` was not fetched, so its content was not linted.',
    rationale:
      'apilint never touches the network unless asked (`--allow-remote`), so linting is fast, reproducible and safe on untrusted specs. Well-known remote schemas, such as the Problem JSON schema, are recognised by URL and not reported.',
  },
  {
    id: 'ref-outside-project',
    severity: 'error',
    ref: '1.3',
    zalando: [],
    description: 'A local `$ref` stays inside the project: files outside it are refused and never read.',
    rationale:
      'apilint lints specs from pull requests, that is untrusted input. A `$ref` such as `../../../etc/passwd`, an absolute path elsewhere, or a symlink that leads out of the repository would otherwise make the linter read files that are not part of the API, and could carry their content into the report. The project is the working directory, or the document\'s own folder when the document lies outside it. Keep shared schemas inside the repository, or reference them by URL and lint with `--allow-remote`.',
    examples: {
      incorrect: "components:\n  schemas:\n    Secret:\n      $ref: '../../../etc/passwd'\n",
      correct: "components:\n  schemas:\n    Problem:\n      $ref: './schemas/problem.yaml#/Problem'\n",
    },
  },
  {
    id: 'unused-ignore',
    severity: 'hint',
    ref: '1.3',
    zalando: [],
    description: 'An inline ignore (`x-apilint-ignore`, or a mapped `x-zally-ignore` number) silences no finding.',
    rationale:
      'An ignore that no longer silences anything hides the next real finding of that rule at that place and misleads readers: remove it once the problem it excused is fixed.',
  },
];

export const catalogue: readonly RuleInfo[] = [
  ...rules.map(r => ({ ...r, kind: 'lint' as const, recommended: r.recommended !== false, docsUrl: docsUrl(r.id) })),
  ...diffRules.map(({ visit: _visit, ...r }) => ({ ...r, kind: 'diff' as const, recommended: true, docsUrl: docsUrl(r.id) })),
  ...ENGINE_RULES.map(r => ({ ...r, kind: 'engine' as const, recommended: true, docsUrl: docsUrl(r.id) })),
].sort((a, b) => compareCodeUnits(a.id, b.id));

export const ruleInfo = (id: string): RuleInfo | undefined => catalogue.find(r => r.id === id);
