// The bits of the GitHub Actions runner protocol the action's steps use: step outputs, the job
// summary and workflow commands (https://docs.github.com/actions/reference/workflow-commands-for-github-actions).
import { appendFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

/** Sets a step output; the delimiter form keeps any value on its own lines, whatever it holds. */
export function setOutput(name, value) {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return;
  const delimiter = `apilint_${randomBytes(8).toString('hex')}`;
  appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

/** Appends Markdown to the job summary, when the runner gives one. */
export function appendSummary(markdown) {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (file) appendFileSync(file, markdown);
}

const escapeData = text => String(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A workflow command, such as `::error::message` (an annotation without a file). */
export function command(name, message) {
  process.stdout.write(`::${name}::${escapeData(message)}\n`);
}

/** Stops the step with an error annotation. */
export function fail(message, code = 2) {
  command('error', `apilint action: ${message}`);
  process.exit(code);
}
