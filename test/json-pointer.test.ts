// jsonPointer (src/core/finding.ts) spells a path as RFC 6901 does. Its escaping keeps the last key
// it escaped: pointers of one path repeat a long key in every finding. These cases alternate keys,
// so that a kept key given back for another would show.
import { pointerToPath } from '@stoplight/json';
import { expect, it } from 'vitest';
import { escapePointerSegment, jsonPointer } from '../src/core/finding.js';

it('escapes ~ before / in every segment, and reads back as the path', () => {
  const paths = [
    ['paths', '/items/{id}', 'get'],
    ['paths', '/items/{id}', 'get', 'parameters', 0],
    ['a~b', '~1', '/~0', '~', '/', ''],
    ['paths', '/other/{id}', 'post'],
    ['paths', '/items/{id}', 'get'],
    ['plain', 'keys', 3],
  ];
  const pointers = paths.map(jsonPointer);
  expect(pointers).toEqual([
    '/paths/~1items~1{id}/get',
    '/paths/~1items~1{id}/get/parameters/0',
    '/a~0b/~01/~1~00/~0/~1/',
    '/paths/~1other~1{id}/post',
    '/paths/~1items~1{id}/get',
    '/plain/keys/3',
  ]);
  pointers.forEach((pointer, i) => expect(pointerToPath(`#${pointer}`)).toEqual(paths[i]!.map(String)));
});

it('gives a long key with thousands of marks the same spelling each time', () => {
  const key = Array.from({ length: 2000 }, (_, i) => `r${i}/{id~${i}}`).join('/');
  const spelt = key.replaceAll('~', '~0').replaceAll('/', '~1');
  expect(escapePointerSegment(key)).toBe(spelt);
  expect(escapePointerSegment('a/b')).toBe('a~1b');
  expect(escapePointerSegment(key)).toBe(spelt);
  expect(escapePointerSegment(`${key}x`)).toBe(`${spelt}x`);
});
