// The commander program. Kept light: linting code is imported only when a command runs, so
// `--help` and `--version` start fast.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { Command, CommanderError, Option } from 'commander';
import { distance } from 'fastest-levenshtein';
import { TOOL } from './core/meta.js';
import { SEVERITIES } from './core/severity.js';
import { FORMATS } from './formatters/names.js';
import type { RuleInfo } from './lint/catalogue.js';
import type { RunOptions } from './run.js';

/** Colour only on a terminal; NO_COLOR and FORCE_COLOR win (https://no-color.org). */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true && env.TERM !== 'dumb';
}

interface SharedFlags {
  failSeverity: RunOptions['failSeverity'];
  quiet?: boolean;
  maxWarnings?: string;
  config?: string | false;
  baseline?: string;
  writeBaseline?: string;
  allowRemote?: boolean;
  maxFileSize: string;
  debug?: boolean;
}

interface LintFlags extends SharedFlags {
  since?: string;
  breaking: boolean;
  date?: string;
  stdinFilepath?: string;
  root?: string;
  ignoreUnknownFormat?: boolean;
  timing?: boolean;
}

function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The options `lint` and `diff` share, in the order --help lists them; `extra` go before the last three. */
function withSharedOptions(command: Command, what: 'findings' | 'changes', configDefault: string, extra: (c: Command) => Command): Command {
  const head = command
    // Repeatable; paired from argv in order by pairReports.
    .addOption(new Option('-f, --format <format>', `output format, repeatable: ${FORMATS.join(', ')} (default: stylish)`).argParser(collect))
    .addOption(new Option('-o, --output <file>', 'write the report of the --format before it to this file, repeatable').argParser(collect))
    .addOption(new Option('--fail-severity <severity>', 'exit 1 when a finding has this severity or higher').choices(SEVERITIES).default('error'))
    .option('-q, --quiet', 'report errors only (the exit code still counts every finding)')
    .option('--max-warnings <number>', 'exit 1 when there are more warnings than this')
    .option('-c, --config <file>', `config file (default: ${configDefault})`)
    .option('--no-config', 'ignore config files')
    .option('--baseline <file>', `report and fail on ${what} not in this baseline only`)
    .option('--write-baseline <file>', `record the current ${what} as the baseline (exit 0 once written)`);
  return extra(head)
    .option('--allow-remote', 'fetch http(s) $refs (off: nothing is fetched over the network)')
    .option('--max-file-size <size>', 'refuse inputs and referenced files larger than this, e.g. 500KB, 50MB, 1GB', '20MB')
    .option('--debug', 'print stack traces of internal errors');
}

/** The format a report file's extension suggests, for the hint of an -o without -f. */
const FORMAT_BY_EXTENSION: Record<string, string> = { '.sarif': 'sarif', '.json': 'json', '.xml': 'junit', '.md': 'markdown' };

/**
 * Pairs each `-o` with the `-f` before it, in command-line order (`-f sarif -o a.sarif -f
 * stylish`); a format without an output goes to stdout (at most one). An `-o` that no `-f` before
 * it claims is an error: guessing its format once wrote stylish text into `r.sarif`.
 * `takesValue` names every option that takes a value: its value is skipped as commander takes it,
 * whatever it looks like, so `--since --output=x` is never read as an output.
 */
export function pairReports(argv: readonly string[], takesValue: ReadonlySet<string>): RunOptions['reports'] | string {
  const reports: { format: string; output?: string }[] = [];
  const outputs = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '-f' && flag !== '--format' && flag !== '-o' && flag !== '--output') {
      if (inline === undefined && takesValue.has(flag)) i++;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) continue;
    if (flag === '-f' || flag === '--format') {
      reports.push({ format: value });
      continue;
    }
    const open = reports[reports.length - 1];
    if (open === undefined || open.output !== undefined) {
      const format = FORMAT_BY_EXTENSION[value.slice(value.lastIndexOf('.')).toLowerCase()] ?? 'stylish';
      return `--output ${value} has no --format of its own: put one right before it, e.g. -f ${format} -o ${value} (each -o writes the report of the -f before it)`;
    }
    if (outputs.has(value)) return `--output ${value} is given twice: give each report its own file`;
    outputs.add(value);
    open.output = value;
  }
  if (reports.length === 0) reports.push({ format: 'stylish' });
  const unknown = reports.find(r => !(FORMATS as readonly string[]).includes(r.format));
  if (unknown) return `unknown format "${unknown.format}": use one of ${FORMATS.join(', ')}`;
  if (reports.filter(r => r.output === undefined).length > 1) return 'only one report can go to stdout: give the other --format options an --output';
  return reports as RunOptions['reports'];
}

