import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { restaurant, siteNavigation } from '../../shared/restaurant.ts';
import { DESKTOP, launchBrowser, PHONE, settled, watchErrors, axeViolations } from '../support/browser.ts';
import { streamedBody } from '../support/bad-input.ts';
import { processClient } from '../support/server-process.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { waitFor } from '../support/wait-for.ts';
import { translator } from '../../shared/i18n/translator.ts';
import { BODY_TOO_LARGE } from '../../server/app.ts';
import { NOT_JSON } from '../../server/http/errors.ts';

const english = translator('en');

const SCREENSHOTS = 'test-results/screenshots';

const CONTENT_ROUTES = [
  '/',
  '/menu/',
  '/contact-us/',
  '/oldmenu/',
  '/about-us/',
  '/congratulations/',
  '/sms-terms/',
  '/speed/',
  '/order/',
  '/catering/',
  '/privacy/',
  '/family-meals/',
  '/tacoboxes/',
  '/account/',
  '/payment/',
  '/checkout/',
  '/embed/',
];
const NO_HEADER_ROUTES = ['/login/', '/register/', '/reset-password/', '/confirmation-instruction/'];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, viewport: { width: number; height: number }) {
  const page = await browser.newPage({ viewport });
  const errors = watchErrors(page);
  const response = await settled(page, () => page.goto(`${server.url}${path}`));
  return { page, errors, status: response?.status() };
}

