// GitHub Actions workflow commands: one per finding and one `::error` per input that could not be
// linted, all of them. GitHub turns only the first 10 of each kind per step into annotations on
// the diff, but the job log keeps every command, so nothing is dropped here; the closing line
// says so when there are more than GitHub shows.
import { isAbsolute } from 'node:path';
import { countBySeverity, plural, severityCounts, shownPath, visible, type Formatter } from './types.js';

const COMMAND = { error: 'error', warn: 'warning', info: 'notice', hint: 'notice' } as const;
/** Annotations of each kind (error, warning, notice) GitHub shows for one step. */
const SHOWN_PER_KIND = 10;

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

const command = (kind: string, props: (string | false)[], message: string) =>
  `::${kind} ${props.filter(p => p !== false).join(',')}::${escapeData(message)}`;

export const github: Formatter = (all, { cwd, files, inputErrors }) => {
  const findings = visible(all);
  const lines: string[] = [];
  const perKind = { error: inputErrors.length, warning: 0, notice: 0 };
  for (const e of inputErrors) {
    const file = escapeProperty(shownPath(e.file, cwd));
    lines.push(command('error', [`file=${file}`, e.line !== undefined && `line=${e.line}`, e.column !== undefined && `col=${e.column}`, `title=${escapeProperty('apilint: cannot lint')}`], e.message));
  }
  for (const f of findings) {
    const kind = COMMAND[f.severity];
    perKind[kind]++;
    const title = `title=${escapeProperty(`apilint ${f.ruleId}`)}`;
    if (isAbsolute(f.file)) {
      const props = [`file=${escapeProperty(shownPath(f.file, cwd))}`, `line=${f.line}`, `col=${f.column}`, `endLine=${f.endLine}`, `endColumn=${f.endColumn}`, title];
      lines.push(command(kind, props, f.message));
    } else {
      // A file at a git revision (`main:api.yaml`, where a diff places a removal) or stdin is no
      // file of the checkout: GitHub cannot place it, so it is a job annotation naming its place.
      lines.push(command(kind, [title], `${shownPath(f.file, cwd)}:${f.line}:${f.column}: ${f.message}`));
    }
  }
  const unreadable = inputErrors.length > 0 ? `; ${plural(inputErrors.length, 'input')} could not be linted` : '';
  lines.push(`apilint: ${plural(findings.length, 'problem')} (${severityCounts(countBySeverity(findings))}) in ${plural(files.length, 'file')}${unreadable}`);
  const over = Object.values(perKind).some(n => n > SHOWN_PER_KIND);
  if (over) lines.push(`apilint: GitHub annotates the first ${SHOWN_PER_KIND} errors, ${SHOWN_PER_KIND} warnings and ${SHOWN_PER_KIND} notices of a step; every one is listed above in this log`);
  return `${lines.join('\n')}\n`;
};
