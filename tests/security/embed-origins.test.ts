// A page on an origin the restaurant has not listed in EMBED_ORIGINS reading the API: a 403 the
// widget can read and show the partner, logged once an hour per origin; listed origins, the
// site's own and callers without an Origin are served as before. And the widget's two
// first-paint answers (menus, store hours) are small and cacheable: compressed, ETag, 304.
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_NOT_ALLOWED } from '../../shared/api/messages.ts';
import { refuseUnlistedOrigins } from '../../server/http/unlisted-origin.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { lineLogger } from '../support/log-lines.ts';

const PARTNER = 'https://eastside-eats.example';
const STRANGER = 'https://not-listed.example';
const SHORT_CACHE = 'public, max-age=30, stale-while-revalidate=300';

describe.each(databaseTargets)('origins and first-paint answers on $name', (target) => {
  let api: TestApi;
  beforeAll(async () => {
    // A Wednesday noon in Los Angeles: the ordinary and the catering slots differ whatever the
    // wall clock says (on the evening before a closed day they would be the same list).
    const noon = new Date('2026-11-18T20:00:00Z');
    api = await createTestApi(target, { clock: () => noon }, { EMBED_ORIGINS: PARTNER });
  });
  afterAll(() => api?.close());

  const get = (path: string, headers: Record<string, string> = {}) => api.app.request(path, { headers });

  it.each(['/api/menus/', '/api/store-hours/'])(
    'GET %s from an unlisted origin: 403 with the sentence, readable by that origin',
    async (path) => {
      const response = await get(path, { Origin: STRANGER });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: true, message: ORIGIN_NOT_ALLOWED });
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe(STRANGER);
      expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true');
      expect(response.headers.get('Vary')).toContain('Origin');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    },
  );

  it("a read's preflight from an unlisted origin is let through (so the sentence arrives); a write's is not", async () => {
    const preflight = (method: string) =>
      api.app.request('/api/menus/', {
        method: 'OPTIONS',
        headers: {
          Origin: STRANGER,
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': 'x-requested-with',
        },
      });
    const read = await preflight('GET');
    expect(read.status).toBe(204);
    expect(read.headers.get('Access-Control-Allow-Origin')).toBe(STRANGER);
    expect(read.headers.get('Access-Control-Allow-Methods')).toBe('GET');
    const write = await preflight('POST');
    expect(write.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it.each([
    ['a listed partner', PARTNER],
    ['the site itself', TEST_ORIGIN],
  ])('GET /api/menus/ from %s: 200 with its CORS headers as before', async (_, origin) => {
    const response = await get('/api/menus/', { Origin: origin });
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true');
  });

  it('a caller without an Origin (a same-origin GET, curl) is served, with no CORS headers', async () => {
    const response = await get('/api/store-hours/');
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('a POST from an unlisted origin is still refused by the CSRF check, not with the embedding sentence', async () => {
    const response = await api.call('POST', '/api/promo-validate/', { code: 'TACO10' }, { Origin: STRANGER });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).not.toBe(ORIGIN_NOT_ALLOWED);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('GET /api/store-hours/ is gzip-compressed when asked, with a strong ETag, 304 when it matches, kept 30 s', async () => {
    const plain = await get('/api/store-hours/');
    const json = await plain.text();
    expect(plain.headers.get('Cache-Control')).toBe(SHORT_CACHE);
    // Its closed notice speaks the asker's language, so caches keep one answer per language.
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding, Accept-Language, Origin');
    const etag = plain.headers.get('ETag')!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);

    const gz = await get('/api/store-hours/', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    const bytes = Buffer.from(await gz.arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe(json);
    expect(bytes.length).toBeLessThan(json.length / 5);

    const again = await get('/api/store-hours/', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);

    // The catering answer is another body, with another tag.
    const catering = await get('/api/store-hours/?catering=1', { 'If-None-Match': etag });
    expect(catering.status).toBe(200);
    expect(catering.headers.get('ETag')).not.toBe(etag);
  });
});

describe('the log line about an unlisted origin', () => {
  it('is written once per origin per hour, with the origin', async () => {
    const lines: string[] = [];
    let now = new Date('2026-11-20T19:00:00Z');
    const app = new Hono()
      .use(
        '/api/*',
        refuseUnlistedOrigins({
          isAllowed: (origin) => origin === PARTNER,
          clock: () => now,
          log: lineLogger((line) => lines.push(line)),
          exempt: (path) => path.startsWith('/api/webhooks/'),
        }),
      )
      .get('/api/menus/', (c) => c.json([]));
    const from = (origin: string, path = '/api/menus/') => app.request(path, { headers: { Origin: origin } });

    expect((await from(STRANGER)).status).toBe(403);
    expect((await from(STRANGER)).status).toBe(403);
    expect((await from(PARTNER)).status).toBe(200);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { level: 'warn', origin: STRANGER, message: 'a page on an origin not in EMBED_ORIGINS asked for the API' },
    ]);

    now = new Date(now.getTime() + 59 * 60 * 1000);
    await from(STRANGER);
    await from('https://another.example');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"origin":"https://another.example"');

    now = new Date(now.getTime() + 60 * 1000); // an hour after the first line
    await from(STRANGER);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`"origin":"${STRANGER}"`);
  });
});
