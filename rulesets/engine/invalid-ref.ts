// A `$ref` that does not resolve. Found by the resolver (src/resolve/sandbox.ts); reported by the
// linter (src/lint/linter.ts) at the `$ref`, in the file that holds it.
import { defineEngineRule } from '../rule.js';

export default defineEngineRule({
  id: 'invalid-ref',
  severity: 'error',
  ref: '1.3',
  zalando: [],
  description: 'Every `$ref` resolves: the file exists and parses, the JSON pointer names a node, and local refs lead to a value, not round a cycle of refs.',
  rationale:
    'The specification is the interface (guideline 1, item 3). A `$ref` that does not resolve leaves part of it undefined, and whatever it points at cannot be checked. A `$ref` inside literal data (the value of an `example`, `default`, `const` or `enum`, a 3.1 schema\'s `examples`, an Example Object\'s `value`, a 2.0 response\'s `examples`) is data that shows a reference, not one, and is not reported (Spectral reports it: stoplightio/spectral#1310).',
  examples: {
    incorrect: "components:\n  schemas:\n    Order:\n      $ref: '#/components/schemas/OrderItem'   # there is no OrderItem\n",
    correct: "components:\n  schemas:\n    Order:\n      $ref: '#/components/schemas/OrderItem'\n    OrderItem:\n      type: object\n",
  },
  messages: {
    /** The resolver's reason, with paths inside the working directory as the user typed them. */
    unresolved: (reason: string) => `Cannot resolve $ref: ${reason}`,
    /** `$ref: ''`: a reference to the whole file that holds it, never a schema or a parameter. */
    empty: () => 'The $ref is empty, which points to the whole file that holds it, not to a part of it: write the target, e.g. "#/components/schemas/Order" or "./order.yaml".',
    /** The parser's problem with a referenced file. */
    unparseable: (problem: string) => `Referenced file cannot be parsed: ${problem}`,
    /** Local refs that only lead to one another: the refs as written, from this one on (a long cycle: its ends). */
    cycle: (...refs: string[]) =>
      `Cannot resolve $ref: it leads only to $refs and back to itself (${refs.length > 6 ? [...refs.slice(0, 3), `… ${refs.length - 5} more …`, ...refs.slice(-2)].join(' → ') : refs.join(' → ')}), never to a value: point one of them at the schema or object it stands for.`,
  },
});
