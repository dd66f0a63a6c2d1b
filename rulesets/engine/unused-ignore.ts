// An inline ignore that silences nothing. Found and reported by src/suppress/ignores.ts at the
// ignore list's entry, after every other finding of the document is known.
import { defineEngineRule } from '../rule.js';

export default defineEngineRule({
  id: 'unused-ignore',
  severity: 'hint',
  ref: '1.3',
  zalando: [],
  description: 'An inline ignore (`x-apilint-ignore`, or a mapped `x-zally-ignore` number) silences no finding.',
  rationale:
    'An ignore that no longer silences anything hides the next real finding of that rule at that place and misleads readers: remove it once the problem it excused is fixed.',
  examples: {
    incorrect: 'components:\n  schemas:\n    Order:\n      x-apilint-ignore: [properties-snake-case]   # every property is snake_case\n      properties:\n        order_id: {type: string}\n',
    correct: 'components:\n  schemas:\n    Order:\n      properties:\n        order_id: {type: string}\n',
  },
  messages: {
    /** `key` is x-apilint-ignore or x-zally-ignore; `label` the entry as written (quoted rule id, or number). */
    notARule: (key: string, label: string) => `${key} names ${label}, which is not an apilint rule: remove it or fix the name.`,
    silencesNothing: (key: string, label: string) => `${key} entry ${label} silences nothing here: remove it.`,
  },
});
