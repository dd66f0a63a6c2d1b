// YAML texts that the loader's port (src/engine/yaml-scan.ts) takes: one of each construct it ports.
// test/yaml-scan.test.ts compares its trees with the loader's, test/yaml-ast.test.ts the data,
// diagnostics and positions FastYaml gives with Spectral's parser.
export const TAKEN: Record<string, string> = {
  'plain, quoted and numeric keys': "openapi: 3.0.3\n'200': a\n\"404\": b\n200x: c\n201: d\n",
  'multi-line plain scalars, with blank lines': 'a: one\n  two\n\n  three\n\n\n  four\nb: x\n',
  'null and boolean words, and strings that start like them or like numbers':
    'a: null\nb: Null\nc: NULL\nd: nullable\ne: ~\nf: ~x\ng: TRUE\nh: Trueish\ni: false\nj: fALSE\nk: /path\nl: $ref\nm: .5\nn: .inf\no: .x\np: +1\nq: -x\nr: 0o17\ns: 0x1F\nt: _a\nu: 1e3\nv: 12:30\nw: tru\nnull: 1\nfalse: 2\nNullish: 3\n',
  'plain scalars with colons, hashes and trailing spaces': 'a: http://x/y#z   \nb: a:b # comment\nc: "q" # c\nd: -1\ne: -x\n',
  'literal block scalars and chomping': 'a: |\n  one\n   two\n\n  three\n\nb: |-\n  x\n\nc: |+\n  y\n\n\nd: x\n',
  'folded block scalars, more indented lines': 'a: >\n  one\n  two\n\n  three\n    indented\n  four\nb: >-\n  z\nc: >2\n   lead\n',
  'a block scalar with a comment and at the end of the text': 'a: | # note\n  x\nb: >\n  last\n',
  'quoted scalars with escapes and folds': 'a: "tab\\tnl\\n\\u00e9\\x41\\U0001F600\\/"\nb: \'it\'\'s\'\nc: "one\n  two"\nd: \'x\n\n  y\'\ne: "a\\\n  b"\n',
  'flow collections': "a: [1, two, 'three', {x: 1, y: [2]}, []]\nb: {}\nc: {k: v, 'q': \"w\", e}\nd: [\n  x,\n  y,\n]\n",
  'a root in flow style': '{"openapi": "3.0.0", "paths": {"/a": {}}, "n": [1, 2.5, null, true]}\n',
  'sequences at the key indentation and nested': 'a:\n- x\n- y: 1\n  z: 2\n- - p\n  - q\nb:\n  - \n  - c\n',
  'empty values and null items': 'a:\nb: ~\nc:\n  -\n  - x\nd: null\n',
  'comments and blank lines everywhere': '# head\n\na: 1 # one\n  # indented\nb:\n  # before\n  c: 2\n\n# tail\n',
  'a document start marker and no final line break': '---\na: 1\nb: [x]',
  'CRLF line breaks': 'a: 1\r\nb:\r\n  c: |\r\n    x\r\n    y\r\n  d: two\r\n    lines\r\n',
  'keys that are numbers, booleans or null': 'true: a\n~: b\n1.50: c\n0x1f: d\nnested: {false: e, 0: f, 7: g}\n',
  'explicit keys, as emitters write long ones': "paths:\n  ? /a/very/long/path\n  : get: {}\n    post: {}\n  /b: x\n  ? 'quoted'\n  : - 1\n    - 2\n  ? plain\n    continued\n  : \"v\"\n  ? k\n  :\n    nested: 1\n  ? c # note\n  # between\n  : d\n  ? |\n    block key\n  : e\n? 200\n: top\nlast: ~\n",
};
