// The loader's text-level bounds, independent of any thread's stack size.
import { expect, it } from 'vitest';
import { MAX_NESTING } from '../src/load/limits.js';
import { nestingExceeds } from '../src/load/parse.js';

it('nestingExceeds: brackets count, brackets inside strings do not, YAML indentation counts', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  expect(nestingExceeds(deep(MAX_NESTING), true, MAX_NESTING)).toBe(false);
  expect(nestingExceeds(deep(MAX_NESTING + 1), true, MAX_NESTING)).toBe(true);
  expect(nestingExceeds(`{"a": "${'['.repeat(5000)}"}`, true, MAX_NESTING)).toBe(false);
  expect(nestingExceeds(`a: '${'{'.repeat(5000)}'\n`, false, MAX_NESTING)).toBe(false);
  expect(nestingExceeds(`a:\n${' '.repeat(MAX_NESTING + 1)}b: 1\n`, false, MAX_NESTING)).toBe(true);
  expect(nestingExceeds(`a:\n  ${'- '.repeat(MAX_NESTING + 1)}1\n`, false, MAX_NESTING)).toBe(true);
  // Explicit keys nest on one line too (`? ? ? a`): refused by the bound, not by a thread's stack.
  expect(nestingExceeds(`a:\n  ${'? '.repeat(MAX_NESTING + 1)}k\n  : v\n`, false, MAX_NESTING)).toBe(true);
  expect(nestingExceeds(`a:\n  ? ${'k'.repeat(5000)}\n  : v\n`, false, MAX_NESTING)).toBe(false);
  // Closing brackets restore the depth line by line, as in any real document.
  expect(nestingExceeds(Array.from({ length: 5000 }, () => 'a: [1, {b: 2}]').join('\n'), false, MAX_NESTING)).toBe(false);
});
