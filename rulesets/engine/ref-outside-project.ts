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
    'apilint lints specs from pull requests, that is untrusted input. A `$ref` such as `../../../etc/passwd`, an absolute path elsewhere, or a symlink that leads out of the repository would otherwise make the linter read files that are not part of the API, and could carry their content into the report. The project is found from the document: its git work tree, else the folder of its config file, else the working directory when it holds the document, else the document\'s own folder; `--root` names it instead. Keep shared schemas inside the repository, point `--root` at a folder that holds the repositories the specs share, or reference them by URL and lint with `--allow-remote`.',
  examples: {
    incorrect: "components:\n  schemas:\n    Secret:\n      $ref: '../../../etc/passwd'\n",
    correct: "components:\n  schemas:\n    Problem:\n      $ref: './schemas/problem.yaml#/Problem'\n",
  },
  messages: {
    /** `target` as written from the file holding the ref; `root` already phrased ("the git work tree of the document"). */
    refused: (target: string, root: string) => `$ref to ${target} leaves the project (${root}): refused, the file is not read.`,
  },
});
