// Human format: findings grouped by file, `line:col  severity  message  rule-id`, then counts.
import { Chalk } from 'chalk';
import type { Finding } from '../lint.js';
import { countBySeverity, displayPath, visible, type Formatter } from './types.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const stylish: Formatter = (all, { cwd, files, inputErrors, color, comparison }) => {
  const findings = visible(all);
  const c = new Chalk({ level: color ? 1 : 0 });
  const paint = { error: c.red, warn: c.yellow, info: c.blue, hint: c.gray } as const;
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  const out: string[] = [];
  for (const [file, list] of byFile) {
    out.push(c.underline(displayPath(file, cwd)));
    const positions = list.map(f => `${f.line}:${f.column}`);
    const posWidth = Math.max(...positions.map(p => p.length));
    const messageWidth = Math.min(100, Math.max(...list.map(f => f.message.length)));
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
  const linted = plural(files.length, 'file');
  const unreadable = inputErrors.length > 0 ? `; ${plural(inputErrors.length, 'input')} could not be linted` : '';
  if (findings.length === 0 && inputErrors.length === 0) {
    out.push(`${c.green('✔')} No problems in ${linted}`);
  } else {
    const summary = `✖ ${plural(findings.length, 'problem')} (${plural(counts.error, 'error')}, ${plural(counts.warn, 'warning')}, ${counts.info} info, ${plural(counts.hint, 'hint')}) in ${linted}${unreadable}`;
    out.push(counts.error > 0 || inputErrors.length > 0 ? c.red.bold(summary) : counts.warn > 0 ? c.yellow.bold(summary) : c.bold(summary));
  }
  if (comparison) out.push(c.dim(`Compared with ${comparison.against}: ${plural(comparison.unchanged, 'known finding')} hidden, ${comparison.fixed} fixed since.`));
  return `${out.join('\n')}\n`;
};
