// Comal in Spanish, in real Chromium: every customer page at its /es/ address reads in Spanish,
// with no message missing from the catalogue (a miss shows as its id, which fails here), on the
// site and inside the widget; a Spanish browser lands on Spanish, the switch takes the visitor
// to English and is remembered; an order placed in Spanish is Spanish from the menu to the
// receipt; and the widget on a partner's page follows the browser with a switch of its own.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { serveDemo } from '../../scripts/demo.mjs';
import { axeViolations, DESKTOP, launchBrowser, PHONE, settled, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let demo: Server;
let demoUrl: string;
let browser: Browser;
beforeAll(async () => {
  demo = await serveDemo({ origin: () => server.url, port: 0 });
  demoUrl = `http://127.0.0.1:${(demo.address() as AddressInfo).port}`;
  server = await startServer({ DEV_OUTBOX: '1', EMBED_ORIGINS: demoUrl });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => demo?.close(resolve));
});

/** Every customer page, by its English path. */
const PAGES = [
  '/',
  '/menu/',
  '/order/',
  '/about-us/',
  '/catering/',
  '/family-meals/',
  '/tacoboxes/',
  '/contact-us/',
  '/privacy/',
  '/sms-terms/',
  '/speed/',
  '/oldmenu/',
  '/checkout/',
  '/account/',
  '/payment/',
  '/login/',
  '/register/',
  '/reset-password/',
  '/confirmation-instruction/',
  '/congratulations/?order=ord_unknown',
];

/** A message id where words should be: what a catalogue miss looks like on screen. */
const MESSAGE_ID = /\b(?:common|menu|item|cart|checkout|account|pay|handover|site|mail|sms|api)\.[a-z][\w.]*[a-z\d]\b/;
/** A placeholder no value filled. */
const PLACEHOLDER = /\{[a-z]\w*\}|undefined/;

/** What a customer reads: the text and the accessible words (labels, alt, titles), shadow roots included. */
async function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const visit = (root: Document | ShadowRoot | Element) => {
      for (const element of root.querySelectorAll('*')) {
        if (['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(element.tagName)) continue;
        for (const name of ['aria-label', 'alt', 'title', 'placeholder'])
          if (element.hasAttribute(name)) parts.push(element.getAttribute(name)!);
        for (const node of element.childNodes) if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return parts.join(' ').replace(/\s+/g, ' ');
  });
}

/** The messages the widget could not find, as it records them (widget/i18n.ts). */
async function widgetMisses(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as { ComalWidgetWords?: { missing: string[] } }).ComalWidgetWords?.missing ?? []);
}

async function expectAllSpanish(page: Page, where: string): Promise<string> {
  const text = await readable(page);
  expect(text.match(MESSAGE_ID)?.[0] ?? null, where).toBeNull();
  // English left in a Spanish page's words (the header's and footer's social links once).
  expect(text.match(/opens in a new tab/)?.[0] ?? null, where).toBeNull();
  expect(text.match(PLACEHOLDER)?.[0] ?? null, where).toBeNull();
  expect(await widgetMisses(page), where).toEqual([]);
  return text;
}

describe('every customer page in Spanish', () => {
  // One page for all of them, each its own test (a loop in one test neared the time-out beside
  // the other suites); the errors any of them logged are checked at the end.
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    page = await browser.newPage({ viewport: DESKTOP });
    errors = watchErrors(page);
  });
  afterAll(() => page?.close());

  it.each(PAGES)(
    'reads in Spanish at /es%s, names its English twin, misses no message, and passes axe',
    async (path) => {
      const spanish = `/es${path}`;
      await settled(page, () => page.goto(`${server.url}${spanish}`));
      expect(await page.locator('html').getAttribute('lang'), spanish).toBe('es');
      // The widget has shown its screen (not the page's "Cargando..." placeholder).
      if (await page.locator('comal-order').count())
        await page.waitForFunction(() => !document.querySelector('comal-order .widget-loading'));
      await expectAllSpanish(page, spanish);
      expect(await axeViolations(page), spanish).toEqual([]);
      const [english] = path.split('?');
      const other = page.locator('footer a[hreflang]');
      expect(await other.textContent(), spanish).toMatch(/English/);
      expect(await other.getAttribute('href'), spanish).toBe(`${english}?lang=en`);
    },
  );

  it('answers an unknown page with a Spanish 404, and no page logged another error', async () => {
    const missing = await page.goto(`${server.url}/es/no-existe/`);
    expect(missing?.status()).toBe(404);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await expectAllSpanish(page, '/es/no-existe/');
    // The unknown order and the unknown page answer 404, as they should; nothing else fails.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
  });

  it('says its Spanish words to assistive technology as well as it says English, on a phone too (axe)', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    for (const path of ['/es/', '/es/menu/', '/es/order/', '/es/checkout/', '/es/login/']) {
      await settled(page, () => page.goto(`${server.url}${path}`));
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.close();
  });
});

