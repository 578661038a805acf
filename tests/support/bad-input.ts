/**
 * Generated bad input for the API (fast-check arbitraries): JSON of any shape, objects shaped like
 * a real request with fields replaced by wrong types, huge or odd text, numbers JSON can only
 * spell as text (1e309, -0), deep nesting, prototype-pollution keys, and text that is not JSON at all.
 * A body is the raw text sent with `Content-Type: application/json`.
 */
import fc from 'fast-check';

/** Text that is unusual for a server: NUL and control characters, lone surrogates, RTL marks, emoji. */
export const oddText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff x',
    '\u202e\u202dreversed',
    '🌮'.repeat(30),
    'Ω≈ç√∫˜µ≤≥÷',
    "' or 1=1 --",
    '"); drop table orders; --',
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '%00',
    '%E0%A4%A',
    'NaN',
    'Infinity',
    '-Infinity',
    '-0',
    '1e309',
    '0x10',
    'null',
    'undefined',
    'true',
    '__proto__',
    'constructor',
    '9'.repeat(400),
    '2026-02-30T25:61:00Z',
    '+275760-09-13T00:00:00.001Z',
    '-271821-04-20T00:00:00Z',
    '2026-11-20T19:00:00+99:99',
  ),
);

/** A string too long for any field (some longer than the 100 KB body limit). */
export const hugeText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', 'é', '🌮', '\u0000', ' ', '9'), fc.constantFrom(201, 256, 1_000, 10_000, 60_000, 120_000))
  .map(([unit, n]) => unit.repeat(n));

/** Numbers as raw JSON text, including what JSON.stringify cannot write. */
export const oddNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '-1',
    '-0',
    '0',
    '1e309',
    '-1e309',
    '1e-400',
    '4.9e-324',
    '9007199254740993',
    '-9007199254740993',
    '1.0000000000000002',
    '99.999999999',
    '1e21',
    '0.1',
    '-0.0001',
    '1E2',
    '100',
  ),
  fc
    .double()
    .filter(Number.isFinite)
    .map((n) => JSON.stringify(n)),
  fc.integer().map(String),
);

/** A JSON value as raw text: `[[[...]]]` or `{"a":{"a":...}}` nested `depth` times. */
function deep(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A wrong value for a field, as raw JSON text. */
export const badValueText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 3, arbitrary: oddText.map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: hugeText.map((s) => JSON.stringify(s)) },
  { weight: 2, arbitrary: oddNumberText },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'null',
      'true',
      'false',
      '[]',
      '{}',
      '""',
      '[null]',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(50, 500, 5_000), fc.constantFrom('array' as const, 'object' as const))
      .map(([d, k]) => deep(d, k)),
  },
);

/** Keys that have broken JavaScript servers before. */
export const pollutionKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
] as const;

/** An object literal as raw JSON text, from [key, raw value text] pairs (keys may repeat). */
export function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/**
 * Objects shaped like `base` (a valid request): some fields replaced by bad values, some
 * dropped, extra and prototype-pollution keys added, the same key twice.
 */
export function shapedLike(base: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(base);
  const field = (key: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(JSON.stringify(base[key])) },
      { weight: 2, arbitrary: badValueText },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  return fc
    .tuple(
      fc.tuple(...keys.map((key) => field(key))),
      fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...pollutionKeys), fc.string({ maxLength: 12 }), fc.constantFrom('id', ...keys)),
          badValueText,
        ),
        { maxLength: 3 },
      ),
    )
    .map(([values, extra]) => {
      const entries: [string, string][] = [];
      keys.forEach((key, i) => {
        if (values[i] !== undefined) entries.push([key, values[i]]);
      });
      return objectText([...entries, ...extra]);
    });
}

/** Text that is not JSON (or is JSON of the wrong kind), sent as JSON. */
export const notJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":',
    '[1,2',
    "{'a':1}",
    '{a:1}',
    'NaN',
    'undefined',
    '\ufeff{}',
    '{"a":1}{"b":2}',
    '{"a":1,}',
    '<xml/>',
    'null',
    '0',
    '"text"',
    '[]',
    'true',
  ),
);

/** Any body: arbitrary JSON, shaped-like-real with wrong fields, or not JSON. */
export function bodyFor(base: Record<string, unknown> | null): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: base ? 6 : 0, arbitrary: base ? shapedLike(base) : fc.constant('{}') },
    { weight: 1, arbitrary: notJsonText },
    { weight: 1, arbitrary: badValueText },
  );
}

/** A raw (already encoded) query string for `params`: known names with odd values, extra names, broken escapes. */
export function queryFor(params: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    { weight: 4, arbitrary: oddText.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))) },
    { weight: 1, arbitrary: hugeText.map((s) => encodeURIComponent(s.slice(0, 4_000))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%ff%fe', '%00', '+', '%2B', '&', '=', '==', '%26'),
    },
    { weight: 1, arbitrary: oddNumberText.map(encodeURIComponent) },
  );
  const pair = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(params.length > 0 ? fc.constantFrom(...params) : fc.constant('x'), value)
        .map(([k, v]) => `${k}=${v}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom(...pollutionKeys, 'a[b]', 'a[]', ''),
            fc.string({ maxLength: 8 }).map(encodeURIComponent),
          ),
          value,
        )
        .map(([k, v]) => `${k}=${v}`),
    },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...params, 'x'), fc.constant('=')) },
  );
  return fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.join('&'));
}

/** `text` with lone surrogates replaced, so it can be percent-encoded. */
export const wellFormed = (text: string) => text.replace(/[\ud800-\udfff]/g, '?');

/** `text` as a header value can carry it (printable ASCII; fetch refuses the rest). */
export const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '');

/** A path segment for `:id`: a real id or odd text, percent-encoded (sometimes badly). */
export function idSegment(real: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...real, '0', '-1', '1e309', 'null', '__proto__', 'constructor') },
    {
      weight: 3,
      arbitrary: oddText.filter((s) => s.length > 0).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))),
    },
    { weight: 1, arbitrary: fc.constantFrom('%zz', '%E0%A4%A', '%00', '%2F', '%2e%2e', 'a%20b', '9'.repeat(40)) },
    { weight: 1, arbitrary: fc.constantFrom(200, 2_000).map((n) => 'x'.repeat(n)) },
  );
}

/**
 * A body sent in `chunks` pieces of 16 KB that declares no length (no Content-Length), as a
 * chunked upload does: a server can only count it as it comes. Pass it with `duplex: 'half'`.
 */
export function streamedBody(chunks: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < chunks) controller.enqueue(chunk);
      else controller.close();
    },
  });
}
