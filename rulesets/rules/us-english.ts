import type { JsonPath } from '@stoplight/types';
import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { isObject, operations, parameters, responses, type Obj } from '../lib/oas.js';
import { schemaIndex } from '../lib/schemas.js';
import { firstSight } from '../lib/remember.js';

/** British spellings → U.S. spellings; inflections (`authorised`, `colours`) are derived in `inflect`. */
const BRITISH: Record<string, string> = Object.fromEntries([
  ...[
    'authorise', 'organise', 'initialise', 'normalise', 'serialise', 'deserialise', 'customise', 'optimise',
    'prioritise', 'recognise', 'summarise', 'utilise', 'minimise', 'maximise', 'synchronise', 'visualise',
    'categorise', 'finalise', 'standardise', 'personalise', 'localise', 'capitalise', 'centralise', 'sanitise',
    'tokenise', 'specialise', 'emphasise', 'realise', 'apologise', 'analyse', 'paralyse',
  ].map(w => [w, w.replace(/([iy])se$/, '$1ze')]),
  ...['colour', 'behaviour', 'favour', 'honour', 'labour', 'neighbour', 'flavour', 'humour', 'endeavour'].map(w => [w, w.replace(/our$/, 'or')]),
  ...['cancelled', 'cancelling', 'labelled', 'labelling', 'modelled', 'modelling', 'travelled', 'travelling', 'signalled', 'signalling', 'levelled', 'totalled'].map(w => [w, w.replace('ll', 'l')]),
  ['licence', 'license'], ['centre', 'center'], ['metre', 'meter'], ['litre', 'liter'], ['defence', 'defense'],
  ['offence', 'offense'], ['catalogue', 'catalog'], ['programme', 'program'], ['artefact', 'artifact'], ['grey', 'gray'],
  ['cheque', 'check'], ['enrol', 'enroll'], ['enrolment', 'enrollment'], ['fulfil', 'fulfill'], ['fulfilment', 'fulfillment'],
  ['instalment', 'installment'], ['ageing', 'aging'], ['aluminium', 'aluminum'], ['tyre', 'tire'],
]);

