// Ajv checks `uniqueItems` on items of no one scalar type by comparing every pair of items, n²/2
// deep comparisons. Spectral's compiled OpenAPI validators (spectral-rulesets'
// `oas/schemas/validators.js`, which openapi-valid runs) hold 26 such loops: a document's `tags`,
// each `parameters` list, `security`, a Swagger 2.0 `enum`. 16,000 parameters of one operation
// took 8 s, and a 20 MB document of tags would take hours. The bundle replaces each loop by a call
// to firstDuplicate (bundle-patches.ts), which finds the same pair in time linear in the items'
// size; `test/unique-items.test.ts` runs the published validators and the replaced ones side by side.
import { rewriteCalling } from './generated-code.js';

/**
 * The pair the generated loop reports: the last item that equals an earlier one, and the nearest
 * earlier item it equals (`[i, j]`, i > j), or undefined where the items are unique. Items are
 * grouped by a text that equal items share; within a group `equal` (the validator's own, ajv's
 * fast-deep-equal) decides, in the loop's order. Where that text cannot be trusted (an object
 * that is not plain, an own `valueOf` or `toString` key, which make `equal` throw, nesting beyond
 * 100 levels), the loop itself runs. Self-contained: the bundle inlines its source.
 */
export function firstDuplicate(items: readonly unknown[], equal: (a: unknown, b: unknown) => boolean): [number, number] | undefined {
  /** The text of a value, alike for values `equal` finds equal; undefined where that cannot be told. */
  const textOf = (value: unknown, depth: number): string | undefined => {
    if (typeof value === 'string') return JSON.stringify(value);
    // NaN equals NaN, -0 equals 0.
    if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
    if (value === null || typeof value !== 'object') return `${typeof value}:${String(value)}`;
    if (depth > 100) return undefined;
    const parts: string[] = [];
    if (Array.isArray(value)) {
      for (const item of value) {
        const text = textOf(item, depth + 1);
        if (text === undefined) return undefined;
        parts.push(text);
      }
      return `[${parts.join(',')}]`;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
    // equal compares key sets, whatever their order.
    for (const key of Object.keys(value).sort()) {
      if (key === 'valueOf' || key === 'toString') return undefined;
      const text = textOf((value as Record<string, unknown>)[key], depth + 1);
      if (text === undefined) return undefined;
      parts.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${parts.join(',')}}`;
  };
  const loop = (): [number, number] | undefined => {
    for (let i = items.length; i--; ) for (let j = i; j--; ) if (equal(items[i], items[j])) return [i, j];
    return undefined;
  };
  // A few items cost the loop less than their texts (an operation's parameters).
  if (items.length <= 8) return loop();
  const groups = new Map<string, number[]>();
  /** Each item's group, and its place in it. */
  const group: number[][] = [];
  const place: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const text = textOf(items[i], 0);
    if (text === undefined) return loop();
    let members = groups.get(text);
    if (!members) groups.set(text, (members = []));
    group.push(members);
    place.push(members.push(i) - 1);
  }
  for (let i = items.length; i--; ) {
    const members = group[i]!;
    for (let k = place[i]!; k--; ) if (equal(items[i], items[members[k]!])) return [i, members[k]!];
  }
  return undefined;
}

/**
 * The generated loops of a compiled validator module, each replaced by a call to firstDuplicate
 * (its source put at the end of the module, where there was a loop), with the count of loops
 * replaced. The loop, as Spectral's minified module spells it or as Ajv's standalone code does
 * (with braces),
 *
 *     outer: for (; i--;) for (j = i; j--;) if (equal(data[i], data[j])) { ...; break outer; }
 *
 * becomes a loop that runs its body at most once, with `i` and `j` set to the pair found; the
 * braces stay where they were.
 */
export function withLinearUniqueItems(code: string): { code: string; replaced: number } {
  const loops = /(\w+):\s*for\s*\(;\s*(\w+)--;\s*\)\s*(\{?)\s*for\s*\((\w+) = \2;\s*\4--;\s*\)\s*(\{?)\s*if\s*\((\w+)\((\w+)\[\2\], \7\[\4\]\)\)\s*\{/g;
  return rewriteCalling(
    code,
    loops,
    (label, i, outerBrace, j, innerBrace, equal, data) =>
      `${label}: for (let pair = apilintFirstDuplicate(${data}, ${equal}); pair !== undefined; pair = undefined) ${outerBrace}${innerBrace}if (((${i} = pair[0]), (${j} = pair[1]), true)) {`,
    'apilintFirstDuplicate',
    firstDuplicate,
  );
}
