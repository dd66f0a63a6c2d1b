// Every report a command was asked for (-f, each with its -o or stdout), rendered and written:
// shared by `apilint lint` and the commands to come that report findings the same way.
import path from 'node:path';
import type { Finding } from '../core/finding.js';
import { InputError } from '../core/errors.js';
import { displayPath } from '../core/paths.js';
import { escapeControl } from '../core/text.js';
import type { FormatName } from './names.js';
import { writeReport } from './output.js';
import { blocks, plural, type FormatContext, type Formatter, type Report } from './types.js';

export interface ReportOptions {
  /** Each format to its output file, or to stdout. */
  reports: readonly { format: FormatName; output?: string }[];
  cwd: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Colour and terminal hyperlinks, for the report on stdout. */
  color: boolean;
  hyperlinks?: boolean;
}

/** Each formatter is loaded only when asked for; static specifiers so bundlers and test runners see them. */
const FORMATTER_MODULES: Record<FormatName, () => Promise<unknown>> = {
  stylish: () => import('./stylish.js'),
  json: () => import('./json.js'),
  sarif: () => import('./sarif.js'),
  github: () => import('./github.js'),
  junit: () => import('./junit.js'),
  markdown: () => import('./markdown.js'),
  codeclimate: () => import('./codeclimate.js'),
};

async function loadFormatter(name: FormatName): Promise<Formatter> {
  const module = (await FORMATTER_MODULES[name]()) as Record<string, Formatter>;
  return module[name]!;
}

/**
 * Renders and writes every requested report; false when one could not be written. `stderr`
 * writes a line there (what a format left out, a report that could not be written).
 */
export async function writeReports(options: ReportOptions, findings: readonly Finding[], context: Omit<FormatContext, 'color' | 'hyperlinks' | 'notice'>, stderr: (text: string) => void): Promise<boolean> {
  let ok = true;
  for (const { format, output } of options.reports) {
    const destination = output === undefined ? '<stdout>' : escapeControl(displayPath(path.resolve(options.cwd, output), options.cwd));
    const notice = (message: string) => stderr(`apilint: ${destination}: ${message}\n`);
    let report: Report;
    try {
      const toTerminal = output === undefined;
      report = (await loadFormatter(format))(findings, { ...context, color: toTerminal && options.color, hyperlinks: toTerminal && options.hyperlinks === true, notice });
    } catch (error) {
      // Past V8's longest string (about 512 MB): a million findings in a format made as one text.
      if (!(error instanceof RangeError)) throw error;
      notice(`the ${format} report is too large to produce (${plural(findings.length, 'finding')}): lint fewer files at once`);
      ok = false;
      continue;
    }
    if (output === undefined) {
      // A full disk or a closed pipe loses the report: say so, and the run exits 2. The stream
      // also emits the failure as an event, which would end the process with a stack trace.
      if (options.stdout.listenerCount('error') === 0) options.stdout.on('error', () => undefined);
      for (const block of blocks(report)) {
        // Each block written before the next is made: the stream never holds the whole report.
        const failure = await new Promise<Error | null | undefined>(resolve => options.stdout.write(block, resolve));
        if (failure) {
          notice(`cannot write the report (${(failure as NodeJS.ErrnoException).code ?? failure.message})`);
          ok = false;
          break;
        }
      }
      continue;
    }
    try {
      await writeReport(path.resolve(options.cwd, output), blocks(report), options);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      notice(error.message);
      ok = false;
    }
  }
  return ok;
}
