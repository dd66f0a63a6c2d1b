// The loader's port (src/engine/yaml-scan.ts) must build, for every text it takes, the tree that
// yaml-ast-parser builds: the same kinds, positions, scalar texts and parents, node by node (the
// data, diagnostics and positions through FastYaml are compared with Spectral's parser in
// test/yaml-ast.test.ts). What it does not take must throw NotPorted, never a wrong tree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NotPorted, scanYaml, type LightNode, type ScalarReader } from '../src/engine/yaml-scan.js';
import { yamlAstParser } from '../src/engine/yaml-ast.js';
import { corpusEntries } from './helpers/corpus.js';
import { CORPUS, ROOT } from './helpers/lint.js';
import { TAKEN } from './helpers/yaml-cases.js';

type TreeNode = LightNode & { value?: unknown };

/** Reads every scalar as its text: the tree, not the data, is under test here. */
const TEXT_READER: ScalarReader = { plain: text => text, key: text => text, map: container => container };

/** The first difference between the port's tree and the loader's, as a path and a reason. */
function treeDifference(actual: TreeNode | null, expected: TreeNode | null, at = '#'): string | undefined {
  if (actual === null || expected === null) return actual === expected ? undefined : `${at}: ${actual === null ? 'null' : actual.kind} vs ${expected === null ? 'null' : expected.kind}`;
  if (actual.kind !== expected.kind) return `${at}: kind ${actual.kind} vs ${expected.kind}`;
  if (actual.startPosition !== expected.startPosition || actual.endPosition !== expected.endPosition) {
    return `${at}: positions ${actual.startPosition}-${actual.endPosition} vs ${expected.startPosition}-${expected.endPosition}`;
  }
  if ((actual.parent?.kind ?? null) !== (expected.parent?.kind ?? null)) return `${at}: parent`;
  switch (actual.kind) {
    case 0:
      return actual.value === expected.value ? undefined : `${at}: text ${JSON.stringify(actual.value)} vs ${JSON.stringify(expected.value)}`;
    case 1:
      return treeDifference(actual.key!, expected.key!, `${at}:key`) ?? treeDifference(actual.value as TreeNode | null, expected.value as TreeNode | null, at);
    case 2: {
      if (actual.mappings!.length !== expected.mappings!.length) return `${at}: ${actual.mappings!.length} vs ${expected.mappings!.length} pairs`;
      for (let i = 0; i < actual.mappings!.length; i++) {
        const difference = treeDifference(actual.mappings![i]!, expected.mappings![i]!, `${at}/${String(expected.mappings![i]!.key?.value)}`);
        if (difference) return difference;
      }
      return undefined;
    }
    default: {
      if (actual.items!.length !== expected.items!.length) return `${at}: ${actual.items!.length} vs ${expected.items!.length} items`;
      for (let i = 0; i < actual.items!.length; i++) {
        const difference = treeDifference(actual.items![i]!, expected.items![i]!, `${at}/${i}`);
        if (difference) return difference;
      }
      return undefined;
    }
  }
}

/** The port's tree compared with the loader's; undefined when the port does not take the text. */
function compareWithLoader(text: string): string | undefined | 'not ported' {
  let scanned;
  try {
    scanned = scanYaml(text, TEXT_READER);
  } catch (error) {
    if (error instanceof NotPorted) return 'not ported';
    throw error;
  }
  const expected = yamlAstParser().load(text, { ignoreDuplicateKeys: true }) as TreeNode & { errors: unknown[] };
  expect(expected.errors).toEqual([]);
  return treeDifference(scanned.ast, expected);
}

const LEFT: Record<string, string> = {
  'anchors and aliases': 'a: &x 1\nb: *x\n',
  tags: 'a: !!str 1\n',
  'an explicit key without a value': '? a\nb: 1\n',
  'an explicit key followed by another': '? a\n? b\n: 1\n',
  'a value without a key': ': b\n',
  'an explicit key that is a sequence': '? - a\n: b\n',
  'an explicit key whose value is not at its indentation': 'm:\n  ? a\n   : b\n',
  'two documents': 'a: 1\n---\nb: 2\n',
  'a directive': '%YAML 1.2\n---\na: 1\n',
  'a tab in the indentation': 'a:\n\tb: 1\n',
  'a duplicate key': 'a: 1\na: 2\n',
  'a merge key': 'a: {x: 1}\nb:\n  <<: {y: 2}\n',
  'a __proto__ key': '__proto__: {x: 1}\n',
  'a mapping as a key': '[a]: b\n',
  'a pair in a flow sequence': 'a: [x: 1]\n',
  'a byte order mark': '\uFEFFa: 1\n',
  'a root that is not a mapping': '- a\n- b\n',
  'bad indentation': 'a:\n  b: 1\n c: 2\n',
  'an unterminated quote': 'a: "x\n',
};

describe("the YAML loader's port", () => {
  for (const [name, text] of Object.entries(TAKEN)) {
    it(`builds the loader's tree: ${name}`, () => {
      expect(compareWithLoader(text)).toBeUndefined();
    });
  }

  for (const [name, text] of Object.entries(LEFT)) {
    it(`leaves to the loader: ${name}`, () => {
      expect(() => scanYaml(text, TEXT_READER)).toThrow(NotPorted);
    });
  }

  it("builds the loader's tree for generated mappings with explicit keys, or leaves them to it", () => {
    // Lines of block mappings and sequences, explicit keys and values among them, at a few indentations.
    const LINES = ['a: 1', 'b:', 'c: d: 1', '? k', '? ', ': v', ': ', ':', ': c: d', ': - 1', '- x', '- ', '? - s', '# note', 'k: |', '  text', '? "q"', '? |', 'e: [1]', '? x # c'];
    const line = fc.tuple(fc.constantFrom('', '  ', '    ', ' '), fc.constantFrom(...LINES)).map(([indent, text]) => indent + text);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), lines => {
        const text = `${lines.join('\n')}\n`;
        let scanned;
        try {
          scanned = scanYaml(text, TEXT_READER);
        } catch (error) {
          if (error instanceof NotPorted) return;
          throw error;
        }
        const expected = yamlAstParser().load(text, { ignoreDuplicateKeys: true }) as TreeNode & { errors: unknown[] };
        expect(expected.errors, text).toEqual([]);
        expect(treeDifference(scanned.ast, expected), text).toBeUndefined();
      }),
      { numRuns: 5_000 },
    );
  });

  it("builds the loader's tree for every YAML document of the corpus it takes, and takes all but one", { timeout: 60_000 }, () => {
    const files = [
      ...corpusEntries().filter(e => /\.ya?ml$/.test(e.name)).map(e => path.join(CORPUS, e.name)),
      path.join(ROOT, 'node_modules/@blockfrost/openapi/openapi.yaml'),
    ];
    const notPorted: string[] = [];
    for (const file of files) {
      const result = compareWithLoader(readFileSync(file, 'utf8'));
      if (result === 'not ported') notPorted.push(path.basename(file));
      else expect(result, file).toBeUndefined();
    }
    // Tab indentation (an error).
    expect(notPorted.sort()).toEqual(['broken-yaml-tab-indentation.yaml']);
  });
});
