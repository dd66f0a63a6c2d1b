import { defineRule } from '../rule.js';
import { allParameters } from '../lib/oas.js';
import { stringList } from '../lib/options.js';

interface Options {
  names: string[];
}

/** `API_Version`, `api-version` and `apiVersion` are one name. */
const normalize = (name: string): string => name.toLowerCase().replace(/[-_.\s]/g, '');

export default defineRule<Options>({
  id: 'versioning-media-type',
  severity: 'error',
  ref: '9.4',
  zalando: [114],
  description: 'No API version in query parameters or custom headers: a version, where needed, is a media type parameter.',
  rationale:
    'Where versions are needed, the version is carried in the media type (guideline 9, item 4), for example `application/x.order+json;version=2`, so that content negotiation picks the representation and URLs stay stable. A query parameter or request header named like a version (`version`, `api-version`, `Accept-Version`, `X-API-Version`, …; compared ignoring case, `-`, `_` and `.`; configurable) selects the version outside the media type. Parameters are reported at their definition, once, also when shared through `$ref`.',
  examples: {
    incorrect: 'parameters:\n  - name: api-version\n    in: query\n    schema: {type: string}\n',
    correct: "responses:\n  '200':\n    content:\n      application/x.order+json;version=2: ...\n",
  },
  options: {
    schema: {
      type: 'object',
      properties: {
        names: stringList('Query parameter and header names that select an API version (compared ignoring case, "-", "_" and ".").', { nonEmpty: true }),
      },
      additionalProperties: false,
    },
    defaults: { names: ['version', 'api-version', 'accept-version', 'x-version', 'x-api-version', 'x-accept-version'] },
  },
  given: '$',
  check(root, { names }) {
    const versionNames = new Set(names.map(normalize));
    // Every definition once, used or not: a shared one is reported at the definition.
    return allParameters(root).flatMap(({ parameter: p, jsonPath }) =>
      (p.in === 'query' || p.in === 'header') && typeof p.name === 'string' && versionNames.has(normalize(p.name))
        ? [
            {
              message: `${p.in === 'query' ? 'Query parameter' : 'Header'} "${p.name}" selects an API version: drop it and, where a version is needed, carry it in the media type ("application/x.order+json;version=2").`,
              path: jsonPath,
            },
          ]
        : [],
    );
  },
});
