/**
 * The marketing pages as a visitor sees them in Chromium, served by the real server from the built
 * site: each page answers, has one h1, no console errors, no sideways scroll on a phone, images
 * with sizes and alt text, and the content a customer comes for (menu prices from the seeded menu,
 * the hours, how to order each offer, the privacy and SMS terms).
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { demoMenu, demoModifierGroups } from '../../server/providers/menu/demo-menu.ts';
import { menuRowsFromPos } from '../../server/providers/menu/seed.ts';
import { menuAnswerOf } from '../../server/menu/menu-catalog.ts';
import { flattenMenu } from '../../shared/menu.ts';
import { formatUSD, toCents } from '../../shared/money.ts';
import { restaurant, type Weekday } from '../../shared/restaurant.ts';
import { DESKTOP, launchBrowser, PHONE, settled, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

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

const menu = menuAnswerOf({ ...menuRowsFromPos(demoMenu, demoModifierGroups), version: '0' });
const items = flattenMenu(menu);
const item = (id: string) => {
  const found = items.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no item ${id} in the seeded menu`);
  return found;
};
const price = (dollars: number) => formatUSD(toCents(dollars));

const PAGES: { path: string; h1: string; status?: number }[] = [
  { path: '/', h1: restaurant.name },
  { path: '/about-us/', h1: 'Our story' },
  { path: '/menu/', h1: 'Menu' },
  { path: '/oldmenu/', h1: 'Our previous menu' },
  { path: '/catering/', h1: 'Catering' },
  { path: '/family-meals/', h1: 'Family Meals' },
  { path: '/tacoboxes/', h1: 'Taco Boxes' },
  { path: '/contact-us/', h1: 'Contact us' },
  { path: '/privacy/', h1: 'Privacy policy' },
  { path: '/sms-terms/', h1: 'SMS terms' },
  { path: '/speed/', h1: 'Speed, measured' },
  { path: '/congratulations/', h1: 'Thank you for your order!' },
  { path: '/no-such-page/', h1: 'We could not find that page', status: 404 },
];

/** One browser page per screen size visits them all (a new one costs about half a second). */
const visitors = new Map<typeof PHONE, { page: Page; errors: string[] }>();

/** Visits `path`; `errors` holds what the page logs from then on. */
async function open(
  path: string,
  viewport = PHONE,
): Promise<{ page: Page; errors: string[]; status: number | undefined }> {
  let visitor = visitors.get(viewport);
  if (!visitor) {
    const page = await browser.newPage({ viewport });
    visitors.set(viewport, (visitor = { page, errors: watchErrors(page) }));
  }
  visitor.errors.length = 0;
  const response = await visitor.page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  return { ...visitor, status: response?.status() };
}

/** An element's text with runs of white space made one space, as a reader sees it. */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ');
}

/** The page's own content, which the shell (site/layouts/Page.astro) wraps in <main id="main">. */
const CONTENT = 'main#main';

