// The bundle's ajv-formats accepts a plain http(s) URL with a small pattern before its 1 KB `uri`
// pattern (src/engine/bundle-patches.ts). The small pattern must accept nothing the full one
// rejects: the published module and the patched one, side by side, give the same verdict on
// generated texts, many of them plain URLs and many almost so.
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFilePatch, PLAIN_HTTP_URI } from '../src/engine/bundle-patches.js';
import { filePatch, loadChanged } from './helpers/patched-module.js';

const require = createRequire(import.meta.url);
const FILE = path.join(path.dirname(require.resolve('ajv-formats')), 'formats.js');

type Uri = (text: string) => boolean;
const published = (require(FILE) as { fullFormats: { uri: Uri } }).fullFormats.uri;

/** The module as the bundle has it: patched. */
const patch = filePatch('ajv-formats', 'formats.js');
const patched = loadChanged<{ fullFormats: { uri: Uri } }>(FILE, code => applyFilePatch(patch, code)).fullFormats.uri;

const plain = new RegExp(PLAIN_HTTP_URI, 'i');

/**
 * Texts near plain URLs: a scheme (or none), then mostly characters a plain URL may hold where
 * they stand, and now and then one it may not (escapes, brackets, blanks, non-ASCII letters).
 */
const PLAIN_PARTS = ['a', 'Z', '0', '9', '-', '.', '_', '~', '/', '/', '?', '#', '=', '&', '!', '$', "'", '(', ')', '*', '+', ',', ';', '@', ':', ':8080', 'example.com'];
const ODD_PARTS = ['%', '%2F', '%zz', '[', ']', '[::1]', ' ', '\n', '"', '<', '\\', 'é', 'ſ', '\u212a', '^', '|'];
const scheme = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('http://', 'https://', 'HTTPS://', 'Http://') }, { weight: 1, arbitrary: fc.constantFrom('ftp://', 'http:', 'http:/', '//', '', 'http://user@', 'https://a:b@') });
const part = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...PLAIN_PARTS) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_PARTS) });
const HOST_PARTS = ['a', 'Z', '0', '-', '.', '_', '~', 'example.com', '!', ':'];
const host = fc.array(fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...HOST_PARTS) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_PARTS) }), { maxLength: 4 });
const texts = fc.tuple(scheme, host, fc.array(part, { maxLength: 12 })).map(([scheme, name, parts]) => scheme + name.join('') + parts.join(''));

describe('the uri format with its plain-URL shortcut', () => {
  it('gives the published verdict on 20,000 generated texts, the shortcut taking a good share of them', () => {
    let shortcut = 0;
    let accepted = 0;
    fc.assert(
      fc.property(texts, text => {
        const verdict = published(text);
        if (plain.test(text)) {
          shortcut++;
          // What the shortcut accepts, the full pattern accepts.
          expect(verdict, text).toBe(true);
        }
        if (verdict) accepted++;
        expect(patched(text), text).toBe(verdict);
      }),
      { numRuns: 20_000, seed: 23 },
    );
    expect(shortcut).toBeGreaterThan(1_000);
    // Texts the full pattern accepts without the shortcut, and texts it rejects, are both among them.
    expect(accepted).toBeGreaterThan(shortcut);
    expect(accepted).toBeLessThan(20_000);
  });

  it('agrees on texts at the edges of what a plain URL is', () => {
    const cases = [
      'https://login.microsoftonline.com/common/oauth2/authorize',
      'http://example.com',
      'HTTP://EXAMPLE.COM:8080/a/b?c=d#e',
      'http://example.com:/path',
      'http://',
      'http:///path',
      'http://[::1]/x',
      'http://user@host/x',
      'http://host/a%20b',
      'http://host/a%2',
      'http://host/a b',
      'http://host/\n',
      'http://host/é',
      'https://host/ſ',
      'mailto:someone@example.com',
      'urn:isbn:0451450523',
      '/relative/path',
      '',
    ];
    for (const text of cases) expect(patched(text), text).toBe(published(text));
  });
});
