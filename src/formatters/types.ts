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
