import { describe, expect, it } from 'vitest';
import { MAX_LOCAL_PATH_LENGTH, safeLocalPath } from '../../shared/local-path.ts';

describe('a path on this site, as a browser reads it', () => {
  it.each([
    ['/', '/'],
    ['/account/', '/account/'],
    ['/checkout/', '/checkout/'],
    ['/menu/?category=tacos', '/menu/?category=tacos'],
    ['/order/?item=tacos#cart', '/order/?item=tacos#cart'],
    ['/a/../account/', '/account/'],
    ['/./checkout/', '/checkout/'],
    ['/menu/?next=//evil.example/', '/menu/?next=//evil.example/'],
    ['/javascript:alert(1)', '/javascript:alert(1)'],
    // Percent-encoded text stays encoded: still a path on this site, no header can come of it.
    ['/%0d%0aSet-Cookie:x', '/%0d%0aSet-Cookie:x'],
    ['/men%C3%BA/', '/men%C3%BA/'],
    // A lookalike slash is no slash to a browser: the path stays here, encoded.
    ['/\u2215evil.example', '/%E2%88%95evil.example'],
    ['/\uff0fevil.example', '/%EF%BC%8Fevil.example'],
  ])('keeps %j as %j', (text, expected) => {
    expect(safeLocalPath(text)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    '',
    'checkout/',
    '//evil.example/login',
    '///evil.example/',
    '/\\evil.example/',
    '\\/evil.example/',
    '\\\\evil.example/',
    '/.//evil.example/',
    '/./\\evil.example/',
    '/..//evil.example/',
    '/../\\evil.example/',
    '/%2e//evil.example/',
    '/%2E%2E//evil.example/',
    '/.%2e//evil.example/',
    '%2f%2fevil.example/',
    '/%2f%2fevil.example/',
    '/%2F%2Fevil.example/',
    '/%2F/evil.example/',
    '/%5cevil.example/',
    '/%5C%5Cevil.example/',
    '/%252F%252Fevil.example/',
    '/%09/evil.example/',
    '\t//evil.example/',
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/\r/evil.example/',
    '/a\tb',
    '/a\nb',
    '/\u0000/evil.example/',
    ' /account/',
    ' //evil.example/',
    '\u000c//evil.example/',
    '\uff0f\uff0fevil.example/',
    '\u2215\u2215evil.example/',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https://evil.example/',
    'http://evil.example/',
    'https:evil.example',
    'https:/evil.example',
    '/%',
  ])('refuses %j', (text) => {
    expect(safeLocalPath(text)).toBeNull();
  });

  it('keeps a path of the longest length and refuses one character more', () => {
    const longest = `/${'a'.repeat(MAX_LOCAL_PATH_LENGTH - 1)}`;
    expect(safeLocalPath(longest)).toBe(longest);
    expect(safeLocalPath(`${longest}a`)).toBeNull();
  });

  it('whatever it keeps, a browser resolves on this site, even in front of another path', () => {
    const tails = [
      '//evil.example',
      '/\\evil.example',
      '/.//evil.example',
      '/..//evil.example',
      '/../..//evil.example',
      '/%2F%2Fevil.example',
      '/x/%2e%2e//evil.example',
    ];
    const kept = tails
      .flatMap((tail) => ['', '/ok', '/a/b'].map((head) => safeLocalPath(`${head}${tail}`)))
      .filter((path) => path !== null);
    expect(kept).toEqual([
      '/ok//evil.example',
      '/a/b//evil.example',
      '/ok//evil.example',
      '/a/b//evil.example',
      '/ok//evil.example',
      '/a/b//evil.example',
      '/a//evil.example',
      '/ok/%2F%2Fevil.example',
      '/a/b/%2F%2Fevil.example',
      '/ok//evil.example',
      '/a/b//evil.example',
    ]);
    for (const path of kept) expect(new URL(path, 'https://comal.example').origin).toBe('https://comal.example');
  });
});
