// What a customer meets on the way to an order, in real Chromium at a phone's 390 x 844 and a
// laptop's widths: the header's way to the account on every page, fees said before any detail and
// equal to those charged, the item dialog's message clear of its buttons, nothing floating over
// checkout, toasts clear of the cart, one h1 per page, and /congratulations/ saying only what
// happens next for the order's type. Asserted from element boxes and the text a customer reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { confirmFromMail, register } from '../support/account-page.ts';
import { DESKTOP, launchBrowser, PHONE, watchErrors, settled } from '../support/browser.ts';
import { addFromMenu, fillContact, paidOrderFor, payWithCard } from '../support/checkout-page.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { restaurant } from '../../shared/restaurant.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ DEV_OUTBOX: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} has no box`);
  return box;
}

describe("the header's account entry", () => {
  it('says "Sign in" on every kind of page, at a phone and a laptop width, and leads to /login/', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage({ viewport });
      for (const path of ['/', '/menu/', '/order/', '/catering/', '/checkout/', '/contact-us/']) {
        await page.goto(`${server.url}${path}`);
        const entry = page.locator('header.site-header').getByRole('link', { name: 'Sign in' });
        await entry.waitFor();
        expect(await entry.getAttribute('href')).toBe('/login/');
        const box = await boxOf(entry);
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      await page.close();
    }
  });

  it('signed in: the first name opens orders, saved carts, cards and sign out; sign out says "Sign in" again', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const email = `marisol+${Date.now()}@example.com`;
    const password = 'Tamales-de-rajas-en-diciembre';
    await register(page, server.url, { name: 'Marisol Ortega', email, phone: '(213) 555-0190', password });
    await confirmFromMail(page, server.url, email, password);

    await page.goto(`${server.url}/menu/`);
    const header = page.locator('header.site-header');
    const entry = header.getByRole('button', { name: 'Your account, Marisol' });
    await entry.waitFor();
    expect(await entry.textContent()).toBe('Marisol');
    expect(await entry.getAttribute('aria-expanded')).toBe('false');
    await entry.click();
    expect(await entry.getAttribute('aria-expanded')).toBe('true');
    const list = header.locator('.account-menu-list');
    expect(
      await list.locator('a, button').evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('href')])),
    ).toEqual([
      ['Your orders', '/account/#orders'],
      ['Saved carts', '/account/#saved-carts'],
      ['Saved cards', '/payment/'],
      ['Sign out', null],
    ]);
    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    expect(await list.isHidden()).toBe(true);
    expect(await entry.evaluate((el) => el === document.activeElement)).toBe(true);

    // "Saved carts" opens the account at that section, focused.
    await entry.click();
    await list.getByRole('link', { name: 'Saved carts' }).click();
    await page.waitForURL(`${server.url}/account/#saved-carts`);
    const widget = page.locator('comal-order');
    await widget.getByText('No saved carts yet. Save one at checkout.').waitFor();
    await expect
      .poll(() => widget.locator('#carts-title').evaluate((h) => h === (h.getRootNode() as ShadowRoot).activeElement))
      .toBe(true);

    await header.getByRole('button', { name: 'Your account, Marisol' }).click();
    await header.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.locator('header.site-header').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authInfo'))).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the widget's cart has the way to sign in too, carrying the cart", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/order/`);
    await addFromMenu(page, 'Mexican Coca-Cola', 1);
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const cart = page.locator('comal-order').getByRole('dialog', { name: 'Your cart' });
    expect(await cart.locator('.account-line').textContent()).toBe('Sign in to earn points and reorder later.');
    await cart.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/login/`);
    expect(await page.locator('comal-order').locator('h1').textContent()).toBe('Sign in');
    await page.close();
  });
});

describe('the header at laptop widths', () => {
  it('keeps "Order Online" at its own shape from 1024 to 1280 px, with nothing off the screen', async () => {
    // One browser page, loaded afresh at each width.
    const page = await browser.newPage();
    for (const width of [1024, 1100, 1200, 1279, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${server.url}/`);
      await page.locator('header.site-header').getByRole('link', { name: 'Sign in' }).waitFor();
      const image = await boxOf(page.locator('.order-online img'));
      expect(image.width / image.height, `at ${width} px`).toBeCloseTo(200 / 52, 1);
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll('header.site-header *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => el.className || el.tagName),
      );
      expect(outside, `at ${width} px`).toEqual([]);
    }
    await page.close();
  });
});

