// The commander program. Kept light: linting code is imported only when a command runs, so
// `--help` and `--version` start fast.
import { Command, CommanderError, Option } from 'commander';
import { SEVERITIES } from './core/severity.js';
import { TOOL } from './core/meta.js';
import { FORMATS } from './formatters/names.js';
import type { RunOptions } from './run.js';

/** Colour only on a terminal; NO_COLOR and FORCE_COLOR win (https://no-color.org). */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true && env.TERM !== 'dumb';
}

interface SharedFlags {
  failSeverity: RunOptions['failSeverity'];
  config?: string | false;
  baseline?: string;
  writeBaseline?: string;
  allowRemote: boolean;
  maxFileSize: string;
  debug: boolean;
}

interface LintFlags extends SharedFlags {
  since?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** The options `lint` and `diff` share: reports, exit code, config, baseline, remote refs, size limit. */
function sharedOptions(command: Command, what: 'findings' | 'changes'): Command {
  return (
    command
      // Repeatable; paired from argv in order by pairReports.
      .option('-f, --format <format>', `output format, repeatable: ${FORMATS.join(', ')} (default: stylish)`, collect, [])
      .option('-o, --output <file>', 'write the report of the --format before it to a file, repeatable', collect, [])
      .addOption(new Option('--fail-severity <severity>', 'exit 1 when a finding has this severity or higher').choices(SEVERITIES).default('error'))
      .option('-c, --config <file>', 'config file (default: .apilint.yaml or .apilint.json, searched upward)')
      .option('--no-config', 'ignore config files')
      .option('--baseline <file>', `report and fail on ${what} not in this baseline only`)
      .option('--write-baseline <file>', `record the current ${what} as the baseline`)
      .option('--allow-remote', 'fetch http(s) $refs (off: nothing is fetched over the network)', false)
      .option('--max-file-size <size>', 'refuse inputs and referenced files larger than this, e.g. 500KB, 50MB, 1GB', '20MB')
      .option('--debug', 'print stack traces of internal errors', false)
  );
}

/**
 * Pairs each `-o` with the `-f` before it, in command-line order (`-f sarif -o a.sarif -f
 * stylish`); a format without an output goes to stdout (at most one). `-o` alone writes stylish.
 */
export function pairReports(argv: readonly string[]): RunOptions['reports'] | string {
  const reports: { format: string; output?: string }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '-f' && flag !== '--format' && flag !== '-o' && flag !== '--output') continue;
    const value = inline ?? argv[++i];
    if (value === undefined) continue;
    if (flag === '-f' || flag === '--format') reports.push({ format: value });
    else {
      const open = reports.length === 0 ? reports[reports.push({ format: 'stylish' }) - 1] : reports[reports.length - 1];
      if (open!.output !== undefined) return `--output ${value} has no --format before it (each --format takes at most one --output)`;
      open!.output = value;
    }
  }
  if (reports.length === 0) reports.push({ format: 'stylish' });
  const unknown = reports.find(r => !(FORMATS as readonly string[]).includes(r.format));
  if (unknown) return `unknown format "${unknown.format}": use one of ${FORMATS.join(', ')}`;
  if (reports.filter(r => r.output === undefined).length > 1) return 'only one report can go to stdout: give the other --format options an --output';
  return reports as RunOptions['reports'];
}

