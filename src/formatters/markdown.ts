// A summary for a pull request comment: counts, inputs that could not be linted, a table of
// findings and, for many, the count by rule. GitHub refuses a comment over 65,536 characters, so
// the tables stop within a budget (the SARIF or JSON report has every finding).
//
// Names and messages come from the spec under review, that is from whoever wrote the pull request:
// every such text is put in a code span, where GitHub renders no HTML, link, image, @mention or
// #reference, and a `|` cannot end the table cell.
//
// For `apilint diff` it is a changelog to paste into the pull request: breaking changes, warnings,
// then the compatible changes, each section grouped by operation.
import { docsUrl } from '../../rulesets/rule.js';
import type { Finding } from '../core/finding.js';
import { countByRule, countBySeverity, groupByOperation, grouped, plural, RULE_SUMMARY_FROM, severityCounts, shownPath, visible, type FormatContext, type Formatter } from './types.js';

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

export const markdown: Formatter = (all, context) => {
  const { cwd, files, inputErrors, comparison, quieted } = context;
  const findings = visible(all);
  if (context.diff) return changelog(findings, context, context.diff);
  const lines = ['### apilint', ''];
  lines.push(findings.length === 0 && inputErrors.length === 0
    ? `✅ No problems in ${plural(files.length, 'file')}.`
    : `**${plural(findings.length, 'problem')}** in ${plural(files.length, 'file')}: ${severityCounts(countBySeverity(findings))}.`);
  if (quieted) lines.push('', `${plural(quieted, 'finding')} below error not shown (--quiet).`);
  if (comparison) lines.push('', `Compared with ${code(comparison.against)}: ${plural(comparison.unchanged, 'known finding')} hidden, ${grouped(comparison.fixed)} fixed.`);
  if (inputErrors.length > 0) {
    lines.push('', `**${plural(inputErrors.length, 'input')} could not be linted:**`, '');
    for (const e of inputErrors) lines.push(`- ${code(`${shownPath(e.file, cwd)}${e.line !== undefined ? `:${e.line}:${e.column ?? 1}` : ''}`)}: ${code(e.message)}`);
  }
  let used = lines.join('\n').length;
  const byRule = findings.length >= RULE_SUMMARY_FROM ? countByRule(findings) : [];
  const ruleRows = byRule.map(r => `| ${grouped(r.count)} | ${ICON[r.severity]} | [${code(r.ruleId)}](${docsUrl(r.ruleId)}) |`);
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
    if (findings.length > shown) lines.push('', `… and ${grouped(findings.length - shown)} more (see the full report).`);
  }
  if (ruleRows.length > 0) lines.push('', '<details><summary>Findings by rule</summary>', '', '| Count | Severity | Rule |', '|---:|---|---|', ...ruleRows, '', '</details>');
  return `${lines.join('\n')}\n`;
};

/** `apilint diff`: sections by severity, each grouped by operation, within the comment's budget. */
function changelog(findings: Finding[], { cwd, inputErrors, comparison, quieted }: FormatContext, diff: { base: string; revision: string }): string {
  const c = countBySeverity(findings);
  const compatible = c.info + c.hint;
  const lines = [`### apilint diff: ${code(diff.base)} → ${code(diff.revision)}`, ''];
  lines.push(
    findings.length === 0 && inputErrors.length === 0
      ? '✅ No changes.'
      : `${c.error > 0 ? `❌ **${plural(c.error, 'breaking change')}**` : '✅ No breaking changes'}, ${plural(c.warn, 'warning')}, ${plural(compatible, 'compatible change')}.`,
  );
  if (quieted) lines.push('', `${plural(quieted, 'change')} below error not shown (--quiet).`);
  if (comparison) lines.push('', `Compared with ${code(comparison.against)}: ${plural(comparison.unchanged, 'known change')} hidden, ${grouped(comparison.fixed)} fixed.`);
  if (inputErrors.length > 0) {
    lines.push('', `**${plural(inputErrors.length, 'input')} could not be read:**`, '');
    for (const e of inputErrors) lines.push(`- ${code(`${shownPath(e.file, cwd)}${e.line !== undefined ? `:${e.line}:${e.column ?? 1}` : ''}`)}: ${code(e.message)}`);
  }
  const sections = [
    { title: '❌ Breaking changes', list: findings.filter(f => f.severity === 'error') },
    { title: '⚠️ Warnings', list: findings.filter(f => f.severity === 'warn') },
    { title: 'ℹ️ Compatible changes', list: findings.filter(f => f.severity === 'info' || f.severity === 'hint') },
  ];
  let used = lines.join('\n').length;
  let shown = 0;
  for (const { title, list } of sections) {
    if (list.length === 0) continue;
    lines.push('', `#### ${title}`);
    for (const group of groupByOperation(list)) {
      const rows = group.findings.map(f => `- ${code(f.message)} ([${code(f.ruleId)}](${docsUrl(f.ruleId)}), ${code(`${shownPath(f.file, cwd)}:${f.line}`)})`);
      const heading = `**${code(group.heading)}**`;
      if (shown === MAX_ROWS || used + heading.length + rows[0]!.length > MAX_CHARS) break;
      lines.push('', heading, '');
      for (const row of rows) {
        if (shown === MAX_ROWS || used + row.length > MAX_CHARS) break;
        lines.push(row);
        used += row.length + 1;
        shown++;
      }
    }
  }
  if (findings.length > shown) lines.push('', `… and ${grouped(findings.length - shown)} more (see the full report).`);
  return `${lines.join('\n')}\n`;
}
