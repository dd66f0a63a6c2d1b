// Inline ignores: `x-apilint-ignore: [rule-id, ...]` on any object silences those rules for that
// node and everything under it; `x-zally-ignore: [129, ...]` does the same through the Zalando
// rule numbers, so Zally users keep their specs as they are. An ignore entry that silences
// nothing becomes an `unused-ignore` finding, so ignores do not outlive their reason.
import type { JsonPath } from '@stoplight/types';
import { jsonPointer, type Finding } from '../core/finding.js';
import { unusedIgnore } from '../../rulesets/engine/index.js';
import { catalogue, type RuleKind } from '../lint/catalogue.js';
import type { Sources } from '../load/sources.js';

const APILINT = 'x-apilint-ignore';
const ZALLY = 'x-zally-ignore';

interface Entry {
  /** Index of the entry in its list. */
  index: number;
  /** The rule ids it covers (one for x-apilint-ignore, those with this Zalando number for x-zally-ignore). */
  rules: Set<string>;
  label: string;
  used: boolean;
}

interface Declaration {
  file: string;
  /** JSON path of the object carrying the ignore key. */
  owner: JsonPath;
  key: typeof APILINT | typeof ZALLY;
  entries: Entry[];
}

/** Either ignore key: one search of a text, where searching for each took a 4 MB spec 2.6 ms against 0.9. */
const MENTIONS_IGNORE = new RegExp(`${APILINT}|${ZALLY}`);

const kindOf = new Map(catalogue.map(r => [r.id, r.kind]));

/**
 * Which ignores a run applies: those naming rules of its kinds (a lint run leaves the ignores
 * meant for `apilint diff` alone, and the other way round), and whether entries that silence
 * nothing are reported (not by a diff, whose changes are gone once merged).
 */
export interface IgnoreScope {
  kinds: readonly RuleKind[];
  reportUnused: boolean;
}

const LINT_SCOPE: IgnoreScope = { kinds: ['lint', 'engine'], reportUnused: true };

/** `document` is the linted file: its ignores count even when nothing in it fired. */
export function applyInlineIgnores(findings: Finding[], sources: Sources, document: string, scope: IgnoreScope = LINT_SCOPE): Finding[] {
  const files = new Set([document, ...findings.map(f => f.file)]);
  const declarations = new Map<string, { all: Declaration[]; owners: Owners }>();
  const inScope = (id: string) => scope.kinds.includes(kindOf.get(id)!);
  for (const file of files) {
    const source = sources.get(file);
    // Most specs have no ignores: skip the walk unless the text mentions one.
    if (!source || !MENTIONS_IGNORE.test(source.text)) continue;
    const all = collect(file, source.data, inScope);
    declarations.set(file, { all, owners: ownersOf(all) });
  }
  if (declarations.size === 0) return findings;

  const out: Finding[] = findings.map(finding => {
    const decls = declarations.get(finding.file);
    if (!decls) return finding;
    for (const decl of around(decls.owners, finding.path)) {
      const entry = decl.entries.find(e => e.rules.has(finding.ruleId));
      if (!entry) continue;
      entry.used = true;
      return { ...finding, suppression: { kind: 'inSource' as const, justification: `${decl.key} at ${jsonPointer(decl.owner) || '/'}` } };
    }
    return finding;
  });

  for (const [file, { all }] of scope.reportUnused ? declarations : []) {
    const source = sources.get(file)!;
    for (const decl of all) {
      for (const entry of decl.entries) {
        if (entry.used) continue;
        const path = [...decl.owner, decl.key, entry.index];
        const range = source.range(path);
        if (!range) continue;
        out.push({
          ruleId: unusedIgnore.id,
          severity: unusedIgnore.severity,
          message: entry.rules.size === 0 ? unusedIgnore.messages.notARule(decl.key, entry.label) : unusedIgnore.messages.silencesNothing(decl.key, entry.label),
          file,
          line: range.start.line + 1,
          column: range.start.character + 1,
          endLine: range.end.line + 1,
          endColumn: range.end.character + 1,
          path,
        });
      }
    }
  }
  return out;
}

/**
 * Finds every ignore declaration in a document (iteratively: documents can nest deeply). Entries
 * naming rules outside the run's scope are left out; unknown names are kept (to be reported).
 */
function collect(file: string, data: unknown, inScope: (id: string) => boolean): Declaration[] {
  const byZalando = new Map<number, string[]>();
  for (const rule of catalogue) if (inScope(rule.id)) for (const n of rule.zalando) byZalando.set(n, [...(byZalando.get(n) ?? []), rule.id]);
  const out: Declaration[] = [];
  const stack: { node: unknown; path: JsonPath }[] = [{ node: data, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      node.forEach((child, i) => stack.push({ node: child, path: [...path, i] }));
      continue;
    }
    const obj = node as Record<string, unknown>;
    for (const key of [APILINT, ZALLY] as const) {
      const list = obj[key];
      if (!Array.isArray(list)) continue;
      const entries = list.flatMap((value, index): Entry[] => {
        if (key === APILINT) {
          const id = String(value);
          if (!kindOf.has(id)) return [{ index, rules: new Set(), label: `"${id}"`, used: false }];
          return inScope(id) ? [{ index, rules: new Set([id]), label: `"${id}"`, used: false }] : [];
        }
        // Zally numbers apilint has no rule for are meant for Zally: leave them alone.
        const rules = byZalando.get(Number(value));
        return rules ? [{ index, rules: new Set(rules), label: String(value), used: false }] : [];
      });
      if (entries.length > 0) out.push({ file, owner: path, key, entries });
    }
    for (const [key, child] of Object.entries(obj)) if (key !== APILINT && key !== ZALLY) stack.push({ node: child, path: [...path, key] });
  }
  // Innermost first: the order in which ignores on one path are tried (see around) and unused ones reported.
  return out.sort((a, b) => b.owner.length - a.owner.length);
}

/**
 * A document's declarations by the path of the object that carries them, a level per segment: a
 * finding meets the declarations on its own path, not every declaration of the document (4,000
 * findings under 4,000 ignores were 16 million comparisons of paths, 2.5 s).
 */
interface Owners {
  declarations: Declaration[];
  below: Map<string, Owners>;
}

function ownersOf(declarations: readonly Declaration[]): Owners {
  const root: Owners = { declarations: [], below: new Map() };
  for (const decl of declarations) {
    let node = root;
    for (const segment of decl.owner) {
      let next = node.below.get(String(segment));
      if (!next) node.below.set(String(segment), (next = { declarations: [], below: new Map() }));
      node = next;
    }
    node.declarations.push(decl);
  }
  return root;
}

/** The declarations on objects that hold the node at `path` (or are it), innermost first. */
function around(owners: Owners, path: JsonPath): Declaration[] {
  const levels: Declaration[][] = [];
  let node: Owners | undefined = owners;
  for (let i = 0; node !== undefined; i++) {
    if (node.declarations.length > 0) levels.push(node.declarations);
    node = i < path.length ? node.below.get(String(path[i])) : undefined;
  }
  return levels.reverse().flat();
}