/** A dictionary entry with its inflections: plurals, and the forms of -ise verbs and -our nouns. */
function inflect(british: string, us: string): [string, string][] {
  // `analyses` is also the plural of `analysis`.
  const out: [string, string][] = british.endsWith('yse') ? [[british, us]] : [[british, us], [`${british}s`, `${us}s`]];
  if (/[iy]se$/.test(british) && /[iy]ze$/.test(us)) {
    const [b, u] = [british.slice(0, -1), us.slice(0, -1)];
    for (const end of ['ed', 'er', 'ers', 'ing', 'ation', 'ations', 'ational']) out.push([b + end, u + end]);
  } else if (british.endsWith('our') && us.endsWith('or')) {
    for (const end of ['ed', 'ing', 'ful', 'ite', 'ites', 'al', 'able']) out.push([british + end, us + end]);
  }
  return out;
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Dictionary {
  spelling: Map<string, string>;
  pattern: RegExp;
  shortest: number;
  longest: number;
  /**
   * Where every entry is made of word characters, a match is a whole run of them that is an
   * entry: the runs to look up. Those that begin with an entry's first three characters (in any
   * case) when every entry has at least three, so that a native search finds the few candidates.
   */
  runs: RegExp | undefined;
}

/** The dictionary of one `words` option, built once (the option object is the same on every call). */
const dictionaries = new WeakMap<object, Dictionary | null>();
function dictionaryFor(words: Record<string, string>): Dictionary | undefined {
  let dictionary = dictionaries.get(words);
  if (dictionary === undefined) {
    const spelling = new Map(Object.entries(words).flatMap(([b, u]) => inflect(b.toLowerCase(), u)));
    const list = [...spelling.keys()];
    dictionary =
      list.length === 0
        ? null
        : {
            spelling,
            pattern: new RegExp(`\\b(?:${list.map(escape).join('|')})\\b`, 'gi'),
            shortest: Math.min(...list.map(w => w.length)),
            longest: Math.max(...list.map(w => w.length)),
            runs: list.every(w => /^\w{3,}$/.test(w))
              ? new RegExp(`\\b(?:${[...new Set(list.map(w => w.slice(0, 3)))].join('|')})\\w*`, 'gi')
              : list.every(w => /^\w+$/.test(w))
                ? /\w+/g
                : undefined,
          };
    dictionaries.set(words, dictionary);
  }
  return dictionary ?? undefined;
}

interface Text {
  text: string;
  jsonPath: JsonPath;
}

/** One key per path (as JSON.stringify would give, but cheaper): type, length and text of each segment. */
const pathKey = (jsonPath: JsonPath): string => {
  let key = '';
  for (const segment of jsonPath) key += typeof segment === 'number' ? `n${segment};` : `s${segment.length}:${segment}`;
  return key;
};

/** Titles, summaries and descriptions a reader sees that `accept` takes, each once by path. */
function texts(root: Obj, accept: (text: string) => boolean): Text[] {
  const out = new Map<string, Text>();
  // `base` as a path, or as a schema of the index, whose path is built only when read.
  const take = (holder: unknown, base: JsonPath | { readonly jsonPath: JsonPath }, keys: readonly string[] = ['title', 'summary', 'description']) => {
    if (!isObject(holder)) return;
    for (const key of keys) {
      const text = holder[key];
      if (typeof text === 'string' && accept(text)) {
        const jsonPath = [...(Array.isArray(base) ? base : base.jsonPath), key];
        out.set(pathKey(jsonPath), { text, jsonPath });
      }
    }
  };
  const each = (map: unknown, base: JsonPath, fn: (value: unknown, path: JsonPath) => void) => {
    if (isObject(map)) for (const [k, v] of Object.entries(map)) fn(v, [...base, k]);
  };
  // A `$ref`'d response brings its texts to every operation that uses it: taken the first time.
  const first = firstSight();
  const response = (r: unknown, path: JsonPath) => {
    if (!isObject(r) || !first(r)) return;
    take(r, path);
    each(r.headers, [...path, 'headers'], take);
  };

  take(root.info, ['info']);
  if (Array.isArray(root.tags)) root.tags.forEach((tag, i) => take(tag, ['tags', i], ['name', 'description']));
  for (const op of operations(root)) {
    take(op.pathItem, op.jsonPath.slice(0, -1), ['summary', 'description']);
    take(op.operation, op.jsonPath);
    for (const p of parameters(op)) take(p.parameter, p.jsonPath);
    take(op.operation.requestBody, [...op.jsonPath, 'requestBody']);
    for (const r of responses(op)) response(r.response, r.jsonPath);
  }
  const components = isObject(root.components) ? root.components : {};
  each(components.parameters, ['components', 'parameters'], take);
  each(components.requestBodies, ['components', 'requestBodies'], take);
  each(components.responses, ['components', 'responses'], response);
  each(components.headers, ['components', 'headers'], take);
  each(root.parameters, ['parameters'], take);
  each(root.responses, ['responses'], response);
  for (const node of schemaIndex(root).schemas) take(node.schema, node, ['title', 'description']);
  return [...out.values()];
}

export default defineRule<{ words: Record<string, string> }>({
  id: 'us-english',
  severity: 'info',
  ref: '1.3',
  zalando: [],
  description: 'Titles, summaries and descriptions use U.S. spelling.',
  rationale:
    'The API specification is written in U.S. English (guideline 1, item 3). One spelling across all APIs keeps documentation consistent and searchable: a reader looking for "authorization" should not miss the operation that says "authorisation".',
  examples: {
    incorrect: 'info:\n  description: Returns the colour of the organisation\'s logo.',
    correct: 'info:\n  description: Returns the color of the organization\'s logo.',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        words: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'British spellings to flag, each mapped to the U.S. spelling to suggest; plurals and the forms of -ise verbs and -our nouns are derived.',
        },
      },
      additionalProperties: false,
    },
    defaults: { words: BRITISH },
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root, { words }) {
    if (!isObject(root)) return;
    const dictionary = dictionaryFor(words);
    if (!dictionary) return;
    const { spelling, pattern, shortest, longest, runs } = dictionary;
    const matches = (text: string): string[] => {
      if (!runs) return [...text.matchAll(pattern)].map(([match]) => match);
      const out: string[] = [];
      runs.lastIndex = 0;
      for (let match = runs.exec(text); match !== null; match = runs.exec(text)) {
        const run = match[0];
        if (run.length >= shortest && run.length <= longest && spelling.has(run.toLowerCase())) out.push(run);
      }
      return out;
    };
    const results = [];
    // Paths are built only for the few texts that hold an entry (scanned again then). A text is
    // scanned once: a `$ref`'d parameter or response brings the same string to every operation
    // (thousands of times on the Kubernetes API), and a string keeps its hash for the lookup.
    const holdsEntry = new Map<string, boolean>();
    const accept = (text: string) => {
      let holds = holdsEntry.get(text);
      if (holds === undefined) holdsEntry.set(text, (holds = matches(text).length > 0));
      return holds;
    };
    for (const { text, jsonPath } of texts(root, accept)) {
      const found = new Map<string, string>();
      for (const match of matches(text)) {
        const british = match.toLowerCase();
        found.set(british, spelling.get(british) ?? british);
      }
      if (found.size === 0) continue;
      const pairs = [...found].map(([british, us]) => `"${british}" → "${us}"`).join(', ');
      results.push({ message: `Use U.S. spelling: ${pairs}.`, path: jsonPath });
    }
    return results;
  },
});
