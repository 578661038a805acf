// The ordering widget on /order/ in real Chromium, against the real server and its menu: add an
// item, the header bubble counts it and opens the cart, whose totals are exact and which passes
// axe; Escape closes it and gives focus back to the bubble. An item with a required choice goes
// through the item dialog, which passes axe too. Presses made on the menu before the ordering app
// has arrived are kept: the item added at once, the dialog opened once the app is there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE, watchErrors, axeViolations, settled } from '../support/browser.ts';
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

/** Holds the ordering app's file back until the answer is called: the first paint alone is on the page. */
async function holdOrderingApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/widget\/chunks\/app\.[0-9a-f]+\.js/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('ordering on /order/', () => {
  it('adds from the menu, opens the cart from the header bubble with exact totals, and closes on Escape', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/order/`));
    const widget = page.locator('comal-order');
    const add = widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' });
    await add.click();
    await add.click();
    const price = await widget.locator('.item', { hasText: 'Mexican Coca-Cola' }).locator('.price').textContent();
    const cents = Math.round(Number(price!.replace('$', '')) * 100) * 2;
    const tax = Math.round(cents * 0.0975);
    const usd = (c: number) => `$${(c / 100).toFixed(2)}`;

    const bubble = page.getByRole('button', { name: 'Cart, 2 items' });
    await bubble.click();
    const dialog = widget.getByRole('dialog', { name: 'Your cart' });
    await dialog.waitFor();
    expect(await dialog.locator('.total-row').allTextContents()).toEqual([
      `Subtotal${usd(cents)}`,
      `Tax${usd(tax)}`,
      `Total${usd(cents + tax)}`,
    ]);
    expect(
      await dialog.evaluate(
        (el) => el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el,
      ),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/screenshots/phone-order-cart.png' });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await bubble.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('chooses a tortilla for Taco de Asada in the item dialog, which passes axe, and the bubble counts it', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/order/`));
    const widget = page.locator('comal-order');
    const open = widget.getByRole('button', { name: 'Choose options for Taco de Asada' });
    await open.click();
    const dialog = widget.getByRole('dialog', { name: 'Taco de Asada' });
    await dialog.waitFor();
    const add = dialog.getByRole('button', { name: /^Add to cart/ });
    expect(await add.isDisabled()).toBe(true);
    expect(await dialog.locator('[aria-live="polite"]').textContent()).toBe('Choose a tortilla.');

    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('radio', { name: 'Handmade corn' }).check();
    expect(await add.isEnabled()).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/phone-order-item-dialog.png' });
    await add.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    expect(await open.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the presses made before the ordering app arrives', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    // The ordering app's file is held back until the presses are made.
    const release = await holdOrderingApp(page);
    await page.goto(`${server.url}/order/`);
    const widget = page.locator('comal-order');
    await widget.getByRole('button', { name: 'Add Mexican Coca-Cola to cart' }).click();
    // The bubble counts it before the app is there, and a reload would keep it.
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await widget.getByRole('button', { name: 'Choose options for Taco de Asada' }).click();
    expect(await widget.getByRole('dialog').count()).toBe(0);

    release();
    await widget.getByRole('dialog', { name: 'Taco de Asada' }).waitFor();
    await widget.getByText('Added Mexican Coca-Cola to cart').waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { Comal: { cartQuantity(): number } }).Comal.cartQuantity()),
    ).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('ticks a diet box at once before the ordering app arrives, and narrows the menu once it has', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    const release = await holdOrderingApp(page);
    await page.goto(`${server.url}/order/`);
    const widget = page.locator('comal-order');
    const vegan = widget.getByRole('group', { name: 'Dietary needs' }).getByLabel('Vegan');
    await vegan.check();
    expect(await vegan.isChecked()).toBe(true);
    expect(await widget.locator('.filter-count').textContent()).toBe('');

    release();
    await widget.getByText('13 items match.').waitFor();
    expect(await vegan.isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
