// The widget on the partner pages that broke it: a strict Content-Security-Policy, a 320 px
// column, a sticky header at z-index 99999 over a transformed ancestor, two widgets on one page,
// attributes a page changes after the widget shows, and a host that sets its own --heading-font.
// Each page is served by a small server of this test, on an origin the restaurant allows.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { themeSettings } from '../../shared/settings/values.ts';
import { launchBrowser, PHONE, DESKTOP, watchErrors } from '../support/browser.ts';
import { addFromMenu, fillContact, payWithCard, usd } from '../support/checkout-page.ts';
import { waitFor } from '../support/wait-for.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/** A page of the partner's: its body, and the CSP it sends if any. */
interface HostPage {
  body: string;
  csp?: string;
}

let server: RunningServer;
let partner: Server;
let partnerUrl: string;
let browser: Browser;
const pages = new Map<string, HostPage>();

function page(path: string, host: HostPage): string {
  pages.set(path, host);
  return `${partnerUrl}${path}`;
}

const script = () => `<script src="${server.url}/widget/comal.js" async></script>`;

/** The sRGB `rgb(r, g, b)` getComputedStyle answers for a #rrggbb colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

beforeAll(async () => {
  partner = createServer((request, response) => {
    const host = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (!host) return void response.writeHead(request.url === '/favicon.ico' ? 204 : 404).end();
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      ...(host.csp ? { 'Content-Security-Policy': host.csp } : {}),
    });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner</title></head><body>${host.body}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
  // Warnings as JSON lines, to read the one about an origin the restaurant has not allowed.
  server = await startServer({ EMBED_ORIGINS: partnerUrl, LOG_LEVEL: 'warn', LOG_FORMAT: 'json' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => partner?.close(resolve));
});

async function open(url: string, viewport = PHONE): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors = watchErrors(page);
  await page.goto(url);
  await page.locator('comal-order').first().getByRole('heading', { name: 'Tacos', exact: true }).waitFor();
  return { page, errors };
}

describe('the widget on partner pages', () => {
  it("under `style-src 'self'` (no inline styles, no nonce) it is styled, and the page reports no violation", async () => {
    // What the README's "Content Security Policy" section tells a partner to allow: nothing for styles.
    const csp = [
      "default-src 'self'",
      "style-src 'self'",
      `script-src 'self' ${server.url}`,
      `connect-src 'self' ${server.url}`,
      `img-src 'self' ${server.url}`,
      `font-src 'self' ${server.url}`,
    ].join('; ');
    const url = page('/csp/', {
      csp,
      body: `<main><comal-order></comal-order></main>${script()}`,
    });
    const context = await browser.newContext({ viewport: PHONE });
    const tab = await context.newPage();
    await tab.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { violations: string[] }).violations.push(
          `${event.effectiveDirective} ${event.blockedURI}`,
        ),
      );
    });
    const errors = watchErrors(tab);
    await tab.goto(url);
    const widget = tab.locator('comal-order');
    const add = widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' });
    await add.waitFor();
    const looks = await add.evaluate((button) => {
      const style = getComputedStyle(button);
      return {
        background: style.backgroundColor,
        color: style.color,
        minHeight: style.minHeight,
        radius: style.borderRadius,
      };
    });
    expect(looks).toEqual({
      background: rgb(themeSettings.action),
      color: 'rgb(255, 255, 255)',
      minHeight: '44px',
      radius: '8px',
    });
    // The heading face arrives through FontFace, which font-src governs and the policy allows.
    await widget.getByRole('heading', { name: 'Tacos', exact: true }).waitFor();
    expect(await tab.evaluate(async () => (await document.fonts.load('24px "Comal Heading"')).length)).toBe(1);
    expect(await tab.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in a 320 px column nothing scrolls sideways, and the categories scroll within their bar', async () => {
    const url = page('/column/', {
      body: `<div style="display:flex"><aside style="width:320px;flex:none"><comal-order></comal-order></aside><main style="flex:1">Partner text</main></div>${script()}`,
    });
    const { page: tab, errors } = await open(url, DESKTOP);
    const sizes = await tab.evaluate(() => {
      const host = document.querySelector('comal-order')!;
      const root = host.firstElementChild!.shadowRoot!;
      const bar = root.querySelector('.categories')!;
      // Everything laid out in the column: not the top layer's toasts and dialogs, which belong to
      // the window, nor the category buttons, which scroll within their bar.
      const inColumn = [...root.querySelectorAll('*')].filter((el) => !el.closest('dialog, [popover], .categories li'));
      const widest = Math.max(...inColumn.map((el) => el.getBoundingClientRect().right));
      const left = host.getBoundingClientRect().left;
      const over = inColumn
        .filter((el) => el.getBoundingClientRect().right - left > 320)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      return {
        host: host.getBoundingClientRect().width,
        widest: widest - host.getBoundingClientRect().left,
        bar: { client: bar.clientWidth, scroll: bar.scrollWidth },
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        over,
      };
    });
    expect(sizes.over).toEqual([]);
    expect(sizes.host).toBe(320);
    expect(sizes.page).toBe(0);
    expect(sizes.widest).toBeLessThanOrEqual(320);
    expect(sizes.bar.client).toBeLessThanOrEqual(320);
    expect(sizes.bar.scroll).toBeGreaterThan(sizes.bar.client); // more categories than fit: it scrolls
    // One column of items in the narrow container, even on a wide window.
    const columns = await tab
      .locator('comal-order')
      .locator('.items')
      .first()
      .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(1);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('as a flex item or in an auto-sized grid column it takes 320 px, and the room a partner gives it', async () => {
    const url = page('/rows/', {
      body:
        `<div style="display:flex;width:1000px"><nav style="width:200px;flex:none">Links</nav><comal-order></comal-order></div>` +
        `<div style="display:flex;width:1000px"><nav style="width:200px;flex:none">Links</nav><comal-order style="flex:1"></comal-order></div>` +
        `<div style="display:grid;grid-template-columns:auto 1fr;width:1000px"><comal-order></comal-order><p>Partner text</p></div>${script()}`,
    });
    const { page: tab, errors } = await open(url, DESKTOP);
    const widths = await tab.evaluate(() =>
      [...document.querySelectorAll('comal-order')].map((host) => Math.round(host.getBoundingClientRect().width)),
    );
    expect(widths).toEqual([320, 800, 320]);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('under a sticky z-index 99999 header and inside a transformed ancestor, the item dialog and the cart are topmost', async () => {
    const url = page('/stacking/', {
      body:
        `<header style="position:sticky;top:0;z-index:99999;height:120px;background:#123">Partner header</header>` +
        `<div style="transform:translateZ(0);overflow:hidden;height:600px"><comal-order></comal-order></div>${script()}`,
    });
    const { page: tab, errors } = await open(url);
    const widget = tab.locator('comal-order');
    await widget.getByRole('button', { name: 'Choose options for Taco de Asada' }).click();
    const dialog = widget.getByRole('dialog', { name: 'Taco de Asada' });
    await dialog.waitFor();
    /**
     * What is drawn at the middle of the window and where the partner's header is (its backdrop
     * covers the header): the dialog, or something of the page over it.
     */
    const topmost = (name: string) =>
      tab.evaluate((label) => {
        const host = document.querySelector('comal-order')!;
        const root = host.firstElementChild!.shadowRoot!;
        const found = [...root.querySelectorAll('dialog')].find(
          (d) =>
            d.getAttribute('aria-label') === label ||
            root.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === label,
        )!;
        return [60, innerHeight / 2].map((y) => {
          const onPage = document.elementFromPoint(innerWidth - 40, y);
          const inside = root.elementFromPoint(innerWidth - 40, y);
          return onPage === host.firstElementChild && found.contains(inside)
            ? true
            : `${onPage?.tagName} ${inside?.tagName}`;
        });
      }, name);
    expect(await topmost('Taco de Asada')).toEqual([true, true]);
    await tab.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await tab.evaluate(() => (window as unknown as { Comal: { open(): void } }).Comal.open());
    await widget.getByRole('dialog', { name: 'Your cart' }).waitFor();
    expect(await topmost('Your cart')).toEqual([true, true]);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('two widgets share one menu request, one cart and one set of overlays', async () => {
    const url = page('/two/', {
      body: `<comal-order id="first"></comal-order><comal-order id="second" category="Drinks"></comal-order>${script()}`,
    });
    const tab = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(tab);
    const menuRequests: string[] = [];
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/menus/') menuRequests.push(request.url());
    });
    const apiRequests: string[] = [];
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(new URL(request.url()).pathname);
    });
    await tab.goto(url);
    for (const id of ['#first', '#second'])
      await tab.locator(id).getByRole('heading', { name: 'Tacos', exact: true }).waitFor();
    expect(menuRequests).toHaveLength(1);
    // First paint: the menu and the store's hours, nothing else.
    expect([...new Set(apiRequests)].sort()).toEqual(['/api/menus/', '/api/store-hours/']);

    // The second opened at its category by showing it first, without scrolling the partner's page.
    expect(await tab.evaluate(() => window.scrollY)).toBe(0);
    expect(await tab.locator('#second').locator('section.category h2').first().textContent()).toBe('Drinks');

    await tab.locator('#second').getByRole('button', { name: 'Add Mexican Coca-Cola to cart' }).click();
    await tab.locator('#first').getByRole('button', { name: 'Choose options for Taco de Asada' }).click();
    await tab.getByRole('dialog', { name: 'Taco de Asada' }).waitFor();
    expect(await tab.getByRole('dialog').count()).toBe(1);
    await tab.keyboard.press('Escape');
    await tab.evaluate(() => (window as unknown as { Comal: { open(): void } }).Comal.open());
    const carts = tab.getByRole('dialog', { name: 'Your cart' });
    await carts.first().waitFor();
    expect(await carts.count()).toBe(1);
    expect(await carts.textContent()).toContain('Mexican Coca-Cola');
    expect(await tab.locator('comal-order').locator('.toasts').count()).toBe(1);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('follows attributes changed after it shows: theme colour, category and the launcher layout', async () => {
    const url = page('/attributes/', { body: `<comal-order></comal-order>${script()}` });
    const { page: tab, errors } = await open(url);
    const widget = tab.locator('comal-order');
    const add = widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' });
    expect(await add.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(rgb(themeSettings.action));

    await tab.evaluate(() => document.querySelector('comal-order')!.setAttribute('theme-color', '#0f766e'));
    await expect.poll(() => add.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(15, 118, 110)');
    // Not a colour: the restaurant's own comes back.
    await tab.evaluate(() => document.querySelector('comal-order')!.setAttribute('theme-color', 'red;x:y'));
    await expect.poll(() => add.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(rgb(themeSettings.action));

    await tab.evaluate(() => document.querySelector('comal-order')!.setAttribute('category', 'Drinks'));
    await expect.poll(() => widget.locator('section.category h2').first().textContent()).toBe('Drinks');

    await tab.evaluate(() => document.querySelector('comal-order')!.setAttribute('layout', 'launcher'));
    const launcher = widget.getByRole('button', { name: 'Order online' });
    await launcher.waitFor();
    expect(await widget.getByRole('heading', { name: 'Tacos', exact: true }).count()).toBe(0);
    await launcher.click();
    const menu = widget.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('heading', { name: 'Tacos', exact: true }).waitFor();
    await addFromMenu(tab, 'Mexican Coca-Cola');
    await tab.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(
      await tab.evaluate(() => (window as unknown as { Comal: { cartQuantity(): number } }).Comal.cartQuantity()),
    ).toBe(1);
    await expect.poll(() => launcher.evaluate((b) => b === (b.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await tab.close();
  });

  it("ignores the host page's --heading-font and other custom properties but its own --comal-* ones", async () => {
    const url = page('/custom-properties/', {
      body: `<div style="--heading-font: Impact; --a: lime; --comal-surface: #fef3c7"><comal-order></comal-order></div>${script()}`,
    });
    const { page: tab, errors } = await open(url);
    const looks = await tab.evaluate(() => {
      const host = document.querySelector('comal-order')!;
      const root = host.firstElementChild!.shadowRoot!;
      return {
        heading: getComputedStyle(root.querySelector('section.category h2')!).fontFamily,
        add: getComputedStyle(root.querySelector('.add')!).backgroundColor,
        surface: getComputedStyle(host.firstElementChild!).backgroundColor,
      };
    });
    expect(looks.heading).not.toContain('Impact');
    expect(looks.heading).toMatch(/^"Comal Heading"/);
    expect(looks.add).toBe(rgb(themeSettings.action));
    expect(looks.surface).toBe('rgb(254, 243, 199)'); // --comal-surface is the documented knob
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('on an origin not in EMBED_ORIGINS it says so in place, and the server logs the origin once', async () => {
    page('/not-allowed/', { body: `<comal-order data-debug></comal-order>${script()}` });
    // The same page under another name of the host: another origin, which the restaurant did not list.
    const stranger = partnerUrl.replace('127.0.0.1', 'localhost');
    const tab = await browser.newPage({ viewport: PHONE });
    const warnings: string[] = [];
    tab.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    for (let visit = 0; visit < 2; visit++) {
      await tab.goto(`${stranger}/not-allowed/`);
      const alert = tab.locator('comal-order').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('This site is not yet allowed to show the menu: add it to EMBED_ORIGINS');
    }
    // The first paint says it in place; the ordering app, which comes after it, asks again and warns.
    const warning = `[Comal] The menu did not load from ${server.url}/api/menus/: This site is not yet allowed to show the menu: add it to EMBED_ORIGINS`;
    await waitFor(() => warnings.includes(warning), { what: `the warning in the console (saw ${warnings.length})` });
    const logged = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes(`"origin":"${stranger}"`));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 'warn', origin: stranger });
    await tab.close();
  });

  describe('inside an iframe (how site builders embed a snippet)', () => {
    const framed = () => page('/framed/', { body: `<comal-order></comal-order>${script()}` });

    async function addAndCheckout(frame: import('playwright-core').Frame) {
      const widget = frame.locator('comal-order');
      await widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' }).click();
      await widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' }).click();
      await frame.evaluate(() => (window as unknown as { Comal: { open(): void } }).Comal.open());
      const checkout = widget.getByRole('link', { name: 'Checkout' });
      expect(await checkout.getAttribute('target')).toBe('_top');
      await checkout.click();
    }

    it('checkout opens at the top of the window with the cart, and the order is paid', async () => {
      framed();
      const top = page('/builder/', {
        body: '<h1>Site builder</h1><iframe src="/framed/" title="Order" width="400" height="700"></iframe>',
      });
      const tab = await browser.newPage({ viewport: DESKTOP });
      const errors = watchErrors(tab);
      await tab.goto(top);
      const frame = tab.frames().find((f) => f.url().endsWith('/framed/'))!;
      await frame.locator('comal-order').getByRole('heading', { name: 'Tacos', exact: true }).waitFor();
      const price = Number(
        (await frame
          .locator('comal-order .item', { hasText: 'Mexican Coca-Cola' })
          .first()
          .locator('.price')
          .textContent())!.replace('$', ''),
      );
      await addAndCheckout(frame);

      await tab.waitForURL(`${server.url}/checkout/`);
      const widget = tab.locator('comal-order');
      await widget.getByRole('heading', { name: 'Checkout' }).waitFor();
      const subtotal = Math.round(price * 100) * 2;
      const total = subtotal + Math.round(subtotal * 0.0975);
      expect(await widget.locator('.summary-lines li').allTextContents()).toEqual([
        `2 ×Mexican Coca-Cola${usd(subtotal)}`,
      ]);
      await fillContact(widget);
      await widget.getByRole('button', { name: 'Place order' }).click();
      await widget.getByRole('heading', { name: 'Payment' }).waitFor();
      expect(await widget.locator('.payment').textContent()).toContain(`Total to pay: ${usd(total)}`);
      await payWithCard(widget, '4242 4242 4242 4242');
      await tab.waitForURL(/\/congratulations\/\?order=ord_/);
      expect(errors).toEqual([]);
      await tab.close();
    });

    it('in a sandbox that may not navigate the top, checkout opens in a new tab with the cart', async () => {
      framed();
      const top = page('/sandboxed/', {
        body: '<iframe sandbox="allow-scripts allow-same-origin allow-popups" src="/framed/" title="Order" width="400" height="700"></iframe>',
      });
      const tab = await browser.newPage({ viewport: DESKTOP });
      await tab.goto(top);
      const frame = tab.frames().find((f) => f.url().endsWith('/framed/'))!;
      await frame.locator('comal-order').getByRole('heading', { name: 'Tacos', exact: true }).waitFor();
      const popup = tab.context().waitForEvent('page');
      await addAndCheckout(frame);
      const opened = await popup;
      await opened.waitForURL(`${server.url}/checkout/`);
      await opened.locator('comal-order').getByRole('heading', { name: 'Checkout' }).waitFor();
      expect(await opened.locator('comal-order .summary-lines li').allTextContents()).toEqual([
        expect.stringMatching(/^2 ×Mexican Coca-Cola\$\d+\.\d\d$/),
      ]);
      expect(tab.url()).toBe(top); // the partner's page stayed where it was
      await opened.close();
      await tab.close();
    });
  });

  it('a forged link to checkout shows the live names and prices, and says what it could not keep', async () => {
    const forged = {
      version: 1,
      cart: {
        items: [
          {
            menuItem: { id: 'drink-mexican-coke', name: 'FREE TACO', base_price: 0 },
            quantity: 2,
            selectedModifiers: [],
          },
          {
            menuItem: { id: 'gold-plated-taco', name: 'Gold taco', base_price: 0 },
            quantity: 1,
            selectedModifiers: [],
          },
        ],
      },
    };
    const tab = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(tab);
    await tab.goto(`${server.url}/checkout/#comal-cart=${encodeURIComponent(JSON.stringify(forged))}`);
    const widget = tab.locator('comal-order');
    await widget.getByRole('heading', { name: 'Checkout' }).waitFor();
    const lines = await widget.locator('.summary-lines li').allTextContents();
    expect(lines).toEqual([expect.stringMatching(/^2 ×Mexican Coca-Cola\$\d+\.\d\d$/)]);
    expect(lines[0]).not.toContain('$0.00');
    expect(await widget.getByRole('alert').first().textContent()).toContain(
      'An item in the cart you brought (gold-plated-taco) is no longer on the menu.',
    );
    expect(await tab.content()).not.toContain('FREE TACO');
    expect(new URL(tab.url()).hash).toBe('');
    expect(errors).toEqual([]);
    await tab.close();
  });
});
