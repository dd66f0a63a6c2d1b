// The commander program. Kept light: linting code is imported only when a command runs, so
// `--help` and `--version` start fast.
import { Command, CommanderError, Option } from 'commander';
import { SEVERITIES } from '../rulesets/rule.js';
import { TOOL } from './meta.js';
import { FORMATS, type FormatName, type RunOptions } from './run.js';

/** Colour only on a terminal; NO_COLOR and FORCE_COLOR win (https://no-color.org). */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true && env.TERM !== 'dumb';
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

  program
    .command('lint', { isDefault: true })
    .description('lint files, directories or globs ("-" reads stdin)')
    .argument('<inputs...>', 'OpenAPI or event type documents, directories or globs')
    .addOption(new Option('-f, --format <format>', 'output format').choices(FORMATS).default('stylish'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .addOption(new Option('--fail-severity <severity>', 'exit 1 when a finding has this severity or higher').choices(SEVERITIES).default('error'))
    .option('--allow-remote', 'fetch http(s) $refs (off: nothing is fetched over the network)', false)
    .option('--debug', 'print stack traces of internal errors', false)
    .action(async (inputs: string[], opts: { format: FormatName; output?: string; failSeverity: RunOptions['failSeverity']; allowRemote: boolean; debug: boolean }) => {
      const { runLint } = await import('./run.js');
      exitCode = await runLint({ inputs, ...opts, cwd: io.cwd, stdout: io.stdout, stderr: io.stderr, color: colorEnabled(io.stdout) });
    });

  program
    .command('rules')
    .description('list every rule: id, default severity, guideline reference, description')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (opts: { format: 'text' | 'json' }) => {
      const { catalogue } = await import('./catalogue.js');
      if (opts.format === 'json') {
        const list = catalogue.map(({ id, severity, ref, zalando, description, recommended, docsUrl }) => ({ id, severity, ref, zalando, description, recommended, docsUrl }));
        io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
        return;
      }
      const width = Math.max(...catalogue.map(r => r.id.length));
      for (const r of catalogue) {
        const severity = r.recommended ? r.severity : `${r.severity}*`;
        io.stdout.write(`${r.id.padEnd(width)}  ${severity.padEnd(6)}  ${r.ref.padEnd(10)}  ${r.description}\n`);
      }
      io.stdout.write(`\n${catalogue.length} rules; * off by default (on with extends: apilint:all)\n`);
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
