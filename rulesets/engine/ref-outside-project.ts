// A local `$ref` that leaves the project. Refused unread by the sandbox (src/resolve/sandbox.ts);
// reported by the linter (src/lint/linter.ts) at each such `$ref`.
import { defineEngineRule } from '../rule.js';

export default defineEngineRule({
  id: 'ref-outside-project',
  severity: 'error',
  ref: '1.3',
  zalando: [],
  description: 'A local `$ref` stays inside the project: files outside it are refused and never read.',
  rationale:
    'apilint lints specs from pull requests, that is untrusted input. A `$ref` such as `../../../etc/passwd`, an absolute path elsewhere, or a symlink that leads out of the repository would otherwise make the linter read files that are not part of the API, and could carry their content into the report. The project is the working directory, or the document\'s own folder when the document lies outside it. Keep shared schemas inside the repository, or reference them by URL and lint with `--allow-remote`.',
  examples: {
    incorrect: "components:\n  schemas:\n    Secret:\n      $ref: '../../../etc/passwd'\n",
    correct: "components:\n  schemas:\n    Problem:\n      $ref: './schemas/problem.yaml#/Problem'\n",
  },
  messages: {
    /** `target` as written from the file holding the ref; `root` already phrased ("the working directory"). */
    refused: (target: string, root: string) => `$ref to ${target} leaves the project (${root}): refused, the file is not read.`,
  },
});
