// The guideline statements a rule enforces, quoted from docs/guidelines.md by the rule's `ref`
// (part.topic.item: "4.path.2", "7.6, 8.6", "4.headers", "2"). Where a ref names a whole table
// (part 2's resource rules, part 4's headers), the rows are those the rule's rationale names.
import type { RuleInfo } from '../lint/catalogue.js';
import { GUIDELINES } from './guideline-text.js';

interface Item {
  text: string;
  /** A table right after the item (8.6's informing headers). */
  rows: string[][];
}

interface Section {
  title: string;
  items: Map<number, Item>;
  /** Rows of a table that is not part of an item. */
  rows: string[][];
}

interface Part extends Section {
  topics: Section[];
}

let parsed: Map<number, Part> | undefined;

function parse(markdown: string): Map<number, Part> {
  const parts = new Map<number, Part>();
  let part: Part | undefined;
  let section: Section | undefined;
  let item: Item | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^## (\d+)\. (.+)$/.exec(line);
    if (heading) {
      part = { title: heading[2]!, items: new Map(), rows: [], topics: [] };
      parts.set(Number(heading[1]), part);
      section = part;
      item = undefined;
      continue;
    }
    if (!part || !section) continue;
    const topic = /^### (.+)$/.exec(line);
    if (topic) {
      section = { title: topic[1]!, items: new Map(), rows: [] };
      part.topics.push(section);
      item = undefined;
      continue;
    }
    const numbered = /^(\d+)\. (.+)$/.exec(line);
    if (numbered) {
      item = { text: numbered[2]!, rows: [] };
      section.items.set(Number(numbered[1]), item);
      continue;
    }
    if (item && /^\s+- /.test(line)) {
      item.text += `\n${line.trim()}`;
      continue;
    }
    const row = /^\|(.+)\|$/.exec(line);
    if (row) {
      const cells = row[1]!.split('|').map(c => c.trim());
      // The header row is followed by the |---| separator: both are left out.
      if (cells.every(c => /^-+$/.test(c)) || /^(Rule|Header|Header or rule)$/.test(cells[0]!)) continue;
      (item ?? section).rows.push(cells);
      continue;
    }
    // A paragraph ends the item before it (a table after it then belongs to the section).
    if (line.trim() !== '' && !line.startsWith('|')) item = undefined;
  }
  return parts;
}

const normalize = (text: string) => text.toLowerCase().replace(/`/g, '').replace(/\s*\/\s*/g, '/');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mentions = (text: string, phrase: string) => new RegExp(`(^|\\W)${escape(phrase)}(\\W|$)`).test(text);

/**
 * The rows a rule's rationale names: those it quotes ("Property names"), else those whose name
 * or requirement its opening statement (up to the guideline citation) mentions.
 */
function namedRows(rows: string[][], rationale: string): string[][] {
  const quoted = rows.filter(([name]) => rationale.includes(`"${name}"`));
  if (quoted.length > 0) return quoted;
  const citation = /\(guideline[^)]*\)/i.exec(rationale);
  const opening = normalize(citation ? rationale.slice(0, citation.index + citation[0].length) : rationale);
  return rows.filter(([name, requirement]) => mentions(opening, normalize(name!)) || mentions(opening, normalize(requirement!).replace(/\.$/, '')));
}

const formatRow = ([name, requirement]: string[]) => `${name}: ${requirement}`;

/** "Guideline 4, Path rules, item 2: Paths are normalized: …", one per statement the rule's ref names. */
export function guidelineStatements(rule: Pick<RuleInfo, 'ref' | 'rationale'>): string[] {
  parsed ??= parse(GUIDELINES);
  const out: string[] = [];
  for (const ref of rule.ref.split(',').map(r => r.trim())) {
    const [partNumber, ...rest] = ref.split('.');
    const part = parsed.get(Number(partNumber));
    if (!part) continue;
    const topicName = rest.length > 0 && !/^\d+$/.test(rest[0]!) ? rest.shift()! : undefined;
    // Topics go by the start of their title: path → Path rules, hyper → Hypermedia, page → Pagination.
    const section = topicName === undefined ? part : part.topics.find(t => t.title.slice(0, 3).toLowerCase() === topicName.slice(0, 3).toLowerCase());
    if (!section) continue;
    const where = `Guideline ${partNumber}${section === part ? '' : `, ${section.title}`}`;
    if (rest.length > 0) {
      const item = section.items.get(Number(rest[0]));
      if (item) out.push(`${where}, item ${rest[0]}: ${[item.text, ...item.rows.map(formatRow)].join('\n')}`);
      continue;
    }
    const rows = namedRows(section.rows, rule.rationale);
    if (rows.length > 0) out.push(`${where}: ${rows.map(formatRow).join('\n')}`);
  }
  return out;
}
