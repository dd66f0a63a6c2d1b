// Text from a document on its way into a message or a report line: one line, bounded length.
// Every bound here is documented in the README ("Security and limits").

/** Longest quoted value a message keeps: names are short, values that are not get cut. */
export const MAX_QUOTED = 80;
/** Longest message a finding or an input error keeps. */
export const MAX_MESSAGE = 400;

/**
 * Makes text from a document safe to print on one line: control characters (a newline in a key
 * could forge an output line) are escaped, quoted values longer than MAX_QUOTED are cut, and the
 * whole text is cut at `max`.
 */
export function safeText(text: string, max = MAX_MESSAGE): string {
  // Every finding's message passes here (Kubernetes' spec: 12,723), and nearly all are left as they are.
  if (text.length <= max && !CONTROL.test(text) && !mayQuoteLong(text)) return text;
  // Bound the work on a huge message before looking at it.
  let out = text.length > max * 4 ? `${text.slice(0, max * 4)}…` : text;
  out = escapeControl(out).replace(LONG_QUOTED, (_, inner: string) => `"${cut(inner, MAX_QUOTED)}"`);
  return cut(out, max);
}

/** A quoted value of more than MAX_QUOTED characters, as a reader sees one (followed by a blank, punctuation or the end). */
const LONG_QUOTED = /"((?:[^"\\]|\\.){81,}?)"(?=[\s.,:;)\]}!?]|$)/g;

/**
 * Whether LONG_QUOTED may match: two quotes far enough apart. Without a backslash a quoted value
 * cannot hold a quote, so only neighbouring quotes count; with one, the first and the last.
 */
function mayQuoteLong(text: string): boolean {
  let at = text.indexOf('"');
  if (at < 0) return false;
  if (text.includes('\\')) return text.lastIndexOf('"') - at > MAX_QUOTED + 1;
  for (let next = text.indexOf('"', at + 1); next >= 0; at = next, next = text.indexOf('"', at + 1)) {
    if (next - at > MAX_QUOTED + 1) return true;
  }
  return false;
}

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
/** Whether a text holds one of CONTROLS (a global expression's `test` would move on from its last match). */
const CONTROL = new RegExp(CONTROLS.source);

/**
 * Escapes control characters and the Unicode line separators, so text stays on one line, and the
 * bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), so that a name
 * in a spec cannot reorder how a report line reads ("Trojan Source", CVE-2021-42574).
 */
export function escapeControl(text: string): string {
  return text.replace(CONTROLS, c => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  // Do not split a surrogate pair.
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