describe('the item dialog', () => {
  it('says what is still needed in its own words, clear of the quantity buttons', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/order/`);
    const widget = page.locator('comal-order');
    await widget.getByRole('button', { name: 'Choose options for Burrito Clásico' }).click();
    const dialog = widget.getByRole('dialog', { name: 'Burrito Clásico' });
    await dialog.waitFor();
    const need = dialog.locator('.need');
    expect(await need.textContent()).toBe('Choose a protein. Choose your beans.');
    await need.scrollIntoViewIfNeeded();
    const needBox = await boxOf(need);
    for (const name of ['Decrease quantity', 'Increase quantity'])
      expect(overlaps(needBox, await boxOf(dialog.getByRole('button', { name })))).toBe(false);
    expect(overlaps(needBox, await boxOf(dialog.getByRole('button', { name: /^Add to cart/ })))).toBe(false);
    await page.close();
  });
});

describe('a link to an item', () => {
  it('/order/?item=ID opens that item; closing gives focus to its button', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/order/?item=drink-mexican-coke`);
    const widget = page.locator('comal-order');
    const dialog = widget.getByRole('dialog', { name: 'Mexican Coca-Cola' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /^Add to cart — \$3\.50$/ }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const shadow = document.querySelector('comal-order')!.firstElementChild!.shadowRoot!;
          return shadow.activeElement?.getAttribute('aria-label');
        }),
      )
      .toBe('Add Mexican Coca-Cola to cart');
    // An id not on the menu opens nothing.
    await page.goto(`${server.url}/order/?item=no-such-item`);
    await widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' }).waitFor();
    expect(await widget.locator('dialog[open]').count()).toBe(0);
    await page.close();
  });
});

