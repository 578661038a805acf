/**
 * What a marketing page makes its first paint wait for, on a phone in Chromium: nothing but the
 * page itself. Its styles are in it, the header's logo and "Order Online" button come inside it,
 * and its islands and scripts (client:afterpaint) and the heading face are fetched only once the
 * first contentful paint is on the screen; the face then swaps in for its scaled stand-in. No
 * timings: the order of events only (the bench measures the speed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, PHONE, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { waitFor } from '../support/wait-for.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PAGES = ['/', '/menu/', '/catering/', '/es/'];

describe('the first paint of a marketing page', () => {
  it.each(PAGES)('%s holds no stylesheet, module script or image file the paint would wait for', async (path) => {
    const answer = await fetch(`${server.url}${path}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html.match(/<link\b[^>]*rel=["']?stylesheet/gi) ?? []).toEqual([]);
    expect(html.match(/<script\b[^>]*\bsrc=[^>]*>/gi) ?? []).toEqual([]);
    expect(html.match(/<link\b[^>]*rel=["']?(?:preload|modulepreload)/gi) ?? []).toEqual([]);
    // The tab's icon too: a file would be one more request while the page is still arriving.
    expect(html.match(/<link\b[^>]*rel=["']?icon\b[^>]*>/gi)).toEqual([
      expect.stringMatching(/\bhref="data:image\/svg\+xml,/),
    ]);
    // Every image fetched as a file waits for its turn (loading="lazy"); the rest are in the page.
    const eagerFiles = [...html.matchAll(/<img\b[^>]*>/gi)]
      .map(([tag]) => tag)
      .filter((tag) => !/\bsrc="data:/.test(tag) && !/\bloading="lazy"/.test(tag));
    expect(eagerFiles).toEqual([]);
  });

  it.each(PAGES)('%s asks for no script or font before it paints, then gets its heading face', async (path) => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await page.goto(`${server.url}${path}`);
    await waitFor(
      () =>
        page.evaluate(
          () =>
            performance.getEntriesByName('first-contentful-paint').length > 0 &&
            [...document.fonts].some((face) => face.family.includes('Alfa Slab One') && face.status === 'loaded') &&
            document.querySelector('astro-island:not([ssr])') !== null,
        ),
      { timeoutMs: 10_000, what: 'the first paint, the heading face and an island awake' },
    );
    const { paint, requests } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      requests: performance.getEntriesByType('resource').map((entry) => ({
        path: new URL(entry.name).pathname,
        started: entry.startTime,
      })),
    }));
    expect(paint).not.toBeNull();
    // (Images below the fold are the browser's to fetch when it likes: they are lazy, and small.)
    const beforePaint = requests.filter((request) => request.started < paint!).map((request) => request.path);
    expect(beforePaint.filter((requested) => /\.(?:m?js|woff2|css)$/.test(requested))).toEqual([]);
    expect(requests.map((request) => request.path)).toContainEqual(expect.stringMatching(/\.js$/));
    expect(requests.map((request) => request.path)).toContainEqual(expect.stringMatching(/\.woff2$/));
    // The header's images are in the page, shown at their own shape.
    const drawn = (image: HTMLImageElement) => ({
      complete: image.complete,
      width: image.naturalWidth,
      height: image.naturalHeight,
      fromPage: image.src.startsWith('data:image/svg+xml,'),
    });
    const header = page.locator('header.site-header');
    expect(await header.locator('.logo img').evaluate(drawn)).toEqual({
      complete: true,
      width: 270,
      height: 96,
      fromPage: true,
    });
    expect(await header.locator('.order-online img').evaluate(drawn)).toEqual({
      complete: true,
      width: 200,
      height: 52,
      fromPage: true,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("hydrates the phone menu and the menu's diet filter once the page has painted", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/menu/`);
    await page.waitForSelector('astro-island[component-url*="/MobileMenu."]:not([ssr])', { state: 'attached' });
    await page.locator('header.site-header').getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.getByRole('checkbox', { name: 'Vegan' }).check();
    await waitFor(() => new URL(page.url()).searchParams.get('diet') === 'vegan', {
      what: 'the filter in the address',
    });
    expect(errors).toEqual([]);
    await page.close();
  });
});
