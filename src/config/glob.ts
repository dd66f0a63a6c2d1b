// The config's `ignore` and `overrides[].files` globs. A pull request can edit the config, so a glob
// must not cost more than linear time on a file name: each glob is translated to an RE2 expression
// (rulesets/lib/pattern.ts), which never backtracks, where picomatch's JavaScript regex takes
// exponential time on `**/*a*a*…*b`. The syntax is picomatch's with `dot: true`, less extglobs.
import { linearPattern } from '../../rulesets/lib/pattern.js';

/** Why a glob cannot be used, or its translation: RE2 source matching a whole '/'-separated path. */
export function globSource(glob: string): { source: string } | { problem: string } {
  const body = glob.replace(/^(?:\.\/)+/, '');
  if (/[@!?*+]\(/.test(body)) return { problem: `extglob patterns like @(a|b) are not supported in "${glob}"; use {a,b}` };
  const segments = body.split('/');
  let source = '';
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '**') {
      // Any number of whole segments, none included: `a/**` matches `a`, `**/b` matches `b`.
      source += last ? (i === 0 ? '.*' : '(?:/.*)?') : i === 0 ? '(?:[^/]*/)*' : '/(?:[^/]*/)*';
      return;
    }
    const previousGlobstar = i > 0 && segments[i - 1] === '**';
    source += `${i > 0 && !previousGlobstar ? '/' : ''}${segmentSource(segment)}`;
  });
  return { source };
}

/** One segment: `*`, `?`, `[...]`, `{a,b}` and `\` escapes; everything else literal. */
function segmentSource(segment: string): string {
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') {
      while (segment[i + 1] === '*') i++;
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '\\' && i + 1 < segment.length) {
      out += quote(segment[++i]!);
    } else if (c === '[') {
      const end = segment.indexOf(']', i + 2);
      if (end === -1) {
        out += quote(c);
        continue;
      }
      const inner = segment.slice(i + 1, end).replace(/^!/, '^');
      out += `[${inner.replace(/[\\\]]/g, m => `\\${m}`)}]`;
      i = end;
    } else if (c === '{') {
      const end = closingBrace(segment, i);
      const parts = end === -1 ? [] : splitTopLevel(segment.slice(i + 1, end));
      if (parts.length < 2) {
        out += quote(c);
        continue;
      }
      out += `(?:${parts.map(segmentSource).join('|')})`;
      i = end;
    } else {
      out += quote(c);
    }
  }
  return out;
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** `a,{b,c},d` → `a`, `{b,c}`, `d`. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}') depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const quote = (c: string): string => (/[\\^$.|?*+()[\]{}]/.test(c) ? `\\${c}` : c);

/**
 * A matcher for a list of globs (any one matches; a glob starting with `!` matches what the rest
 * does not), or why one of them cannot be used.
 */
export function globsMatcher(globs: readonly string[]): { matches: (relative: string) => boolean } | { problem: string } {
  const tests: ((relative: string) => boolean)[] = [];
  for (const glob of globs) {
    const negated = glob.startsWith('!');
    const translated = globSource(negated ? glob.slice(1) : glob);
    if ('problem' in translated) return translated;
    const pattern = linearPattern(translated.source, 'whole');
    if ('problem' in pattern) return { problem: `invalid glob "${glob}": ${pattern.problem}` };
    tests.push(negated ? relative => !pattern.test(relative) : pattern.test);
  }
  return { matches: relative => tests.some(test => test(relative)) };
}
