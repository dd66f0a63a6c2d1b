// One `apilint lint` run: expand inputs, lint each file, format, write, and decide the exit code.
// A file that cannot be linted prints one line on stderr and makes the exit 2; the others are
// still linted and reported.
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Severity } from '../rulesets/rule.js';
import { Linter, SEVERITY_RANK, type Finding } from './lint.js';
import { expandInputs, InputError, parseDocument, readInput, type Candidate } from './load.js';
import { displayPath, type Formatter } from './formatters/types.js';

export const FORMATS = ['stylish', 'json', 'sarif'] as const;
export type FormatName = (typeof FORMATS)[number];

export interface RunOptions {
  inputs: string[];
  format: FormatName;
  output?: string;
  failSeverity: Severity;
  allowRemote: boolean;
  debug: boolean;
  cwd: string;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  color: boolean;
}

export const EXIT = { ok: 0, findings: 1, error: 2 } as const;

async function loadFormatter(name: FormatName): Promise<Formatter> {
  switch (name) {
    case 'stylish':
      return (await import('./formatters/stylish.js')).stylish;
    case 'json':
      return (await import('./formatters/json.js')).json;
    case 'sarif':
      return (await import('./formatters/sarif.js')).sarif;
  }
}

export async function runLint(options: RunOptions): Promise<number> {
  const { cwd, stderr } = options;
  const { candidates, errors: inputErrors } = await expandInputs(options.inputs, cwd);
  const linter = new Linter({ cwd, allowRemote: options.allowRemote });
  const findings: Finding[] = [];
  const linted: string[] = [];
  const report = (error: InputError) => {
    inputErrors.push(error);
    const where = [displayPath(error.file, cwd), error.line, error.column].filter(x => x !== undefined).join(':');
    stderr.write(`apilint: ${where}: ${error.message}\n`);
  };
  for (const error of inputErrors) {
    inputErrors.splice(inputErrors.indexOf(error), 1);
    report(error);
  }
  for (const candidate of candidates) {
    try {
      const result = await lintCandidate(linter, candidate);
      if (result === undefined) continue;
      linted.push(candidate.file);
      findings.push(...result);
    } catch (error) {
      report(asInputError(error, candidate.file));
      if (options.debug && !(error instanceof InputError)) stderr.write(`${(error as Error).stack}\n`);
    }
  }
  if (linted.length === 0 && inputErrors.length === 0) {
    report(new InputError(options.inputs.join(' '), 'no OpenAPI or event type documents found'));
  }

  const format = await loadFormatter(options.format);
  const text = format(findings, { cwd, files: linted, inputErrors, color: options.output === undefined && options.color });
  if (options.output) await writeAtomically(path.resolve(cwd, options.output), text);
  else options.stdout.write(text);

  if (inputErrors.length > 0) return EXIT.error;
  const threshold = SEVERITY_RANK[options.failSeverity];
  return findings.some(f => SEVERITY_RANK[f.severity] <= threshold) ? EXIT.findings : EXIT.ok;
}

async function lintCandidate(linter: Linter, candidate: Candidate): Promise<Finding[] | undefined> {
  const doc = parseDocument(await readInput(candidate.file), candidate.file, candidate.explicit);
  return doc && (await linter.lint(doc));
}

function asInputError(error: unknown, file: string): InputError {
  if (error instanceof InputError) return error;
  if (error instanceof RangeError) return new InputError(file, 'document nested too deeply to lint');
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return new InputError(file, `internal error: ${message} (run with --debug for details)`);
}

/** Output is complete or absent, never half a file: write beside the target, then rename. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
}
