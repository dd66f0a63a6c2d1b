import type { InputError } from '../core/errors.js';
import type { Finding } from '../core/finding.js';

export interface FormatContext {
  cwd: string;
  /** Every file that was linted, with or without findings. */
  files: readonly string[];
  inputErrors: readonly InputError[];
  color: boolean;
  /** With --baseline or --since: how many known findings were hidden and how many are gone. */
  comparison?: { against: string; unchanged: number; fixed: number };
  /** `apilint diff`: the two versions compared, as typed (findings carry `operations`). */
  diff?: { base: string; revision: string };
}

/** What a person should see: suppressed findings are kept only for SARIF. */
export const visible = (findings: readonly Finding[]): Finding[] => findings.filter(f => !f.suppression);

export { displayPath } from '../core/paths.js';

export type Formatter = (findings: readonly Finding[], context: FormatContext) => string;

export { jsonPointer } from '../core/finding.js';

export function countBySeverity(findings: readonly Finding[]): Record<Finding['severity'], number> {
  const counts = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

/**
 * `apilint diff` findings grouped by the operations they affect, in the order met: the
 * document's own changes, then one group per operation, and changes to a schema that several
 * operations share under all of them at once.
 */
export function groupByOperation(findings: readonly Finding[]): { heading: string; findings: Finding[] }[] {
  const groups = new Map<string, { heading: string; findings: Finding[] }>();
  for (const f of findings) {
    const ops = f.operations ?? [];
    const key = ops.join('\u0000');
    let group = groups.get(key);
    if (!group) {
      const shown = ops.slice(0, 3).join(', ');
      const heading = ops.length === 0 ? 'The document' : ops.length === 1 ? ops[0]! : `${ops.length} operations (${shown}${ops.length > 3 ? `, and ${ops.length - 3} more` : ''})`;
      groups.set(key, (group = { heading, findings: [] }));
    }
    group.findings.push(f);
  }
  return [...groups.values()];
}
