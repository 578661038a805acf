import { readFileSync, readdirSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';

// Needs the built site (npm test builds it first).
const [pglite] = databaseTargets;

describe('serving the built site and widget', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(pglite!);
  });
  afterAll(() => api?.close());
  // A page built as a file (the pages that print the menu are rendered: tests/db/live-pages.test.ts).
  const contact = readFileSync('dist/site/contact-us/index.html');

  it('sends brotli or gzip when the browser accepts it, and plain bytes otherwise', async () => {
    const br = await api.app.request('/contact-us/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/text\/html/);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer()))).toEqual(contact);
    const gz = await api.app.request('/contact-us/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer()))).toEqual(contact);
    const plain = await api.app.request('/contact-us/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer())).toEqual(contact);
  });

  it('lets browsers keep hashed files for a year and revalidate pages', async () => {
    const hashed = readdirSync('dist/site/_astro').find((name) => name.endsWith('.js'));
    expect(hashed).toBeDefined();
    const asset = await api.app.request(`/_astro/${hashed}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await api.app.request('/')).headers.get('cache-control')).toBe('no-cache');
    const widget = await api.app.request('/widget/comal.js');
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-type')).toMatch(/javascript/);
    expect(widget.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
  });

  it('redirects a path without its slash (301), keeping the query, and /taco-boxes to /tacoboxes/', async () => {
    const menu = await api.app.request('/menu?category=Tacos');
    expect(menu.status).toBe(301);
    expect(menu.headers.get('location')).toBe('/menu/?category=Tacos');
    const boxes = await api.app.request('/taco-boxes');
    expect(boxes.status).toBe(301);
    expect(boxes.headers.get('location')).toBe('/tacoboxes/');
    expect((await api.app.request('/widget/comal.js')).status).toBe(200);
  });

  it('serves the default link-preview image (1200 x 630 JPEG) that pages name in og:image', async () => {
    const image = await api.app.request('/og-image.jpg');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await image.arrayBuffer());
    // JPEG SOF0/SOF2 marker carries height then width
    const sof = bytes.findIndex((b, i) => b === 0xff && (bytes[i + 1] === 0xc0 || bytes[i + 1] === 0xc2));
    expect([bytes.readUInt16BE(sof + 7), bytes.readUInt16BE(sof + 5)]).toEqual([1200, 630]);
  });

  it('answers an unknown page with the site’s 404 page', async () => {
    const response = await api.app.request('/no-such-page/');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('We could not find that page');
  });

  it.each([
    ['a path under /es/', '/es/no-such-page/', {}],
    ['a visitor who chose Spanish', '/no-such-page/', { Cookie: 'comal_lang=es' }],
    ['a browser that prefers Spanish', '/no-such-page/', { 'Accept-Language': 'es-MX,es;q=0.9' }],
  ])('answers %s with the Spanish 404 page', async (_, pathname, headers) => {
    const response = await api.app.request(pathname, { headers });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('No encontramos esa página');
  });

  it('keeps English for one who chose English, whatever the browser prefers', async () => {
    const response = await api.app.request('/no-such-page/', {
      headers: { Cookie: 'comal_lang=en', 'Accept-Language': 'es' },
    });
    expect(await response.text()).toContain('We could not find that page');
  });
});
