// Human format: findings grouped by file, `line:col  severity  message  rule-id`, then counts.
import { Chalk } from 'chalk';
import type { Finding } from '../core/finding.js';
import { countBySeverity, displayPath, visible, type Formatter } from './types.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const stylish: Formatter = (all, { cwd, files, inputErrors, color, comparison }) => {
  const findings = visible(all);
  const c = new Chalk({ level: color ? 1 : 0 });
  const paint = { error: c.red, warn: c.yellow, info: c.blue, hint: c.gray } as const;
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  const out: string[] = [];
  for (const [file, list] of byFile) {
    out.push(c.underline(displayPath(file, cwd)));
    const positions = list.map(f => `${f.line}:${f.column}`);
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
