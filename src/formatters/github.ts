// GitHub Actions workflow commands: one annotation per finding on the file and line. GitHub shows
// at most 10 error and 10 warning annotations per step, so past that a summary line says how many
// more there are instead of silently dropping them.
import { countBySeverity, displayPath, visible, type Formatter } from './types.js';

const COMMAND = { error: 'error', warn: 'warning', info: 'notice', hint: 'notice' } as const;
const LIMIT_PER_KIND = 10;

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export const github: Formatter = (all, { cwd, files }) => {
  const findings = visible(all);
  const shown = { error: 0, warning: 0, notice: 0 };
  const lines: string[] = [];
  let hidden = 0;
  for (const f of findings) {
    const kind = COMMAND[f.severity];
    if (shown[kind] >= LIMIT_PER_KIND) {
      hidden++;
      continue;
    }
    shown[kind]++;
    const props = [
      `file=${escapeProperty(displayPath(f.file, cwd))}`,
      `line=${f.line}`,
      `col=${f.column}`,
      `endLine=${f.endLine}`,
      `endColumn=${f.endColumn}`,
      `title=${escapeProperty(`apilint ${f.ruleId}`)}`,
    ];
    lines.push(`::${kind} ${props.join(',')}::${escapeData(f.message)}`);
  }
  const counts = countBySeverity(findings);
  if (hidden > 0) lines.push(`::warning title=apilint::${hidden} more findings are not shown as annotations (GitHub shows ${LIMIT_PER_KIND} per kind): see the log or the SARIF report`);
  lines.push(`apilint: ${findings.length} problems (${counts.error} errors, ${counts.warn} warnings, ${counts.info} info, ${counts.hint} hints) in ${files.length} files`);
  return `${lines.join('\n')}\n`;
};