async function scrollsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('every page on a %s', (device, viewport) => {
  // One browser page visits them all (a new one costs about half a second); each test counts
  // only the errors logged since it began.
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    page = await browser.newPage({ viewport });
    errors = watchErrors(page);
  });
  afterAll(() => page?.close());
  async function visit(path: string) {
    errors.length = 0;
    const response = await settled(page, () => page.goto(`${server.url}${path}`));
    return response?.status();
  }

  it.each(CONTENT_ROUTES)('%s: 200, the shell, no errors, no sideways scroll, no axe violations', async (path) => {
    expect(await visit(path)).toBe(200);

    const header = page.locator('header.site-header');
    await expect(header.count()).resolves.toBe(1);
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');
    const headerHeight = await header.evaluate((el) => el.getBoundingClientRect().height);
    expect(headerHeight).toBeCloseTo(Math.max(viewport.height * 0.15, 64), 0);
    expect(await header.getByRole('link', { name: `${restaurant.name}, home` }).getAttribute('href')).toBe('/');
    const call = header.getByRole('link', { name: 'Call', exact: true });
    expect(await call.getAttribute('href')).toBe(`tel:${restaurant.phone}`);
    for (const name of ['Instagram (opens in a new tab)', 'Facebook (opens in a new tab)']) {
      const social = page.locator('footer').getByRole('link', { name });
      expect(await social.getAttribute('target')).toBe('_blank');
      expect(await social.getAttribute('rel')).toBe('noopener');
    }

    const desktopNav = header.getByRole('navigation', { name: 'Main' });
    if (device === 'desktop') {
      for (const link of siteNavigation) {
        expect(
          await desktopNav.getByRole('link', { name: english(link.label), exact: true }).getAttribute('href'),
        ).toBe(link.path);
      }
      const orderOnline = header.getByRole('link', { name: 'Order Online' });
      if (path === '/order/') expect(await orderOnline.count()).toBe(0);
      else expect(await orderOnline.getAttribute('href')).toBe('/order/');
    } else {
      expect(await desktopNav.isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
      // None float over the pages that are forms; the header's Call link is there.
      const formPage = ['/checkout/', '/account/', '/payment/'].includes(path);
      const floatingCall = page.locator('.float-call');
      expect(await floatingCall.count()).toBe(formPage ? 0 : 1);
      if (!formPage) {
        expect(await floatingCall.isVisible()).toBe(true);
        expect(await floatingCall.getAttribute('href')).toBe(`tel:${restaurant.phone}`);
      }
      const floatingOrder = page.locator('.float-order');
      expect(await floatingOrder.count()).toBe(path === '/order/' || formPage ? 0 : 1);
    }
    if (path === '/order/')
      expect(await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).isVisible()).toBe(true);

    const footer = page.locator('footer.site-footer');
    const footerNav = footer.getByRole('navigation', { name: 'Footer' });
    expect(await footerNav.getByRole('link').allTextContents()).toEqual(siteNavigation.map((l) => english(l.label)));
    expect(await footer.getByRole('link', { name: 'Privacy', exact: true }).getAttribute('href')).toBe('/privacy/');
    const divider = footer.locator('img.divider');
    expect([await divider.getAttribute('width'), await divider.getAttribute('height')]).toEqual(['1920', '200']);

    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    if (['/', '/menu/', '/order/'].includes(path)) {
      await page.screenshot({
        path: `${SCREENSHOTS}/${device}${path === '/' ? '-home' : path.replaceAll('/', '-').replace(/-$/, '')}.png`,
        fullPage: true,
      });
    }
  });

  it.each(NO_HEADER_ROUTES)('%s: 200 without the header, no errors, no axe violations', async (path) => {
    expect(await visit(path)).toBe(200);
    expect(await page.locator('header.site-header').count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the small-screen menu', () => {
  it('opens and closes, saying so, with bars that turn into a cross and a call link inside', async () => {
    const { page, errors } = await open('/about-us/', PHONE);
    // The menu's island has woken (client:afterpaint) before it is tapped.
    await page.waitForSelector('astro-island[component-url*="/MobileMenu."]:not([ssr])', { state: 'attached' });
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = page.locator('#mobile-menu-panel');
    expect(await panel.isVisible()).toBe(false);

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.isVisible()).toBe(true);
    expect(await panel.getByRole('link', { name: `Call ${restaurant.phoneDisplay}` }).getAttribute('href')).toBe(
      `tel:${restaurant.phone}`,
    );
    expect(await panel.getByRole('link', { name: 'About Us' }).getAttribute('aria-current')).toBe('page');
    const firstBar = page.locator('.hamburger .bar').first();
    await waitFor(async () => (await firstBar.evaluate((el) => getComputedStyle(el).transform)) !== 'none', {
      what: "the bars' 0.2 s transition",
    });
    expect(await firstBar.evaluate((el) => getComputedStyle(el).transform)).not.toBe('none');

    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the cart bubble on /order/', () => {
  it('shows the quantity the widget announces and asks the widget to toggle the cart', async () => {
    const { page } = await open('/order/', DESKTOP);
    await page.waitForSelector('astro-island:not([ssr]) .cart-bubble');
    await page.evaluate(() =>
      document.dispatchEvent(new CustomEvent('comal:cart-changed', { detail: { quantity: 3 } })),
    );
    const bubble = page.getByRole('button', { name: 'Cart, 3 items' });
    expect(await bubble.textContent()).toContain('3');
    const toggled = page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          document.addEventListener('comal:toggle-cart', () => resolve(true), { once: true }),
        ),
    );
    await bubble.click();
    expect(await toggled).toBe(true);
    await page.close();
  });
});

describe('the toast area', () => {
  it('appears top right once the page is idle and shows a toast for 2.5 s', async () => {
    const { page } = await open('/', DESKTOP);
    await page.evaluate(() =>
      document.dispatchEvent(new CustomEvent('comal:toast', { detail: { message: 'Added to cart' } })),
    );
    const toast = page.locator('.toast-area .toast');
    await toast.waitFor({ timeout: 3000 });
    expect(await toast.textContent()).toBe('Added to cart');
    expect(await page.locator('.toast-area').getAttribute('aria-live')).toBe('polite');
    await toast.waitFor({ state: 'detached', timeout: 4000 });
    await page.close();
  });
});

