// A summary for a pull request comment: counts, then a table of findings (capped: a comment has a
// size limit, and the SARIF or JSON report has them all).
import { docsUrl } from '../../rulesets/rule.js';
import { countBySeverity, displayPath, visible, type Formatter } from './types.js';

const MAX_ROWS = 100;
const ICON = { error: '❌ error', warn: '⚠️ warning', info: 'ℹ️ info', hint: '💡 hint' } as const;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const markdown: Formatter = (all, { cwd, files, inputErrors, comparison }) => {
  const findings = visible(all);
  const c = countBySeverity(findings);
  const lines = ['### apilint', ''];
  lines.push(findings.length === 0 && inputErrors.length === 0
    ? `✅ No problems in ${files.length} file${files.length === 1 ? '' : 's'}.`
    : `**${findings.length} problem${findings.length === 1 ? '' : 's'}** in ${files.length} file${files.length === 1 ? '' : 's'}: ${c.error} errors, ${c.warn} warnings, ${c.info} info, ${c.hint} hints.`);
  if (comparison) lines.push('', `Compared with ${comparison.against}: ${comparison.unchanged} known findings hidden, ${comparison.fixed} fixed.`);
  if (inputErrors.length > 0) {
    lines.push('', `**${inputErrors.length} input${inputErrors.length === 1 ? '' : 's'} could not be linted:**`, '');
    for (const e of inputErrors) lines.push(`- \`${displayPath(e.file, cwd)}${e.line ? `:${e.line}` : ''}\`: ${cell(e.message)}`);
  }
  if (findings.length > 0) {
    lines.push('', '| Severity | File | Line | Rule | Message |', '|---|---|---|---|---|');
    for (const f of findings.slice(0, MAX_ROWS)) {
      lines.push(`| ${ICON[f.severity]} | \`${cell(displayPath(f.file, cwd))}\` | ${f.line} | [\`${f.ruleId}\`](${docsUrl(f.ruleId)}) | ${cell(f.message)} |`);
    }
    if (findings.length > MAX_ROWS) lines.push('', `… and ${findings.length - MAX_ROWS} more (see the full report).`);
  }
  return `${lines.join('\n')}\n`;
};