describe.each(PAGES)('$path', ({ path, h1, status = 200 }) => {
  it(`answers ${status} with one h1 "${h1}", in order headings, no errors and no sideways scroll on a phone`, async () => {
    const { page, errors, status: answered } = await open(path);
    expect(answered).toBe(status);
    const headings = page.locator('h1');
    await expect(headings.count()).resolves.toBe(1);
    expect((await headings.textContent())?.trim()).toBe(h1);

    // Headings go h1, h2, h3... without skipping a level on the way down.
    const levels = await page.evaluate(() =>
      [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])),
    );
    expect(levels[0]).toBe(1);
    const skips = levels.flatMap((level, i) =>
      i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} -> h${level}`] : [],
    );
    expect(skips).toEqual([]);

    // Scroll to the end so lazy images load, then look for anything wider than the phone.
    await settled(page, () => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)));
    const sideways = await page.evaluate((content) => {
      const root = document.querySelector(content);
      if (!root) return { scrolls: true, wider: ['no main'] };
      const wider = [...root.querySelectorAll('*')]
        .filter((el) => !el.closest('.visually-hidden'))
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      return { scrolls: document.documentElement.scrollWidth > window.innerWidth, wider };
    }, CONTENT);
    expect(sideways).toEqual({ scrolls: false, wider: [] });
    // The browser reports the 404 page's own status as a console error; that one is expected.
    expect(errors.filter((e) => !(status === 404 && /status of 404/.test(e)))).toEqual([]);
  });

  it('has images with width, height and alt text, and links with text', async () => {
    const { page } = await open(path);
    const problems = await page.evaluate((content) => {
      const root = document.querySelector(content);
      if (!root) return ['no main'];
      const images = [...root.querySelectorAll('img')].flatMap((img) => {
        const issues: string[] = [];
        if (!/^\d+$/.test(img.getAttribute('width') ?? '') || !/^\d+$/.test(img.getAttribute('height') ?? ''))
          issues.push(`${img.src}: no width/height`);
        if (!img.hasAttribute('alt')) issues.push(`${img.src}: no alt`);
        return issues;
      });
      const links = [...root.querySelectorAll('a')]
        .filter(
          (a) => !(a.textContent?.trim() || a.getAttribute('aria-label') || a.querySelector('img[alt]:not([alt=""])')),
        )
        .map((a) => `${a.href}: no text`);
      return [...images, ...links];
    }, CONTENT);
    expect(problems).toEqual([]);
  });

  it('has no sideways scroll and no errors on a desktop either', async () => {
    const { page, errors } = await open(path, DESKTOP);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(errors.filter((e) => !(status === 404 && /status of 404/.test(e)))).toEqual([]);
  });
});

describe('the home page', () => {
  it('sells three signature dishes at the menu prices and points to ordering', async () => {
    const { page } = await open('/');
    const content = page.locator(CONTENT);
    await expect(content.getByRole('heading', { level: 2, name: 'What people come back for' }).count()).resolves.toBe(
      1,
    );
    for (const id of ['taco-pastor', 'burrito-california', 'bowl-comal']) {
      const dish = content.locator('article', { has: page.getByRole('heading', { level: 3, name: item(id).name }) });
      await expect(dish.textContent()).resolves.toContain(price(item(id).base_price));
    }
    expect(await content.getByRole('link', { name: 'Order Online', exact: true }).getAttribute('href')).toBe('/order/');
    for (const path of ['/catering/', '/family-meals/', '/tacoboxes/']) {
      await expect(content.locator(`a[href="${path}"]`).count()).resolves.toBeGreaterThan(0);
    }
    const text = await textOf(content);
    expect(text).toContain(restaurant.address.street);
    expect(text).toContain('10:00 AM – 9:00 PM');
  });

  it('draws the hero with the page itself (inline SVG, labelled) and fetches the other drawings lazily as small SVG files', async () => {
    const { page } = await open('/');
    const requested: string[] = [];
    const onRequest = (request: Request) => requested.push(new URL(request.url()).pathname);
    page.on('request', onRequest);
    const hero = await page.evaluate(() => {
      const svg = document.querySelector('main .hero svg.illustration');
      return (
        svg && {
          role: svg.getAttribute('role'),
          label: svg.getAttribute('aria-label'),
          width: svg.getAttribute('width'),
          height: svg.getAttribute('height'),
        }
      );
    });
    expect(hero).toMatchObject({ role: 'img', width: '1200', height: '900' });
    expect(hero!.label).toMatch(/tacos al pastor/);
    const drawings = await page.evaluate(() =>
      [...document.querySelectorAll('main img.illustration')].map((img) => ({
        src: new URL((img as HTMLImageElement).src).pathname,
        loading: img.getAttribute('loading'),
      })),
    );
    expect(drawings.length).toBeGreaterThanOrEqual(4);
    for (const drawing of drawings) {
      expect(drawing.loading).toBe('lazy');
      expect(drawing.src).toMatch(/\.svg$/);
      const response = await fetch(`${server.url}${drawing.src}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      // Each drawing costs less on the wire than a raster copy would: under 4 KB compressed
      // (fetch decompresses the body, so the header tells what travelled).
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(Number(response.headers.get('content-length')), drawing.src).toBeLessThan(4 * 1024);
    }
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // A fixed wait on purpose: room for a wrong request for the hero's drawings to show.
    await page.waitForTimeout(300);
    expect(requested.filter((path) => path.endsWith('.svg') && path.includes('hero'))).toEqual([]);
    page.off('request', onRequest);
  });
});

