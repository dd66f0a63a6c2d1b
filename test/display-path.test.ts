// displayPath: how reports name a file. Remembered per working directory, so each case below also
// checks that a remembered answer is never given for another directory.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath } from '../src/core/paths.js';

describe('displayPath', () => {
  it('is relative inside the working directory and absolute outside it', () => {
    expect(displayPath('/repo/specs/api.yaml', '/repo')).toBe('specs/api.yaml');
    expect(displayPath('/other/api.yaml', '/repo')).toBe('/other/api.yaml');
    expect(displayPath('/repo', '/repo')).toBe('/repo');
    expect(displayPath('<stdin>', '/repo')).toBe('<stdin>');
    expect(displayPath('main:specs/api.yaml', '/repo')).toBe('main:specs/api.yaml');
  });

  it('answers for the directory it is asked about, taking turns between two', () => {
    for (let i = 0; i < 3; i++) {
      expect(displayPath('/repo/specs/api.yaml', '/repo')).toBe('specs/api.yaml');
      expect(displayPath('/repo/specs/api.yaml', '/repo/specs')).toBe('api.yaml');
      expect(displayPath('/repo/specs/api.yaml', '/elsewhere')).toBe('/repo/specs/api.yaml');
    }
  });

  it('reads a relative working directory against the process one', () => {
    const file = path.join(process.cwd(), 'specs', 'api.yaml');
    expect(displayPath(file, '.')).toBe(path.join('specs', 'api.yaml'));
    expect(displayPath(file, 'specs')).toBe('api.yaml');
  });

  it('stays right past the number of files it remembers', () => {
    for (let i = 0; i < 25_000; i++) expect(displayPath(`/repo/f${i}.yaml`, '/repo')).toBe(`f${i}.yaml`);
    expect(displayPath('/repo/f0.yaml', '/repo')).toBe('f0.yaml');
  });
});
