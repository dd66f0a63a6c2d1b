import { defineRule } from '../rule.js';
import { PAYLOAD_FORMATS } from '../formats.js';
import { atKey, isObject, type Obj } from '../lib/oas.js';
import { nameWords } from '../lib/fields.js';
import { schemaIndex, schemaTypes, unwrappedSchema } from '../lib/schemas.js';
import { stringList } from '../lib/options.js';

interface Options {
  names: string[];
  suffixes: string[];
}

// `iri` is the internationalized form of an absolute URI, and a `uri-template` (RFC 6570) link
// expands to one; `uri-reference` and friends admit relative references.
const ABSOLUTE_FORMATS = new Set(['uri', 'iri', 'uri-template']);

// scp-style addresses (`git@github.com:owner/repo.git`): a user, a host and a path after a colon,
// without a scheme. They are how SSH clones are addressed, and no URI.
const SCP_STYLE = /^[\w.-]+@[\w.-]+:(?!\/\/)\S+$/;

/** An SSH (or git clone) address rather than a link: by its name, its example or its description. */
function isScpAddress(name: string, schema: Obj): boolean {
  if (nameWords(name).includes('ssh')) return true;
  const samples = [schema.example, schema.default, ...(Array.isArray(schema.examples) ? schema.examples : [])];
  if (samples.some(v => typeof v === 'string' && SCP_STYLE.test(v))) return true;
  return typeof schema.description === 'string' && /\bssh\b|\bscp\b/i.test(schema.description);
}

// "Path to the API definition": a path on another system (`/swagger/api.json`), named `*_url`
// but no link of this API, and no URI.
const DESCRIBED_AS_PATH = /^\s*(?:the |a )?(?:relative )?path\b/i;

const isDescribedAsPath = (schema: Obj): boolean => typeof schema.description === 'string' && DESCRIBED_AS_PATH.test(schema.description);

export default defineRule<Options>({
  id: 'absolute-uri-links',
  severity: 'warn',
  ref: '2, 4.hyper.2',
  zalando: [217],
  description:
    'Link properties (`href`, `self`, `next`, `prev`, `first`, `last`, `url`, `*_url`, `*_uri`) are strings with `format: uri`.',
  rationale:
    'Resources are identified by full, absolute URIs (guideline 2), and common hypertext controls are used for pagination and ' +
    'self-references (guideline 4, hypermedia, item 2). `format: uri` declares an absolute URI, so clients can follow a link ' +
    'without knowing where the API is deployed (`iri` and link templates with `uri-template` are accepted too); `uri-reference` ' +
    'and formatless strings admit relative paths. ' +
    'Link objects (`self: {href: ...}`) are fine: their `href` is checked instead. SSH clone addresses (`git@host:owner/repo.git`, ' +
    'recognized by an `ssh` name, an scp-style example or a description that says SSH) are no URIs and are not reported, ' +
    'nor is a property whose description says it holds a path ("Path to the API definition"): a path on another system, not a link.',
  examples: {
    incorrect: 'properties:\n  self:\n    type: string\n  label_url:\n    type: string\n    format: uri-reference',
    correct: 'properties:\n  self:\n    type: string\n    format: uri\n  label_url:\n    type: string\n    format: uri',
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        names: stringList('Property names that hold links.'),
        suffixes: stringList('Property name endings that hold links.'),
      },
      additionalProperties: false,
    },
    defaults: {
      names: ['href', 'self', 'next', 'prev', 'first', 'last', 'url', 'uri'],
      suffixes: ['_url', '_uri'],
    },
  },
  formats: PAYLOAD_FORMATS,
  given: '$',
  check(root, { names, suffixes }) {
    const isLinkName = (name: string) => names.includes(name) || suffixes.some(s => name.endsWith(s));
    return schemaIndex(root).properties.flatMap(prop => {
      // Only string links: link objects and arrays of links are checked through their own properties/items.
      const schema = unwrappedSchema(prop.schema);
      if (!isLinkName(prop.name) || !isObject(schema) || !schemaTypes(schema).includes('string') || isScpAddress(prop.name, schema) || isDescribedAsPath(schema)) return [];
      const { format } = schema;
      if (typeof format === 'string' && ABSOLUTE_FORMATS.has(format)) return [];
      const problem = typeof format === 'string' ? `has format "${format}"` : 'has no format';
      return [{ message: `Link property "${prop.name}" ${problem}: declare format uri for a full, absolute URI.`, path: atKey(prop.jsonPath) }];
    });
  },
});