describe('the menu page', () => {
  it('lists every category as an h2 with an Order online link into the widget at that category', async () => {
    const { page } = await open('/menu/');
    const content = page.locator(CONTENT);
    for (const category of menu.categories) {
      await expect(content.getByRole('heading', { level: 2, name: category.name, exact: true }).count()).resolves.toBe(
        1,
      );
      const link = content.getByRole('link', { name: `Order online: ${category.name}`, exact: true });
      expect(await link.getAttribute('href')).toBe(`/order/?category=${encodeURIComponent(category.name)}`);
    }
    expect(await content.getByRole('link', { name: 'Order online: Taco Boxes' }).getAttribute('href')).toBe(
      '/order/?category=Taco%20Boxes',
    );
  });

  it('prints every item of the seeded menu with its price, subcategories and the Special mark, with no script in its content but its structured data', async () => {
    const { page } = await open('/menu/');
    const printed = await page.evaluate(() =>
      [...document.querySelectorAll('.entry')].map((entry) => ({
        name: entry.querySelector('.name')?.childNodes[0]?.textContent?.trim() ?? '',
        price: entry.querySelector('.price')?.textContent?.trim() ?? '',
        special: entry.querySelector('.special-badge') !== null,
      })),
    );
    expect(printed).toEqual(items.map((i) => ({ name: i.name, price: price(i.base_price), special: i.is_special })));
    expect(printed).toContainEqual({ name: 'Taco de Asada', price: '$4.25', special: false });
    expect(printed).toContainEqual({ name: 'Taco al Pastor', price: '$4.25', special: true });
    for (const sub of ['Classic', 'Vegetarian', 'Seafood', 'Aguas Frescas', 'Sodas']) {
      await expect(page.getByRole('heading', { level: 3, name: sub, exact: true }).count()).resolves.toBe(1);
    }
    // The diet filter is one small module outside the content; the menu reads whole without it.
    await expect(page.locator(CONTENT).locator('script:not([type="application/ld+json"])').count()).resolves.toBe(0);
  });
});

describe('the offer pages link into the widget at their category and show its prices', () => {
  it.each([
    ['/catering/', 'Catering', '/order/?category=Catering'],
    ['/family-meals/', 'Family Meals', '/order/?category=Family%20Meals'],
    ['/tacoboxes/', 'Taco Boxes', '/order/?category=Taco%20Boxes'],
  ])('%s', async (path, category, href) => {
    const { page } = await open(path);
    const content = page.locator(CONTENT);
    const links = await content.locator(`a[href="${href}"]`).count();
    expect(links).toBeGreaterThan(0);
    const text = await textOf(content);
    for (const offered of items.filter((i) => i.categoryName === category)) {
      await expect(content.getByRole('heading', { level: 3, name: offered.name }).count()).resolves.toBe(1);
      expect(text).toContain(price(offered.base_price));
    }
    expect(text).toMatch(/Feeds \d+/);
    if (category === 'Catering') expect(text).toContain('at least 24 hours ahead');
  });
});

describe('the contact page', () => {
  const clock = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  };
  const days: [Weekday, string][] = [
    ['monday', 'Monday'],
    ['tuesday', 'Tuesday'],
    ['wednesday', 'Wednesday'],
    ['thursday', 'Thursday'],
    ['friday', 'Friday'],
    ['saturday', 'Saturday'],
    ['sunday', 'Sunday'],
  ];

  it('shows the hours of each weekday in 12-hour time, the phone, the email and a map link in a new tab', async () => {
    const { page } = await open('/contact-us/');
    const content = page.locator(CONTENT);
    for (const [key, label] of days) {
      const [range] = restaurant.hours[key];
      const row = content.getByRole('row', { name: label });
      await expect(row.textContent()).resolves.toContain(
        range ? `${clock(range.opens)} – ${clock(range.closes)}` : 'Closed',
      );
    }
    await expect(content.getByRole('row', { name: 'Friday' }).textContent()).resolves.toContain('10:00 AM – 11:00 PM');
    expect(await content.locator('a[href^="tel:"]').first().getAttribute('href')).toBe('tel:+12135550148');
    expect(await content.getByRole('link', { name: restaurant.email }).getAttribute('href')).toBe(
      `mailto:${restaurant.email}`,
    );
    const map = content.locator('a[href^="https://www.google.com/maps/search/"]');
    const { street, city, state, zip } = restaurant.address;
    expect(await map.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${street}, ${city}, ${state} ${zip}`)}`,
    );
    expect(await map.getAttribute('target')).toBe('_blank');
    expect(await map.getAttribute('rel')).toContain('noopener');
    await expect(page.locator('iframe').count()).resolves.toBe(0);
  });
});