describe('choosing the language', () => {
  it('lands a Spanish browser on Spanish; the switch goes to English and stays chosen', async () => {
    const context = await browser.newContext({ locale: 'es-MX', viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/menu/`);
    expect(new URL(page.url()).pathname).toBe('/es/menu/');
    expect(await page.locator('h1').first().textContent()).toBe('Menú');

    await page.locator('footer a[hreflang]').click();
    await page.waitForURL(`${server.url}/menu/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.goto(`${server.url}/about-us/`);
    expect(new URL(page.url()).pathname).toBe('/about-us/');

    // And back: Spanish is remembered over an English browser too.
    await page.locator('footer a[hreflang]').click();
    await page.waitForURL(`${server.url}/es/about-us/`);
    await page.goto(`${server.url}/catering/`);
    expect(new URL(page.url()).pathname).toBe('/es/catering/');
    await context.close();
  });

  it('keeps the longer Spanish header on the screen from 1024 px up', async () => {
    // One browser page, loaded afresh at each width.
    const page = await browser.newPage();
    for (const width of [1024, 1100, 1279, 1280, 1440, 1536, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${server.url}/es/`);
      await page.locator('header.site-header').getByRole('link', { name: 'Iniciar sesión' }).waitFor();
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll('header.site-header *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => el.className || el.tagName),
      );
      expect(outside, `at ${width} px`).toEqual([]);
    }
    await page.close();
  });

  it('offers the switch in the mobile menu and the footer on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/es/`);
    // The menu's island has woken (client:afterpaint) before it is tapped.
    await page.waitForSelector('astro-island[component-url*="/MobileMenu."]:not([ssr])', { state: 'attached' });
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const inMenu = page.locator('#mobile-menu-panel').getByRole('link', { name: 'English' });
    expect(await inMenu.getAttribute('href')).toBe('/?lang=en');
    expect(await page.locator('footer').getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/?lang=en');
    await page.close();
  });
});

describe('ordering in Spanish', () => {
  it('shows the menu, the item dialog, the cart and checkout in Spanish, with the dishes’ Spanish names', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/es/order/`));
    const widget = page.locator('comal-order');
    await widget.getByRole('button', { name: 'Agregar Coca-Cola Mexicana al carrito' }).click();
    await expectAllSpanish(page, 'menu and cart');
    expect(await readable(page)).toContain('Bebidas');

    await widget
      .getByRole('button', { name: /^(Elegir opciones para|Personalizar) Taco de Asada$/ })
      .first()
      .click();
    const dialog = page.locator('comal-order').getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Elige/);
    await expectAllSpanish(page, 'item dialog');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await settled(page, () => page.goto(`${server.url}/es/checkout/`));
    await widget.getByText('Coca-Cola Mexicana').first().waitFor();
    await expectAllSpanish(page, 'checkout');

    // A check the form makes itself (worded in shared code) is said in Spanish too.
    await widget.getByRole('button', { name: 'Realizar pedido' }).click();
    await expect.poll(() => readable(page)).toMatch(/Escribe|Ingresa/);
    await expectAllSpanish(page, 'checkout with errors');
    expect(await axeViolations(page)).toEqual([]);

    await widget.getByLabel('Nombre', { exact: true }).fill('Lupe Ramírez');
    await widget.getByLabel('Correo electrónico', { exact: true }).fill('lupe@example.com');
    await widget.getByLabel('Teléfono celular').fill('(213) 555-0188');
    await widget.getByRole('button', { name: 'Realizar pedido' }).click();
    await widget.getByRole('heading', { name: 'Pago', exact: true }).waitFor();
    await expectAllSpanish(page, 'payment');
    expect(await axeViolations(page)).toEqual([]);
    await widget.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await widget.getByLabel('Vencimiento (MM/AA)').fill('12/34');
    await widget.getByLabel('Código de seguridad').fill('123');
    await widget.getByRole('button', { name: /^Pagar \$/ }).click();

    // The receipt is the Spanish page, in Spanish; the paid mail speaks Spanish as well.
    await page.waitForURL(/\/es\/congratulations\/\?order=ord_/);
    await page.locator('comal-order').locator('.confirmation').waitFor();
    await expectAllSpanish(page, 'receipt');
    expect(await axeViolations(page)).toEqual([]);
    const subjects = async () =>
      ((await (await page.request.get(`${server.url}/api/dev/outbox/`)).json()) as { subject: string }[]).map(
        (mail) => mail.subject,
      );
    await expect.poll(subjects).toContainEqual(expect.stringMatching(/^Recibimos tu pedido #\d+: Taquería El Comal$/));
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the widget on a partner page', () => {
  it('follows a Spanish browser, and its switch to English is remembered', async () => {
    const context = await browser.newContext({ locale: 'es-US', viewport: PHONE });
    const page = await context.newPage();
    await settled(page, () => page.goto(`${demoUrl}/`));
    const widget = page.locator('comal-order').first();
    await widget.getByRole('button', { name: 'Agregar Coca-Cola Mexicana al carrito' }).waitFor();
    await expectAllSpanish(page, 'partner page in Spanish');
    // The partner's page is in English: the widget says its own language, for screen readers.
    const widgetLanguage = () => widget.evaluate((host) => host.firstElementChild?.getAttribute('lang'));
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await widgetLanguage()).toBe('es');

    await widget.getByRole('button', { name: 'English' }).click();
    await widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' }).waitFor();
    expect(await widgetLanguage()).toBe('en');
    await settled(page, () => page.reload());
    await widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' }).waitFor();
    expect(await widget.getByRole('button', { name: 'Español' }).count()).toBe(1);
    await context.close();
  });
});
