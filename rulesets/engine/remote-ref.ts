// A remote `$ref` that was not fetched (no --allow-remote). Refused by the resolver
// (src/resolve/sandbox.ts); reported by the linter (src/lint/linter.ts) at the first `$ref` to
// each URL, unless the URL is one whose content apilint knows (rulesets/lib/known-refs.ts).
import { defineEngineRule } from '../rule.js';

export default defineEngineRule({
  id: 'remote-ref',
  severity: 'info',
  ref: '1.3',
  zalando: [],
  description: 'A remote (http/https) `$ref` was not fetched, so its content was not linted.',
  rationale:
    'apilint never touches the network unless asked (`--allow-remote`), so linting is fast, reproducible and safe on untrusted specs. Well-known remote schemas, such as the Problem JSON schema, are recognised by URL and not reported, and so is a `$ref` inside literal data, such as an example (see invalid-ref).',
  examples: {
    incorrect: "components:\n  schemas:\n    Money:\n      $ref: 'https://schemas.example.com/money.yaml'\n",
    correct: "components:\n  schemas:\n    Money:\n      $ref: './schemas/money.yaml'   # or lint with --allow-remote\n",
  },
  messages: {
    notFetched: (url: string) => `Remote $ref to ${url} is not fetched, so its content is not linted: pass --allow-remote to resolve it.`,
  },
});
