import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { restaurant } from '../../shared/restaurant.ts';
import { launchBrowser, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { waitFor } from '../support/wait-for.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The request log as production writes it, which the vitals test reads.
  server = await startServer({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const meta = (page: Page, selector: string) => page.locator(selector).getAttribute('content');

interface JsonLdRestaurant {
  '@type': string;
  name: string;
  telephone: string;
  address: {
    '@type': string;
    streetAddress: string;
    addressLocality: string;
    addressRegion: string;
    postalCode: string;
  };
  geo: { latitude: number; longitude: number };
  openingHoursSpecification: { dayOfWeek: string; opens: string; closes: string }[];
  potentialAction: { '@type': string; target: { '@type': string; urlTemplate: string }; deliveryMethod: string[] };
  hasMenu: string;
  acceptsReservations: boolean;
}

describe('what search engines and link previews read', () => {
  it('the home page names its canonical address, its Open Graph card and the restaurant as JSON-LD', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${restaurant.siteUrl}/`);
    expect(await meta(page, 'meta[property="og:type"]')).toBe('website');
    expect(await meta(page, 'meta[property="og:url"]')).toBe(`${restaurant.siteUrl}/`);
    expect(await meta(page, 'meta[property="og:site_name"]')).toBe(restaurant.name);
    expect(await meta(page, 'meta[property="og:title"]')).toBe(await page.title());
    expect(await meta(page, 'meta[property="og:description"]')).toBe(await meta(page, 'meta[name="description"]'));
    expect(await meta(page, 'meta[property="og:image"]')).toMatch(new RegExp(`^${restaurant.siteUrl}/\\S+`));
    expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await meta(page, 'meta[name="theme-color"]')).toMatch(/^#[0-9a-f]{6}$/i);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const found = blocks
      .map((text) => JSON.parse(text) as JsonLdRestaurant)
      .find((data) => data['@type'] === 'Restaurant');
    expect(found).toBeDefined();
    const data = found!;
    expect(data.name).toBe(restaurant.name);
    expect(data.telephone).toBe(restaurant.phone);
    expect(data.address).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: '727 N Broadway',
      addressLocality: 'Los Angeles',
      addressRegion: 'CA',
      postalCode: '90012',
    });
    expect(data.geo).toMatchObject({ latitude: restaurant.location.lat, longitude: restaurant.location.lng });
    expect(data.openingHoursSpecification).toHaveLength(7);
    expect(data.openingHoursSpecification[4]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Friday',
      opens: '10:00',
      closes: '23:00',
    });
    expect(data.hasMenu).toBe(`${restaurant.siteUrl}/menu/`);
    expect(data.acceptsReservations).toBe(false);
    // "Order online" from a search result goes to our own ordering page.
    expect(data.potentialAction).toMatchObject({
      '@type': 'OrderAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${restaurant.siteUrl}/order/` },
      deliveryMethod: [
        'http://purl.org/goodrelations/v1#DeliveryModePickUp',
        'http://purl.org/goodrelations/v1#DeliveryModeOwnFleet',
      ],
    });
    await page.close();
  });

  it("the restaurant's JSON-LD is on the pages about it (home, contact) and no other", async () => {
    const restaurantsOn = async (path: string) => {
      const html = await (await fetch(`${server.url}${path}`)).text();
      return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
        .map(([, json]) => JSON.parse(json!) as { '@type': string; '@id'?: string })
        .filter((data) => data['@type'] === 'Restaurant')
        .map((data) => data['@id']);
    };
    const id = `${restaurant.siteUrl}/#restaurant`;
    expect(await restaurantsOn('/')).toEqual([id]);
    expect(await restaurantsOn('/contact-us/')).toEqual([id]);
    expect(await restaurantsOn('/es/contact-us/')).toEqual([id]);
    // The menu says its Menu, which is what that page is about, and leaves the restaurant out.
    expect(await restaurantsOn('/menu/')).toEqual([]);
    expect(await restaurantsOn('/catering/')).toEqual([]);
    expect(await restaurantsOn('/about-us/')).toEqual([]);
  });

  it('checkout asks search engines to stay away and claims no canonical address', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/checkout/`);
    expect(await meta(page, 'meta[name="robots"]')).toBe('noindex');
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await page.close();
  });

  it('/sitemap.xml lists the public pages and none of the private ones', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(locations.sort()).toEqual(
      [
        '/',
        '/menu/',
        '/about-us/',
        '/catering/',
        '/family-meals/',
        '/tacoboxes/',
        '/contact-us/',
        '/privacy/',
        '/sms-terms/',
        '/speed/',
        '/oldmenu/',
        '/order/',
      ].sort(),
    );
    expect(xml).toContain(`<loc>${restaurant.siteUrl}/menu/</loc>`);
  });

  it('/robots.txt allows the site, keeps crawlers off the private screens and points to the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/checkout/',
      '/account/',
      '/payment/',
      '/login/',
      '/register/',
      '/reset-password/',
      '/confirmation-instruction/',
      '/congratulations/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${restaurant.siteUrl}/sitemap.xml`);
  });
});

describe('web vitals from a real browser', () => {
  /** The server's request log lines for POST /api/vitals/ (it runs in its own process, on its own database). */
  const loggedBeacons = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"path":"/api/vitals/"') && line.endsWith('}'))
      .map((line) => JSON.parse(line) as { status: number });

  it('loads web-vitals only after the page, beacons FCP and TTFB once idle, and LCP and CLS when the page is left', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const beacons: { name: string; status: number; body: Record<string, unknown> }[] = [];
    page.on('response', (response: Response) => {
      if (new URL(response.url()).pathname !== '/api/vitals/') return;
      const body = JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>;
      beacons.push({ name: String(body.name), status: response.status(), body });
    });
    const isLibrary = (path: string) => /^\/_astro\/web-vitals\.[\w-]+\.js$/.test(path);

    await page.goto(`${server.url}/`);
    expect(requested.filter(isLibrary)).toEqual([]); // not before the load event
    await waitFor(
      () => {
        expect(
          beacons.map((b) => b.name),
          'the beacons so far',
        ).toEqual(expect.arrayContaining(['FCP', 'TTFB']));
        return true;
      },
      { timeoutMs: 10_000, intervalMs: 100, what: 'the FCP and TTFB beacons' },
    );
    expect(requested.filter(isLibrary)).toHaveLength(1);
    expect(beacons.map((b) => b.name).sort()).toEqual(['FCP', 'TTFB']);
    for (const beacon of beacons) {
      expect(beacon.status).toBe(204);
      expect(beacon.body).toMatchObject({
        path: '/',
        navigation_type: 'navigate',
        rating: expect.stringMatching(/^(good|needs-improvement|poor)$/) as string,
      });
      expect(beacon.body.value).toBeGreaterThanOrEqual(0);
    }
    expect(errors).toEqual([]);

    // LCP and CLS are final only when the page is hidden: leaving it sends them, which the
    // server logs (the browser no longer reports to a page that has gone).
    const before = loggedBeacons().length;
    await page.goto('about:blank');
    await waitFor(
      () => {
        expect(loggedBeacons().length - before, 'beacons logged since leaving').toBeGreaterThanOrEqual(2);
        return true;
      },
      { intervalMs: 100, what: 'the LCP and CLS beacons in the server log' },
    );
    const afterLeaving = loggedBeacons().slice(before);
    expect(afterLeaving.map((line) => line.status)).toEqual([204, 204]);
    await page.close();
  });
});
