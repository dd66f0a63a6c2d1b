// Human format: findings grouped by file, one per line as `line:col  severity  message  rule-id`,
// then, for many findings, the count by rule, and last the counts by severity. Only the position
// and severity columns are aligned: a message padded to the longest one pushes the rule id past
// the edge of the terminal, where it wraps. `apilint diff` findings are grouped by operation
// instead, each placed as `file:line:col`.
import { Chalk } from 'chalk';
import { docsUrl } from '../../rulesets/rule.js';
import type { Finding } from '../core/finding.js';
import { countByRule, countBySeverity, groupByOperation, grouped, plural, RULE_SUMMARY_FROM, severityCounts, shownPath, visible, type Formatter } from './types.js';

/** A terminal hyperlink (OSC 8): terminals that know it show `text` as a link to `url`. */
const link = (text: string, url: string) => `\u001b]8;;${url}\u001b\\${text}\u001b]8;;\u001b\\`;

export const stylish: Formatter = (all, { cwd, files, inputErrors, color, comparison, quieted, hyperlinks, diff }) => {
  const findings = visible(all);
  const c = new Chalk({ level: color ? 1 : 0 });
  const paint = { error: c.red, warn: c.yellow, info: c.blue, hint: c.gray } as const;
  const rule = (id: string) => c.dim(hyperlinks ? link(id, docsUrl(id)) : id);
  const groups: { heading: string; findings: Finding[]; position: (f: Finding) => string }[] = [];
  if (diff) {
    for (const group of groupByOperation(findings)) groups.push({ ...group, position: f => `${shownPath(f.file, cwd)}:${f.line}:${f.column}` });
  } else {
    const byFile = new Map<string, Finding[]>();
    for (const f of findings) {
      const list = byFile.get(f.file);
      if (list) list.push(f);
      else byFile.set(f.file, [f]);
    }
    for (const [file, list] of byFile) groups.push({ heading: shownPath(file, cwd), findings: list, position: f => `${f.line}:${f.column}` });
  }
  const out: string[] = [];
  for (const { heading, findings: list, position } of groups) {
    out.push(c.underline(heading));
    const positions = list.map(position);
    // Loops, not Math.max(...list): a spread of a huge list overflows the call stack.
    const posWidth = positions.reduce((max, p) => Math.max(max, p.length), 0);
    list.forEach((f, i) => {
      out.push(`  ${c.dim(positions[i]!.padEnd(posWidth))}  ${paint[f.severity](f.severity.padEnd(5))}  ${f.message}  ${rule(f.ruleId)}`);
    });
    out.push('');
  }
  // Nothing was linted: stderr already said why, and a summary would only mislead.
  if (files.length === 0) return '';
  if (findings.length >= RULE_SUMMARY_FROM) {
    const rows = countByRule(findings);
    const counts = rows.map(r => grouped(r.count));
    const width = counts.reduce((max, n) => Math.max(max, n.length), 0);
    out.push(c.bold(diff ? 'Changes by rule:' : 'Problems by rule:'));
    rows.forEach((r, i) => out.push(`  ${counts[i]!.padStart(width)}  ${paint[r.severity](r.severity.padEnd(5))}  ${rule(r.ruleId)}`));
    out.push('');
  }
  const counts = countBySeverity(findings);
  const linted = diff ? `from ${diff.base} to ${diff.revision}` : `in ${plural(files.length, 'file')}`;
  const unreadable = inputErrors.length > 0 ? `; ${plural(inputErrors.length, 'input')} could not be linted` : '';
  if (findings.length === 0 && inputErrors.length === 0) {
    out.push(`${c.green('✔')} No ${diff ? 'changes' : 'problems'} ${linted}`);
  } else {
    const summary = `✖ ${plural(findings.length, diff ? 'change' : 'problem')} (${severityCounts(counts)}) ${linted}${unreadable}`;
    out.push(counts.error > 0 || inputErrors.length > 0 ? c.red.bold(summary) : counts.warn > 0 ? c.yellow.bold(summary) : c.bold(summary));
  }
  if (quieted) out.push(c.dim(`${plural(quieted, 'finding')} below error not shown (--quiet)`));
  if (comparison) out.push(c.dim(`Compared with ${comparison.against}: ${plural(comparison.unchanged, diff ? 'known change' : 'known finding')} hidden, ${grouped(comparison.fixed)} fixed since.`));
  return `${out.join('\n')}\n`;
};
