import type { JsonPath } from '@stoplight/types';
import type { Finding } from '../lint.js';
import type { InputError } from '../load.js';

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

export { displayPath } from '../paths.js';

export type Formatter = (findings: readonly Finding[], context: FormatContext) => string;

/** RFC 6901 JSON pointer of a path. */
export const jsonPointer = (path: JsonPath): string =>
  path.map(segment => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

export function countBySeverity(findings: readonly Finding[]): Record<Finding['severity'], number> {
  const counts = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}