describe('the legal pages', () => {
  it('the privacy policy covers what is collected, cookies, sharing, retention, California rights and children', async () => {
    const { page } = await open('/privacy/');
    const text = await textOf(page.locator(CONTENT));
    for (const phrase of [
      'November 2026',
      'delivery address',
      'Loyalty points',
      'not stored by us',
      'csrftoken',
      'sign-in session cookie',
      'web vitals',
      'STOP',
      'Delivery partners',
      'How long we keep it',
      'California',
      'CCPA/CPRA',
      'We do not sell personal information',
      'children under 13',
      restaurant.email,
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    await expect(page.locator(CONTENT).locator('a[href="/sms-terms/"]').count()).resolves.toBeGreaterThan(0);
  });

  it('the SMS terms name the program, what is sent, STOP and HELP, rates, carriers and link the privacy policy', async () => {
    const { page } = await open('/sms-terms/');
    const text = await textOf(page.locator(CONTENT));
    for (const phrase of [
      `${restaurant.name} Text Alerts`,
      'ready for pickup',
      'out for delivery',
      'only if you ask for them',
      'Message frequency varies',
      'Msg & data rates may apply',
      'STOP',
      'HELP',
      'Carriers are not liable for delayed or undelivered messages',
      restaurant.phoneDisplay,
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    await expect(page.locator(CONTENT).locator('a[href="/privacy/"]').count()).resolves.toBeGreaterThan(0);
  });
});

describe('the smaller pages', () => {
  it('/oldmenu/ says it is the previous menu and links to the current one', async () => {
    const { page } = await open('/oldmenu/');
    const content = page.locator(CONTENT);
    expect(await textOf(content)).toMatch(/menu we served until/);
    await expect(content.locator('a[href="/menu/"]').count()).resolves.toBeGreaterThan(0);
    await expect(content.getByRole('heading', { level: 3, name: 'Taco de Asada' }).count()).resolves.toBe(1);
  });

  it('/congratulations/ explains pickup and delivery and gives the phone', async () => {
    const { page } = await open('/congratulations/');
    const content = page.locator(CONTENT);
    await expect(content.getByRole('heading', { level: 2, name: 'Picking up' }).count()).resolves.toBe(1);
    await expect(content.getByRole('heading', { level: 2, name: 'Delivery' }).count()).resolves.toBe(1);
    expect(await content.getByRole('link', { name: restaurant.phoneDisplay }).getAttribute('href')).toBe(
      `tel:${restaurant.phone}`,
    );
    await expect(page.locator('meta[name="robots"][content*="noindex"]').count()).resolves.toBe(1);
  });

  it('the 404 page links home and to ordering', async () => {
    const { page } = await open('/nothing-here/');
    const content = page.locator(CONTENT);
    await expect(content.locator('a[href="/"]').count()).resolves.toBeGreaterThan(0);
    await expect(content.locator('a[href="/order/"]').count()).resolves.toBeGreaterThan(0);
  });
});

describe('weights', () => {
  it('every menu photo the seeded menu names is a JPEG of 25 KB or less', async () => {
    const photos = [...new Set(items.map((i) => i.photo).filter((p): p is string => p !== null))];
    expect(photos.length).toBe(items.length);
    for (const photo of photos) {
      const response = await fetch(`${server.url}${photo}`);
      expect(response.status, photo).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([bytes[0], bytes[1], bytes[2]], photo).toEqual([0xff, 0xd8, 0xff]);
      expect(bytes.byteLength, photo).toBeLessThanOrEqual(25 * 1024);
    }
  });

  it('each page is 30 KB of HTML or less gzipped', async () => {
    for (const { path } of PAGES) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(gzipSync(html).byteLength, path).toBeLessThanOrEqual(30 * 1024);
    }
  });
});
