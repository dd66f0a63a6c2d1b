// The bench scripts' command lines, read with node:util's parseArgs, strictly. An unknown option, a
// count that is no whole number or a case that does not exist stops the script before it measures
// anything (`node bench/run.mjs --help` once ran the whole benchmark, minutes long, and rewrote
// RESULTS.md). `--help` prints the usage.
import { parseArgs } from 'node:util';

/**
 * The parsed options of `spec` (parseArgs' option configs; counts are strings, read with `count`),
 * and the positionals where `positionals` allows them. Prints `usage` and exits: 0 for --help, 2
 * for a command line it does not take.
 */
export function benchOptions(usage, spec, { positionals = false } = {}) {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: positionals, options: { ...spec, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    refuse(usage, error.message);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}

/** Prints why the command line is refused, then the usage; exits 2. */
export function refuse(usage, message) {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** A whole number of 1 or more from option `name` (its value, else `fallback`). */
export function count(usage, values, name, fallback) {
  return whole(usage, name, values[name] ?? String(fallback));
}

/** Comma-separated whole numbers of 1 or more from option `name` (its value, else `fallback`). */
export function counts(usage, values, name, fallback) {
  return (values[name] ?? fallback).split(',').map(value => whole(usage, name, value));
}

function whole(usage, name, value) {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 1) refuse(usage, `--${name} takes a whole number of 1 or more, not "${value}"`);
  return n;
}

/** The comma-separated ids of option `name`, each one of `known`; undefined when the option is absent. */
export function ids(usage, values, name, known) {
  if (values[name] === undefined) return undefined;
  const list = values[name].split(',').filter(Boolean);
  const unknown = list.filter(id => !known.includes(id));
  if (unknown.length > 0 || list.length === 0) refuse(usage, `--${name}: ${unknown.length > 0 ? `unknown ${unknown.join(', ')}` : 'none named'} (known: ${known.join(', ')})`);
  return list;
}
