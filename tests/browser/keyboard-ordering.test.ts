// Ordering with the keyboard alone, as a customer who cannot use a mouse does: from /order/ to
// /congratulations/ with Tab, Shift+Tab, Enter, Space and typing; focus goes into the cart when
// it opens and to the payment step's heading when it appears.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, DESKTOP, watchErrors, settled } from '../support/browser.ts';
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

/** What a screen reader would call the focused control, looking into shadow roots. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active) return '';
    const labelled = (active as HTMLInputElement).labels?.[0]?.textContent;
    return (active.getAttribute('aria-label') ?? labelled ?? active.textContent ?? '').trim();
  });
}

/** Presses Tab until the focused control's name matches, as a keyboard user moves through a page. */
async function tabTo(page: Page, name: string | RegExp, limit = 250): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const current = await focusedName(page);
    if (matches(current)) return;
    seen.push(current);
  }
  throw new Error(`Tab never reached "${name}"; focus went through: ${seen.slice(-30).join(' | ')}`);
}

describe('keyboard-only ordering', () => {
  it('adds an item, opens the cart, checks out and pays without a pointer', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await settled(page, () => page.goto(`${server.url}/order/`));
    await page.locator('comal-order').getByRole('button', { name: 'Add Mexican Coca-Cola to cart' }).waitFor();

    await tabTo(page, 'Add Mexican Coca-Cola to cart');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // An item with a required choice: the dialog opens, Space picks, Enter adds.
    await tabTo(page, 'Choose options for Taco de Asada');
    await page.keyboard.press('Enter');
    const dialog = page.locator('comal-order').getByRole('dialog', { name: 'Taco de Asada' });
    await dialog.waitFor();
    await tabTo(page, 'Handmade corn');
    await page.keyboard.press('Space');
    await tabTo(page, /^Add to cart/);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    await tabTo(page, 'Cart, 3 items');
    await page.keyboard.press('Enter');
    await page.locator('comal-order').getByRole('dialog', { name: 'Your cart' }).waitFor();
    await expect.poll(() => focusedName(page)).toMatch(/^Your cart/);
    await tabTo(page, 'Checkout');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/checkout/`);

    const widget = page.locator('comal-order');
    await widget.getByRole('heading', { name: 'Checkout' }).waitFor();
    await tabTo(page, 'Name');
    await page.keyboard.type('Luis Ortega');
    await page.keyboard.press('Tab');
    await page.keyboard.type('luis@example.com');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Mobile phone');
    await page.keyboard.type('2135550199');
    await tabTo(page, 'Place order');
    await page.keyboard.press('Enter');

    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    // Focus moves to the step's heading once it has rendered (an effect, a frame later).
    await expect.poll(() => focusedName(page)).toBe('Payment');
    await tabTo(page, 'Card number');
    await page.keyboard.type('4242 4242 4242 4242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12/34');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/congratulations\//);
    await page.locator('comal-order .confirmation').waitFor();
    expect(await page.locator('comal-order .confirmation').textContent()).toContain('Pickup for Luis Ortega');
    expect(errors).toEqual([]);
    await page.close();
  });
});