export async function main(argv: string[], io = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() }): Promise<number> {
  let exitCode = 0;
  const program = new Command()
    .name('apilint')
    .description('Lint OpenAPI 2.0/3.0/3.1 and event type documents against the REST, JSON, HTTP and rate limiting guidelines.')
    .version(TOOL.version, '-v, --version')
    .exitOverride()
    .configureOutput({
      writeOut: s => io.stdout.write(s),
      writeErr: s => io.stderr.write(s),
      outputError: (s, write) => write(`apilint: ${s.replace(/^error: /, '')}`),
    });

  /** Checks the options `lint` and `diff` share (one line and exit 2 when wrong) and gives their run options. */
  const sharedRunOptions = async (opts: SharedFlags) => {
    const reports = pairReports(argv);
    if (typeof reports === 'string') return program.error(reports, { exitCode: 2 });
    const { parseSize } = await import('./load/limits.js');
    const maxFileSize = parseSize(opts.maxFileSize);
    if (maxFileSize === undefined) return program.error(`invalid --max-file-size "${opts.maxFileSize}": use a size such as 50MB, 200MB or 1GB`, { exitCode: 2 });
    return {
      reports,
      failSeverity: opts.failSeverity,
      allowRemote: opts.allowRemote,
      maxFileSize,
      debug: opts.debug,
      ...(typeof opts.config === 'string' ? { config: opts.config } : { noConfig: opts.config === false }),
      ...(opts.baseline ? { baseline: opts.baseline } : {}),
      ...(opts.writeBaseline ? { writeBaseline: opts.writeBaseline } : {}),
      cwd: io.cwd,
      stdout: io.stdout,
      stderr: io.stderr,
      color: colorEnabled(io.stdout),
    };
  };

  sharedOptions(
    program
      .command('lint', { isDefault: true })
      .description('lint files, directories or globs ("-" reads stdin)')
      .argument('<inputs...>', 'OpenAPI or event type documents, directories or globs'),
    'findings',
  )
    .option('--since <git-ref>', 'report only the findings the working tree adds to <git-ref>')
    .action(async (inputs: string[], opts: LintFlags) => {
      const shared = await sharedRunOptions(opts);
      if (opts.baseline && opts.since) program.error('use either --baseline or --since, not both', { exitCode: 2 });
      const { runLint } = await import('./run.js');
      exitCode = await runLint({ inputs, ...shared, ...(opts.since ? { since: opts.since } : {}) });
    });

  sharedOptions(
    program
      .command('diff')
      .description('report the changes from <base> to <revision> that break clients, and the rest as a changelog')
      .argument('<base>', 'the old version: a file, REV:path (a file at a git revision), or "-" for stdin')
      .argument('<revision>', 'the new version: a file, REV:path, or "-" for stdin'),
    'changes',
  )
    .option('--date <YYYY-MM-DD>', 'the day x-sunset dates are judged against (default: today)')
    .action(async (base: string, revision: string, opts: SharedFlags & { date?: string }) => {
      const shared = await sharedRunOptions(opts);
      const { runDiff, isDate } = await import('./diff/run.js');
      if (opts.date !== undefined && !isDate(opts.date)) program.error(`invalid --date "${opts.date}": use a day such as 2027-06-30`, { exitCode: 2 });
      exitCode = await runDiff({ base, revision, ...shared, ...(opts.date ? { date: opts.date } : {}) });
    });

  program
    .command('rules')
    .description('list every rule: id, default severity, guideline reference, description')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (opts: { format: 'text' | 'json' }) => {
      const { catalogue } = await import('./lint/catalogue.js');
      if (opts.format === 'json') {
        const list = catalogue.map(({ id, kind, severity, ref, zalando, description, recommended, docsUrl }) => ({ id, kind, severity, ref, zalando, description, recommended, docsUrl }));
        io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
        return;
      }
      const idWidth = Math.max(...catalogue.map(r => r.id.length));
      const refWidth = Math.max(...catalogue.map(r => r.ref.length));
      for (const r of catalogue) {
        const severity = r.recommended ? r.severity : `${r.severity}*`;
        const kind = r.kind === 'diff' ? 'diff' : '';
        io.stdout.write(`${r.id.padEnd(idWidth)}  ${severity.padEnd(6)}  ${kind.padEnd(4)}  ${r.ref.padEnd(refWidth)}  ${r.description}\n`);
      }
      const diffCount = catalogue.filter(r => r.kind === 'diff').length;
      io.stdout.write(`\n${catalogue.length} rules (${diffCount} of them compare two versions: apilint diff); * off by default (on with extends: apilint:all)\n`);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help' ? 0 : 2;
    }
    throw error;
  }
  return exitCode;
}

export { enableWorkers } from './lint/parallel.js';

/** The entry of a lint worker thread (src/lint/parallel.ts), started by bin/apilint.js. */
export async function runLintWorker(): Promise<void> {
  const { serveLintWorker } = await import('./run.js');
  serveLintWorker();
}