/**
 * `lint` is the default command, so `apilint x.yaml` lints x.yaml. A first argument that is a bare
 * word (letters, digits, dashes), names no command and no existing file or directory is taken as
 * a mistyped command, not a missing file: `apilint lnt x.yaml` says "did you mean lint?".
 */
function unknownCommand(argv: readonly string[], commands: readonly string[], cwd: string): string | undefined {
  const first = argv[0];
  if (first === undefined || !/^[a-z][a-z0-9-]*$/i.test(first) || commands.includes(first) || existsSync(path.resolve(cwd, first))) return undefined;
  const [closest] = commands.map(c => ({ c, d: distance(first.toLowerCase(), c) })).sort((a, b) => a.d - b.d);
  const hint = closest && closest.d <= Math.max(1, Math.floor(closest.c.length / 3)) ? `: did you mean "${closest.c}"?` : '';
  return hint
    ? `unknown command "${first}"${hint}`
    : `"${first}" is neither a command (${commands.join(', ')}) nor a file or directory`;
}

export async function main(argv: string[], io = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() }): Promise<number> {
  let exitCode = 0;
  const program = new Command()
    .name('apilint')
    .usage('[lint] <inputs...> [options] | diff <base> <revision> [options] | rules [id] | lsp --stdio | --help')
    .description('Lint OpenAPI 2.0/3.0/3.1 and event type documents against the REST, JSON, HTTP and rate limiting guidelines.')
    .version(TOOL.version, '-v, --version')
    .exitOverride()
    .configureOutput({
      writeOut: s => io.stdout.write(s),
      writeErr: s => io.stderr.write(s),
      outputError: (s, write) => write(`apilint: ${s.replace(/^error: /, '')}`),
    });

  /** Checks the options `lint` and `diff` share (one line and exit 2 when one is wrong) and gives their run options. */
  const sharedRunOptions = async (opts: SharedFlags, command: Command) => {
    const reports = pairReports(argv, new Set(command.options.filter(o => o.required || o.optional).flatMap(o => [o.short, o.long].filter((f): f is string => f !== undefined))));
    if (typeof reports === 'string') return program.error(reports, { exitCode: 2 });
    const maxWarnings = opts.maxWarnings === undefined ? undefined : /^\d+$/.test(opts.maxWarnings) ? Number(opts.maxWarnings) : NaN;
    if (Number.isNaN(maxWarnings)) return program.error(`invalid --max-warnings "${opts.maxWarnings}": use a whole number, e.g. 0 or 25`, { exitCode: 2 });
    const { parseSize } = await import('./load/limits.js');
    const maxFileSize = parseSize(opts.maxFileSize);
    if (maxFileSize === undefined) return program.error(`invalid --max-file-size "${opts.maxFileSize}": use a size such as 50MB, 200MB or 1GB`, { exitCode: 2 });
    const { createSupportsHyperlinks } = await import('supports-hyperlinks');
    return {
      reports,
      failSeverity: opts.failSeverity,
      quiet: opts.quiet === true,
      ...(maxWarnings !== undefined ? { maxWarnings } : {}),
      allowRemote: opts.allowRemote === true,
      maxFileSize,
      debug: opts.debug === true,
      ...(typeof opts.config === 'string' ? { config: opts.config } : { noConfig: opts.config === false }),
      ...(opts.baseline ? { baseline: opts.baseline } : {}),
      ...(opts.writeBaseline ? { writeBaseline: opts.writeBaseline } : {}),
      // The one place the switch is read: Spectral as published, none of src/engine/'s adaptations.
      reference: process.env.APILINT_REFERENCE_ENGINE === '1',
      cwd: io.cwd,
      stdout: io.stdout,
      stderr: io.stderr,
      color: colorEnabled(io.stdout),
      hyperlinks: createSupportsHyperlinks(io.stdout),
    };
  };

  withSharedOptions(
    program
      .command('lint', { isDefault: true })
      .description('lint files, directories or globs ("-" reads stdin)')
      .argument('[inputs...]', 'OpenAPI or event type documents, directories or globs; - reads stdin'),
    'findings',
    "each document's nearest .apilint.yaml, .apilint.yml or .apilint.json",
    c =>
      c
        .option('--since <git-ref>', 'report only the findings the working tree adds to <git-ref>, and the changes since then that break clients (apilint diff)')
        .option('--no-breaking', 'with --since: the new findings only, not the breaking changes')
        .option('--date <YYYY-MM-DD>', 'with --since: the day x-sunset dates are judged against (default: today)')
        .option('--stdin-filepath <path>', 'the file stdin stands for, for overrides, ignores, baselines, --since and reports')
        .option('--root <dir>', "the folder $refs may read (default: each document's git work tree, else its config file's folder)")
        .option('--ignore-unknown-format', 'skip named files that are not OpenAPI or event type documents (for hooks and editors)')
        .option('--timing', "print on stderr where the run's time went, by phase and by rule (every file is linted on the main thread)"),
  ).action(async (rawInputs: string[], opts: LintFlags, command: Command) => {
    if (opts.baseline && opts.since) program.error('use either --baseline or --since, not both', { exitCode: 2 });
    if (!opts.since && (!opts.breaking || opts.date !== undefined)) program.error(`${opts.breaking ? '--date' : '--no-breaking'} applies to the changes since a git ref: add --since <git-ref>`, { exitCode: 2 });
    if (opts.date !== undefined && !(await import('./diff/run.js')).isDate(opts.date)) program.error(`invalid --date "${opts.date}": use a day such as 2027-06-30`, { exitCode: 2 });
    let inputs = rawInputs;
    if (opts.stdinFilepath !== undefined) {
      if (inputs.length === 0) inputs = ['-'];
      else if (!inputs.includes('-')) program.error(`--stdin-filepath names standard input: add - to the inputs (apilint lint - --stdin-filepath ${opts.stdinFilepath})`, { exitCode: 2 });
    }
    if (inputs.length === 0) program.error('no inputs: give files, directories or globs to lint, or - for stdin (apilint --help)', { exitCode: 2 });
    const shared = await sharedRunOptions(opts, command);
    if (opts.root !== undefined && !isFolder(path.resolve(io.cwd, opts.root))) program.error(`--root ${opts.root}: no such folder`, { exitCode: 2 });
    const { runLint } = await import('./run.js');
    exitCode = await runLint({
      inputs,
      ...shared,
      ...(opts.since ? { since: opts.since, breaking: opts.breaking, ...(opts.date !== undefined ? { date: opts.date } : {}) } : {}),
      ...(opts.stdinFilepath !== undefined ? { stdinFilepath: opts.stdinFilepath } : {}),
      ...(opts.root !== undefined ? { root: opts.root } : {}),
      ignoreUnknownFormat: opts.ignoreUnknownFormat === true,
      timing: opts.timing === true,
    });
  });

  withSharedOptions(
    program
      .command('diff')
      .description('report the changes from <base> to <revision> that break clients, and the rest as a changelog')
      .argument('<base>', 'the old version: a file, REV:path (a file at a git revision), or - for stdin')
      .argument('<revision>', 'the new version: a file, REV:path, or - for stdin'),
    'changes',
    '.apilint.yaml, .apilint.yml or .apilint.json, searched upward',
    c => c.option('--date <YYYY-MM-DD>', 'the day x-sunset dates are judged against (default: today)'),
  ).action(async (base: string, revision: string, opts: SharedFlags & { date?: string }, command: Command) => {
    const shared = await sharedRunOptions(opts, command);
    const { runDiff, isDate } = await import('./diff/run.js');
    if (opts.date !== undefined && !isDate(opts.date)) program.error(`invalid --date "${opts.date}": use a day such as 2027-06-30`, { exitCode: 2 });
    exitCode = await runDiff({ base, revision, ...shared, ...(opts.date ? { date: opts.date } : {}) });
  });

  program
    .command('rules')
    .description('list every rule (id, default severity, guideline, Zalando numbers, description), or print one rule\'s doc')
    .argument('[id]', 'a rule id: print its documentation')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (id: string | undefined, opts: { format: 'text' | 'json' }) => {
      const { catalogue, ruleInfo } = await import('./lint/catalogue.js');
      if (id !== undefined) {
        const rule = ruleInfo(id);
        if (!rule) {
          const [closest] = catalogue.map(r => ({ id: r.id, d: distance(id, r.id) })).sort((a, b) => a.d - b.d);
          const hint = closest && closest.d <= Math.max(2, Math.floor(id.length / 4)) ? `: did you mean "${closest.id}"?` : ' (apilint rules lists them)';
          return program.error(`unknown rule "${id}"${hint}`, { exitCode: 2 });
        }
        const { renderRuleDoc } = await import('./lint/docs.js');
        io.stdout.write(opts.format === 'json' ? `${JSON.stringify(ruleJson(rule), null, 2)}\n` : renderRuleDoc(rule));
        return;
      }
      if (opts.format === 'json') {
        io.stdout.write(`${JSON.stringify(catalogue.map(ruleJson), null, 2)}\n`);
        return;
      }
      const zalando = catalogue.map(r => r.zalando.map(n => `#${n}`).join(','));
      const width = (values: string[]) => values.reduce((max, v) => Math.max(max, v.length), 0);
      const idWidth = width(catalogue.map(r => r.id));
      const refWidth = width(catalogue.map(r => r.ref));
      const zalandoWidth = Math.max(width(zalando), 1);
      catalogue.forEach((r, i) => {
        const severity = r.recommended ? r.severity : `${r.severity}*`;
        const kind = r.kind === 'diff' ? 'diff' : '';
        io.stdout.write(`${r.id.padEnd(idWidth)}  ${severity.padEnd(6)}  ${kind.padEnd(4)}  ${r.ref.padEnd(refWidth)}  ${(zalando[i] || '-').padEnd(zalandoWidth)}  ${r.description}\n`);
      });
      const diffRules = catalogue.filter(r => r.kind === 'diff').length;
      io.stdout.write(`\n${catalogue.length} rules; * off by default (on with extends: apilint:all); diff: compares two versions (apilint diff, ${diffRules} rules); #n: Zalando rule numbers (x-zally-ignore)\n`);
    });

  program
    .command('lsp')
    .description('run the language server (Language Server Protocol over stdin and stdout) for editors')
    .option('--stdio', 'talk over stdin and stdout (the only transport; accepted because clients pass it)')
    // Clients add their own flags (--clientProcessId); the server reads what it needs from initialize.
    .allowUnknownOption()
    .action(async () => {
      const [{ startServer }, { workerScriptUrl }] = await Promise.all([import('./lsp/server.js'), import('./lint/parallel.js')]);
      const script = workerScriptUrl();
      if (!script) return program.error('apilint lsp runs from bin/apilint.js', { exitCode: 2 });
      startServer(script);
      // The server ends the process itself (exit notification, stdin closed).
      await new Promise(() => undefined);
    });

  const unknown = unknownCommand(argv, [...program.commands.map(c => c.name()), 'help'], io.cwd);
  if (unknown) {
    io.stderr.write(`apilint: ${unknown} (apilint --help)\n`);
    return 2;
  }
  if (argv.length === 0) {
    io.stderr.write(program.helpInformation());
    return 2;
  }

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

const ruleJson = ({ id, kind, severity, ref, zalando, description, recommended, docsUrl }: RuleInfo) => ({ id, kind, severity, ref, zalando, description, recommended, docsUrl });

export { enableWorkers } from './lint/parallel.js';
export { hasParsedDocuments } from './load/documents.js';

/** The entry of a lint worker thread (src/lint/parallel.ts, or the language server's), started by bin/apilint.js. */
export async function runLintWorker(): Promise<void> {
  if ((workerData as { lsp?: unknown }).lsp !== undefined) {
    (await import('./lsp/lint-thread.js')).serveLintThread();
    return;
  }
  const { serveLintWorker } = await import('./run.js');
  serveLintWorker();
}
