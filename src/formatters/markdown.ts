// A summary for a pull request comment: counts, then a table of findings (capped: a comment has a
// size limit, and the SARIF or JSON report has them all). For `apilint diff` it is a changelog to
// paste into the pull request: breaking changes, warnings, then the compatible changes, each
// section grouped by operation.
import { docsUrl } from '../../rulesets/rule.js';
import type { Finding } from '../core/finding.js';
import { countBySeverity, displayPath, groupByOperation, visible, type FormatContext, type Formatter } from './types.js';

const MAX_ROWS = 100;
const ICON = { error: '❌ error', warn: '⚠️ warning', info: 'ℹ️ info', hint: '💡 hint' } as const;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const markdown: Formatter = (all, context) => {
  const { cwd, files, inputErrors, comparison, diff } = context;
  const findings = visible(all);
  const c = countBySeverity(findings);
  const lines = [diff ? `### apilint diff: \`${cell(diff.base)}\` → \`${cell(diff.revision)}\`` : '### apilint', ''];
  if (diff) {
    lines.push(
      findings.length === 0 && inputErrors.length === 0
        ? '✅ No changes.'
        : `${c.error > 0 ? `❌ **${plural(c.error, 'breaking change')}**` : '✅ No breaking changes'}, ${plural(c.warn, 'warning')}, ${c.info + c.hint} compatible ${c.info + c.hint === 1 ? 'change' : 'changes'}.`,
    );
  } else {
    lines.push(findings.length === 0 && inputErrors.length === 0
      ? `✅ No problems in ${files.length} file${files.length === 1 ? '' : 's'}.`
      : `**${findings.length} problem${findings.length === 1 ? '' : 's'}** in ${files.length} file${files.length === 1 ? '' : 's'}: ${c.error} errors, ${c.warn} warnings, ${c.info} info, ${c.hint} hints.`);
  }
  if (comparison) lines.push('', `Compared with ${comparison.against}: ${comparison.unchanged} known ${diff ? 'changes' : 'findings'} hidden, ${comparison.fixed} fixed.`);
  if (inputErrors.length > 0) {
    lines.push('', `**${inputErrors.length} input${inputErrors.length === 1 ? '' : 's'} could not be ${diff ? 'read' : 'linted'}:**`, '');
    for (const e of inputErrors) lines.push(`- \`${displayPath(e.file, cwd)}${e.line ? `:${e.line}` : ''}\`: ${cell(e.message)}`);
  }
  if (diff) changelog(findings, context, lines);
  else if (findings.length > 0) {
    lines.push('', '| Severity | File | Line | Rule | Message |', '|---|---|---|---|---|');
    for (const f of findings.slice(0, MAX_ROWS)) {
      lines.push(`| ${ICON[f.severity]} | \`${cell(displayPath(f.file, cwd))}\` | ${f.line} | [\`${f.ruleId}\`](${docsUrl(f.ruleId)}) | ${cell(f.message)} |`);
    }
    if (findings.length > MAX_ROWS) lines.push('', `… and ${findings.length - MAX_ROWS} more (see the full report).`);
  }
  return `${lines.join('\n')}\n`;
};

/** Sections by severity, each grouped by operation; at most MAX_ROWS entries in all. */
function changelog(findings: Finding[], { cwd }: FormatContext, lines: string[]): void {
  const sections = [
    { title: '❌ Breaking changes', list: findings.filter(f => f.severity === 'error') },
    { title: '⚠️ Warnings', list: findings.filter(f => f.severity === 'warn') },
    { title: 'ℹ️ Compatible changes', list: findings.filter(f => f.severity === 'info' || f.severity === 'hint') },
  ];
  let shown = 0;
  for (const { title, list } of sections) {
    if (list.length === 0 || shown >= MAX_ROWS) continue;
    lines.push('', `#### ${title}`);
    for (const group of groupByOperation(list)) {
      if (shown >= MAX_ROWS) break;
      lines.push('', `**${cell(group.heading)}**`, '');
      for (const f of group.findings) {
        if (shown++ >= MAX_ROWS) break;
        lines.push(`- ${cell(f.message)} ([\`${f.ruleId}\`](${docsUrl(f.ruleId)}), \`${cell(displayPath(f.file, cwd))}:${f.line}\`)`);
      }
    }
  }
  if (findings.length > MAX_ROWS) lines.push('', `… and ${findings.length - MAX_ROWS} more (see the full report).`);
}