describe('request bodies through the real server', () => {
  // The limit is judged by Content-Length when the request gives one, and by counting the bytes of
  // a chunked body; the in-process suites (tests/db/security.test.ts) only see the counting.
  const tooLarge = { error: true, message: BODY_TOO_LARGE };
  const promo = async (body: BodyInit, extra: RequestInit = {}) => {
    const { csrfToken } = await processClient(server);
    return fetch(`${server.url}/api/promo-validate/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrfToken },
      body,
      ...extra,
    });
  };

  it('answers 413 to a Content-Length over 100 KB, and reads a body under it', async () => {
    const over = await promo(JSON.stringify({ code: 'x'.repeat(101 * 1024) }));
    expect([over.status, await over.json()]).toEqual([413, tooLarge]);
    const notJson = await promo('{"code": '.padEnd(99 * 1024, ' '));
    expect([notJson.status, await notJson.json()]).toEqual([400, { error: true, message: NOT_JSON }]);
  });

  it('answers 413 to a chunked body once it passes 100 KB', async () => {
    const over = await promo(streamedBody(8), { duplex: 'half' } as RequestInit & { duplex: 'half' });
    expect([over.status, await over.json()]).toEqual([413, tooLarge]);
  });
});

describe('the site’s redirects through the real server', () => {
  it('moves a path without its trailing slash to the slash form, keeping query and hash', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/about-us?ref=flyer#story`);
    const url = new URL(page.url());
    expect(url.pathname + url.search + url.hash).toBe('/about-us/?ref=flyer#story');
    await page.close();
  });

  it('moves /taco-boxes to /tacoboxes/', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/taco-boxes`);
    expect(new URL(page.url()).pathname).toBe('/tacoboxes/');
    expect(response?.status()).toBe(200);
    await page.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page, status } = await open('/no-such-page/', PHONE);
    expect(status).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('We could not find that page');
    await page.close();
  });
});

/** Records each layout shift a visitor could see, with what moved, in `window.shifts`. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: Source[];
      })[]) {
        if (entry.hadRecentInput) continue;
        // A sub-pixel nudge (Chromium snaps layout to 1/64 px; under load one such nudge of an
        // icon in the header was seen) moves nothing a visitor can see: half a pixel is the bar.
        const visible = (entry.sources ?? []).filter(
          (s) =>
            Math.abs(s.currentRect.y - s.previousRect.y) >= 0.5 ||
            Math.abs(s.currentRect.x - s.previousRect.x) >= 0.5 ||
            Math.abs(s.currentRect.height - s.previousRect.height) >= 0.5 ||
            Math.abs(s.currentRect.width - s.previousRect.width) >= 0.5,
        );
        if (entry.sources && entry.sources.length > 0 && visible.length === 0) continue;
        const moved = (entry.sources ?? []).map(
          (s) =>
            `${s.node?.nodeName ?? '?'}.${(s.node as Element | null)?.className ?? ''} y ${s.previousRect.y}->${s.currentRect.y} h ${s.previousRect.height}->${s.currentRect.height}`,
        );
        shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
}

describe('the heading face', () => {
  it('is served by the site itself, swaps in, and moves nothing on the page when it does', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(request.url());
    });
    await recordShifts(page);
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.fonts.check('40px "Alfa Slab One"'), null, { timeout: 5000 });
    // A fixed wait on purpose: room for a second font request or a late layout shift to show.
    await page.waitForTimeout(200);
    expect(fontRequests).toHaveLength(1);
    expect(new URL(fontRequests[0]!).origin).toBe(server.url);
    const h1Font = await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily);
    expect(h1Font.startsWith('"Alfa Slab One"')).toBe(true);
    expect(await shiftsOn(page)).toEqual([]);
    await page.close();
  });
});

describe('a slow phone', () => {
  it.each(['/', '/menu/'])(
    'paints %s in place: nothing moves while the header streams in and the scripts wake',
    async (path) => {
      const page = await browser.newPage({ viewport: PHONE });
      // A cheap phone: the HTML is parsed in pieces, with paints between them.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await recordShifts(page);
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      // A fixed wait on purpose: room for a late shift to show.
      await page.waitForTimeout(300);
      expect(await shiftsOn(page)).toEqual([]);
      await page.close();
    },
  );
});
