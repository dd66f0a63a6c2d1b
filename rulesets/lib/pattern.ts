// Regular expressions that come from a config (rule options, the config's globs) or from a linted
// document (a schema's `pattern`, compared by the diff rules). A pull request can edit either, so
// they run on RE2 (re2js): matching takes time linear in the text, where a JavaScript RegExp like
// `^(a+)+$` backtracks for minutes on a 41-character name. RE2 has no lookaround and no
// backreferences; such a config pattern is refused when the config is validated, with the reason,
// rather than failing in every file later, and a document's is not run (the finding says why).
import type { RE2JS } from 're2js';
import { lazyRequire } from './require.js';

export interface LinearPattern {
  /** Whether the pattern matches in (`find`) or matches the whole of (`whole`) the text. */
  test: (text: string) => boolean;
}

const compiled = new Map<string, LinearPattern | { problem: string }>();

/** The pattern compiled once per source, or why it cannot be (RE2's reason). */
export function linearPattern(source: string, mode: 'find' | 'whole' = 'find'): LinearPattern | { problem: string } {
  const key = `${mode}:${source}`;
  let entry = compiled.get(key);
  if (!entry) {
    try {
      const re = lazyRequire<{ RE2JS: typeof RE2JS }>('re2js').RE2JS.compile(source);
      entry = { test: mode === 'whole' ? text => re.matches(text) : text => re.test(text) };
    } catch (error) {
      entry = { problem: (error as Error).message.replace(/^error parsing regexp: /, '') };
    }
    compiled.set(key, entry);
  }
  return entry;
}

/**
 * A rule option's pattern: the rule's own default as a JavaScript RegExp (written here, so safe, and
 * no RE2 to load on the common path), any other on RE2. The config was validated with
 * {@link linearPattern}, so a configured one compiles; should it not (the rule run through Spectral's
 * own CLI), the rule's failure says why.
 */
export function optionPattern(source: string, defaultSource: string): LinearPattern {
  if (source === defaultSource) {
    const re = new RegExp(source);
    return { test: text => re.test(text) };
  }
  const pattern = linearPattern(source);
  if ('problem' in pattern) throw new Error(`invalid pattern ${JSON.stringify(source)}: ${pattern.problem}`);
  return pattern;
}

/**
 * A pattern written in a document, in JSON Schema's dialect (ECMA-262), on RE2: re2js translates
 * the dialect's escapes (`\u00e9`, `\/`). It would turn a named backreference `\k<name>` into
 * literal text, so that one is refused here, as RE2 refuses numbered ones. The problem reads after
 * "the pattern".
 */
export function documentPattern(source: string): LinearPattern | { problem: string } {
  const unsupported = (feature: string) => ({ problem: `uses ${feature}, which apilint does not run` });
  // A scan, not a RegExp: a run of backslashes costs a backtracking search quadratic time.
  for (let i = 0; i < source.length; i++) {
    if (source[i] !== '\\') continue;
    if (source[i + 1] === 'k' && source[i + 2] === '<') return unsupported('a backreference');
    i++;
  }
  const pattern = linearPattern(lazyRequire<{ RE2JS: typeof RE2JS }>('re2js').RE2JS.translateRegExp(source));
  if (!('problem' in pattern)) return pattern;
  const { problem } = pattern;
  if (problem.includes('`(?=') || problem.includes('`(?!')) return unsupported('lookahead');
  if (problem.includes('`(?<=') || problem.includes('`(?<!')) return unsupported('lookbehind');
  if (/^invalid escape sequence: `\\[1-9]/.test(problem)) return unsupported('a backreference');
  // RE2's reason without the part of the pattern it quotes, which may be long.
  const quote = problem.indexOf(': `');
  return { problem: `is not a regular expression RE2 runs (${quote === -1 ? problem : problem.slice(0, quote)})` };
}
