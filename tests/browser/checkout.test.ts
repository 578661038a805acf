// Ordering end to end in real Chromium against the real server, with a fresh database and the
// demo payment provider: a pickup order paid with 4242 4242 4242 4242 reaching
// /congratulations/; a delivery order with a promo and a tip whose total on screen is the
// server's; a declined card that keeps the cart; what survives a reload; a checkout chunk that
// fails and is retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE, DESKTOP, watchErrors, axeViolations, settled } from '../support/browser.ts';
import { addFromMenu, fillContact, payWithCard, storedCartQuantity, usd } from '../support/checkout-page.ts';
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

/** The item's price on the menu, in cents. */
async function menuPriceCents(page: Page, name: string): Promise<number> {
  const text = await page.locator('comal-order .item', { hasText: name }).first().locator('.price').textContent();
  return Math.round(Number(text!.replace('$', '')) * 100);
}

describe('checkout', () => {
  it('takes a pickup order paid with 4242 4242 4242 4242 to /congratulations/, which shows the order, and empties the cart', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/order/`));
    const price = await menuPriceCents(page, 'Mexican Coca-Cola');
    await addFromMenu(page, 'Mexican Coca-Cola', 3);
    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    await page.locator('comal-order').getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(`${server.url}/checkout/`);

    const widget = page.locator('comal-order');
    await widget.getByRole('heading', { name: 'Checkout' }).waitFor();
    const subtotal = price * 3;
    const tax = Math.round(subtotal * 0.0975);
    expect(await widget.locator('.checkout-summary .total-row').allTextContents()).toEqual([
      `Subtotal${usd(subtotal)}`,
      `Tax${usd(tax)}`,
      `Total${usd(subtotal + tax)}`,
    ]);
    await fillContact(widget);
    expect(await axeViolations(page)).toEqual([]);
    await widget.getByRole('button', { name: 'Place order' }).click();

    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    expect(await widget.locator('.payment').textContent()).toContain(`Total to pay: ${usd(subtotal + tax)}`);
    expect(await widget.locator('.test-mode').textContent()).toContain('Use 4242 4242 4242 4242');
    expect(await axeViolations(page)).toEqual([]);
    await payWithCard(widget, '4242 4242 4242 4242');

    await page.waitForURL(/\/congratulations\/\?order=ord_/);
    const confirmation = page.locator('comal-order').locator('.confirmation');
    await confirmation.waitFor();
    expect(await confirmation.getByRole('heading').textContent()).toMatch(/^Order #\d+$/);
    const text = await confirmation.textContent();
    expect(text).toContain('Pickup for Ana Reyes at 727 N Broadway, Los Angeles.');
    expect(text).toContain('3 ×Mexican Coca-Cola');
    expect(await confirmation.locator('.total-row').allTextContents()).toEqual([
      `Subtotal${usd(subtotal)}`,
      `Tax${usd(tax)}`,
      `Total${usd(subtotal + tax)}`,
    ]);
    expect(text).toContain(`You earned ${Math.floor(subtotal / 100)} loyalty points with this order.`);
    expect(await storedCartQuantity(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/screenshots/phone-congratulations.png', fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pays in one tap with Demo Pay, above the card form, for exactly the total on screen', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/order/`));
    await addFromMenu(page, 'Topo Chico', 2);
    await page.goto(`${server.url}/checkout/`);
    const widget = page.locator('comal-order');
    await fillContact(widget);
    await widget.getByRole('button', { name: 'Place order' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    const total = /Total to pay: (\$[\d.]+)/.exec((await widget.locator('.payment').textContent())!)![1]!;
    const express = widget.getByRole('region', { name: 'Express checkout' });
    expect(await express.locator('.wallet-note').textContent()).toBe(
      'Test mode: Demo Pay stands in for Apple Pay, Google Pay and Link. Nothing is charged.',
    );
    const wallet = express.getByRole('button', { name: `Demo Pay ${total}` });
    expect((await wallet.boundingBox())!.y).toBeLessThan((await widget.getByLabel('Card number').boundingBox())!.y);
    expect(await axeViolations(page)).toEqual([]);
    await wallet.click();
    await page.waitForURL(/\/congratulations\/\?order=ord_/);
    const confirmation = widget.locator('.confirmation');
    await confirmation.waitFor();
    expect(await confirmation.locator('.total-row').last().textContent()).toBe(`Total${total}`);
    expect(await storedCartQuantity(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('prices a delivery with a promo and a chosen tip, and the server charges exactly the total on screen', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/order/`));
    await addFromMenu(page, 'Mexican Coca-Cola', 8);
    await settled(page, () => page.goto(`${server.url}/checkout/`));
    const widget = page.locator('comal-order');
    await widget.getByRole('radio', { name: /Delivery/ }).check();
    await widget.getByLabel('Street address').fill('1111 S Figueroa St');
    await widget.getByLabel('City').fill('Los Angeles');
    await widget.getByLabel('State').fill('CA');
    await widget.getByLabel('ZIP code').fill('90015');
    await widget.getByRole('button', { name: 'Check delivery' }).click();
    await widget.locator('.quote').waitFor();
    expect(await widget.locator('.quote').textContent()).toMatch(/^Delivery fee \$\d+\.\d\d for \d+\.\d miles\.$/);
    // The basic tip is chosen when the distance is set; the customer picks Plus.
    expect(await widget.getByRole('radio', { name: /^Basic/ }).isChecked()).toBe(true);
    await widget.getByRole('radio', { name: /^Plus/ }).check();
    await widget.getByLabel('Promo code').fill('welcome10');
    await widget.getByRole('button', { name: 'Apply' }).click();
    await widget.getByText('Remove code').waitFor();
    await fillContact(widget);
    const rows = await widget.locator('.checkout-summary .total-row').allTextContents();
    expect(rows.map((row) => row.replace(/[-$\d.]+$/, ''))).toEqual([
      'Subtotal',
      'Promo (WELCOME10)',
      'Tax',
      'Delivery',
      'Tip',
      'Total',
    ]);
    const shownTotal = rows.at(-1)!.replace('Total', '');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/screenshots/desktop-checkout-delivery.png', fullPage: true });

    await widget.getByRole('button', { name: 'Place order' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    expect(await widget.locator('.payment').textContent()).toContain(`Total to pay: ${shownTotal}`);
    await payWithCard(widget, '4242424242424242');
    await page.waitForURL(/\/congratulations\//);
    const confirmation = page.locator('comal-order .confirmation');
    await confirmation.waitFor();
    expect(await confirmation.locator('.total-row').last().textContent()).toBe(`Total${shownTotal}`);
    expect(await confirmation.textContent()).toContain(
      'Delivery for Ana Reyes to 1111 S Figueroa St, Los Angeles, CA 90015.',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says why a declined card failed, keeps the cart, and takes another card for the same order', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/order/`));
    await addFromMenu(page, 'Mexican Coca-Cola', 2);
    await settled(page, () => page.goto(`${server.url}/checkout/`));
    const widget = page.locator('comal-order');
    await fillContact(widget);
    await widget.getByRole('button', { name: 'Place order' }).click();
    const number = await widget.locator('.payment p').first().textContent();
    await payWithCard(widget, '4000 0000 0000 0002');
    expect(await widget.getByRole('alert').textContent()).toBe('Your card was declined.');
    expect(await storedCartQuantity(page)).toBe(2);
    expect(page.url()).toBe(`${server.url}/checkout/`);

    await payWithCard(widget, '4242 4242 4242 4242');
    await page.waitForURL(/\/congratulations\//);
    const heading = await page.locator('comal-order .confirmation h2').textContent();
    expect(number).toContain(heading!.replace('Order ', ''));
    // The refused card's 402 is the only console error: the browser logs failed requests.
    expect(errors.filter((e) => !e.includes('402'))).toEqual([]);
    await page.close();
  });

  it('sends one create-order for a double click, and the same Idempotency-Key and order when the customer comes back and places it again', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/create-order/')) keys.push(request.headers()['idempotency-key'] ?? '');
    });
    await settled(page, () => page.goto(`${server.url}/order/`));
    await addFromMenu(page, 'Mexican Coca-Cola', 1);
    await settled(page, () => page.goto(`${server.url}/checkout/`));
    const widget = page.locator('comal-order');
    await fillContact(widget);
    await widget.getByRole('button', { name: 'Place order' }).dblclick();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    const first = await widget.locator('.payment p').first().textContent();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[\w-]{8,255}$/);

    await widget.getByRole('button', { name: 'Back to your details' }).click();
    await settled(page, () => page.reload());
    await widget.getByRole('button', { name: 'Place order' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    expect(await widget.locator('.payment p').first().textContent()).toBe(first);
    expect(keys).toEqual([keys[0], keys[0]]);
    await page.close();
  });

  it('keeps the cart, the order type, the address and the details through a reload', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/order/`));
    await addFromMenu(page, 'Mexican Coca-Cola', 2);
    await settled(page, () => page.reload());
    await page.getByRole('button', { name: 'Cart, 2 items' }).click();
    // The cart opens once the ordering app has come (the bubble's press is kept until then).
    const lines = page.locator('comal-order').getByRole('dialog', { name: 'Your cart' }).locator('.line-name');
    await lines.first().waitFor();
    expect(await lines.allTextContents()).toEqual(['Mexican Coca-Cola']);

    await settled(page, () => page.goto(`${server.url}/checkout/`));
    const widget = page.locator('comal-order');
    await widget.getByRole('radio', { name: /Delivery/ }).check();
    await widget.getByLabel('Street address').fill('1111 S Figueroa St');
    await widget.getByLabel('Name', { exact: true }).fill('Ana Reyes');
    await settled(page, () => page.reload());
    await widget.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect(await widget.getByRole('radio', { name: /Delivery/ }).isChecked()).toBe(true);
    expect(await widget.getByLabel('Street address').inputValue()).toBe('1111 S Figueroa St');
    expect(await widget.getByLabel('Name', { exact: true }).inputValue()).toBe('Ana Reyes');
    expect(await widget.locator('.summary-lines li').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows ChunkLoadError "Loading chunk checkout failed" when the checkout chunk cannot load, and loads it on "Try again"', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.route(/\/widget\/chunks\/checkout\.[0-9a-f]+\.js/, (route) => route.abort('connectionreset'));
    await page.goto(`${server.url}/checkout/`);
    const widget = page.locator('comal-order');
    const alert = widget.getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('p').first().textContent()).toBe('Loading chunk checkout failed');
    await page.unroute(/\/widget\/chunks\/checkout\.[0-9a-f]+\.js/);
    await widget.getByRole('button', { name: 'Try again' }).click();
    await widget.getByRole('heading', { name: 'Checkout' }).waitFor();
    await widget.getByText('Your cart is empty.').waitFor();
    await page.close();
  });
});