describe('diet and allergen tags', () => {
  /** Each tag as a screen reader says it: the words, not the mark beside them. */
  const spokenTags = (within: Locator) =>
    within
      .getByRole('list', { name: 'Diet and allergens' })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) =>
          [...item.childNodes]
            .filter((node) => !(node instanceof Element && node.getAttribute('aria-hidden') === 'true'))
            .map((node) => node.textContent)
            .join('')
            .trim(),
        ),
      );

  // The demo menu's vegan dishes, as the kitchen tags them (server/providers/menu/demo-menu.ts).
  const VEGAN = [
    'Taco de Nopales',
    'Coliflor al Pastor',
    'Chips & Salsa',
    'Chips & Guacamole',
    'Jamaica',
    'Tamarindo',
    'Agua de Temporada',
    'Mexican Coca-Cola',
    'Jarritos',
    'Sidral Mundet',
    'Topo Chico',
    'Agua Fresca Dispenser (2 gallons)',
    'Chips, Salsa & Guac for 10',
  ];

  it('on /menu/, ticking Vegan leaves only vegan dishes, each saying so in words; the choice survives a reload', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/menu/`);
    const visibleNames = () =>
      page
        .locator('.entry:visible h3.name, .entry:visible h4.name')
        .evaluateAll((names) => names.map((name) => name.firstChild!.textContent!.trim()));
    expect((await visibleNames()).length).toBeGreaterThan(40);
    await page.getByRole('group', { name: 'Dietary needs' }).getByLabel('Vegan').check();
    // The filter's script arrives once the page is idle; a box ticked before then counts.
    await expect.poll(visibleNames).toEqual(VEGAN);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'match' }).textContent())
      .toBe('13 dishes match.');
    for (const entry of await page.locator('.entry:visible').all()) expect(await spokenTags(entry)).toContain('Vegan');
    expect(await spokenTags(page.locator('.entry', { hasText: 'Coliflor al Pastor' }))).toEqual([
      'Vegetarian',
      'Vegan',
      'Gluten-free',
      'Dairy-free',
      'Spicy: Medium',
    ]);
    // Categories with no vegan dish are gone; the salsas and extras note stays.
    expect(await page.locator('section.category:visible h2').allTextContents()).toEqual([
      'Tacos',
      'Sides',
      'Drinks',
      'Catering',
      'Make it yours',
    ]);
    expect(new URL(page.url()).searchParams.get('diet')).toBe('vegan');
    await page.reload();
    await expect.poll(visibleNames).toEqual(VEGAN);
    // No vegan dish here contains nuts: with "No nuts" too, the list stays.
    await page.getByLabel('No nuts').check();
    expect(await visibleNames()).toEqual(VEGAN);
    await page.getByLabel('Vegan').uncheck();
    await page.getByLabel('No nuts').uncheck();
    expect((await visibleNames()).length).toBeGreaterThan(40);
    expect(new URL(page.url()).searchParams.has('diet')).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('in the widget, Vegan leaves only vegan items and the count; a category button clears the filter', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/order/`);
    const widget = page.locator('comal-order');
    await widget.getByRole('button', { name: 'Add Topo Chico to cart' }).waitFor();
    const names = () => widget.locator('.item-name').evaluateAll((h) => h.map((n) => n.firstChild!.textContent!));
    // The box ticks at once; the list narrows as soon as the ordering app has come.
    await widget.getByRole('group', { name: 'Dietary needs' }).getByLabel('Vegan').check();
    await expect.poll(names).toEqual(VEGAN);
    expect(await widget.locator('.filter-count').textContent()).toBe('13 items match.');
    const nopales = widget.locator('[data-item="taco-nopales"]');
    expect(await spokenTags(nopales)).toEqual(['Vegetarian', 'Vegan', 'Gluten-free', 'Dairy-free']);
    // Nothing is both vegan and contains nuts on this menu: with "No nuts" the list stays; with
    // every diet ticked only what passes them all.
    await widget.getByLabel('Gluten-free').check();
    await widget.getByLabel('Dairy-free').check();
    expect(await names()).toEqual(VEGAN);
    await widget.getByRole('button', { name: 'Drinks', exact: true }).click();
    expect((await names()).length).toBeGreaterThan(40);
    expect(await widget.getByLabel('Vegan').isChecked()).toBe(false);
    await page.close();
  });

  it("the menu's structured data is a schema.org Menu whose items carry their price and the diets they suit", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/menu/`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    interface Section {
      hasMenuItem?: { name: string; '@type': string; offers: { price: string; url: string } }[];
      hasMenuSection?: Section[];
    }
    const menu = blocks
      .map((text) => JSON.parse(text) as Section & { '@type': string })
      .find((d) => d['@type'] === 'Menu')!;
    expect(menu).toMatchObject({ '@context': 'https://schema.org', '@type': 'Menu' });
    const items = (function all(sections: Section[]): NonNullable<Section['hasMenuItem']> {
      return sections.flatMap((s) => [...(s.hasMenuItem ?? []), ...all(s.hasMenuSection ?? [])]);
    })(menu.hasMenuSection ?? []);
    expect(items.length).toBeGreaterThan(40);
    for (const item of items) {
      expect(item['@type']).toBe('MenuItem');
      expect(item.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD' });
      expect(item.offers.price).toMatch(/^\d+\.\d{2}$/);
    }
    const nopales = items.find((item) => item.name === 'Taco de Nopales')!;
    expect(nopales).toMatchObject({
      offers: { price: '3.75', url: `${new URL(nopales.offers.url).origin}/order/?item=taco-nopales` },
      suitableForDiet: [
        'https://schema.org/VeganDiet',
        'https://schema.org/VegetarianDiet',
        'https://schema.org/GlutenFreeDiet',
      ],
    });
    expect(items.find((item) => item.name === 'Taco de Lengua')).toHaveProperty('suitableForDiet', [
      'https://schema.org/GlutenFreeDiet',
    ]);
    expect(items.find((item) => item.name === 'Plato de Tacos')).not.toHaveProperty('suitableForDiet');
    await page.close();
  });
});

describe('loyalty points at checkout', () => {
  it('the signed-in owner of the number spends 100 points for $5.00 off; the cart, the charge and the receipt agree', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    const email = `lupe+${Date.now()}@example.com`;
    const phone = '(213) 555-0177';
    const password = 'Pozole-rojo-los-domingos';
    await page.goto(`${server.url}/order/`);
    await paidOrderFor(page, { phone, email }, 30); // $105.00: 105 points
    await register(page, server.url, { name: 'Lupe Nava', email, phone, password });
    await confirmFromMail(page, server.url, email, password);

    await page.goto(`${server.url}/order/`);
    await addFromMenu(page, 'Mexican Coca-Cola', 4); // 4 x $3.50 = $14.00
    await page.goto(`${server.url}/checkout/`);
    const widget = page.locator('comal-order');
    await widget.getByLabel('Mobile phone').waitFor();
    await expect.poll(() => widget.locator('p.points').first().textContent()).toMatch(/^You have 105 loyalty points\./);
    const reward = widget.getByLabel('Use 100 of your 105 loyalty points for $5.00 off');
    await reward.check();
    // $14.00 - $5.00 = $9.00, tax 9.75% = $0.88 (0.8775), total $9.88.
    const summary = widget.locator('.checkout-summary');
    await expect.poll(() => summary.locator('[data-total="loyalty"] dd').textContent()).toBe('-$5.00');
    expect(await summary.locator('[data-total="total"] dd').textContent()).toBe('$9.88');
    await expect.poll(() => widget.locator('p.points').first().textContent()).toMatch(/This order earns 9 points\.$/);

    // The cart says the same.
    await widget.getByRole('button', { name: 'Edit cart' }).click();
    const cart = widget.getByRole('dialog', { name: /cart/i });
    await expect.poll(() => cart.locator('[data-total="loyalty"] dd').textContent()).toBe('-$5.00');
    await page.keyboard.press('Escape');

    await widget.getByRole('button', { name: 'Place order' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    expect(await widget.locator('.payment').textContent()).toContain('Total to pay: $9.88');
    await payWithCard(widget, '4242 4242 4242 4242');
    await page.waitForURL(/\/congratulations\//);
    await expect
      .poll(() => widget.locator('.points').textContent())
      .toBe("You used 100 loyalty points for this order's reward. You earned 9 loyalty points with this order.");
    expect(await widget.locator('.totals dd').allTextContents()).toEqual(['$14.00', '-$5.00', '$0.88', '$9.88']);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('WCAG 2.2 AA, checked in the browser', () => {
  const PAGES = [
    '/',
    '/menu/',
    '/order/',
    '/catering/',
    '/checkout/',
    '/contact-us/',
    '/login/',
    '/register/',
    '/privacy/',
  ];

  it('3.2.6 consistent help: the phone number sits in the footer of every page, and the header has the same Call link where it shows', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage({ viewport });
      const help = new Set<string>();
      for (const path of [...PAGES, '/reset-password/']) {
        await page.goto(`${server.url}${path}`);
        // The footer's address: after the main content, the same link, on every page (sign-in pages too).
        help.add(
          JSON.stringify(
            await page.evaluate(() => {
              const link = document.querySelector<HTMLAnchorElement>('footer address a[href^="tel:"]');
              const main = document.querySelector('main');
              const afterMain = Boolean(
                link && main && main.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING,
              );
              return [link?.getAttribute('href'), link?.textContent, afterMain];
            }),
          ),
        );
        // The header's Call link, first of the header's calls to action, where the page has a header.
        if (['/login/', '/register/', '/reset-password/'].includes(path)) continue;
        const call = page.locator('header.site-header a[href^="tel:"]').first();
        await call.waitFor({ timeout: 5000 }).catch(() => {
          throw new Error(`${path} at ${viewport.width} px has no call link in its header`);
        });
        help.add(JSON.stringify(['header', await call.getAttribute('href'), (await call.textContent())!.trim()]));
      }
      expect([...help].map((entry) => JSON.parse(entry) as unknown)).toEqual([
        [`tel:${restaurant.phone}`, restaurant.phoneDisplay, true],
        ['header', `tel:${restaurant.phone}`, 'Call'],
      ]);
      await page.close();
    }
  });

  it('3.3.8 accessible authentication: sign-in and registration take a pasted password and say what a password manager should fill', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    for (const [path, autocomplete] of [
      ['/login/', 'current-password'],
      ['/register/', 'new-password'],
      ['/staff/', 'current-password'],
    ] as const) {
      await settled(page, () => page.goto(`${server.url}${path}`));
      const password = page.getByLabel('Password', { exact: true });
      await password.waitFor();
      expect(await password.getAttribute('autocomplete')).toBe(autocomplete);
      await page.evaluate(() => navigator.clipboard.writeText('Copied from my password manager 42'));
      await password.focus();
      await page.keyboard.press('ControlOrMeta+V');
      expect(await password.inputValue()).toBe('Copied from my password manager 42');
      // No puzzle or image to transcribe anywhere on the way in.
      expect(await page.locator('iframe[src*="captcha"], [class*="captcha"]').count()).toBe(0);
    }
    await context.close();
  });

  it('2.4.11 focus not obscured: tabbing back up the long menu page, nothing focused hides under the header or the floating buttons', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    /** The focused control's box and what covers the page at its top and bottom edges. */
    const focusState = () =>
      page.evaluate(() => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        if (!active || active === document.body || active.closest('header.site-header, nav.floating')) return null;
        const box = active.getBoundingClientRect();
        const header = document.querySelector('header.site-header')!.getBoundingClientRect();
        const floating = document.querySelector('nav.floating')?.getBoundingClientRect() ?? null;
        return {
          what: `${active.tagName} ${active.textContent?.trim().slice(0, 30) ?? ''}`,
          top: box.top,
          bottom: box.bottom,
          headerBottom: header.bottom,
          floatingTop: floating && floating.height > 0 ? floating.top : null,
        };
      });
    await page.goto(`${server.url}/menu/`);
    await page.keyboard.press('End');
    await page.locator('footer a').last().focus();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Shift+Tab');
      const state = await focusState();
      if (!state) continue;
      expect(state.top, state.what).toBeGreaterThanOrEqual(state.headerBottom);
      if (state.floatingTop !== null) expect(state.bottom, state.what).toBeLessThanOrEqual(state.floatingTop);
    }
    await page.close();
  });
});

describe('fees before checkout', () => {
  it('the menu and the cart say what delivery adds; checkout, payment and the receipt charge exactly that', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/order/`);
    const widget = page.locator('comal-order');
    expect(await widget.locator('.menu > .fees').textContent()).toBe(
      'No fees for pickup. Delivery fee: $10.00, or the courier’s quote if higher; $2.99 off orders from $20.00, ' +
        '$5.99 off from $40.00, $8.99 off from $60.00, free from $75.00. Tax is added at checkout; a tip is up to you.',
    );
    await addFromMenu(page, 'Mexican Coca-Cola', 6); // 6 x $3.50 = $21.00
    await page.getByRole('button', { name: 'Cart, 6 items' }).click();
    const cart = widget.getByRole('dialog', { name: 'Your cart' });
    expect(await cart.locator('.fees').textContent()).toBe(
      'No fees for pickup. Delivery adds a fee of $7.01, more only if the courier charges more for your address.',
    );
    // No toast left over the cart's buttons.
    expect(await widget.locator('.toast').count()).toBe(0);
    const checkout = cart.getByRole('link', { name: 'Checkout' });
    // Where the link sits once the dialog has finished opening (its animation moves it meanwhile).
    await cart.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished)));
    const center = await boxOf(checkout);
    const topmost = await page.evaluate(
      ({ x, y }) => {
        const host = document.querySelector('comal-order')!.firstElementChild!.shadowRoot!;
        return host.elementFromPoint(x, y)?.textContent;
      },
      { x: center.x + center.width / 2, y: center.y + center.height / 2 },
    );
    expect(topmost).toBe('Checkout');
    await checkout.click();
    await page.waitForURL(`${server.url}/checkout/`);

    // Nothing floats over the checkout's fields (once the checkout shows its heading).
    await page.locator('h1').first().waitFor();
    expect(await page.locator('nav.floating').count()).toBe(0);
    expect(await page.locator('h1').count()).toBe(1);
    await widget.getByRole('radio', { name: /Delivery/ }).check();
    await widget.getByLabel('Street address').fill('727 N Broadway');
    await widget.getByLabel('City').fill('Los Angeles');
    await widget.getByLabel('State').fill('CA');
    await widget.getByLabel('ZIP code').fill('90012');
    await widget.getByRole('button', { name: 'Check delivery' }).click();
    await widget.locator('.quote').waitFor();
    const rows = () => widget.locator('.checkout-summary .total-row').allTextContents();
    await expect.poll(async () => (await rows()).find((row) => row.startsWith('Delivery'))).toBe('Delivery$7.01');

    // A custom tip that does not read as money says what the total counts meanwhile.
    const tipBefore = (await rows()).find((row) => row.startsWith('Tip'))!.replace('Tip', '');
    await widget.getByRole('radio', { name: 'Other amount' }).check();
    await widget.getByLabel('Tip amount in dollars').fill('2.5.0');
    expect(await widget.locator('.tip-kept').textContent()).toBe(
      `Until the amount is right, the total counts a tip of ${tipBefore}.`,
    );
    await widget.getByLabel('Tip amount in dollars').fill('2.00');
    expect(await widget.locator('.tip-kept').count()).toBe(0);
    await expect.poll(async () => (await rows()).find((row) => row.startsWith('Tip'))).toBe('Tip$2.00');

    await fillContact(widget);
    await widget.getByRole('button', { name: 'Place order' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    // $21.00 + $2.05 tax + $7.01 delivery + $2.00 tip
    expect(await widget.locator('.payment').textContent()).toContain('Total to pay: $32.06');
    await payWithCard(widget, '4242 4242 4242 4242');
    await page.waitForURL(/\/congratulations\/\?order=ord_/);
    const confirmation = widget.locator('.confirmation');
    await confirmation.waitFor();
    expect(await confirmation.locator('.total-row').allTextContents()).toEqual([
      'Subtotal$21.00',
      'Tax$2.05',
      'Delivery$7.01',
      'Tip$2.00',
      'Total$32.06',
    ]);
    // Only what happens next for a delivery.
    await page.locator('.thanks[data-order-type="delivery"]').waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { name: 'Delivery', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Picking up' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('after a pickup order, /congratulations/ shows only the pickup steps', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/order/`);
    await addFromMenu(page, 'Mexican Coca-Cola', 1);
    await page.goto(`${server.url}/checkout/`);
    const widget = page.locator('comal-order');
    await fillContact(widget);
    await widget.getByRole('button', { name: 'Place order' }).click();
    await payWithCard(widget, '4242 4242 4242 4242');
    await page.waitForURL(/\/congratulations\/\?order=ord_/);
    await page.locator('.thanks[data-order-type="pickup"]').waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { name: 'Picking up' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Delivery', exact: true }).isVisible()).toBe(false);
    await page.close();
  });
});

describe('pages with the widget', () => {
  it('have one h1 each, the widget’s', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const pages: [string, string][] = [
      ['/checkout/', 'Checkout'],
      ['/login/', 'Sign in'],
      ['/register/', 'Create an account'],
      ['/account/', 'Your account'],
      ['/payment/', 'Your account'],
    ];
    for (const [path, h1] of pages) {
      await page.goto(`${server.url}${path}`);
      const heading = page.locator('comal-order').locator('h1');
      await heading.waitFor();
      expect(await page.locator('h1').count(), path).toBe(1);
      expect(await heading.textContent(), path).toBe(h1);
    }
    await page.close();
  });
});

describe('floating buttons on a phone', () => {
  it('cover no link a keyboard reaches at the end of a page', async () => {
    const page: Page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/about-us/`);
    const call = await boxOf(page.locator('.float-call'));
    const links = page.locator('footer a');
    const last = links.last();
    await last.focus();
    const focused = await boxOf(last);
    expect(overlaps(focused, call)).toBe(false);
    expect(overlaps(focused, await boxOf(page.locator('.float-order')))).toBe(false);
    await page.close();
  });
});
