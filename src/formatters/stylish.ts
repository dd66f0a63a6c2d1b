// Human format: findings grouped by file, `line:col  severity  message  rule-id`, then counts.
// `apilint diff` findings are grouped by operation instead, each placed as `file:line:col`.
import { Chalk } from 'chalk';
import type { Finding } from '../core/finding.js';
import { countBySeverity, displayPath, groupByOperation, visible, type Formatter } from './types.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const stylish: Formatter = (all, { cwd, files, inputErrors, color, comparison, diff }) => {
  const findings = visible(all);
  const c = new Chalk({ level: color ? 1 : 0 });
  const paint = { error: c.red, warn: c.yellow, info: c.blue, hint: c.gray } as const;
  const groups: { heading: string; findings: Finding[]; position: (f: Finding) => string }[] = [];
  if (diff) {
    for (const group of groupByOperation(findings)) groups.push({ ...group, position: f => `${displayPath(f.file, cwd)}:${f.line}:${f.column}` });
  } else {
    const byFile = new Map<string, Finding[]>();
    for (const f of findings) {
      const list = byFile.get(f.file);
      if (list) list.push(f);
      else byFile.set(f.file, [f]);
    }
    for (const [file, list] of byFile) groups.push({ heading: displayPath(file, cwd), findings: list, position: f => `${f.line}:${f.column}` });
  }
  const out: string[] = [];
  for (const { heading, findings: list, position } of groups) {
    out.push(c.underline(heading));
    const positions = list.map(position);
    // Loops, not Math.max(...list): a spread of a huge list overflows the call stack.
    const posWidth = positions.reduce((max, p) => Math.max(max, p.length), -Infinity);
    const messageWidth = Math.min(100, list.reduce((max, f) => Math.max(max, f.message.length), -Infinity));
    list.forEach((f, i) => {
      out.push(
        `  ${c.dim(positions[i]!.padEnd(posWidth))}  ${paint[f.severity](f.severity.padEnd(5))}  ${f.message.padEnd(messageWidth)}  ${c.dim(f.ruleId)}`,
      );
    });
    out.push('');
  }
  // Nothing was linted: stderr already said why, and a summary would only mislead.
  if (files.length === 0) return '';
  const counts = countBySeverity(findings);
  const linted = diff ? `from ${diff.base} to ${diff.revision}` : `in ${plural(files.length, 'file')}`;
  const unreadable = inputErrors.length > 0 ? `; ${plural(inputErrors.length, 'input')} could not be linted` : '';
  const noun = diff ? 'change' : 'problem';
  if (findings.length === 0 && inputErrors.length === 0) {
    out.push(`${c.green('✔')} No ${diff ? 'changes' : 'problems'} ${linted}`);
  } else {
    const summary = `✖ ${plural(findings.length, noun)} (${plural(counts.error, 'error')}, ${plural(counts.warn, 'warning')}, ${counts.info} info, ${plural(counts.hint, 'hint')}) ${linted}${unreadable}`;
    out.push(counts.error > 0 || inputErrors.length > 0 ? c.red.bold(summary) : counts.warn > 0 ? c.yellow.bold(summary) : c.bold(summary));
  }
  if (comparison) out.push(c.dim(`Compared with ${comparison.against}: ${plural(comparison.unchanged, diff ? 'known change' : 'known finding')} hidden, ${comparison.fixed} fixed since.`));
  return `${out.join('\n')}\n`;
};
