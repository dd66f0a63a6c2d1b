// A summary for a pull request comment: counts, inputs that could not be linted, a table of
// findings and, for many, the count by rule. GitHub refuses a comment over 65,536 characters, so
// the tables stop within a budget (the SARIF or JSON report has every finding).
//
// Names and messages come from the spec under review, that is from whoever wrote the pull request:
// every such text is put in a code span, where GitHub renders no HTML, link, image, @mention or
// #reference, and a `|` cannot end the table cell.
import { docsUrl } from '../../rulesets/rule.js';
import { countByRule, countBySeverity, plural, RULE_SUMMARY_FROM, severityCounts, shownPath, visible, type Formatter } from './types.js';

/** Rows of the findings table at most, and characters of the whole comment (GitHub's cap is 65,536). */
const MAX_ROWS = 100;
const MAX_CHARS = 60_000;
const ICON = { error: '❌ error', warn: '⚠️ warning', info: 'ℹ️ info', hint: '💡 hint' } as const;

/** `text` as a code span: a fence longer than any backtick run inside, and `|` escaped for the table. */
export function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\|/g, '\\|')}${pad}${fence}`;
}

export const markdown: Formatter = (all, { cwd, files, inputErrors, comparison, quieted }) => {
  const findings = visible(all);
  const lines = ['### apilint', ''];
  lines.push(findings.length === 0 && inputErrors.length === 0
    ? `✅ No problems in ${plural(files.length, 'file')}.`
    : `**${plural(findings.length, 'problem')}** in ${plural(files.length, 'file')}: ${severityCounts(countBySeverity(findings))}.`);
  if (quieted) lines.push('', `${plural(quieted, 'finding')} below error not shown (--quiet).`);
  if (comparison) lines.push('', `Compared with ${code(comparison.against)}: ${plural(comparison.unchanged, 'known finding')} hidden, ${comparison.fixed.toLocaleString('en-US')} fixed.`);
  if (inputErrors.length > 0) {
    lines.push('', `**${plural(inputErrors.length, 'input')} could not be linted:**`, '');
    for (const e of inputErrors) lines.push(`- ${code(`${shownPath(e.file, cwd)}${e.line !== undefined ? `:${e.line}:${e.column ?? 1}` : ''}`)}: ${code(e.message)}`);
  }
  let used = lines.join('\n').length;
  const byRule = findings.length >= RULE_SUMMARY_FROM ? countByRule(findings) : [];
  const ruleRows = byRule.map(r => `| ${r.count.toLocaleString('en-US')} | ${ICON[r.severity]} | [${code(r.ruleId)}](${docsUrl(r.ruleId)}) |`);
  // The summary by rule is kept whole: the findings table takes what is left.
  const budget = MAX_CHARS - used - ruleRows.reduce((n, row) => n + row.length + 1, 200);
  if (findings.length > 0) {
    lines.push('', '| Severity | File | Line | Rule | Message |', '|---|---|---|---|---|');
    used = 0;
    let shown = 0;
    for (const f of findings) {
      const row = `| ${ICON[f.severity]} | ${code(shownPath(f.file, cwd))} | ${f.line} | [${code(f.ruleId)}](${docsUrl(f.ruleId)}) | ${code(f.message)} |`;
      if (shown === MAX_ROWS || used + row.length > budget) break;
      lines.push(row);
      used += row.length + 1;
      shown++;
    }
    if (findings.length > shown) lines.push('', `… and ${(findings.length - shown).toLocaleString('en-US')} more (see the full report).`);
  }
  if (ruleRows.length > 0) lines.push('', '<details><summary>Findings by rule</summary>', '', '| Count | Severity | Rule |', '|---:|---|---|', ...ruleRows, '', '</details>');
  return `${lines.join('\n')}\n`;
};
